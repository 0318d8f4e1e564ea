# Preemption prefers victims whose eviction breaks no PodDisruptionBudget
# (pickOneNodeForPreemption's first criterion). Three low-priority pods
# each fill a node; the db pod started last, so without its budget it would
# be the victim (latest start time); with a budget allowing no disruption
# the scheduler preempts on another node.
$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: low
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000000
---
apiVersion: v1
kind: Pod
metadata:
  name: batch-a
  labels:
    app: batch
spec:
  priorityClassName: low
  nodeSelector:
    kubernetes.io/hostname: kubeplay-worker2
  containers:
  - name: work
    image: busybox
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: "3"
---
apiVersion: v1
kind: Pod
metadata:
  name: batch-b
  labels:
    app: batch
spec:
  priorityClassName: low
  nodeSelector:
    kubernetes.io/hostname: kubeplay-worker3
  containers:
  - name: work
    image: busybox
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: "3"
EOF
priorityclass.scheduling.k8s.io/low created
priorityclass.scheduling.k8s.io/high created
pod/batch-a created
pod/batch-b created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: db
  labels:
    app: db
spec:
  priorityClassName: low
  nodeSelector:
    kubernetes.io/hostname: kubeplay-worker
  containers:
  - name: db
    image: busybox
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: "3"
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: db
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: db
EOF
pod/db created
poddisruptionbudget.policy/db created

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pdb db
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
db     1               N/A               0                     2s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: high
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "3"
EOF
pod/urgent created

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:08Z (2 steps ran)

$ kubectl get pod urgent -o jsonpath='{.status.nominatedNodeName}{"\n"}'
kubeplay-worker3

$ sim settle
settled after 7 steps and 32s of virtual time

$ kubectl get pods -o wide
NAME      READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE     READINESS GATES
batch-a   1/1     Running   0          38s   10.244.2.3   kubeplay-worker2   <none>             <none>
db        1/1     Running   0          36s   10.244.1.2   kubeplay-worker    <none>             <none>
urgent    1/1     Running   0          34s   10.244.3.3   kubeplay-worker3   kubeplay-worker3   <none>

$ kubectl get events --field-selector reason=Preempted
LAST SEEN   TYPE     REASON      OBJECT        MESSAGE
34s         Normal   Preempted   pod/batch-b   Preempted by pod 12998871-bccf-48fb-9a60-6a9794785c1b on node kubeplay-worker3
