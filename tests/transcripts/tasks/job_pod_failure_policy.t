# kubernetes.io's "Handling retriable and non-retriable pod failures with
# Pod failure policy", line by line (its first two examples). The page
# creates the files from kubernetes.io/examples/controllers/; here they are
# written from here-documents with the same text (quoted: the scripts'
# quotes and $ stay as written).
$ cat > job-pod-failure-policy-failjob.yaml <<'EOF'
---
{
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: {
    name: "job-pod-failure-policy-failjob",
  },
  spec: {
    completions: 8,
    parallelism: 2,
    template: {
      spec: {
        restartPolicy: "Never",
        containers: [{
          name: "main",
          image: "docker.io/library/bash:5",
          command: [
            "bash",
          ],
          args: [
            "-c",
            "echo \"Hello world! I'm going to exit with 42 to simulate a software bug.\" && sleep 30 && exit 42",
          ],
        }],
      },
    },
    backoffLimit: 6,
    podFailurePolicy: {
      rules: [{
        action: "FailJob",
        onExitCodes: {
          containerName: "main",
          operator: "In",
          values: [
            42,
          ],
        },
      }],
    },
  },
}
EOF

$ kubectl create -f job-pod-failure-policy-failjob.yaml
job.batch/job-pod-failure-policy-failjob created

# "After around 30s the entire Job should be terminated."
$ sim advance 40s
advanced 40s to 2025-01-01T00:00:42Z (23 steps ran)

$ kubectl get jobs -l job-name=job-pod-failure-policy-failjob -o yaml
apiVersion: v1
items:
- apiVersion: batch/v1
  kind: Job
  metadata:
    creationTimestamp: "2025-01-01T00:00:02Z"
    generation: 1
    labels:
      batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
      batch.kubernetes.io/job-name: job-pod-failure-policy-failjob
      controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
      job-name: job-pod-failure-policy-failjob
    name: job-pod-failure-policy-failjob
    namespace: default
    resourceVersion: "403"
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  spec:
    backoffLimit: 6
    completionMode: NonIndexed
    completions: 8
    manualSelector: false
    parallelism: 2
    podFailurePolicy:
      rules:
      - action: FailJob
        onExitCodes:
          containerName: main
          operator: In
          values:
          - 42
    podReplacementPolicy: Failed
    selector:
      matchLabels:
        batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
    suspend: false
    template:
      metadata:
        creationTimestamp: null
        labels:
          batch.kubernetes.io/controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
          batch.kubernetes.io/job-name: job-pod-failure-policy-failjob
          controller-uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
          job-name: job-pod-failure-policy-failjob
      spec:
        containers:
        - args:
          - -c
          - echo "Hello world! I'm going to exit with 42 to simulate a software bug."
            && sleep 30 && exit 42
          command:
          - bash
          image: docker.io/library/bash:5
          imagePullPolicy: IfNotPresent
          name: main
          resources: {}
          terminationMessagePath: /dev/termination-log
          terminationMessagePolicy: File
        dnsPolicy: ClusterFirst
        restartPolicy: Never
        schedulerName: default-scheduler
        securityContext: {}
        terminationGracePeriodSeconds: 30
  status:
    conditions:
    - lastProbeTime: "2025-01-01T00:00:36Z"
      lastTransitionTime: "2025-01-01T00:00:36Z"
      message: Container main for pod default/job-pod-failure-policy-failjob-dn4qg
        failed with exit code 42 matching FailJob rule at index 0
      reason: PodFailurePolicy
      status: "True"
      type: FailureTarget
    - lastProbeTime: "2025-01-01T00:00:36Z"
      lastTransitionTime: "2025-01-01T00:00:36Z"
      message: Container main for pod default/job-pod-failure-policy-failjob-dn4qg
        failed with exit code 42 matching FailJob rule at index 0
      reason: PodFailurePolicy
      status: "True"
      type: Failed
    failed: 2
    ready: 0
    startTime: "2025-01-01T00:00:02Z"
    terminating: 0
    uncountedTerminatedPods: {}
