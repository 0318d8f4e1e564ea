# kubernetes.io's "Running Automated Tasks with a CronJob", line by line.
# The page creates https://k8s.io/examples/application/job/cronjob.yaml;
# transcripts never download, so it comes from a here-document with the
# same text.
$ kubectl create -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            imagePullPolicy: IfNotPresent
            command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
          restartPolicy: OnFailure
EOF
cronjob.batch/hello created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (1 steps ran)

$ kubectl get cronjob hello
NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
hello   * * * * *   <none>     False     0        <none>          10s

# "Watch for the job to be created in around one minute": a reader stops
# the watch after the first Job completes; here it runs on until the cap.
$ kubectl get jobs --watch
NAME             STATUS    COMPLETIONS   DURATION   AGE
hello-28928161   Running   0/1                      0s
hello-28928161   Running   0/1           0s         0s
hello-28928161   Complete   1/1           2s         2s
hello-28928162   Running    0/1                      0s
hello-28928162   Running    0/1           0s         0s
hello-28928162   Complete   1/1           2s         2s
hello-28928163   Running    0/1                      0s
hello-28928163   Running    0/1           0s         0s
hello-28928163   Complete   1/1           2s         2s
hello-28928164   Running    0/1                      0s
hello-28928164   Running    0/1           0s         0s
hello-28928164   Complete   1/1           2s         2s
hello-28928161   Complete   1/1           2s         3m2s
hello-28928165   Running    0/1                      0s
hello-28928165   Running    0/1           0s         0s
hello-28928165   Complete   1/1           2s         2s
hello-28928162   Complete   1/1           2s         3m2s
(playground) stopped watching: the cluster settled after 4m51s of virtual time; kubectl would keep watching until interrupted

# By now the CronJob has kept only its last three successful Jobs (its
# successfulJobsHistoryLimit), so the page's first Job is gone.
$ kubectl get cronjob hello
NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
hello   * * * * *   <none>     False     0        3s              5m1s

$ kubectl get jobs
NAME             STATUS     COMPLETIONS   DURATION   AGE
hello-28928163   Complete   1/1           2s         2m3s
hello-28928164   Complete   1/1           2s         63s
hello-28928165   Complete   1/1           2s         3s

# The Job's name is the CronJob's and its scheduled time in minutes since
# the epoch: 2025-01-01T00:05:00Z here.
$ pods=$(kubectl get pods --selector=job-name=hello-28928165 --output=jsonpath={.items[*].metadata.name})

$ echo $pods
hello-28928165-zffgr

# As on the page: date's line (the virtual time the Job's pod ran), then
# the echo's.
$ kubectl logs $pods
Wed Jan  1 00:05:01 UTC 2025
Hello from the Kubernetes cluster

# "Deleting the cron job removes all the jobs and pods it created": the
# garbage collector deletes them once the CronJob is gone.
$ kubectl delete cronjob hello
cronjob.batch "hello" deleted

$ sim settle
settled after 16 steps and 57s of virtual time

$ kubectl get jobs,pods
No resources found in default namespace.
