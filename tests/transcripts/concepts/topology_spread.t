# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction → Pod
# Topology Spread Constraints", its examples line by line. The page's
# cluster has four nodes labelled node= and zone= (node1, node2 in zoneA;
# node3, node4 in zoneB): here the three workers and one added node play
# them. Transcripts never download: the page's manifests are
# here-documents.
$ sim node add kubeplay-worker4
node kubeplay-worker4 added

$ kubectl label nodes kubeplay-worker node=node1 zone=zoneA
node/kubeplay-worker labeled

$ kubectl label nodes kubeplay-worker2 node=node2 zone=zoneA
node/kubeplay-worker2 labeled

$ kubectl label nodes kubeplay-worker3 node=node3 zone=zoneB
node/kubeplay-worker3 labeled

$ kubectl label nodes kubeplay-worker4 node=node4 zone=zoneB
node/kubeplay-worker4 labeled

$ kubectl get nodes -L node,zone
NAME                     STATUS   ROLES           AGE   VERSION   NODE    ZONE
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0   node1   zoneA
kubeplay-worker2         Ready    <none>          2s    v1.32.0   node2   zoneA
kubeplay-worker3         Ready    <none>          2s    v1.32.0   node3   zoneB
kubeplay-worker4         Ready    <none>          0s    v1.32.0   node4   zoneB

# Three pods labelled foo=bar: two in zoneA, one in zoneB.
$ kubectl run p1 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker"}}'
pod/p1 created

$ kubectl run p2 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker2"}}'
pod/p2 created

$ kubectl run p3 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker3"}}'
pod/p3 created

$ sim settle
settled after 35 steps and 2s of virtual time

# Example: one TopologySpreadConstraint. Placing the pod in zoneA would
# make the skew 3-1=2 > maxSkew, so it goes to zoneB.
$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: mypod
  labels:
    foo: bar
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels:
        foo: bar
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.1
EOF
pod/mypod created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod mypod -o wide -L foo
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES   FOO
mypod   1/1     Running   0          2s    10.244.4.2   kubeplay-worker4   <none>           <none>            bar

$ kubectl delete pod mypod
pod "mypod" deleted

# Example: multiple TopologySpreadConstraints. Zone says zoneB; node says
# a node without pods: only node4 satisfies both.
$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: mypod
  labels:
    foo: bar
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels:
        foo: bar
  - maxSkew: 1
    topologyKey: node
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels:
        foo: bar
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.1
EOF
pod/mypod created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pod mypod -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
mypod   1/1     Running   0          2s    10.244.4.3   kubeplay-worker4   <none>           <none>

$ kubectl delete pod mypod
pod "mypod" deleted

# Conflicting constraints: with three pods on node1, none on node2 and
# one each on node3 and node4, the zone constraint allows only zoneB but
# the node constraint only node2, so the pod stays Pending.
$ kubectl delete pod p2
pod "p2" deleted

$ kubectl run p4 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker"}}'
pod/p4 created

$ kubectl run p5 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker"}}'
pod/p5 created

$ kubectl run p6 --image=registry.k8s.io/pause:3.1 --labels=foo=bar --overrides='{"spec":{"nodeName":"kubeplay-worker4"}}'
pod/p6 created

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pods -o wide --sort-by=.spec.nodeName
NAME   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
p1     1/1     Running   0          8s    10.244.1.2   kubeplay-worker    <none>           <none>
p4     1/1     Running   0          2s    10.244.1.3   kubeplay-worker    <none>           <none>
p5     1/1     Running   0          2s    10.244.1.4   kubeplay-worker    <none>           <none>
p3     1/1     Running   0          8s    10.244.3.2   kubeplay-worker3   <none>           <none>
p6     1/1     Running   0          2s    10.244.4.4   kubeplay-worker4   <none>           <none>

$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: mypod
  labels:
    foo: bar
spec:
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels:
        foo: bar
  - maxSkew: 1
    topologyKey: node
    whenUnsatisfiable: DoNotSchedule
    labelSelector:
      matchLabels:
        foo: bar
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.1
EOF
pod/mypod created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod mypod
NAME    READY   STATUS    RESTARTS   AGE
mypod   0/1     Pending   0          0s

$ kubectl events --for pod/mypod --types=Warning
LAST SEEN   TYPE      REASON             OBJECT      MESSAGE
0s          Warning   FailedScheduling   Pod/mypod   0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 4 node(s) didn't match pod topology spread constraints. preemption: 0/5 nodes are available: 1 Preemption is not helpful for scheduling, 4 No preemption victims found for incoming pod.

$ kubectl delete pod mypod
pod "mypod" deleted

# Invalid constraints: maxSkew must be positive, whenUnsatisfiable one of
# two words, minDomains only with DoNotSchedule.
$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: bad
spec:
  topologySpreadConstraints:
  - maxSkew: 0
    topologyKey: zone
    whenUnsatisfiable: Sometimes
    labelSelector:
      matchLabels:
        foo: bar
  - maxSkew: 1
    minDomains: 3
    topologyKey: node
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        foo: bar
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.1
EOF
The Pod "bad" is invalid:
* spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero
* spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"
* spec.topologySpreadConstraints[1].minDomains: Invalid value: 3: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway
