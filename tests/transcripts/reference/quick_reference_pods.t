# kubernetes.io's kubectl Quick Reference, part 4: "Interacting with
# running Pods", "Copying files and directories to and from containers"
# and "Interacting with Deployments and Services", line by line on the
# playground's kind cluster. The interactive lines run the shell inside
# the container until `exit`; a port-forward runs as a background job,
# stopped with kill %1 where the reader would press Ctrl-C.
# my-pod: labelled name=myLabel; my-container counts once a second,
# web is nginx (on port 80: the page's 6000 is any port the app has).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: my-pod
  labels:
    name: myLabel
spec:
  containers:
  - name: my-container
    image: busybox:1.28
    command: ["sh", "-c", "i=0; while true; do i=\$((i+1)); echo tick \$i; sleep 1; done"]
  - name: web
    image: nginx
EOF
pod/my-pod created

$ sim settle
settled after 7 steps and 4s of virtual time

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:09Z (0 steps ran)

$ kubectl logs my-pod
Defaulted container "my-container" out of: my-container, web
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7

$ kubectl logs -l name=myLabel
Defaulted container "my-container" out of: my-container, web
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7

# No container of my-pod has restarted: no previous log.
$ kubectl logs my-pod --previous
Defaulted container "my-container" out of: my-container, web
Error from server (BadRequest): previous terminated container "my-container" in pod "my-pod" not found

$ kubectl logs my-pod -c my-container
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7

$ kubectl logs -l name=myLabel -c my-container
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7

$ kubectl logs my-pod -c my-container --previous
Error from server (BadRequest): previous terminated container "my-container" in pod "my-pod" not found

# A container that crashes after three ticks has one, whole.
$ kubectl run crasher --image=busybox:1.28 -- sh -c 'for i in 1 2 3; do echo tick $i; sleep 1; done; exit 1'
pod/crasher created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:39Z (12 steps ran)

$ kubectl get pod crasher
NAME      READY   STATUS   RESTARTS      AGE
crasher   0/1     Error    2 (21s ago)   30s

$ kubectl logs crasher --previous
tick 1
tick 2
tick 3

$ kubectl logs -f my-pod
Defaulted container "my-container" out of: my-container, web
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7
tick 8
tick 9
tick 10
tick 11
tick 12
tick 13
tick 14
tick 15
tick 16
tick 17
tick 18
tick 19
tick 20
tick 21
tick 22
tick 23
tick 24
tick 25
tick 26
tick 27
tick 28
tick 29
tick 30
tick 31
tick 32
tick 33
tick 34
tick 35
tick 36
tick 37
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl logs -f my-pod -c my-container
tick 1
tick 2
tick 3
tick 4
tick 5
tick 6
tick 7
tick 8
tick 9
tick 10
tick 11
tick 12
tick 13
tick 14
tick 15
tick 16
tick 17
tick 18
tick 19
tick 20
tick 21
tick 22
tick 23
tick 24
tick 25
tick 26
tick 27
tick 28
tick 29
tick 30
tick 31
tick 32
tick 33
tick 34
tick 35
tick 36
tick 37
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl logs -f -l name=myLabel --all-containers
tick 28
tick 29
tick 30
tick 31
tick 32
tick 33
tick 34
tick 35
tick 36
tick 37
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2025/01/01 00:00:06 [notice] 1#1: using the "epoll" event method
2025/01/01 00:00:06 [notice] 1#1: nginx/1.29.1
2025/01/01 00:00:06 [notice] 1#1: start worker processes
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl run -i --tty busybox --image=busybox:1.28 -- sh
If you don't see a command prompt, try pressing enter.

$ hostname
busybox

$ exit
Session ended, resume using 'kubectl attach busybox -c busybox -i -t' command when the pod is running

$ kubectl create namespace mynamespace
namespace/mynamespace created

$ kubectl run nginx --image=nginx -n mynamespace
pod/nginx created

$ kubectl run nginx --image=nginx --dry-run=client -o yaml > pod.yaml

