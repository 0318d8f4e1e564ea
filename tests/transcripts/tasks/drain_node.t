# Task "Safely Drain a Node", line by line, with a PodDisruptionBudget
# protecting an application that has a pod on the node being drained.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ kubectl create pdb web --selector=app=web --min-available=2
poddisruptionbudget.policy/web created

$ sim settle
settled after 33 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-58ljc   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-6g9s2   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-8nw65   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl get pdb web
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web    2               N/A               1                     4s

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   6s    v1.32.0
kubeplay-worker          Ready    <none>          6s    v1.32.0
kubeplay-worker2         Ready    <none>          6s    v1.32.0
kubeplay-worker3         Ready    <none>          6s    v1.32.0

# Without --ignore-daemonsets, kubectl will not go on: every node runs
# kindnet's and kube-proxy's DaemonSet pods.
$ kubectl drain kubeplay-worker
node/kubeplay-worker cordoned
error: unable to drain node "kubeplay-worker" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv, continuing command...
There are pending nodes to be drained:
 kubeplay-worker
error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv

$ kubectl get nodes
NAME                     STATUS                     ROLES           AGE   VERSION
kubeplay-control-plane   Ready                      control-plane   6s    v1.32.0
kubeplay-worker          Ready,SchedulingDisabled   <none>          6s    v1.32.0
kubeplay-worker2         Ready                      <none>          6s    v1.32.0
kubeplay-worker3         Ready                      <none>          6s    v1.32.0

$ kubectl drain --ignore-daemonsets kubeplay-worker
node/kubeplay-worker already cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-8nw65
pod/web-797596b896-8nw65 evicted
node/kubeplay-worker drained

$ kubectl get nodes
NAME                     STATUS                     ROLES           AGE   VERSION
kubeplay-control-plane   Ready                      control-plane   6s    v1.32.0
kubeplay-worker          Ready,SchedulingDisabled   <none>          6s    v1.32.0
kubeplay-worker2         Ready                      <none>          6s    v1.32.0
kubeplay-worker3         Ready                      <none>          6s    v1.32.0

$ sim settle
settled after 13 steps and 1s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2nwpc   1/1     Running   0          2s    10.244.3.3   kubeplay-worker3   <none>           <none>
web-797596b896-58ljc   1/1     Running   0          6s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-6g9s2   1/1     Running   0          6s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl get pdb web
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web    2               N/A               1                     6s

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   8s    v1.32.0
kubeplay-worker          Ready    <none>          8s    v1.32.0
kubeplay-worker2         Ready    <none>          8s    v1.32.0
kubeplay-worker3         Ready    <none>          8s    v1.32.0

# A budget with no disruption to give: each eviction is refused with 429,
# and kubectl retries every five seconds until its timeout.
$ kubectl patch pdb web -p '{"spec":{"minAvailable":3}}'
poddisruptionbudget.policy/web patched

$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get pdb web
NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web    3               N/A               0                     6s

$ kubectl drain --ignore-daemonsets --timeout=12s kubeplay-worker2
node/kubeplay-worker2 cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-tcrmk, kube-system/kube-proxy-29qjf
evicting pod default/web-797596b896-58ljc
error when evicting pods/"web-797596b896-58ljc" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod kube-system/coredns-9b77b5867-5wvqp
pod/coredns-9b77b5867-5wvqp evicted
evicting pod default/web-797596b896-58ljc
error when evicting pods/"web-797596b896-58ljc" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-797596b896-58ljc
error when evicting pods/"web-797596b896-58ljc" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.
evicting pod default/web-797596b896-58ljc
There are pending pods in node "kubeplay-worker2" when an error occurred: error when evicting pods/"web-797596b896-58ljc" -n "default": global timeout reached: 12s
pod/web-797596b896-58ljc
error: unable to drain node "kubeplay-worker2" due to error: error when evicting pods/"web-797596b896-58ljc" -n "default": global timeout reached: 12s, continuing command...
There are pending nodes to be drained:
 kubeplay-worker2
error: error when evicting pods/"web-797596b896-58ljc" -n "default": global timeout reached: 12s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2nwpc   1/1     Running   0          17s   10.244.3.3   kubeplay-worker3   <none>           <none>
web-797596b896-58ljc   1/1     Running   0          21s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-6g9s2   1/1     Running   0          21s   10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl uncordon kubeplay-worker2
node/kubeplay-worker2 uncordoned
