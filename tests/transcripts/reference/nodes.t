# kubernetes.io's kubectl Quick Reference, "Interacting with Nodes and
# cluster", line by line on the playground's kind cluster; my-node is
# kubeplay-worker, which runs one pod of a Deployment besides kind's
# DaemonSet pods.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl cordon kubeplay-worker
node/kubeplay-worker cordoned

# kind's kindnet and kube-proxy pods are DaemonSet pods: drain refuses
# them without --ignore-daemonsets.
$ kubectl drain kubeplay-worker
node/kubeplay-worker already cordoned
error: unable to drain node "kubeplay-worker" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv, continuing command...
There are pending nodes to be drained:
 kubeplay-worker
error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv

$ kubectl drain kubeplay-worker --ignore-daemonsets
node/kubeplay-worker already cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-jjhv7
pod/web-797596b896-jjhv7 evicted
node/kubeplay-worker drained

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ sim settle
settled after 11 steps and 1s of virtual time

# kind installs no metrics-server; the playground serves the metrics
# API as if it did, so top shows its simulated usage.
$ kubectl top node
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         44m          1%       293Mi           3%
kubeplay-worker3         44m          1%       281Mi           3%

$ kubectl top node kubeplay-worker
NAME              CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-worker   42m          1%       275Mi           3%

$ kubectl cluster-info
Kubernetes control plane is running at https://127.0.0.1:6443
CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy

To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.

$ kubectl cluster-info dump | head -4
{
    "kind": "NodeList",
    "apiVersion": "v1",
    "metadata": {

$ kubectl cluster-info dump --output-directory=/path/to/cluster-state
Cluster info dumped to /path/to/cluster-state

$ ls /path/to/cluster-state
default
kube-system
nodes.json

$ kubectl get nodes -o='custom-columns=NodeName:.metadata.name,TaintKey:.spec.taints[*].key,TaintValue:.spec.taints[*].value,TaintEffect:.spec.taints[*].effect'
NodeName                 TaintKey                                TaintValue   TaintEffect
kubeplay-control-plane   node-role.kubernetes.io/control-plane   <none>       NoSchedule
kubeplay-worker          <none>                                  <none>       <none>
kubeplay-worker2         <none>                                  <none>       <none>
kubeplay-worker3         <none>                                  <none>       <none>

# No node is called foo.
$ kubectl taint nodes foo dedicated=special-user:NoSchedule
Error from server (NotFound): nodes "foo" not found

$ kubectl taint nodes kubeplay-worker2 dedicated=special-user:NoSchedule
node/kubeplay-worker2 tainted

# The page says a taint with the same key and effect has its value
# replaced; kubectl has long refused that without --overwrite.
$ kubectl taint nodes kubeplay-worker2 dedicated=other:NoSchedule
error: node kubeplay-worker2 already has dedicated taint(s) with same effect(s) and --overwrite is false

$ kubectl taint nodes kubeplay-worker2 dedicated=other:NoSchedule --overwrite
node/kubeplay-worker2 modified

$ kubectl get nodes -o='custom-columns=NodeName:.metadata.name,TaintKey:.spec.taints[*].key,TaintValue:.spec.taints[*].value,TaintEffect:.spec.taints[*].effect'
NodeName                 TaintKey                                TaintValue   TaintEffect
kubeplay-control-plane   node-role.kubernetes.io/control-plane   <none>       NoSchedule
kubeplay-worker          <none>                                  <none>       <none>
kubeplay-worker2         dedicated                               other        NoSchedule
kubeplay-worker3         <none>                                  <none>       <none>