kind: List
metadata:
  resourceVersion: ""

$ kubectl delete jobs/job-pod-failure-policy-failjob
job.batch "job-pod-failure-policy-failjob" deleted

$ cat > job-pod-failure-policy-ignore.yaml <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: job-pod-failure-policy-ignore
spec:
  completions: 4
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: docker.io/library/bash:5
        command: ["bash"]
        args:
        - -c
        - echo "Hello world! I'm going to exit with 0 (success)." && sleep 90 && exit 0
  backoffLimit: 0
  podFailurePolicy:
    rules:
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
EOF

$ kubectl create -f job-pod-failure-policy-ignore.yaml
job.batch/job-pod-failure-policy-ignore created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:52Z (19 steps ran)

$ nodeName=$(kubectl get pods -l job-name=job-pod-failure-policy-ignore -o jsonpath='{.items[0].spec.nodeName}')

$ kubectl drain nodes/$nodeName --ignore-daemonsets --grace-period=0
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/job-pod-failure-policy-ignore-58crp
pod/job-pod-failure-policy-ignore-58crp evicted
node/kubeplay-worker drained

# The evicted pod's failure is not counted: .status.failed stays unset.
$ kubectl get jobs -l job-name=job-pod-failure-policy-ignore -o yaml
apiVersion: v1
items:
- apiVersion: batch/v1
  kind: Job
  metadata:
    creationTimestamp: "2025-01-01T00:00:42Z"
    generation: 1
    labels:
      batch.kubernetes.io/controller-uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
      batch.kubernetes.io/job-name: job-pod-failure-policy-ignore
      controller-uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
      job-name: job-pod-failure-policy-ignore
    name: job-pod-failure-policy-ignore
    namespace: default
    resourceVersion: "440"
    uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
  spec:
    backoffLimit: 0
    completionMode: NonIndexed
    completions: 4
    manualSelector: false
    parallelism: 2
    podFailurePolicy:
      rules:
      - action: Ignore
        onPodConditions:
        - status: "True"
          type: DisruptionTarget
    podReplacementPolicy: Failed
    selector:
      matchLabels:
        batch.kubernetes.io/controller-uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
    suspend: false
    template:
      metadata:
        creationTimestamp: null
        labels:
          batch.kubernetes.io/controller-uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
          batch.kubernetes.io/job-name: job-pod-failure-policy-ignore
          controller-uid: 5d174847-7613-45a4-9a67-a56cfbd134ab
          job-name: job-pod-failure-policy-ignore
      spec:
        containers:
        - args:
          - -c
          - echo "Hello world! I'm going to exit with 0 (success)." && sleep 90 &&
            exit 0
          command:
          - bash
          image: docker.io/library/bash:5
          imagePullPolicy: IfNotPresent
          name: main
          resources: {}
          terminationMessagePath: /dev/termination-log
          terminationMessagePolicy: File
        dnsPolicy: ClusterFirst
        restartPolicy: Never
        schedulerName: default-scheduler
        securityContext: {}
        terminationGracePeriodSeconds: 30
  status:
    active: 1
    ready: 1
    startTime: "2025-01-01T00:00:42Z"
    terminating: 0
    uncountedTerminatedPods: {}
kind: List
metadata:
  resourceVersion: ""

$ kubectl uncordon nodes/$nodeName
node/kubeplay-worker uncordoned

# "The Job resumes and succeeds."
$ sim settle
settled after 47 steps and 3m5s of virtual time

$ kubectl get jobs job-pod-failure-policy-ignore
NAME                            STATUS     COMPLETIONS   DURATION   AGE
job-pod-failure-policy-ignore   Complete   4/4           3m44s      3m45s

$ kubectl delete jobs/job-pod-failure-policy-ignore
job.batch "job-pod-failure-policy-ignore" deleted
