# kubernetes.io "Concepts → Cluster Architecture → Leases", walked on the
# default cluster. The cluster's own Leases (node heartbeats, leader
# election, API server identity) are presented from what the engine
# keeps (each node's heartbeat, the virtual clock), renewed as their
# components renew them; Leases users create are stored like any object.

# "Node heartbeats": one Lease per Node in kube-node-lease, with the
# node's name, held by the kubelet and owned by the Node.
$ kubectl get lease -n kube-node-lease
NAME                     HOLDER                   AGE
kubeplay-control-plane   kubeplay-control-plane   2s
kubeplay-worker          kubeplay-worker          2s
kubeplay-worker2         kubeplay-worker2         2s
kubeplay-worker3         kubeplay-worker3         2s

$ kubectl get lease kubeplay-worker -n kube-node-lease -o yaml
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  name: kubeplay-worker
  namespace: kube-node-lease
  ownerReferences:
  - apiVersion: v1
    kind: Node
    name: kubeplay-worker
    uid: 6775dc77-0156-4f61-9afc-d44d14cf8bfe
  resourceVersion: "373"
  uid: a6c04652-064e-46a1-8315-3d171c717216
spec:
  holderIdentity: kubeplay-worker
  leaseDurationSeconds: 40
  renewTime: "2025-01-01T00:00:00.000000Z"

# "every kubelet heartbeat is an update request to this Lease object,
# updating the spec.renewTime field": every 10 s (a quarter of the 40 s
# lease).
$ sim advance 35s
advanced 35s to 2025-01-01T00:00:37Z (0 steps ran)

$ kubectl get lease kubeplay-worker -n kube-node-lease -o jsonpath='{.spec.renewTime}{"\n"}'
2025-01-01T00:00:30.000000Z

$ kubectl describe node kubeplay-worker | sed -n '/^Lease:/,/^Conditions:/p'
Lease:
  HolderIdentity:  kubeplay-worker
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:00:30 +0000
Conditions:

# A kubelet that stops stops renewing: the control plane reads the stale
# renewTime as the node's unavailability.
$ sim node fail kubeplay-worker2
node kubeplay-worker2 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 60s
advanced 60s to 2025-01-01T00:01:37Z (16 steps ran)

$ kubectl get lease -n kube-node-lease -o custom-columns=NAME:.metadata.name,RENEWED:.spec.renewTime
NAME                     RENEWED
kubeplay-control-plane   2025-01-01T00:01:30.000000Z
kubeplay-worker          2025-01-01T00:01:30.000000Z
kubeplay-worker2         2025-01-01T00:00:30.000000Z
kubeplay-worker3         2025-01-01T00:01:30.000000Z

$ sim node recover kubeplay-worker2
node kubeplay-worker2 recovered: its kubelet is running again

# "Leader election": kube-scheduler and kube-controller-manager each hold
# a Lease in kube-system, 15 s long, renewed every 2 s by the leader.
$ kubectl -n kube-system get lease
NAME                                   HOLDER                                                                      AGE
apiserver-6o6msxvvrtdpw2p7i3su4ezcty   apiserver-6o6msxvvrtdpw2p7i3su4ezcty_e223d91a-ecca-4388-94a9-7ed1de47645b   97s
kube-controller-manager                kubeplay-control-plane_54d36004-be44-491e-81ec-b67de0485faa                 97s
kube-scheduler                         kubeplay-control-plane_97de433c-d6d3-4954-8857-a2a84a1f415c                 97s

$ kubectl -n kube-system get lease kube-scheduler -o yaml
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  name: kube-scheduler
  namespace: kube-system
  resourceVersion: "484"
  uid: b2c40d3c-812e-449d-87cf-66e58fb98457
spec:
  acquireTime: "2025-01-01T00:00:00.000000Z"
  holderIdentity: kubeplay-control-plane_97de433c-d6d3-4954-8857-a2a84a1f415c
  leaseDurationSeconds: 15
  leaseTransitions: 0
  renewTime: "2025-01-01T00:01:36.000000Z"

# "API server identity": the page's command, and the Lease's hostname label.
$ kubectl -n kube-system get lease -l apiserver.kubernetes.io/identity=kube-apiserver
NAME                                   HOLDER                                                                      AGE
apiserver-6o6msxvvrtdpw2p7i3su4ezcty   apiserver-6o6msxvvrtdpw2p7i3su4ezcty_e223d91a-ecca-4388-94a9-7ed1de47645b   97s

