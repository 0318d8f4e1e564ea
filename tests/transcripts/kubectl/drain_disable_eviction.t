# drain --disable-eviction deletes instead of evicting: kubectl v1.32 says
# nothing as a deletion starts (only at -v=2) and "pod/NAME deleted" once
# the pod is gone.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ sim settle --timeout 10s
settled after 22 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl drain kubeplay-worker --ignore-daemonsets --disable-eviction
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
pod/web-797596b896-jjhv7 deleted
node/kubeplay-worker drained

$ kubectl drain kubeplay-worker2 --ignore-daemonsets --disable-eviction --dry-run=client
node/kubeplay-worker2 cordoned (dry run)
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-tcrmk, kube-system/kube-proxy-29qjf
evicting pod default/web-797596b896-4vqvt (dry run)
evicting pod kube-system/coredns-9b77b5867-5wvqp (dry run)
node/kubeplay-worker2 drained (dry run)
