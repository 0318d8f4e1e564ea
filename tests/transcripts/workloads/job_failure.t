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
settled after 38 steps and 36s of virtual time

$ kubectl get job fail
NAME   STATUS   COMPLETIONS   DURATION   AGE
fail   Failed   0/1           36s        36s

$ kubectl get pods
NAME         READY   STATUS   RESTARTS   AGE
fail-5drg4   0/1     Error    0          24s
fail-dn4qg   0/1     Error    0          36s
fail-km428   0/1     Error    0          3s

$ kubectl get job fail -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
FailureTarget True BackoffLimitExceeded: Job has reached the specified backoff limit
Failed True BackoffLimitExceeded: Job has reached the specified backoff limit

$ kubectl get events --field-selector involvedObject.kind=Job
LAST SEEN   TYPE      REASON                 OBJECT     MESSAGE
36s         Normal    SuccessfulCreate       job/fail   Created pod: fail-dn4qg
24s         Normal    SuccessfulCreate       job/fail   Created pod: fail-5drg4
3s          Normal    SuccessfulCreate       job/fail   Created pod: fail-km428
1s          Warning   BackoffLimitExceeded   job/fail   Job has reached the specified backoff limit

$ kubectl describe job fail
Name:             fail
Namespace:        default
Selector:         batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Labels:           batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                  batch.kubernetes.io/job-name=fail
                  controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                  job-name=fail
Annotations:      <none>
Parallelism:      1
Completions:      1
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    2
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Pods Statuses:    0 Active (0 Ready) / 0 Succeeded / 3 Failed
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           batch.kubernetes.io/job-name=fail
           controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           job-name=fail
  Containers:
   fail:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      sh
      -c
      exit 1
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type     Reason                Age   From            Message
  ----     ------                ----  ----            -------
  Normal   SuccessfulCreate      36s   job-controller  Created pod: fail-dn4qg
  Normal   SuccessfulCreate      24s   job-controller  Created pod: fail-5drg4
  Normal   SuccessfulCreate      3s    job-controller  Created pod: fail-km428
  Warning  BackoffLimitExceeded  1s    job-controller  Job has reached the specified backoff limit