$ kubectl -n kube-system get lease apiserver-6o6msxvvrtdpw2p7i3su4ezcty -o yaml
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  labels:
    apiserver.kubernetes.io/identity: kube-apiserver
    kubernetes.io/hostname: kubeplay-control-plane
  name: apiserver-6o6msxvvrtdpw2p7i3su4ezcty
  namespace: kube-system
  resourceVersion: "478"
  uid: ee85a729-48a8-44a6-bc1a-92f1553edf6f
spec:
  holderIdentity: apiserver-6o6msxvvrtdpw2p7i3su4ezcty_e223d91a-ecca-4388-94a9-7ed1de47645b
  leaseDurationSeconds: 3600
  renewTime: "2025-01-01T00:01:30.000000Z"

# "Workloads": your own controller's Lease, named after the component.
$ kubectl apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: example-foo
spec:
  holderIdentity: example-foo-0
  leaseDurationSeconds: 15
  acquireTime: "2025-01-01T00:01:37.000000Z"
  renewTime: "2025-01-01T00:01:37.000000Z"
  leaseTransitions: 0
EOF
lease.coordination.k8s.io/example-foo created

$ kubectl get lease
NAME          HOLDER          AGE
example-foo   example-foo-0   0s

$ kubectl patch lease example-foo --type=merge -p '{"spec":{"holderIdentity":"example-foo-1","leaseTransitions":1,"renewTime":"2025-01-01T00:01:40.123456Z"}}'
lease.coordination.k8s.io/example-foo patched

$ kubectl describe lease example-foo
Name:         example-foo
Namespace:    default
Labels:       <none>
Annotations:  <none>
API Version:  coordination.k8s.io/v1
Kind:         Lease
Metadata:
  Creation Timestamp:  2025-01-01T00:01:37Z
  Resource Version:    390
  UID:                 d404fc7a-73ae-412e-9721-471597adbdb4
Spec:
  Acquire Time:            2025-01-01T00:01:37.000000Z
  Holder Identity:         example-foo-1
  Lease Duration Seconds:  15
  Lease Transitions:       1
  Renew Time:              2025-01-01T00:01:40.123456Z
Events:                    <none>

$ kubectl get lease example-foo -o jsonpath='{.spec.renewTime}{"\n"}'
2025-01-01T00:01:40.123456Z

# The API server's validation of a Lease.
$ kubectl apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: bad
spec:
  leaseDurationSeconds: 0
  leaseTransitions: -1
EOF
The Lease "bad" is invalid:
* spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0
* spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0

# A MicroTime needs its six fractional digits.
$ kubectl apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: bad
spec:
  renewTime: "2025-01-01T00:01:37Z"
EOF
Error from server (BadRequest): error when creating "STDIN": Lease in version "v1" cannot be handled as a Lease: parsing time "2025-01-01T00:01:37Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"

$ kubectl delete lease example-foo
lease.coordination.k8s.io "example-foo" deleted

# The system Leases are objects like any other: a label stays on through
# the kubelet's renewals.
$ kubectl label lease kubeplay-worker3 -n kube-node-lease team=storage
lease.coordination.k8s.io/kubeplay-worker3 labeled

$ sim advance 20s
advanced 20s to 2025-01-01T00:01:57Z (18 steps ran)

$ kubectl get lease kubeplay-worker3 -n kube-node-lease -o custom-columns=NAME:.metadata.name,LABELS:.metadata.labels,RENEWED:.spec.renewTime
NAME               LABELS              RENEWED
kubeplay-worker3   map[team:storage]   2025-01-01T00:01:50.000000Z

# Deleting a Node takes its Lease with it (the garbage collector deletes
# the Node's dependents).
$ kubectl delete node kubeplay-worker3
node "kubeplay-worker3" deleted

$ sim settle
settled after 12 steps and 4m30s of virtual time

$ kubectl get lease -n kube-node-lease
NAME                     HOLDER                   AGE
kubeplay-control-plane   kubeplay-control-plane   6m27s
kubeplay-worker          kubeplay-worker          6m27s
kubeplay-worker2         kubeplay-worker2         6m27s
