# kubernetes.io "Debugging Kubernetes nodes with kubectl"
# (tasks/debug/debug-cluster/kubectl-node-debug.md), on the playground's
# kind cluster (v1.32), whose nodes are kubeplay-control-plane and
# kubeplay-worker{,2,3}: the page's "mynode" does not exist here.
$ kubectl debug node/mynode -it --image=ubuntu
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Error from server (NotFound): nodes "mynode" not found

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

# "Debugging a Node using kubectl debug node". kubectl v1.32 warns about
# the default (legacy) profile, which the page's output predates.
$ kubectl debug node/kubeplay-worker -it --image=ubuntu
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-n5tjb with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

# The node's root filesystem is mounted at /host.
$ ls /host
bin   dev  home  lib	media  opt   root  sbin  sys  usr
boot  etc  kind  lib64	mnt    proc  run   srv	 tmp  var

# A kind node's kubelet, kube-proxy and containerd log to journald, not
# to files under /var/log as the page's "typical Linux node" does.
$ cat /host/var/log/kubelet.log
cat: /host/var/log/kubelet.log: No such file or directory

# The ubuntu image has no ps (procps is not in it); the page suggests
# installing tools from the package manager.
$ ps
bash: ps: command not found

$ exit
exit

# The shell was the container's process: the pod (restartPolicy Never)
# ends once the kubelet notices, in Error here because a bare `exit`
# passes on the status of the last command, ps's 127.
$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                                  READY   STATUS   RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
node-debugger-kubeplay-worker-n5tjb   0/1     Error    0          4s    172.18.0.3   kubeplay-worker   <none>           <none>

# Cleaning up.
$ kubectl delete pod node-debugger-kubeplay-worker-n5tjb --now
pod "node-debugger-kubeplay-worker-n5tjb" deleted
