# kubernetes.io "Concepts → Workloads → Workload Management → Jobs",
# "Suspending a Job" and "Mutable Scheduling Directives", line by line.
# The page elides myjob's template; a busybox container that sleeps stands
# in for it.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: myjob
spec:
  parallelism: 1
  completions: 5
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "60"]
      restartPolicy: Never
EOF
job.batch/myjob created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (11 steps ran)

# Suspend an active Job: its running pod is deleted.
$ kubectl patch job/myjob --type=strategic --patch '{"spec":{"suspend":true}}'
job.batch/myjob patched

$ sim advance 40s
advanced 40s to 2025-01-01T00:00:52Z (7 steps ran)

$ kubectl get job myjob -o yaml | grep -A3 "^spec:"
spec:
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 5

$ kubectl get jobs/myjob -o yaml | sed -n '/^status:/,$p'
status:
  conditions:
  - lastProbeTime: "2025-01-01T00:00:12Z"
    lastTransitionTime: "2025-01-01T00:00:12Z"
    message: Job suspended
    reason: JobSuspended
    status: "True"
    type: Suspended
  ready: 0
  startTime: "2025-01-01T00:00:02Z"
  terminating: 0
  uncountedTerminatedPods: {}

$ kubectl get job myjob
NAME    STATUS      COMPLETIONS   DURATION   AGE
myjob   Suspended   0/5           50s        50s

# Resume it.
$ kubectl patch job/myjob --type=strategic --patch '{"spec":{"suspend":false}}'
job.batch/myjob patched

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:55Z (11 steps ran)

$ kubectl describe jobs/myjob | sed -n '/^Events:/,$p'
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  53s   job-controller  Created pod: myjob-dn4qg
  Normal  SuccessfulDelete  43s   job-controller  Deleted pod: myjob-dn4qg
  Normal  Suspended         43s   job-controller  Job suspended
  Normal  SuccessfulCreate  3s    job-controller  Created pod: myjob-4dfjb
  Normal  Resumed           3s    job-controller  Job resumed

$ kubectl get jobs/myjob -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}{"\n"}{end}'
Suspended False JobResumed

# The page's --type=strict is not a patch type kubectl knows.
$ kubectl patch job/myjob --type=strict --patch '{"spec":{"suspend":true}}'
error: --type must be one of [json merge strategic], not "strict"

# Mutable scheduling directives: a Job created suspended, never resumed,
# may still change its pod template's node selector, affinity,
# tolerations, labels, annotations and scheduling gates.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: queued
spec:
  suspend: true
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "5"]
      restartPolicy: Never
EOF
job.batch/queued created

$ kubectl patch job/queued --patch '{"spec":{"template":{"spec":{"nodeSelector":{"kubernetes.io/hostname":"kubeplay-worker2"}}}}}'
job.batch/queued patched

$ kubectl patch job/queued --patch '{"spec":{"suspend":false}}'
job.batch/queued patched

$ sim settle
settled after 73 steps and 5m10s of virtual time

$ kubectl get pods -l batch.kubernetes.io/job-name=queued -o wide
NAME           READY   STATUS      RESTARTS   AGE     IP           NODE               NOMINATED NODE   READINESS GATES
queued-f7h8c   0/1     Completed   0          5m10s   10.244.2.3   kubeplay-worker2   <none>           <none>

