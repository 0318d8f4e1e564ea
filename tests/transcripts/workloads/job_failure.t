# A Job whose pods all fail stops at backoffLimit with BackoffLimitExceeded.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: fail
spec:
  backoffLimit: 2
  template:
    spec:
      containers:
      - name: fail
        image: busybox
        command: ["sh", "-c", "exit 1"]
      restartPolicy: Never
EOF
job.batch/fail created

$ sim settle --timeout 5m
settled after 37 steps and 36s of virtual time

$ kubectl get job fail
NAME   STATUS   COMPLETIONS   DURATION   AGE
fail   Failed   0/1           36s        36s

$ kubectl get pods
NAME         READY   STATUS   RESTARTS   AGE
fail-mcfqz   0/1     Error    0          3s
fail-n46ch   0/1     Error    0          36s
fail-qjq8z   0/1     Error    0          24s

$ kubectl get job fail -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
FailureTarget True BackoffLimitExceeded: Job has reached the specified backoff limit
Failed True BackoffLimitExceeded: Job has reached the specified backoff limit

$ kubectl get events --field-selector involvedObject.kind=Job
LAST SEEN   TYPE      REASON                 OBJECT     MESSAGE
36s         Normal    SuccessfulCreate       job/fail   Created pod: fail-n46ch
24s         Normal    SuccessfulCreate       job/fail   Created pod: fail-qjq8z
3s          Normal    SuccessfulCreate       job/fail   Created pod: fail-mcfqz
1s          Warning   BackoffLimitExceeded   job/fail   Job has reached the specified backoff limit
