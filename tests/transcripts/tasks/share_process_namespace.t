# kubernetes.io "Share Process Namespace between Containers in a Pod"
# (tasks/configure-pod-container/share-process-namespace.md), line by line
# on the playground's kind cluster (v1.32).
$ cat <<EOF > share-process-namespace.yaml
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  shareProcessNamespace: true
  containers:
  - name: nginx
    image: nginx
  - name: shell
    image: busybox:1.28
    command: ["sleep", "3600"]
    stdin: true
    tty: true
EOF

$ kubectl apply -f share-process-namespace.yaml
pod/nginx created

$ sim settle
settled after 7 steps and 4s of virtual time

# The shell container's process is `sleep 3600` (the page's output is from
# when it ran busybox's sh): attaching reaches sleep, which reads nothing,
# so the page's `ps ax` can only be typed into a shell that exec starts.
$ kubectl attach -it nginx -c shell
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what shell prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs nginx -c shell` shows what it printed before)

$ kubectl exec -it nginx -c shell -- sh

# Every container's processes, after the sandbox's /pause as PID 1.
# busybox's ps names users from its own /etc/passwd, which has neither
# nginx's user (101) nor the pause image's (65535, which containerd runs
# the sandbox as; the page's output predates it). nginx starts one worker
# per CPU of the node.
$ ps ax
PID   USER     TIME  COMMAND
    1 65535     0:00 /pause
    7 root      0:00 nginx: master process nginx -g daemon off;
   35 101       0:00 nginx: worker process
   36 101       0:00 nginx: worker process
   37 101       0:00 nginx: worker process
   38 101       0:00 nginx: worker process
   44 root      0:00 sleep 3600
   49 root      0:00 sh
   50 root      0:00 ps ax

# nginx's master is PID 7 here (8 on the page). HUP makes a real nginx
# reload and replace its workers, which then have new PIDs; the playground
# does not model the reload, so the table stays as it was.
$ kill -HUP 7

$ ps ax
PID   USER     TIME  COMMAND
    1 65535     0:00 /pause
    7 root      0:00 nginx: master process nginx -g daemon off;
   35 101       0:00 nginx: worker process
   36 101       0:00 nginx: worker process
   37 101       0:00 nginx: worker process
   38 101       0:00 nginx: worker process
   44 root      0:00 sleep 3600
   49 root      0:00 sh
   52 root      0:00 ps ax

# (playground) the other container's files through /proc/PID/root are not
# modelled: a real cluster prints the first lines of nginx's nginx.conf.
$ head /proc/7/root/etc/nginx/nginx.conf
error: (playground) the playground does not know what /proc/7/root/etc/nginx/nginx.conf holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

# PID 1 is the sandbox's /pause now, and it ignores HUP from inside the
# namespace: nothing happens.
$ kill -HUP 1

$ exit

$ kubectl get pod nginx
NAME    READY   STATUS    RESTARTS   AGE
nginx   2/2     Running   0          4s
