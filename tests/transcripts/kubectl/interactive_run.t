# kubectl run -it … -- sh: kubectl creates the pod, waits for it to run and
# attaches the terminal to its shell; each line after it is typed into
# that shell (busybox's ash, prompt `/ # `) until exit. The shell keeps
# its working directory, variables and $? from line to line; kubectl is
# not in the container. When the shell exits, the container exits with
# its code, and kubectl ends as run.go does: waiting for the pod to end
# (--restart=Never), deleting it (--rm), reporting a failure's code.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 32 steps and 4s of virtual time

# DNS debugging, as the docs' "Debugging DNS Resolution" does it.
$ kubectl run -it --rm debug --image=busybox:1.28 --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ nslookup web
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      web
Address 1: 10.107.77.184 web.default.svc.cluster.local

$ nslookup web.default.svc.cluster.local
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      web.default.svc.cluster.local
Address 1: 10.107.77.184 web.default.svc.cluster.local

$ cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ wget -qO- http://web
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

$ nslookup nosuch
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

nslookup: can't resolve 'nosuch'

$ echo $?
1

$ kubectl get pods
sh: kubectl: not found

$ echo $?
127

$ cd /tmp

$ pwd
/tmp

$ cd /nope
sh: cd: can't cd to /nope: No such file or directory

$ NAME=world

$ echo "hello $NAME" '$NAME'
hello world $NAME

$ export NAME

$ cd

$ pwd
/root

$ hostname
debug

$ exit
pod "debug" deleted

$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
web-797596b896-g46q7   1/1     Running   0          7s
web-797596b896-rngh8   1/1     Running   0          7s

# A non-zero exit: the pod fails with the shell's code, which kubectl
# reports after deleting it (and exits with).
$ kubectl run -it --rm fail --image=busybox --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ false || exit 3
pod "fail" deleted
pod default/fail terminated (Error)

$ echo $?
3

# busybox's own command is sh: without --rm or --restart the pod stays,
# and its shell restarts for the next attach.
$ kubectl run bb -it --image=busybox
If you don't see a command prompt, try pressing enter.

$ printenv HOSTNAME
bb

$ exit
Session ended, resume using 'kubectl attach bb -c bb -i -t' command when the pod is running

$ kubectl get pod bb
NAME   READY   STATUS    RESTARTS   AGE
bb     1/1     Running   0          2s

# Debian's images: bash's prompt names the user and the host.
$ kubectl run -it --rm deb --image=debian --restart=Never -- bash
If you don't see a command prompt, try pressing enter.

$ cd /etc

$ echo $PWD $HOSTNAME
/etc deb

$ exit 0
exit
pod "deb" deleted

# -t needs -i; attached without -i, the shell reads nothing and exits.
$ kubectl run -t quiet --image=busybox --restart=Never -- sh
error: -i/--stdin is required for containers with -t/--tty=true
See 'kubectl run -h' for help and examples

$ kubectl run --attach quiet --image=busybox --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ kubectl get pod quiet
NAME    READY   STATUS      RESTARTS   AGE
quiet   0/1     Completed   0          3s
