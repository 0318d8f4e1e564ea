# alijahnas/CKA-practice-exercises, core-concepts.md. The page has no
# commands of its own: its three sections (API primitives, cluster
# architecture, Services and networking) point to the other pages. What
# they name, on this kind-like cluster: the control plane's and workers'
# nodes, the components and network add-on in kube-system, the Services.

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

$ kubectl -n kube-system get pods -o wide
NAME                                             READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
coredns-9b77b5867-5wvqp                          1/1     Running   0          2s    10.244.2.2   kubeplay-worker2         <none>           <none>
coredns-9b77b5867-ms8nc                          1/1     Running   0          2s    10.244.0.3   kubeplay-control-plane   <none>           <none>
etcd-kubeplay-control-plane                      1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kindnet-9fpx6                                    1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kindnet-fghbd                                    1/1     Running   0          2s    172.18.0.3   kubeplay-worker          <none>           <none>
kindnet-tcrmk                                    1/1     Running   0          2s    172.18.0.4   kubeplay-worker2         <none>           <none>
kindnet-x6qdz                                    1/1     Running   0          2s    172.18.0.5   kubeplay-worker3         <none>           <none>
kube-apiserver-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-controller-manager-kubeplay-control-plane   1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-proxy-29qjf                                 1/1     Running   0          2s    172.18.0.4   kubeplay-worker2         <none>           <none>
kube-proxy-8872g                                 1/1     Running   0          2s    172.18.0.5   kubeplay-worker3         <none>           <none>
kube-proxy-mmqvt                                 1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-proxy-rm9bv                                 1/1     Running   0          2s    172.18.0.3   kubeplay-worker          <none>           <none>
kube-scheduler-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>

$ kubectl get svc -A
NAMESPACE     NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
default       kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP                  2s
kube-system   kube-dns     ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s
