# kubernetes.io "Concepts → Workloads → Workload Management → Jobs":
# Job termination and cleanup, success policy, elastic Indexed Jobs, pod
# replacement policy and managedBy, line by line. The page's manifests are
# here-documents: transcripts never download.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: pi-with-timeout
spec:
  backoffLimit: 5
  activeDeadlineSeconds: 100
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
EOF
job.batch/pi-with-timeout created

# pi takes about 20 s, well inside the 100 s deadline.
$ sim settle
settled after 16 steps and 100s of virtual time

$ kubectl get job pi-with-timeout
NAME              STATUS     COMPLETIONS   DURATION   AGE
pi-with-timeout   Complete   1/1           19s        100s

# A deadline shorter than the work: the running pod is terminated and the
# Job fails with DeadlineExceeded.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: sleepy
spec:
  activeDeadlineSeconds: 10
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "3600"]
      restartPolicy: Never
EOF
job.batch/sleepy created

$ sim advance 12s
advanced 12s to 2025-01-01T00:01:54Z (14 steps ran)

$ kubectl get job sleepy -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
FailureTarget True DeadlineExceeded: Job was active longer than specified deadline

$ sim settle
settled after 4 steps and 28s of virtual time

$ kubectl get job sleepy -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
FailureTarget True DeadlineExceeded: Job was active longer than specified deadline
Failed True DeadlineExceeded: Job was active longer than specified deadline

$ kubectl get job sleepy
NAME     STATUS   COMPLETIONS   DURATION   AGE
sleepy   Failed   0/1           40s        40s

$ kubectl describe job sleepy | sed -n '/^Events:/,$p'
Events:
  Type     Reason            Age   From            Message
  ----     ------            ----  ----            -------
  Normal   SuccessfulCreate  40s   job-controller  Created pod: sleepy-mgpb4
  Normal   SuccessfulDelete  30s   job-controller  Deleted pod: sleepy-mgpb4
  Warning  DeadlineExceeded  0s    job-controller  Job was active longer than specified deadline

# Success policy (beta and on by default in v1.32). The page's python
# decides per index; the playground's containers cannot, so every index
# here exits 0: index 0 succeeding meets the rule "one of 0, 2-3".
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: job-success
spec:
  parallelism: 10
  completions: 10
  completionMode: Indexed # Required for the success policy
  successPolicy:
    rules:
      - succeededIndexes: 0,2-3
        succeededCount: 1
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sh", "-c", "sleep 5"]
      restartPolicy: Never
EOF
job.batch/job-success created

$ sim settle
settled after 96 steps and 37s of virtual time

$ kubectl get job job-success -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
SuccessCriteriaMet True SuccessPolicy: Matched rules at index 0
Complete True SuccessPolicy: Matched rules at index 0

$ kubectl get job job-success
NAME          STATUS     COMPLETIONS   DURATION   AGE
job-success   Complete   3/10          37s        37s

# Elastic Indexed Jobs: parallelism and completions change together.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: elastic
spec:
  completionMode: Indexed
  completions: 3
  parallelism: 3
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "600"]
      restartPolicy: Never
EOF
job.batch/elastic created

$ sim advance 5s
advanced 5s to 2025-01-01T00:03:04Z (20 steps ran)

$ kubectl patch job elastic --patch '{"spec":{"completions":5,"parallelism":5}}'
job.batch/elastic patched

$ sim advance 5s
advanced 5s to 2025-01-01T00:03:09Z (16 steps ran)

$ kubectl get pods -l batch.kubernetes.io/job-name=elastic -L batch.kubernetes.io/job-completion-index
NAME              READY   STATUS    RESTARTS   AGE   JOB-COMPLETION-INDEX
elastic-0-6ddpj   1/1     Running   0          10s   0
elastic-1-2z9qg   1/1     Running   0          10s   1
elastic-2-98kd2   1/1     Running   0          10s   2
elastic-3-zn62x   1/1     Running   0          5s    3
elastic-4-w9n4k   1/1     Running   0          5s    4

# Scaling down removes the highest indexes.
$ kubectl patch job elastic --patch '{"spec":{"completions":2,"parallelism":2}}'
job.batch/elastic patched

$ sim advance 1s
advanced 1s to 2025-01-01T00:03:10Z (5 steps ran)

$ kubectl get pods -l batch.kubernetes.io/job-name=elastic -L batch.kubernetes.io/job-completion-index
NAME              READY   STATUS        RESTARTS   AGE   JOB-COMPLETION-INDEX
elastic-0-6ddpj   1/1     Running       0          11s   0
elastic-1-2z9qg   1/1     Running       0          11s   1
elastic-2-98kd2   1/1     Terminating   0          11s   2
elastic-3-zn62x   1/1     Terminating   0          6s    3
elastic-4-w9n4k   1/1     Terminating   0          6s    4

# Only together.
$ kubectl patch job elastic --patch '{"spec":{"completions":4}}'
The Job "elastic" is invalid: spec.completions: Invalid value: 4: can only be modified in tandem with spec.parallelism

$ kubectl delete job elastic
job.batch "elastic" deleted

# Pod replacement policy: with Failed, a deleted pod is replaced only once
# it has fully terminated; status.terminating counts it meanwhile.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: new
spec:
  podReplacementPolicy: Failed
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "600"]
      restartPolicy: Never
EOF
job.batch/new created

$ sim advance 5s
advanced 5s to 2025-01-01T00:03:15Z (17 steps ran)

$ kubectl delete pods -l batch.kubernetes.io/job-name=new --wait=false
pod "new-kpnk6" deleted

$ sim advance 1s
advanced 1s to 2025-01-01T00:03:16Z (3 steps ran)

$ kubectl get jobs/new -o jsonpath='active={.status.active} terminating={.status.terminating}{"\n"}'
active= terminating=1

$ kubectl get pods -l batch.kubernetes.io/job-name=new
NAME        READY   STATUS        RESTARTS   AGE
new-kpnk6   1/1     Terminating   0          6s

$ sim advance 40s
advanced 40s to 2025-01-01T00:03:56Z (26 steps ran)

$ kubectl get jobs/new -o jsonpath='active={.status.active} terminating={.status.terminating} failed={.status.failed}{"\n"}'
active=1 terminating=0 failed=1

$ kubectl get pods -l batch.kubernetes.io/job-name=new
NAME        READY   STATUS    RESTARTS   AGE
new-b67p9   1/1     Running   0          11s

# managedBy (beta and on by default in v1.32): the built-in controller
# leaves a Job that names another controller alone.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: external
spec:
  managedBy: example.com/batch-controller
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sleep", "5"]
      restartPolicy: Never
EOF
job.batch/external created

$ sim settle
settled after 8 steps and 9m52s of virtual time

$ kubectl get job external
NAME       STATUS    COMPLETIONS   DURATION   AGE
external   Running   0/1                      9m52s

$ kubectl get pods -l batch.kubernetes.io/job-name=external
No resources found in default namespace.

$ kubectl patch job external --type=merge --patch '{"spec":{"managedBy":"kubernetes.io/job-controller"}}'
The Job "external" is invalid: spec.managedBy: Invalid value: "kubernetes.io/job-controller": field is immutable
