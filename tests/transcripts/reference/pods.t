# kubernetes.io's kubectl Quick Reference, "Interacting with running
# Pods", "Copying files and directories to and from containers" and
# "Interacting with Deployments and Services", line by line on the
# playground's kind cluster. my-pod has two containers, so the lines
# without -c say which one they chose.
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
    command: ["sh", "-c", "echo hello from my-container; sleep 3600"]
  - name: sidecar
    image: busybox:1.28
    command: ["sh", "-c", "echo sidecar up; sleep 3600"]
EOF
pod/my-pod created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl logs my-pod
Defaulted container "my-container" out of: my-container, sidecar
hello from my-container

$ kubectl logs -l name=myLabel
Defaulted container "my-container" out of: my-container, sidecar
hello from my-container

# Nothing has restarted yet.
$ kubectl logs my-pod --previous
Defaulted container "my-container" out of: my-container, sidecar
Error from server (BadRequest): previous terminated container "my-container" in pod "my-pod" not found

$ kubectl logs my-pod -c my-container
hello from my-container

$ kubectl logs -l name=myLabel -c my-container
hello from my-container

$ kubectl logs my-pod -c my-container --previous
Error from server (BadRequest): previous terminated container "my-container" in pod "my-pod" not found

$ kubectl logs -f my-pod
Defaulted container "my-container" out of: my-container, sidecar
hello from my-container
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl logs -f my-pod -c my-container
hello from my-container
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl logs -f -l name=myLabel --all-containers
hello from my-container
sidecar up
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
Defaulted container "my-container" out of: my-container, sidecar
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what my-container prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs my-pod -c my-container` shows what it printed before)

$ kubectl port-forward my-pod 5000:6000
Forwarding from 127.0.0.1:5000 -> 6000
Forwarding from [::1]:5000 -> 6000
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5000 on this machine reaches pod my-pod; it ends when the pod does

$ kubectl exec my-pod -- ls /
Defaulted container "my-container" out of: my-container, sidecar
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
Defaulted container "my-container" out of: my-container, sidecar

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

$ kubectl debug my-pod -it --image=busybox:1.28
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-4vqvt.
If you don't see a command prompt, try pressing enter.

$ exit
Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach my-pod -c debugger-4vqvt -i -t' if it is still running

$ kubectl debug node/kubeplay-worker -it --image=busybox:1.28
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-dhc25 with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ exit

$ kubectl top pod
NAME                                  CPU(cores)   MEMORY(bytes)
busybox                               0m           0Mi
my-pod                                0m           1Mi
node-debugger-kubeplay-worker-dhc25   0m           0Mi

$ kubectl top pod my-pod --containers
POD      NAME           CPU(cores)   MEMORY(bytes)
my-pod   my-container   0m           0Mi
my-pod   sidecar        0m           0Mi

$ kubectl top pod my-pod --sort-by=cpu
NAME     CPU(cores)   MEMORY(bytes)
my-pod   0m           1Mi

# Copying: the local files first. There is no /tmp/foo_dir.
$ echo hello > /tmp/foo

$ kubectl cp /tmp/foo_dir my-pod:/tmp/bar_dir
error: /tmp/foo_dir doesn't exist in local filesystem

$ kubectl cp /tmp/foo my-pod:/tmp/bar -c my-container

$ kubectl exec my-pod -c my-container -- cat /tmp/bar
hello

$ kubectl create namespace my-namespace
namespace/my-namespace created

$ kubectl -n my-namespace run my-pod --image=busybox:1.28 -- sleep 3600
pod/my-pod created

$ sim settle
settled after 14 steps and 2s of virtual time

$ kubectl cp /tmp/foo my-namespace/my-pod:/tmp/bar

# The pod has no /tmp/foo: tar in the container says so.
$ kubectl cp my-namespace/my-pod:/tmp/foo /tmp/bar
tar: /tmp/foo: No such file or directory
tar: error exit delayed from previous errors
command terminated with exit code 1

$ kubectl cp my-namespace/my-pod:/tmp/bar /tmp/copied
tar: removing leading '/' from member names

$ cat /tmp/copied
hello

# The terminal has no tar of its own, and the containers run none.
$ tar cf - /tmp/foo | kubectl exec -i -n my-namespace my-pod -- tar xf - -C /tmp/bar
tar: command not found
(playground) the terminal has no tar: kubectl cp copies files and directories to and from containers
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "tar xf - -C /tmp/bar")

$ kubectl exec -n my-namespace my-pod -- tar cf - /tmp/foo | tar xf - -C /tmp/bar
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "tar cf - /tmp/foo")
tar: command not found
(playground) the terminal has no tar: kubectl cp copies files and directories to and from containers

# Deployments and Services: two pods, two containers each.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
spec:
  replicas: 2
  selector:
    matchLabels:
      app: my
  template:
    metadata:
      labels:
        app: my
    spec:
      containers:
      - name: my-container
        image: busybox:1.28
        command: ["sh", "-c", "echo started; sleep 3600"]
        ports:
        - containerPort: 6000
      - name: sidecar
        image: busybox:1.28
        command: ["sh", "-c", "echo sidecar; sleep 3600"]
---
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app: my
  ports:
  - name: my-service-port
    port: 5000
    targetPort: 6000
EOF
deployment.apps/my-deployment created
service/my-service created

$ sim settle
settled after 30 steps and 2s of virtual time

# logs says which pod it read; exec and port-forward pick one silently.
$ kubectl logs deploy/my-deployment
Found 2 pods, using pod/my-deployment-649fbc5989-5w8j2
Defaulted container "my-container" out of: my-container, sidecar
started

$ kubectl logs deploy/my-deployment -c my-container
Found 2 pods, using pod/my-deployment-649fbc5989-5w8j2
started

# Port 5000 still forwards to my-pod, from above.
$ kubectl port-forward svc/my-service 5000
Unable to listen on port 5000: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:5000: bind: address already in use unable to create listener: Error listen tcp6 [::1]:5000: bind: address already in use]
error: unable to listen on any of the requested ports: [{5000 6000}]

$ kubectl port-forward svc/my-service 5001:my-service-port
Forwarding from 127.0.0.1:5001 -> 6000
Forwarding from [::1]:5001 -> 6000
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5001 on this machine reaches pod my-deployment-649fbc5989-5w8j2; it ends when the pod does

$ kubectl port-forward deploy/my-deployment 5002:6000
Forwarding from 127.0.0.1:5002 -> 6000
Forwarding from [::1]:5002 -> 6000
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:5002 on this machine reaches pod my-deployment-649fbc5989-5w8j2; it ends when the pod does

$ kubectl exec deploy/my-deployment -- ls
Defaulted container "my-container" out of: my-container, sidecar
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
