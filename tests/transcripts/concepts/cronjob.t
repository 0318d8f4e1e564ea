# kubernetes.io "Concepts → Workloads → Workload Management → CronJob",
# line by line. The page's https://k8s.io/examples/application/job/
# cronjob.yaml is a here-document: transcripts never download.
$ kubectl apply -f - <<EOF
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

$ sim advance 3m
advanced 3m to 2025-01-01T00:03:02Z (43 steps ran)

$ kubectl get cronjob hello
NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
hello   * * * * *   <none>     False     1        2s              3m

$ kubectl get jobs
NAME             STATUS     COMPLETIONS   DURATION   AGE
hello-28928161   Complete   1/1           2s         2m1s
hello-28928162   Complete   1/1           2s         61s
hello-28928163   Running    0/1           1s         1s

# Schedule syntax: the macros, and a step value.
$ kubectl create cronjob weekly --image=busybox --schedule="@weekly"
cronjob.batch/weekly created

$ kubectl create cronjob every5 --image=busybox --schedule="*/5 * * * *"
cronjob.batch/every5 created

$ kubectl create cronjob monthly --image=busybox --schedule="0 3 1 * *"
cronjob.batch/monthly created

$ kubectl get cronjobs weekly every5 monthly
NAME      SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
weekly    @weekly       <none>     False     0        <none>          0s
every5    */5 * * * *   <none>     False     0        <none>          0s
monthly   0 3 1 * *     <none>     False     0        <none>          0s

$ kubectl delete cronjob weekly every5 monthly
cronjob.batch "weekly" deleted
cronjob.batch "every5" deleted
cronjob.batch "monthly" deleted

# Time zones: CRON_TZ and TZ inside the schedule are rejected; the timeZone
# field takes a tz database name.
$ kubectl create cronjob tz --image=busybox --schedule="CRON_TZ=UTC 0 23 * * *"
error: failed to create cronjob: CronJob.batch "tz" is invalid: spec.schedule: Invalid value: "CRON_TZ=UTC 0 23 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead

$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: tz
spec:
  schedule: "0 23 * * *"
  timeZone: "Etc/UTC"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            command: ["date"]
          restartPolicy: OnFailure
EOF
cronjob.batch/tz created

$ kubectl get cronjob tz
NAME   SCHEDULE     TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
tz     0 23 * * *   Etc/UTC    False     0        <none>          0s

$ kubectl patch cronjob tz --patch '{"spec":{"timeZone":"Mars/Olympus"}}'
The CronJob "tz" is invalid: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus

# Concurrency policy Forbid: a run that is still going skips the next.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: slow
spec:
  schedule: "* * * * *"
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: slow
            image: busybox:1.28
            command: ["sleep", "150"]
          restartPolicy: OnFailure
EOF
cronjob.batch/slow created

$ sim advance 3m
advanced 3m to 2025-01-01T00:06:02Z (72 steps ran)

$ kubectl get jobs | grep slow
slow-28928164    Running    0/1           2m1s       2m1s

$ kubectl describe cronjob slow | sed -n '/^Events:/,$p'
Events:
  Type    Reason            Age               From                Message
  ----    ------            ----              ----                -------
  Normal  SuccessfulCreate  2m1s              cronjob-controller  Created job slow-28928164
  Normal  JobAlreadyActive  1s (x2 over 61s)  cronjob-controller  Not starting job because prior execution is running and concurrency policy is Forbid

# Replace: the running Job is deleted for the new one.
$ kubectl patch cronjob slow --patch '{"spec":{"concurrencyPolicy":"Replace"}}'
cronjob.batch/slow patched

$ sim advance 1m
advanced 60s to 2025-01-01T00:07:02Z (54 steps ran)

$ kubectl describe cronjob slow | sed -n '/^Events:/,$p'
Events:
  Type    Reason            Age                 From                Message
  ----    ------            ----                ----                -------
  Normal  SuccessfulCreate  3m1s                cronjob-controller  Created job slow-28928164
  Normal  JobAlreadyActive  61s (x2 over 2m1s)  cronjob-controller  Not starting job because prior execution is running and concurrency policy is Forbid
  Normal  SuccessfulDelete  60s                 cronjob-controller  Deleted job slow-28928164
  Normal  SuccessfulCreate  60s                 cronjob-controller  Created job slow-28928166
  Normal  SuccessfulDelete  1s                  cronjob-controller  Deleted job slow-28928166
  Normal  SuccessfulCreate  1s                  cronjob-controller  Created job slow-28928167

$ kubectl delete cronjob slow
cronjob.batch "slow" deleted

# Jobs history limits: successfulJobsHistoryLimit (3) and
# failedJobsHistoryLimit (1) keep the newest finished Jobs.
$ kubectl patch cronjob hello --patch '{"spec":{"successfulJobsHistoryLimit":1}}'
cronjob.batch/hello patched

$ sim advance 1m
advanced 60s to 2025-01-01T00:08:02Z (44 steps ran)

$ kubectl get jobs
NAME             STATUS     COMPLETIONS   DURATION   AGE
hello-28928167   Complete   1/1           2s         61s
hello-28928168   Running    0/1           1s         1s
