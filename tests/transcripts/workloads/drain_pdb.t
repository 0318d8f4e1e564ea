# kubectl drain against a PodDisruptionBudget that allows no disruption:
# each eviction is refused with 429 and retried every 5 s (pkg/drain
# evictPods) until --timeout; the pod sleeping out its 5 s notices the
# timeout when it wakes (at 15 s here), prints `evicting pod` once more and
# gives up. v1.32's RunDrain reports the node and carries on
# ("continuing command..."). Standard output comes first, then standard error.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
EOF
poddisruptionbudget.policy/web created

$ sim settle
settled after 28 steps and 4s of virtual time

$ kubectl get pdb web
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web    2               N/A               0                     4s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-6g9s2   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-8nw65   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl drain kubeplay-worker --ignore-daemonsets --timeout=12s
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-8nw65
error when evicting pods/"web-797596b896-8nw65" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-797596b896-8nw65
error when evicting pods/"web-797596b896-8nw65" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-797596b896-8nw65
error when evicting pods/"web-797596b896-8nw65" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-797596b896-8nw65
There are pending pods in node "kubeplay-worker" when an error occurred: error when evicting pods/"web-797596b896-8nw65" -n "default": global timeout reached: 12s
pod/web-797596b896-8nw65
error: unable to drain node "kubeplay-worker" due to error: error when evicting pods/"web-797596b896-8nw65" -n "default": global timeout reached: 12s, continuing command...
There are pending nodes to be drained:
 kubeplay-worker
error: error when evicting pods/"web-797596b896-8nw65" -n "default": global timeout reached: 12s

$ sim time
2025-01-01T00:00:21Z (21s since the cluster started)

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-6g9s2   1/1     Running   0          19s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-8nw65   1/1     Running   0          19s   10.244.1.2   kubeplay-worker    <none>           <none>

# With a third replica the budget allows one disruption: the drain evicts
# the pod (marked DisruptionTarget by the eviction API) and the
# Deployment replaces it elsewhere.
$ kubectl scale deployment web --replicas=3
deployment.apps/web scaled

$ sim settle
settled after 21 steps and 4s of virtual time

$ kubectl get pdb web
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web    2               N/A               1                     23s

$ kubectl drain kubeplay-worker --ignore-daemonsets --timeout=60s
node/kubeplay-worker already cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-8nw65
pod/web-797596b896-8nw65 evicted
node/kubeplay-worker drained

$ kubectl get pods -o wide
NAME                   READY   STATUS              RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-6g9s2   1/1     Running             0          24s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-mdpmf   1/1     Running             0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-pck4p   0/1     ContainerCreating   0          0s    <none>       kubeplay-worker3   <none>           <none>
