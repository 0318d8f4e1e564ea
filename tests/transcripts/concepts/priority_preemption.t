# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction → Pod
# Priority and Preemption", line by line. Transcripts never download: the
# page's manifests are here-documents.
$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 1000000
globalDefault: false
description: "This priority class should be used for XYZ service pods only."
EOF
priorityclass.scheduling.k8s.io/high-priority created

$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority-nonpreempting
value: 1000000
preemptionPolicy: Never
globalDefault: false
description: "This priority class will not cause other pods to be preempted."
EOF
priorityclass.scheduling.k8s.io/high-priority-nonpreempting created

$ kubectl get priorityclasses
NAME                          VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
high-priority                 1000000      false            0s    PreemptLowerPriority
high-priority-nonpreempting   1000000      false            0s    Never
system-cluster-critical       2000000000   false            2s    PreemptLowerPriority
system-node-critical          2000001000   false            2s    PreemptLowerPriority

$ kubectl describe priorityclass high-priority
Name:              high-priority
Value:             1000000
GlobalDefault:     false
PreemptionPolicy:  PreemptLowerPriority
Description:       This priority class should be used for XYZ service pods only.
Annotations:       kubectl.kubernetes.io/last-applied-configuration={"apiVersion":"scheduling.k8s.io/v1","description":"This priority class should be used for XYZ service pods only.","globalDefault":false,"kind":"PriorityClass","metadata":{"annotations":{},"name":"high-priority"},"value":1000000}

Events:  <none>

# Only one PriorityClass may be the global default.
$ kubectl create priorityclass default-low --value=100 --global-default
priorityclass.scheduling.k8s.io/default-low created

$ kubectl create priorityclass another-default --value=200 --global-default
error: failed to create priorityclass: priorityclasses.scheduling.k8s.io "another-default" is forbidden: PriorityClass default-low is already marked as default. Only one default can exist

# Names starting system- are reserved, and values above one billion too.
$ kubectl create priorityclass system-mine --value=10
error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class

$ kubectl create priorityclass too-high --value=2000000000
error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "too-high" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000

# Value is immutable.
$ kubectl patch priorityclass high-priority -p '{"value":5}'
The PriorityClass "high-priority" is invalid: value: Forbidden: may not be changed in an update.

# A pod of the page's class gets its priority at admission; a pod naming
# no class gets the global default.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    env: test
spec:
  containers:
  - name: nginx
    image: nginx
    imagePullPolicy: IfNotPresent
  priorityClassName: high-priority
EOF
pod/nginx created

$ kubectl run plain --image=nginx
pod/plain created

$ kubectl get pods -o custom-columns=NAME:.metadata.name,CLASS:.spec.priorityClassName,PRIORITY:.spec.priority,POLICY:.spec.preemptionPolicy
NAME    CLASS           PRIORITY   POLICY
nginx   high-priority   1000000    PreemptLowerPriority
plain   default-low     100        PreemptLowerPriority

$ kubectl run nowhere --image=nginx --overrides='{"spec":{"priorityClassName":"no-such-class"}}'
Error from server (Forbidden): pods "nowhere" is forbidden: no PriorityClass with name no-such-class was found

$ kubectl delete pod nginx plain
pod "nginx" deleted
pod "plain" deleted

# Preemption: fill each worker with a low-priority pod, then ask for room.
$ kubectl create deployment filler --image=nginx --replicas=3
deployment.apps/filler created

$ kubectl set resources deployment filler --requests=cpu=3
deployment.apps/filler resource requirements updated

$ sim settle
settled after 29 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
filler-bd4bbd7df-7x47l   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
filler-bd4bbd7df-hq85l   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
filler-bd4bbd7df-rztc7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: important
spec:
  priorityClassName: high-priority
  containers:
  - name: nginx
    image: nginx
    resources:
      requests:
        cpu: "3"
EOF
pod/important created

$ sim step 3 --changes-only
#40 2025-01-01T00:00:06Z default-scheduler pod/important -n default
    no node can run important as things are (0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.); evicting 1 lower-priority pod(s) on kubeplay-worker3 makes room, so the pod is nominated there
    event Normal Preempted: Preempted by pod fe2b5491-0297-4ac8-af0b-bf7798d55068 on node kubeplay-worker3
    event Warning FailedScheduling: 0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.
#41 2025-01-01T00:00:06Z replicaset-controller replicaset/filler-bd4bbd7df -n default
    ReplicaSet filler-bd4bbd7df has 2 active pods for 3 replicas: created filler-bd4bbd7df-lzkvn (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: filler-bd4bbd7df-lzkvn
#42 2025-01-01T00:00:06Z kubelet pod/filler-bd4bbd7df-7x47l -n default
    kubelet on kubeplay-worker3, pod filler-bd4bbd7df-7x47l: the pod is being deleted: its containers are stopping (grace period 30s; they exit in 300ms)
    event Normal Killing: Stopping container nginx

$ kubectl get pod important -o wide
NAME        READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE     READINESS GATES
important   0/1     Pending   0          0s    <none>   <none>   kubeplay-worker3   <none>

$ sim settle
settled after 14 steps and 3s of virtual time

$ kubectl get pods -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE     READINESS GATES
filler-bd4bbd7df-hq85l   1/1     Running   0          7s    10.244.2.3   kubeplay-worker2   <none>             <none>
filler-bd4bbd7df-lzkvn   0/1     Pending   0          3s    <none>       <none>             <none>             <none>
filler-bd4bbd7df-rztc7   1/1     Running   0          7s    10.244.1.2   kubeplay-worker    <none>             <none>
important                1/1     Running   0          3s    10.244.3.3   kubeplay-worker3   kubeplay-worker3   <none>

$ kubectl events --for pod/important
LAST SEEN   TYPE      REASON             OBJECT          MESSAGE
3s          Warning   FailedScheduling   Pod/important   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.
2s          Normal    Scheduled          Pod/important   Successfully assigned default/important to kubeplay-worker3
1s          Normal    Pulling            Pod/important   Pulling image "nginx"
0s          Normal    Pulled             Pod/important   Successfully pulled image "nginx" in 500ms (500ms including waiting). Image size: 71876746 bytes.
0s          Normal    Created            Pod/important   Created container nginx
0s          Normal    Started            Pod/important   Started container nginx

# preemptionPolicy: Never waits instead of preempting.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: patient
spec:
  priorityClassName: high-priority-nonpreempting
  containers:
  - name: nginx
    image: nginx
    resources:
      requests:
        cpu: "3"
EOF
pod/patient created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod patient -o wide
NAME      READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES
patient   0/1     Pending   0          0s    <none>   <none>   <none>           <none>

$ kubectl events --for pod/patient
LAST SEEN   TYPE      REASON             OBJECT        MESSAGE
0s          Warning   FailedScheduling   Pod/patient   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.
