# alijahnas/CKA-practice-exercises, cluster-maintenance.md. Upgrading,
# rebooting and backing up happen on the nodes (apt, kubeadm, systemctl,
# etcdctl), which this terminal is not: those lines answer as a machine
# without them would, and the kubectl lines run against this cluster,
# whose nodes are kubeplay-control-plane and kubeplay-worker… (k8s-master
# and k8s-worker-1 on the page). `sim settle` stands for the seconds a
# learner waits.

# Upgrade the control-plane node.
$ sudo apt-mark unhold kubeadm
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ sudo apt-get update && sudo apt-get install -y kubeadm=1.18.0-00
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl drain k8s-master --ignore-daemonsets
Error from server (NotFound): nodes "k8s-master" not found

$ kubectl drain kubeplay-control-plane --ignore-daemonsets
node/kubeplay-control-plane cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-9fpx6, kube-system/kube-proxy-mmqvt
evicting pod kube-system/coredns-9b77b5867-ms8nc
evicting pod local-path-storage/local-path-provisioner-57597c459b-97xlv
pod/coredns-9b77b5867-ms8nc evicted
pod/local-path-provisioner-57597c459b-97xlv evicted
node/kubeplay-control-plane drained

$ sudo kubeadm upgrade plan
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ sudo kubeadm upgrade apply v1.18.0
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl apply -f https://raw.githubusercontent.com/coreos/flannel/2140ac876ef134e0ed5af15c65e414cf26827915/Documentation/kube-flannel.yml
error: Get "https://raw.githubusercontent.com/coreos/flannel/2140ac876ef134e0ed5af15c65e414cf26827915/Documentation/kube-flannel.yml": dial tcp: lookup raw.githubusercontent.com: no such host
(playground) the playground did not download https://raw.githubusercontent.com/coreos/flannel/2140ac876ef134e0ed5af15c65e414cf26827915/Documentation/kube-flannel.yml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl uncordon kubeplay-control-plane
node/kubeplay-control-plane uncordoned

$ sudo systemctl restart kubelet
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

# Upgrade a worker: its pods move to the other nodes.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ sim settle
settled after 53 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-4ltx9   1/1     Running   0          4s    10.244.1.3   kubeplay-worker    <none>           <none>
web-797596b896-8sk6f   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-mcwfj   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl drain kubeplay-worker --ignore-daemonsets # On master node, or on worker node if you have proper config
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-4ltx9
evicting pod kube-system/coredns-9b77b5867-dn4qg
pod/web-797596b896-4ltx9 evicted
pod/coredns-9b77b5867-dn4qg evicted
node/kubeplay-worker drained

$ sim settle
settled after 21 steps and 1s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-8sk6f   1/1     Running   0          6s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-mcwfj   1/1     Running   0          6s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-vsrqj   1/1     Running   0          2s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ sudo kubeadm upgrade node
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl uncordon kubeplay-worker # On master node, or on worker node if you have proper config
node/kubeplay-worker uncordoned

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   8s    v1.32.0
kubeplay-worker          Ready    <none>          8s    v1.32.0
kubeplay-worker2         Ready    <none>          8s    v1.32.0
kubeplay-worker3         Ready    <none>          8s    v1.32.0

# Operating system upgrades: the same drain and uncordon around apt and
# a reboot.
$ sudo apt-mark hold kubeadm kubelet kubectl
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl drain kubeplay-worker --ignore-daemonsets # On master node, or on worker node if you have proper config
node/kubeplay-worker cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
node/kubeplay-worker drained

$ sudo apt update && sudo apt upgrade -y # Be careful about container runtime (e.g., docker) upgrade.
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ sudo reboot
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl uncordon kubeplay-worker # On master node, or on worker node if you have proper config
node/kubeplay-worker uncordoned

# Backing up etcd: its version from the static pod, then etcdctl,
# which this terminal lacks. The playground does not run etcd's binary:
# a real cluster prints its version, git SHA and Go version here.
$ kubectl exec -it -n kube-system etcd-k8s-master -- etcd --version
Error from server (NotFound): pods "etcd-k8s-master" not found

$ kubectl exec -it -n kube-system etcd-kubeplay-control-plane -- etcd --version
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "etcd --version")

$ wget https://github.com/etcd-io/etcd/releases/download/v3.4.3/etcd-v3.4.3-linux-amd64.tar.gz
wget: (playground) the playground has no internet, so nothing is downloaded from github.com: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)

$ sudo ETCDCTL_API=3 etcdctl snapshot save --endpoints=172.16.1.11:2379 snapshot.db --cacert /etc/kubernetes/pki/etcd/server.crt --cert /etc/kubernetes/pki/etcd/ca.crt --key /etc/kubernetes/pki/etcd/ca.key
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ ETCDCTL_API=3 sudo etcdctl --write-out=table snapshot status snapshot.db
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"
