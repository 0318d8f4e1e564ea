# kubernetes.io "Concepts → Cluster Architecture → Leases". A real cluster
# keeps node heartbeats, leader election (kube-scheduler,
# kube-controller-manager) and API server identity in coordination.k8s.io
# Leases; the playground does not serve that API, and every command about
# it says so rather than pretending.
$ kubectl -n kube-system get lease -l apiserver.kubernetes.io/identity=kube-apiserver
error: the server doesn't have a resource type "lease"
(playground) a real cluster serves Lease as coordination.k8s.io/v1; the simulated cluster does not model it

$ kubectl -n kube-system get lease kube-scheduler -o yaml
error: the server doesn't have a resource type "lease"
(playground) a real cluster serves Lease as coordination.k8s.io/v1; the simulated cluster does not model it

$ kubectl get leases -n kube-node-lease
error: the server doesn't have a resource type "leases"
(playground) a real cluster serves Lease as coordination.k8s.io/v1; the simulated cluster does not model it

$ kubectl apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: my-lock
spec:
  holderIdentity: me
  leaseDurationSeconds: 15
EOF
error: resource mapping not found for name: "my-lock" namespace: "" from "STDIN": no matches for kind "Lease" in version "coordination.k8s.io/v1"
ensure CRDs are installed first
(playground) document 1, line 2, column 7: a real cluster serves Lease as coordination.k8s.io/v1; the simulated cluster does not model it

# What the page's heartbeats are for is still modelled: kubectl describe
# node shows the kubelet's renew time.
$ kubectl describe node kubeplay-worker | sed -n '/^Lease:/,/^Conditions:/p'
Lease:
  HolderIdentity:  kubeplay-worker
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:00:00 +0000
Conditions:
