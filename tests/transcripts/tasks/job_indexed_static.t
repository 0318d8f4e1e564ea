# kubernetes.io's "Indexed Job for Parallel Processing with Static Work
# Assignment", line by line. The page applies
# https://kubernetes.io/examples/application/job/indexed-job.yaml (a
# YAML file written as JSON); transcripts never download, so it comes
# from a here-document with the same text.
$ kubectl apply -f - <<'EOF'
---
{
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: {
    name: "indexed-job",
  },
  spec: {
    completions: 5,
    parallelism: 3,
    completionMode: "Indexed",
    template: {
      spec: {
        restartPolicy: "Never",
        initContainers: [{
          name: "input",
          image: "docker.io/library/bash",
          command: [
            "bash",
            "-c",
            "\
               items=(foo bar baz qux xyz)\n\
               echo ${items[$JOB_COMPLETION_INDEX]} > /input/data.txt\n\
              ",
          ],
          volumeMounts: [{
            mountPath: "/input",
            name: "input",
          }],
        }],
        containers: [{
          name: "worker",
          image: "docker.io/library/busybox",
          command: [
            "rev",
            "/input/data.txt",
          ],
          volumeMounts: [{
            mountPath: "/input",
            name: "input",
          }],
        }],
        volumes: [{
          name: "input",
          emptyDir: {},
        }],
      },
    },
  },
}
EOF
job.batch/indexed-job created

# "wait a moment then check on progress"
$ sim advance 6s
advanced 6s to 2025-01-01T00:00:08Z (26 steps ran)

$ kubectl describe jobs/indexed-job
Name:               indexed-job
Namespace:          default
Selector:           batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Labels:             batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                    batch.kubernetes.io/job-name=indexed-job
                    controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                    job-name=indexed-job
Annotations:        <none>
Parallelism:        3
Completions:        5
Completion Mode:    Indexed
Suspend:            false
Backoff Limit:      6
Start Time:         Wed, 01 Jan 2025 00:00:02 +0000
Pods Statuses:      3 Active (0 Ready) / 1 Succeeded / 0 Failed
Completed Indexes:  0
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           batch.kubernetes.io/job-name=indexed-job
           controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           job-name=indexed-job
  Init Containers:
   input:
    Image:      docker.io/library/bash
    Port:       <none>
    Host Port:  <none>
    Command:
      bash
      -c
      items=(foo bar baz qux xyz)
      echo ${items[$JOB_COMPLETION_INDEX]} > /input/data.txt

    Environment:  <none>
    Mounts:
      /input from input (rw)
  Containers:
   worker:
    Image:      docker.io/library/busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      rev
      /input/data.txt
    Environment:  <none>
    Mounts:
      /input from input (rw)
  Volumes:
   input:
    Type:          EmptyDir (a temporary directory that shares a pod's lifetime)
    Medium:
    SizeLimit:     <unset>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  6s    job-controller  Created pod: indexed-job-0-dn4qg
  Normal  SuccessfulCreate  6s    job-controller  Created pod: indexed-job-1-w9g48
  Normal  SuccessfulCreate  6s    job-controller  Created pod: indexed-job-2-nxlbt
  Normal  SuccessfulCreate  0s    job-controller  Created pod: indexed-job-3-wck5b

$ sim settle
settled after 40 steps and 6s of virtual time

$ kubectl get pods
NAME                  READY   STATUS      RESTARTS   AGE
indexed-job-0-dn4qg   0/1     Completed   0          12s
indexed-job-1-w9g48   0/1     Completed   0          12s
indexed-job-2-nxlbt   0/1     Completed   0          12s
indexed-job-3-wck5b   0/1     Completed   0          7s
indexed-job-4-hbsjc   0/1     Completed   0          4s

# The page's pod names are random; index 3's pod is found by its label.
# "xuq" is qux reversed, as the page shows (kubectl's "Defaulted
# container" line goes to stderr).
$ kubectl logs $(kubectl get pods -l batch.kubernetes.io/job-completion-index=3 -o jsonpath='{.items[0].metadata.name}')
Defaulted container "worker" out of: worker, input (init)
xuq

# The second manifest passes the index as a downward API volume file.
$ kubectl delete job indexed-job
job.batch "indexed-job" deleted

$ kubectl apply -f - <<'EOF'
---
{
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: {
    name: "indexed-job",
  },
  spec: {
    completions: 5,
    parallelism: 3,
    completionMode: "Indexed",
    template: {
      spec: {
        restartPolicy: "Never",
        containers: [{
          name: "worker",
          image: "docker.io/library/busybox",
          command: [
            "rev",
            "/input/data.txt",
          ],
          volumeMounts: [{
            mountPath: "/input",
            name: "input",
          }],
        }],
        volumes: [{
          name: "input",
          downwardAPI: {
            items: [{
              path: "data.txt",
              fieldRef: {
                fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
              },
            }],
          },
        }],
      },
    },
  },
}
EOF
job.batch/indexed-job created

$ sim settle
settled after 47 steps and 5s of virtual time

$ kubectl get job indexed-job
NAME          STATUS     COMPLETIONS   DURATION   AGE
indexed-job   Complete   5/5           4s         5s

# Each pod's index, as the downward API file holds it.
$ kubectl get pods -l job-name=indexed-job -o custom-columns='NAME:.metadata.name,INDEX:.metadata.annotations.batch\.kubernetes\.io/job-completion-index'
NAME                  INDEX
indexed-job-0-4rbth   0
indexed-job-1-xzfvt   1
indexed-job-2-ndttx   2
indexed-job-3-m7csq   3
indexed-job-4-bds4p   4