$ cat pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl attach my-pod -i
Defaulted container "my-container" out of: my-container, web
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what my-container prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs my-pod -c my-container` shows what it printed before)

$ kubectl port-forward my-pod 5000:80
Forwarding from 127.0.0.1:5000 -> 80
Forwarding from [::1]:5000 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-pod; it ends when the pod does

$ curl -s localhost:5000 | grep title
Handling connection for 5000
<title>Welcome to nginx!</title>

$ kill %1
[1]+  Terminated              kubectl port-forward my-pod 5000:80

# Nothing listens on 6000 in my-pod: the forward starts, and each
# connection fails.
$ kubectl port-forward my-pod 5000:6000
Forwarding from 127.0.0.1:5000 -> 6000
Forwarding from [::1]:5000 -> 6000
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-pod; it ends when the pod does

$ curl -s localhost:5000
Handling connection for 5000
E0101 00:00:41.962000 portforward.go:424] "Unhandled Error" err="an error occurred forwarding 5000 -> 6000: error forwarding port 6000 to pod my-pod: dial tcp4 127.0.0.1:6000: connect: connection refused"

$ kill %1
[1]+  Terminated              kubectl port-forward my-pod 5000:6000

$ kubectl exec my-pod -- ls /
Defaulted container "my-container" out of: my-container, web
bin
dev
etc
home
lib
lib64
proc
root
sys
tmp
usr
var

$ kubectl exec --stdin --tty my-pod -- /bin/sh
Defaulted container "my-container" out of: my-container, web

$ echo $HOSTNAME
my-pod

$ exit

$ kubectl exec my-pod -c my-container -- ls /
bin
dev
etc
home
lib
lib64
proc
root
sys
tmp
usr
var

$ kubectl exec my-pod -c web -- ls /
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

$ kubectl debug my-pod -it --image=busybox:1.28
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-5n8fl.
If you don't see a command prompt, try pressing enter.

$ ps
PID   USER     TIME  COMMAND
    1 root      0:00 sh
    6 root      0:00 sh
    7 root      0:00 ps

$ exit
Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach my-pod -c debugger-5n8fl -i -t' if it is still running

# my-node is kubeplay-worker; the node's filesystem is under /host.
$ kubectl debug node/kubeplay-worker -it --image=busybox:1.28
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-pn5nt with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ ls /host
bin    dev    home   lib    media  opt    root   sbin   sys    usr
boot   etc    kind   lib64  mnt    proc   run    srv    tmp    var

$ exit

$ kubectl top pod
NAME                                  CPU(cores)   MEMORY(bytes)
busybox                               0m           0Mi
my-pod                                1m           3Mi
node-debugger-kubeplay-worker-pn5nt   0m           0Mi

$ kubectl top pod my-pod --containers
POD      NAME           CPU(cores)   MEMORY(bytes)
my-pod   my-container   0m           0Mi
my-pod   web            1m           3Mi

$ kubectl top pod my-pod --sort-by=cpu
NAME     CPU(cores)   MEMORY(bytes)
my-pod   1m           3Mi

$ kubectl top pod --sort-by=memory
NAME                                  CPU(cores)   MEMORY(bytes)
my-pod                                1m           3Mi
busybox                               0m           0Mi
node-debugger-kubeplay-worker-pn5nt   0m           0Mi

# Copying files: a local directory and file, then the page's four lines.
$ mkdir -p /tmp/foo_dir

$ echo hi > /tmp/foo_dir/a.txt

$ echo hello > /tmp/foo

$ kubectl cp /tmp/foo_dir my-pod:/tmp/bar_dir
Defaulted container "my-container" out of: my-container, web, debugger-5n8fl (ephem)

$ kubectl exec my-pod -- ls /tmp/bar_dir
Defaulted container "my-container" out of: my-container, web, debugger-5n8fl (ephem)
a.txt

$ kubectl cp /tmp/foo my-pod:/tmp/bar -c my-container

$ kubectl exec my-pod -c my-container -- cat /tmp/bar
hello

$ kubectl create namespace my-namespace
namespace/my-namespace created

$ kubectl -n my-namespace run my-pod --image=busybox:1.28 -- sleep 3600
pod/my-pod created

$ sim settle
settled after 15 steps and 12s of virtual time

$ kubectl cp /tmp/foo my-namespace/my-pod:/tmp/bar

$ kubectl cp my-namespace/my-pod:/tmp/foo /tmp/bar
tar: /tmp/foo: No such file or directory
tar: error exit delayed from previous errors
command terminated with exit code 1

# The pod has /tmp/bar (copied in above), not /tmp/foo.
$ kubectl cp my-namespace/my-pod:/tmp/bar /tmp/bar2
tar: removing leading '/' from member names

$ cat /tmp/bar2
hello

$ tar cf - /tmp/foo | kubectl exec -i -n my-namespace my-pod -- tar xf - -C /tmp/bar
tar: command not found
(playground) the terminal has no tar: kubectl cp copies files and directories to and from containers
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "tar xf - -C /tmp/bar")

$ kubectl exec -n my-namespace my-pod -- tar cf - /tmp/foo | tar xf - -C /tmp/bar
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "tar cf - /tmp/foo")
tar: command not found
(playground) the terminal has no tar: kubectl cp copies files and directories to and from containers

# Interacting with Deployments and Services: my-deployment runs nginx
# with a second container, my-container; my-service names its port
# my-service-port.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  selector:
    matchLabels:
      app: my-deployment
  template:
    metadata:
      labels:
        app: my-deployment
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
      - name: my-container
        image: busybox:1.28
        command: ["sh", "-c", "echo sidecar up; sleep 3600"]
---
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app: my-deployment
  ports:
  - name: my-service-port
    port: 5000
    targetPort: 80
EOF
deployment.apps/my-deployment created
service/my-service created

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl logs deploy/my-deployment
Defaulted container "nginx" out of: nginx, my-container
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2025/01/01 00:01:01 [notice] 1#1: using the "epoll" event method
2025/01/01 00:01:01 [notice] 1#1: nginx/1.29.1
2025/01/01 00:01:01 [notice] 1#1: start worker processes

$ kubectl logs deploy/my-deployment -c my-container
sidecar up

$ kubectl port-forward svc/my-service 5000
Forwarding from 127.0.0.1:5000 -> 80
Forwarding from [::1]:5000 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-deployment-7ff66556f5-wm7m2; it ends when the pod does

$ curl -s localhost:5000 | grep title
Handling connection for 5000
<title>Welcome to nginx!</title>

$ kill %1
[1]+  Terminated              kubectl port-forward svc/my-service 5000

$ kubectl port-forward svc/my-service 5000:my-service-port
Forwarding from 127.0.0.1:5000 -> 80
Forwarding from [::1]:5000 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-deployment-7ff66556f5-wm7m2; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward svc/my-service 5000:my-service-port

$ kubectl port-forward deploy/my-deployment 5000:6000
Forwarding from 127.0.0.1:5000 -> 6000
Forwarding from [::1]:5000 -> 6000
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-deployment-7ff66556f5-wm7m2; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward deploy/my-deployment 5000:6000

$ kubectl exec deploy/my-deployment -- ls
Defaulted container "nginx" out of: nginx, my-container
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
