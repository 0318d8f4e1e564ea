# omkar-shelke25/ckad-killercoda, Job-with-Parallelism: setup.sh, the
# solution's commands in step1.md, then verify.sh's checks. (verify.sh
# wants image busybox:1.31.0 while the question and solution say
# public.ecr.aws/docker/library/busybox:stable; the check below shows the
# image the solution sets.)
$ kubectl create namespace neptune
namespace/neptune created

$ cat <<EOF > /opt/course/3/job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: neb-new-job
  namespace: neptune
spec:
  parallelism: 2              # Two pods can run at the same time
  completions: 3              # Total of three successful pod completions needed
  template:
    metadata:
      labels:
        id: awesome-job       # Label added to identify pods
    spec:
      containers:
      - name: neb-new-job-container
        image: public.ecr.aws/docker/library/busybox:stable
        command: ["sh", "-c", "sleep 2 && echo done"]
      restartPolicy: Never     # Pods will not restart after completion or failure
EOF

$ cat /opt/course/3/job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: neb-new-job
  namespace: neptune
spec:
  parallelism: 2              # Two pods can run at the same time
  completions: 3              # Total of three successful pod completions needed
  template:
    metadata:
      labels:
        id: awesome-job       # Label added to identify pods
    spec:
      containers:
      - name: neb-new-job-container
        image: public.ecr.aws/docker/library/busybox:stable
        command: ["sh", "-c", "sleep 2 && echo done"]
      restartPolicy: Never     # Pods will not restart after completion or failure

$ kubectl apply -f /opt/course/3/job.yaml
job.batch/neb-new-job created

$ kubectl -n neptune get jobs
NAME          STATUS    COMPLETIONS   DURATION   AGE
neb-new-job   Running   0/3                      0s

$ sleep 15

$ kubectl -n neptune get jobs
NAME          STATUS     COMPLETIONS   DURATION   AGE
neb-new-job   Complete   3/3           10s        15s

$ kubectl -n neptune describe job neb-new-job
Name:             neb-new-job
Namespace:        neptune
Selector:         batch.kubernetes.io/controller-uid=321a63d5-408c-4a84-ab00-cc40f5ecd8eb
Labels:           id=awesome-job
Annotations:      <none>
Parallelism:      2
Completions:      3
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    6
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Completed At:     Wed, 01 Jan 2025 00:00:12 +0000
Duration:         10s
Pods Statuses:    0 Active (0 Ready) / 3 Succeeded / 0 Failed
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=321a63d5-408c-4a84-ab00-cc40f5ecd8eb
           batch.kubernetes.io/job-name=neb-new-job
           controller-uid=321a63d5-408c-4a84-ab00-cc40f5ecd8eb
           id=awesome-job
           job-name=neb-new-job
  Containers:
   neb-new-job-container:
    Image:      public.ecr.aws/docker/library/busybox:stable
    Port:       <none>
    Host Port:  <none>
    Command:
      sh
      -c
      sleep 2 && echo done
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  15s   job-controller  Created pod: neb-new-job-sgkwf
  Normal  SuccessfulCreate  15s   job-controller  Created pod: neb-new-job-956rh
  Normal  SuccessfulCreate  8s    job-controller  Created pod: neb-new-job-x52zv
  Normal  Completed         4s    job-controller  Job completed

$ kubectl get po -n neptune
NAME                READY   STATUS      RESTARTS   AGE
neb-new-job-956rh   0/1     Completed   0          15s
neb-new-job-sgkwf   0/1     Completed   0          15s
neb-new-job-x52zv   0/1     Completed   0          8s

$ kubectl logs -n neptune -l id=awesome-job
done
done
done

# verify.sh
$ kubectl apply --dry-run=client -f /opt/course/3/job.yaml
job.batch/neb-new-job configured (dry run)

$ kubectl apply -f /opt/course/3/job.yaml
job.batch/neb-new-job unchanged

$ kubectl -n neptune get job neb-new-job -o jsonpath='{.spec.completions} {.spec.parallelism}{"\n"}'
3 2

$ kubectl -n neptune get job neb-new-job -o jsonpath='{.spec.template.spec.containers[0].name} {.spec.template.spec.containers[0].image}{"\n"}'
neb-new-job-container public.ecr.aws/docker/library/busybox:stable

$ kubectl -n neptune get job neb-new-job -o jsonpath='{.spec.template.spec.containers[0].command}{"\n"}'
["sh","-c","sleep 2 \u0026\u0026 echo done"]

$ kubectl -n neptune get job neb-new-job -o jsonpath='{.spec.template.metadata.labels.id}{"\n"}'
awesome-job
