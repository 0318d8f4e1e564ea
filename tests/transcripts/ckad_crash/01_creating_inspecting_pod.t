# bmuschko/ckad-crash-course, exercises/01-creating-inspecting-pod, the
# solution's commands in order. Step 0's `echo 'alias k=kubectl' >>
# ~/.bashrc` and `source .bashrc` set up the user's own shell; the
# terminal already takes `k` for kubectl.
$ kubectl create namespace ckad-prep
namespace/ckad-prep created

# Optional in the solution: later commands name the namespace anyway.
$ kubectl config set-context --current --namespace=ckad-prep
Context "kind-kubeplay" modified.

$ kubectl run mypod --image=nginx:2.3.5 --restart=Never --port=80 --namespace=ckad-prep
pod/mypod created

# The solution looks a minute later; the back-off has set in by then.
$ sim settle
settled after 9 steps and 13s of virtual time

$ kubectl get pod -n ckad-prep
NAME    READY   STATUS             RESTARTS   AGE
mypod   0/1     ImagePullBackOff   0          13s

# The solution's events are Docker Desktop's of 2019 (SuccessfulMountVolume,
# "kubelet, docker-for-desktop"); a v1.32 kubelet with containerd words
# them as below.
$ kubectl describe pod -n ckad-prep
Name:             mypod
Namespace:        ckad-prep
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=mypod
Annotations:      <none>
Status:           Pending
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  mypod:
    Container ID:
    Image:          nginx:2.3.5
    Image ID:
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8gqwd (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-8gqwd:
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
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  13s               default-scheduler  Successfully assigned ckad-prep/mypod to kubeplay-worker
  Normal   BackOff    11s               kubelet            Back-off pulling image "nginx:2.3.5"
  Warning  Failed     11s               kubelet            Error: ImagePullBackOff
  Normal   Pulling    1s (x2 over 12s)  kubelet            Pulling image "nginx:2.3.5"
  Warning  Failed     0s (x2 over 11s)  kubelet            Failed to pull image "nginx:2.3.5": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:2.3.5": failed to resolve reference "docker.io/library/nginx:2.3.5": docker.io/library/nginx:2.3.5: not found
  Warning  Failed     0s (x2 over 11s)  kubelet            Error: ErrImagePull

$ kubectl logs mypod &> pod-error.txt

$ cat pod-error.txt
Error from server (BadRequest): container "mypod" in pod "mypod" is waiting to start: trying and failing to pull image

# `kubectl edit` opens an editor; this one is sed, making the edit the
# solution describes. The solution's alternative follows.
$ KUBE_EDITOR="sed -i 's/nginx:2.3.5/nginx:1.15.12/'" kubectl edit pod mypod --namespace=ckad-prep
pod/mypod edited

$ kubectl set image pod mypod mypod=nginx --namespace=ckad-prep
pod/mypod image updated

$ sim settle
settled after 4 steps and 4s of virtual time

$ kubectl get pod -n ckad-prep
NAME    READY   STATUS    RESTARTS   AGE
mypod   1/1     Running   0          17s

$ kubectl exec mypod -it --namespace=ckad-prep  -- /bin/sh

$ ls
bin   docker-entrypoint.d   home   media  proc	sbin  tmp
boot  docker-entrypoint.sh  lib    mnt	  root	srv   usr
dev   etc		    lib64  opt	  run	sys   var

$ exit

# The solution's pod name (mypod-6fd68b996b-5xwfg) is from a Deployment;
# the pod here is mypod.
$ kubectl exec mypod -- ls &> mypod-ls.txt

$ cat mypod-ls.txt
bin
boot
dev
docker-entrypoint.d
docker-entrypoint.sh
etc
home
lib
lib64
media
mnt
opt
proc
root
run
sbin
srv
sys
tmp
usr
var

$ kubectl get pods -o wide -n ckad-prep
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
mypod   1/1     Running   0          17s   10.244.1.2   kubeplay-worker   <none>           <none>

# What follows each "ip: ": the hostIPs and podIPs entries.
$ kubectl -n ckad-prep get pod mypod -o yaml | grep -oP "ip: \K.*"
172.18.0.3
10.244.1.2

$ kubectl run busybox --image=busybox --rm -it -- sh
If you don't see a command prompt, try pressing enter.

$ wget -O- 10.244.1.2:80
Connecting to 10.244.1.2 (10.244.1.2:80)
writing to stdout
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
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
-                    100% |********************************|   615  0:00:00 ETA
written to stdout

$ exit
Session ended, resume using 'kubectl attach busybox -c busybox -i -t' command when the pod is running
pod "busybox" deleted

# (playground) nginx's access log is not simulated: a real nginx adds
# one line for the wget above after its start-up lines, e.g.
# 10.244.2.2 - - [01/Jan/2025:00:00:18 +0000] "GET / HTTP/1.1" 200 615 "-" "Wget" "-"
$ kubectl logs mypod -n ckad-prep
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2025/01/01 00:00:18 [notice] 1#1: using the "epoll" event method
2025/01/01 00:00:18 [notice] 1#1: nginx/1.29.1
2025/01/01 00:00:18 [notice] 1#1: start worker processes

$ kubectl delete pod mypod --namespace=ckad-prep --grace-period=0 --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "mypod" force deleted

$ kubectl delete namespace ckad-prep --grace-period=0 --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
namespace "ckad-prep" force deleted
