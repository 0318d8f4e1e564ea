# kubernetes.io "Disruptions" (Concepts): the "PodDisruptionBudget
# example" played out. Three nodes, a Deployment of three pods (pod-a,
# pod-b, pod-c on the page) with a PDB of minAvailable 2, and an unrelated
# pod-x. The kind cluster's three workers stand for node-1..node-3.
$ kubectl create deployment web --image=nginx:1.25 --replicas=3
deployment.apps/web created

$ kubectl apply -f - <<'EOF'
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
EOF
poddisruptionbudget.policy/web-pdb created

$ kubectl run pod-x --image=nginx:1.25 --overrides='{"spec":{"nodeName":"kubeplay-worker"}}'
pod/pod-x created

$ sim settle
settled after 42 steps and 7s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
pod-x                  1/1     Running   0          7s    10.244.1.2   kubeplay-worker    <none>           <none>
web-6766cbdd68-5rkn4   1/1     Running   0          7s    10.244.1.3   kubeplay-worker    <none>           <none>
web-6766cbdd68-jmbf6   1/1     Running   0          7s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-6766cbdd68-rzrgs   1/1     Running   0          7s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl get pdb web-pdb
NAME      MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web-pdb   2               N/A               1                     7s

# "Suppose the cluster administrator wants to ... drain node-1": pod-x,
# which no controller owns, needs --force; the web pod on it is evicted
# (the budget allows one disruption) and its replacement goes elsewhere.
$ kubectl drain kubeplay-worker --ignore-daemonsets
node/kubeplay-worker cordoned
error: unable to drain node "kubeplay-worker" due to error: cannot delete Pods declare no controller (use --force to override): default/pod-x, continuing command...
There are pending nodes to be drained:
 kubeplay-worker
error: cannot delete Pods declare no controller (use --force to override): default/pod-x

$ kubectl drain kubeplay-worker --ignore-daemonsets --force
node/kubeplay-worker already cordoned
Warning: deleting Pods that declare no controller: default/pod-x; ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/pod-x
evicting pod default/web-6766cbdd68-5rkn4
pod/pod-x evicted
pod/web-6766cbdd68-5rkn4 evicted
node/kubeplay-worker drained

$ kubectl get pods -o wide
NAME                   READY   STATUS              RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-6766cbdd68-2cn4j   0/1     ContainerCreating   0          0s    <none>       kubeplay-worker3   <none>           <none>
web-6766cbdd68-jmbf6   1/1     Running             0          8s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-6766cbdd68-rzrgs   1/1     Running             0          8s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl get pdb web-pdb
NAME      MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web-pdb   2               N/A               0                     8s

# "Now the cluster administrator tries to drain node-2. The drain command
# will try to evict the two pods in some order, say pod-b first and then
# pod-d. It will succeed at evicting pod-b. But, when it tries to evict
# pod-d, it will be refused because that would leave only one pod
# available": here the replacement is still starting, so the web pod on
# worker2 waits (kubectl retries every 5 s) until it is available.
$ kubectl drain kubeplay-worker2 --ignore-daemonsets
node/kubeplay-worker2 cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-tcrmk, kube-system/kube-proxy-29qjf
evicting pod default/web-6766cbdd68-rzrgs
error when evicting pods/"web-6766cbdd68-rzrgs" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod kube-system/coredns-9b77b5867-5wvqp
pod/coredns-9b77b5867-5wvqp evicted
evicting pod default/web-6766cbdd68-rzrgs
pod/web-6766cbdd68-rzrgs evicted
node/kubeplay-worker2 drained

$ kubectl get pods -o wide -l app=web
NAME                   READY   STATUS              RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-6766cbdd68-2cn4j   1/1     Running             0          5s    10.244.3.3   kubeplay-worker3   <none>           <none>
web-6766cbdd68-5w8j2   0/1     ContainerCreating   0          0s    <none>       kubeplay-worker3   <none>           <none>
web-6766cbdd68-jmbf6   1/1     Running             0          13s   10.244.3.2   kubeplay-worker3   <none>           <none>

# "the cluster administrator tries to drain node-3 ... The drain command
# will block": the budget allows nothing, and there is nowhere for a
# replacement to go.
$ kubectl drain kubeplay-worker3 --ignore-daemonsets --timeout=12s
node/kubeplay-worker3 cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-x6qdz, kube-system/kube-proxy-8872g
evicting pod default/web-6766cbdd68-2cn4j
error when evicting pods/"web-6766cbdd68-2cn4j" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-6766cbdd68-5w8j2
evicting pod default/web-6766cbdd68-jmbf6
error when evicting pods/"web-6766cbdd68-jmbf6" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod kube-system/coredns-9b77b5867-wqjh8
pod/web-6766cbdd68-5w8j2 evicted
pod/coredns-9b77b5867-wqjh8 evicted
evicting pod default/web-6766cbdd68-2cn4j
error when evicting pods/"web-6766cbdd68-2cn4j" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-6766cbdd68-jmbf6
error when evicting pods/"web-6766cbdd68-jmbf6" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-6766cbdd68-2cn4j
error when evicting pods/"web-6766cbdd68-2cn4j" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-6766cbdd68-jmbf6
error when evicting pods/"web-6766cbdd68-jmbf6" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-6766cbdd68-2cn4j
evicting pod default/web-6766cbdd68-jmbf6
There are pending pods in node "kubeplay-worker3" when an error occurred: [error when evicting pods/"web-6766cbdd68-2cn4j" -n "default": global timeout reached: 12s, error when evicting pods/"web-6766cbdd68-jmbf6" -n "default": global timeout reached: 12s]
pod/web-6766cbdd68-2cn4j
pod/web-6766cbdd68-jmbf6
error: unable to drain node "kubeplay-worker3" due to error: [error when evicting pods/"web-6766cbdd68-2cn4j" -n "default": global timeout reached: 12s, error when evicting pods/"web-6766cbdd68-jmbf6" -n "default": global timeout reached: 12s], continuing command...
There are pending nodes to be drained:
 kubeplay-worker3
error: [error when evicting pods/"web-6766cbdd68-2cn4j" -n "default": global timeout reached: 12s, error when evicting pods/"web-6766cbdd68-jmbf6" -n "default": global timeout reached: 12s]

$ kubectl get pdb web-pdb
NAME      MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web-pdb   2               N/A               0                     28s

$ kubectl uncordon kubeplay-worker kubeplay-worker2 kubeplay-worker3
node/kubeplay-worker uncordoned
node/kubeplay-worker2 uncordoned
node/kubeplay-worker3 uncordoned

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   30s   v1.32.0
kubeplay-worker          Ready    <none>          30s   v1.32.0
kubeplay-worker2         Ready    <none>          30s   v1.32.0
kubeplay-worker3         Ready    <none>          30s   v1.32.0
