# */1: one Job a minute; only the 3 newest successful Jobs are kept.
$ kubectl create cronjob hello --image=busybox --schedule="*/1 * * * *" -- echo hello
cronjob.batch/hello created

$ sim advance 5m30s
advanced 5m30s to 2025-01-01T00:05:32Z (91 steps ran)

$ kubectl get cronjob hello
NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
hello   */1 * * * *   <none>     False     0        32s             5m30s

$ kubectl get jobs
NAME             STATUS     COMPLETIONS   DURATION   AGE
hello-28928163   Complete   1/1           2s         2m31s
hello-28928164   Complete   1/1           2s         91s
hello-28928165   Complete   1/1           2s         31s

$ kubectl create cronjob bad --image=busybox --schedule="61 * * * *"
error: failed to create cronjob: CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61
