# Since PodDisruptionConditions went GA (v1.31) the eviction API marks a
# pod DisruptionTarget=True (reason EvictionByEvictionAPI) before deleting
# it, so a Job whose podFailurePolicy ignores that condition does not count
# a drained pod against backoffLimit: with backoffLimit 0 it still runs,
# status.failed stays unset (0), and a replacement starts once the node is
# schedulable again (the pod template pins it there).
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 1
  backoffLimit: 0
  podFailurePolicy:
    rules:
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
  template:
    spec:
      restartPolicy: Never
      nodeSelector:
        kubernetes.io/hostname: kubeplay-worker
      containers:
      - name: work
        image: busybox:1.36
        command: ["sleep", "300"]
EOF
job.batch/batch created

$ sim settle --timeout 10s
settled after 11 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME          READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
batch-dn4qg   1/1     Running   0          2s    10.244.1.2   kubeplay-worker   <none>           <none>

$ kubectl drain kubeplay-worker --ignore-daemonsets
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/batch-dn4qg
pod/batch-dn4qg evicted
node/kubeplay-worker drained

$ kubectl get events --field-selector involvedObject.kind=Job
LAST SEEN   TYPE     REASON             OBJECT      MESSAGE
32s         Normal   SuccessfulCreate   job/batch   Created pod: batch-dn4qg

$ kubectl get job batch -o jsonpath='{.status}'
{"ready":0,"startTime":"2025-01-01T00:00:02Z","terminating":0,"uncountedTerminatedPods":{}}

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:54Z (13 steps ran)

$ kubectl get pods
NAME          READY   STATUS    RESTARTS   AGE
batch-2qc9d   1/1     Running   0          20s

$ kubectl get job batch
NAME    STATUS    COMPLETIONS   DURATION   AGE
batch   Running   0/1           52s        52s
