# dgkanatsios/CKAD-exercises, a.core_concepts.md, each exercise's commands in order.

# Create a namespace called 'mynamespace' and a pod with image nginx called nginx on this namespace
$ kubectl create namespace mynamespace
namespace/mynamespace created

$ kubectl run nginx --image=nginx --restart=Never -n mynamespace
pod/nginx created

# Create the pod that was just described using YAML. v1.32 still takes a
# bare --dry-run as client (warning on stderr), and no longer writes
# imagePullPolicy as the exercise's YAML shows; the pod exists already.
$ kubectl run nginx --image=nginx --restart=Never -n mynamespace --dry-run -o yaml > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
  namespace: mynamespace
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}

$ kubectl create -f pod.yaml
Error from server (AlreadyExists): error when creating "pod.yaml": pods "nginx" already exists

# Create a busybox pod (using YAML) that runs the command "env". Run it and see the output
$ kubectl run busybox --image=busybox --command --restart=Never -it -- env
If you don't see a command prompt, try pressing enter.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
TERM=xterm
HOSTNAME=busybox
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# -it without --rm left the pod behind.
$ kubectl run busybox --image=busybox --command --restart=Never -- env
Error from server (AlreadyExists): pods "busybox" already exists

$ kubectl logs busybox
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
TERM=xterm
HOSTNAME=busybox
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# Get the YAML for a new namespace called 'myns' without creating it
$ kubectl create namespace myns -o yaml --dry-run
--dry-run is deprecated and can be replaced with --dry-run=client.
apiVersion: v1
kind: Namespace
metadata:
  creationTimestamp: null
  name: myns
spec: {}
status: {}

# Get the YAML for a new ResourceQuota called 'myrq' without creating it
$ kubectl create resourcequota myrq -o yaml --dry-run
--dry-run is deprecated and can be replaced with --dry-run=client.
apiVersion: v1
kind: ResourceQuota
metadata:
  creationTimestamp: null
  name: myrq
spec: {}
status: {}

# Get pods on all namespaces
$ kubectl get po --all-namespaces
NAMESPACE            NAME                                             READY   STATUS              RESTARTS   AGE
default              busybox                                          0/1     Completed           0          3s
kube-system          coredns-9b77b5867-5wvqp                          1/1     Running             0          5s
kube-system          coredns-9b77b5867-ms8nc                          1/1     Running             0          5s
kube-system          etcd-kubeplay-control-plane                      1/1     Running             0          5s
kube-system          kindnet-9fpx6                                    1/1     Running             0          5s
kube-system          kindnet-fghbd                                    1/1     Running             0          5s
kube-system          kindnet-tcrmk                                    1/1     Running             0          5s
kube-system          kindnet-x6qdz                                    1/1     Running             0          5s
kube-system          kube-apiserver-kubeplay-control-plane            1/1     Running             0          5s
kube-system          kube-controller-manager-kubeplay-control-plane   1/1     Running             0          5s
kube-system          kube-proxy-29qjf                                 1/1     Running             0          5s
kube-system          kube-proxy-8872g                                 1/1     Running             0          5s
kube-system          kube-proxy-mmqvt                                 1/1     Running             0          5s
kube-system          kube-proxy-rm9bv                                 1/1     Running             0          5s
kube-system          kube-scheduler-kubeplay-control-plane            1/1     Running             0          5s
local-path-storage   local-path-provisioner-57597c459b-97xlv          1/1     Running             0          5s
mynamespace          nginx                                            0/1     ContainerCreating   0          3s

# Create a pod with image nginx called nginx and allow traffic on port 80
$ kubectl run nginx --image=nginx --restart=Never --port=80
pod/nginx created

$ sim settle
settled after 8 steps and 4s of virtual time

# Change pod's image to nginx:1.7.1. The exercise's `set image nginx ...`
# names no resource type, and kubectl takes "nginx" for one.
$ kubectl set image nginx nginx=nginx:1.7.1
error: the server doesn't have a resource type "nginx"

$ kubectl set image pod/nginx nginx=nginx:1.7.1
pod/nginx image updated

$ kubectl get po nginx -w
NAME    READY   STATUS    RESTARTS   AGE
nginx   1/1     Running   0          4s
nginx   1/1     Running   1 (3s ago)   8s
(playground) stopped watching: the cluster settled after 3s of virtual time; kubectl would keep watching until interrupted

$ kubectl describe po nginx | grep -A20 Events:
Events:
  Type    Reason     Age              From               Message
  ----    ------     ----             ----               -------
  Normal  Scheduled  8s               default-scheduler  Successfully assigned default/nginx to kubeplay-worker3
  Normal  Pulling    7s               kubelet            Pulling image "nginx"
  Normal  Pulled     3s               kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Killing    3s               kubelet            Container nginx definition changed, will be restarted
  Normal  Pulling    3s               kubelet            Pulling image "nginx:1.7.1"
  Normal  Created    0s (x2 over 3s)  kubelet            Created container nginx
  Normal  Started    0s (x2 over 3s)  kubelet            Started container nginx
  Normal  Pulled     0s               kubelet            Successfully pulled image "nginx:1.7.1" in 3.336s (3.336s including waiting). Image size: 70915038 bytes.

