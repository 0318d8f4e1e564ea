# kubernetes.io "Concepts → Workloads → Workload Management → Jobs",
# "Backoff limit per index", line by line. The manifest is the page's
# https://k8s.io/examples/controllers/job-backoff-limit-per-index-example.yaml
# as a here-document: transcripts never download.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: job-backoff-limit-per-index-example
spec:
  completions: 10
  parallelism: 3
  completionMode: Indexed  # required for the feature
  backoffLimitPerIndex: 1  # maximal number of failures per index
  maxFailedIndexes: 5      # maximal number of failed indexes before terminating the Job execution
  template:
    spec:
      restartPolicy: Never # required for the feature
      containers:
      - name: example
        image: python
        command:           # The jobs fails as there is at least one failed index
                           # (all even indexes fail in here), yet all indexes
                           # are executed as maxFailedIndexes is not exceeded.
        - python3
        - -c
        - |
          import os, sys
          print("Hello world")
          if int(os.environ.get("JOB_COMPLETION_INDEX")) % 2 == 0:
            sys.exit(1)
EOF
job.batch/job-backoff-limit-per-index-example created

$ sim settle --timeout 10m
settled after 92 steps and 35s of virtual time

$ kubectl get -o yaml job job-backoff-limit-per-index-example
apiVersion: batch/v1
kind: Job
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"batch/v1","kind":"Job","metadata":{"annotations":{},"name":"job-backoff-limit-per-index-example","namespace":"default"},"spec":{"backoffLimitPerIndex":1,"completionMode":"Indexed","completions":10,"maxFailedIndexes":5,"parallelism":3,"template":{"spec":{"containers":[{"command":["python3","-c","import os, sys\nprint(\"Hello world\")\nif int(os.environ.get(\"JOB_COMPLETION_INDEX\")) % 2 == 0:\n  sys.exit(1)\n"],"image":"python","name":"example"}],"restartPolicy":"Never"}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
    batch.kubernetes.io/job-name: job-backoff-limit-per-index-example
    controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
    job-name: job-backoff-limit-per-index-example
  name: job-backoff-limit-per-index-example
  namespace: default
  resourceVersion: "503"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  backoffLimit: 2147483647
  backoffLimitPerIndex: 1
  completionMode: Indexed
  completions: 10
  manualSelector: false
  maxFailedIndexes: 5
  parallelism: 3
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  suspend: false
  template:
    metadata:
      creationTimestamp: null
      labels:
        batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
        batch.kubernetes.io/job-name: job-backoff-limit-per-index-example
        controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
        job-name: job-backoff-limit-per-index-example
    spec:
      containers:
      - command:
        - python3
        - -c
        - |
          import os, sys
          print("Hello world")
          if int(os.environ.get("JOB_COMPLETION_INDEX")) % 2 == 0:
            sys.exit(1)
        image: python
        imagePullPolicy: Always
        name: example
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  completedIndexes: 0-9
  completionTime: "2025-01-01T00:00:36Z"
  conditions:
  - lastProbeTime: "2025-01-01T00:00:36Z"
    lastTransitionTime: "2025-01-01T00:00:36Z"
    message: Reached expected number of succeeded pods
    reason: CompletionsReached
    status: "True"
    type: SuccessCriteriaMet
  - lastProbeTime: "2025-01-01T00:00:36Z"
    lastTransitionTime: "2025-01-01T00:00:36Z"
    message: Reached expected number of succeeded pods
    reason: CompletionsReached
    status: "True"
    type: Complete
  failedIndexes: ""
  ready: 0
  startTime: "2025-01-01T00:00:02Z"
  succeeded: 10
  terminating: 0
  uncountedTerminatedPods: {}

$ kubectl get job job-backoff-limit-per-index-example
NAME                                  STATUS     COMPLETIONS   DURATION   AGE
job-backoff-limit-per-index-example   Complete   10/10         34s        35s

$ kubectl describe job job-backoff-limit-per-index-example
Name:               job-backoff-limit-per-index-example
Namespace:          default
Selector:           batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Labels:             batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                    batch.kubernetes.io/job-name=job-backoff-limit-per-index-example
                    controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
                    job-name=job-backoff-limit-per-index-example
Annotations:        <none>
Parallelism:        3
Completions:        10
Completion Mode:    Indexed
Suspend:            false
Backoff Limit:      2147483647
Start Time:         Wed, 01 Jan 2025 00:00:02 +0000
Completed At:       Wed, 01 Jan 2025 00:00:36 +0000
Duration:           34s
Pods Statuses:      0 Active (0 Ready) / 10 Succeeded / 0 Failed
Completed Indexes:  0-9
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           batch.kubernetes.io/job-name=job-backoff-limit-per-index-example
           controller-uid=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
           job-name=job-backoff-limit-per-index-example
  Containers:
   example:
    Image:      python
    Port:       <none>
    Host Port:  <none>
    Command:
      python3
      -c
      import os, sys
      print("Hello world")
      if int(os.environ.get("JOB_COMPLETION_INDEX")) % 2 == 0:
        sys.exit(1)

    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  35s   job-controller  Created pod: job-backoff-limit-per-index-example-0-dn4qg
  Normal  SuccessfulCreate  35s   job-controller  Created pod: job-backoff-limit-per-index-example-1-w9g48
  Normal  SuccessfulCreate  35s   job-controller  Created pod: job-backoff-limit-per-index-example-2-nxlbt
  Normal  SuccessfulCreate  17s   job-controller  Created pod: job-backoff-limit-per-index-example-3-mdpmf
  Normal  SuccessfulCreate  17s   job-controller  Created pod: job-backoff-limit-per-index-example-4-58665
  Normal  SuccessfulCreate  15s   job-controller  Created pod: job-backoff-limit-per-index-example-5-vt49f
  Normal  SuccessfulCreate  15s   job-controller  Created pod: job-backoff-limit-per-index-example-6-7dhng
  Normal  SuccessfulCreate  13s   job-controller  Created pod: job-backoff-limit-per-index-example-7-s6glb
  Normal  SuccessfulCreate  11s   job-controller  Created pod: job-backoff-limit-per-index-example-8-4tv45
  Normal  SuccessfulCreate  9s    job-controller  (combined from similar events): Created pod: job-backoff-limit-per-index-example-9-mnvp2
  Normal  Completed         1s    job-controller  Job completed

# Every pod failing instead (sim image behave): after one retry per index,
# the sixth failed index exceeds maxFailedIndexes and the Job stops.
$ kubectl delete job job-backoff-limit-per-index-example
job.batch "job-backoff-limit-per-index-example" deleted

$ sim image behave python exit-after=1s exit-code=1
image python: exit-after=1s exit-code=1

$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: job-backoff-limit-per-index-example
spec:
  completions: 10
  parallelism: 3
  completionMode: Indexed  # required for the feature
  backoffLimitPerIndex: 1  # maximal number of failures per index
  maxFailedIndexes: 5      # maximal number of failed indexes before terminating the Job execution
  template:
    spec:
      restartPolicy: Never # required for the feature
      containers:
      - name: example
        image: python
        command:
        - python3
        - -c
        - |
          import os, sys
          print("Hello world")
          if int(os.environ.get("JOB_COMPLETION_INDEX")) % 2 == 0:
            sys.exit(1)
EOF
job.batch/job-backoff-limit-per-index-example created

$ sim settle --timeout 10m
settled after 165 steps and 33s of virtual time

$ kubectl get -o yaml job job-backoff-limit-per-index-example | sed -n '/^status:/,$p'
status:
  conditions:
  - lastProbeTime: "2025-01-01T00:01:09Z"
    lastTransitionTime: "2025-01-01T00:01:09Z"
    message: Job has exceeded the specified maximal number of failed indexes
    reason: MaxFailedIndexesExceeded
    status: "True"
    type: FailureTarget
  - lastProbeTime: "2025-01-01T00:01:09Z"
    lastTransitionTime: "2025-01-01T00:01:09Z"
    message: Job has exceeded the specified maximal number of failed indexes
    reason: MaxFailedIndexesExceeded
    status: "True"
    type: Failed
  failed: 14
  failedIndexes: 0-5
  ready: 0
  startTime: "2025-01-01T00:00:37Z"
  terminating: 0
  uncountedTerminatedPods: {}

$ kubectl get job job-backoff-limit-per-index-example
NAME                                  STATUS   COMPLETIONS   DURATION   AGE
job-backoff-limit-per-index-example   Failed   0/10          33s        33s
