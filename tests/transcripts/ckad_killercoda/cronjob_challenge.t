# omkar-shelke25/ckad-killercoda, CronJob-Challenge: setup.sh, then the
# CronJob the question asks for (step1.md's solution shows a Job named
# deadline-demo with other numbers, which verify.sh would reject), then
# verify.sh's checks, then a run of it.
$ kubectl create namespace batch
namespace/batch created

# Start from kubectl's generator, then write the fields it has no flags for.
$ kubectl create cronjob task-cron -n batch --image=busybox --schedule="*/5 * * * *" --dry-run=client -o yaml -- /bin/sh -c "echo Processing && sleep 30"
apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: task-cron
  namespace: batch
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: task-cron
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - command:
            - /bin/sh
            - -c
            - echo Processing && sleep 30
            image: busybox
            name: task-cron
            resources: {}
          restartPolicy: OnFailure
  schedule: '*/5 * * * *'
status: {}

$ kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: CronJob
metadata:
  name: task-cron
  namespace: batch
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      backoffLimit: 2
      completions: 4
      parallelism: 2
      ttlSecondsAfterFinished: 120
      template:
        spec:
          activeDeadlineSeconds: 40
          restartPolicy: Never
          containers:
          - name: task-cron
            image: busybox
            command: ["/bin/sh", "-c", "echo Processing && sleep 30"]
EOF
cronjob.batch/task-cron created

# verify.sh
$ kubectl get cronjob task-cron -n batch -o jsonpath='{.spec.schedule}{"\n"}'
*/5 * * * *

$ kubectl get cronjob task-cron -n batch -o jsonpath='backoffLimit={.spec.jobTemplate.spec.backoffLimit} completions={.spec.jobTemplate.spec.completions} parallelism={.spec.jobTemplate.spec.parallelism} ttl={.spec.jobTemplate.spec.ttlSecondsAfterFinished}{"\n"}'
backoffLimit=2 completions=4 parallelism=2 ttl=120

$ kubectl get cronjob task-cron -n batch -o jsonpath='{.spec.jobTemplate.spec.template.spec.restartPolicy} {.spec.jobTemplate.spec.template.spec.activeDeadlineSeconds} {.spec.jobTemplate.spec.template.spec.containers[0].image}{"\n"}'
Never 40 busybox

$ kubectl get cronjob task-cron -n batch -o jsonpath='{.spec.jobTemplate.spec.template.spec.containers[0].command[*]} {.spec.jobTemplate.spec.template.spec.containers[0].args[*]}' | tr -s ' '
/bin/sh -c echo Processing && sleep 30

# The first run at 00:05: two pods at a time, four completions, each 30s.
$ kubectl get cronjob -n batch
NAME        SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
task-cron   */5 * * * *   <none>     False     0        <none>          0s

$ sleep 5m

$ kubectl get jobs -n batch
NAME                 STATUS    COMPLETIONS   DURATION   AGE
task-cron-28928165   Running   0/4           1s         1s

$ sleep 70

$ kubectl get jobs -n batch
NAME                 STATUS     COMPLETIONS   DURATION   AGE
task-cron-28928165   Complete   4/4           65s        71s

$ kubectl get pods -n batch
NAME                       READY   STATUS      RESTARTS   AGE
task-cron-28928165-4vqvt   0/1     Completed   0          39s
task-cron-28928165-6g9s2   0/1     Completed   0          71s
task-cron-28928165-8nw65   0/1     Completed   0          71s
task-cron-28928165-f7h8c   0/1     Completed   0          39s

$ kubectl logs -n batch -l job-name --prefix
[pod/task-cron-28928165-4vqvt/task-cron] Processing
[pod/task-cron-28928165-6g9s2/task-cron] Processing
[pod/task-cron-28928165-8nw65/task-cron] Processing
[pod/task-cron-28928165-f7h8c/task-cron] Processing

# ttlSecondsAfterFinished: the finished Job and its pods go 120s later.
$ sleep 2m

$ kubectl get jobs,pods -n batch
No resources found in batch namespace.

$ kubectl get cronjob -n batch
NAME        SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
task-cron   */5 * * * *   <none>     False     0        3m12s           8m10s