# Get the pod's ip, use a temp busybox image to wget its '/'
$ kubectl get po -o wide
NAME      READY   STATUS      RESTARTS     AGE   IP           NODE               NOMINATED NODE   READINESS GATES
busybox   0/1     Completed   0            11s   10.244.3.2   kubeplay-worker3   <none>           <none>
nginx     1/1     Running     1 (3s ago)   8s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ kubectl run busybox --image=busybox --rm -it --restart=Never -- sh
Error from server (AlreadyExists): pods "busybox" already exists

# The first exercise's pod is still there.
$ kubectl delete po busybox
pod "busybox" deleted

$ kubectl run busybox --image=busybox --rm -it --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ wget -O- 10.244.3.3:80
Connecting to 10.244.3.3 (10.244.3.3:80)
writing to stdout
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
    body {
        width: 35em;
        margin: 0 auto;
        font-family: Tahoma, Verdana, Arial, sans-serif;
    }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
-                    100% |********************************|   612  0:00:00 ETA
written to stdout

$ exit
pod "busybox" deleted

# Get this pod's YAML without cluster specific information: --export was
# removed in v1.18.
$ kubectl get po nginx -o yaml --export
error: unknown flag: --export
See 'kubectl get --help' for usage.

# Get information about the pod, including details about potential issues
$ kubectl describe po nginx
Name:             nginx
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:05 +0000
Labels:           run=nginx
Annotations:      <none>
Status:           Running
IP:               10.244.3.3
IPs:
  IP:  10.244.3.3
Containers:
  nginx:
    Container ID:   containerd://13e4ac7b31d713d4dcdac6640b6035d6dced5d4740788e7e552923a51449de8c
    Image:          nginx:1.7.1
    Image ID:       docker.io/library/nginx@sha256:0925523b23ad288224a2bbed42e66961da770edc7cd33084cebff3b8bc106b4b
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:13 +0000
    Last State:     Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:09 +0000
      Finished:     Wed, 01 Jan 2025 00:00:09 +0000
    Ready:          True
    Restart Count:  1
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-vx7fl (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-vx7fl:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age              From               Message
  ----    ------     ----             ----               -------
  Normal  Scheduled  11s              default-scheduler  Successfully assigned default/nginx to kubeplay-worker3
  Normal  Pulling    10s              kubelet            Pulling image "nginx"
  Normal  Pulled     6s               kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Killing    6s               kubelet            Container nginx definition changed, will be restarted
  Normal  Pulling    6s               kubelet            Pulling image "nginx:1.7.1"
  Normal  Created    3s (x2 over 6s)  kubelet            Created container nginx
  Normal  Started    3s (x2 over 6s)  kubelet            Started container nginx
  Normal  Pulled     3s               kubelet            Successfully pulled image "nginx:1.7.1" in 3.336s (3.336s including waiting). Image size: 70915038 bytes.

# Get pod logs: nginx:1.7.1 predates the entrypoint scripts that log.
$ kubectl logs nginx

# If pod crashed and restarted, get logs about the previous instance.
# (The playground still differs: the previous instance ran nginx:latest,
# whose entrypoint lines a real kubelet would print.)
$ kubectl logs nginx -p

# Connect to the nginx pod
$ kubectl exec -it nginx -- /bin/sh

$ ls
bin   docker-entrypoint.d   home   media  proc	sbin  tmp
boot  docker-entrypoint.sh  lib    mnt	  root	srv   usr
dev   etc		    lib64  opt	  run	sys   var

$ exit

# Create a busybox pod that echoes 'hello world' and then exits
$ kubectl run busybox --image=busybox -it --restart=Never -- echo 'hello world'
If you don't see a command prompt, try pressing enter.
hello world

$ kubectl run busybox --image=busybox -it --restart=Never -- /bin/sh -c 'echo hello world'
Error from server (AlreadyExists): pods "busybox" already exists

# Do the same, but have the pod deleted automatically when it's completed
$ kubectl delete po busybox
pod "busybox" deleted

$ kubectl run busybox --image=busybox -it --rm --restart=Never -- /bin/sh -c 'echo hello world'
If you don't see a command prompt, try pressing enter.
hello world
pod "busybox" deleted

$ kubectl get po
NAME    READY   STATUS    RESTARTS      AGE
nginx   1/1     Running   1 (12s ago)   17s

# Create an nginx pod and set an env value as 'var1=val1'. Check the env
# value existence within the pod (nginx is taken: nginx2).
$ kubectl run nginx2 --image=nginx --restart=Never --env=var1=val1
pod/nginx2 created

$ kubectl exec -it nginx2 -- env
Error from server (BadRequest): pod nginx2 does not have a host assigned

$ kubectl wait --for=condition=Ready pod/nginx2
pod/nginx2 condition met

$ kubectl exec -it nginx2 -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=nginx2
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
var1=val1
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root
TERM=xterm

# describe without a type: "nginx2" is taken for a resource type.
$ kubectl describe nginx2 | grep val1
error: the server doesn't have a resource type "nginx2"

$ kubectl describe po nginx2 | grep val1
      var1:  val1

# The pod is named "po"; busybox's image has no entrypoint, so the args
# "busybox env" run busybox's env applet.
$ kubectl run po busybox --restart=Never --image=busybox --env=var1=val1 -it --rm -- env
If you don't see a command prompt, try pressing enter.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
TERM=xterm
HOSTNAME=po
var1=val1
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root
pod "po" deleted
