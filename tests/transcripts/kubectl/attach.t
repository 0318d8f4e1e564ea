# kubectl attach connects to the process a container already runs. A
# busybox started with -i -t runs sh reading its terminal: attaching with
# -it types into that shell; its exit ends the container's process, which
# the restart policy restarts, and kubectl says how to attach again.
$ kubectl run bb --image=busybox -it --restart=Always
If you don't see a command prompt, try pressing enter.

$ hostname
bb

$ exit
Session ended, resume using 'kubectl attach bb -c bb -i -t' command when the pod is running

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl get pod bb
NAME   READY   STATUS    RESTARTS     AGE
bb     1/1     Running   1 (2s ago)   4s

$ kubectl attach bb -it
If you don't see a command prompt, try pressing enter.

$ cd /tmp

$ pwd
/tmp

$ exit 0
Session ended, resume using 'kubectl attach bb -c bb -i -t' command when the pod is running

$ kubectl attach bb -c bb -i -t
If you don't see a command prompt, try pressing enter.
error: unable to upgrade connection: container not found ("bb")

$ sim settle
settled after 5 steps and 12s of virtual time

$ kubectl attach bb -c bb -i -t -q

$ echo quiet
quiet

$ exit

# Without -i: the process's output from the moment of attaching (the
# runtime keeps no backlog for an attach; nginx, idle, prints nothing), and
# the note that kubectl would keep streaming it.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 26 steps and 4s of virtual time

$ kubectl attach deploy/web
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what nginx prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs web-797596b896-x52zv -c nginx` shows what it printed before)

# -t to a container started without a TTY: kubectl's own error line, then
# the attach goes on without one.
$ kubectl attach deploy/web -it
error: Unable to use a TTY - container nginx did not allocate one
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what nginx prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs web-797596b896-x52zv -c nginx` shows what it printed before)

# The checks before attaching.
$ kubectl attach
error: at least 1 argument is required for attach

$ kubectl attach a b c
error: expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw 3: [a b c]

$ kubectl attach bb --pod-running-timeout=0s
error: --pod-running-timeout must be higher than zero
See 'kubectl attach -h' for help and examples

$ kubectl attach nope
Error from server (NotFound): pods "nope" not found

$ kubectl attach bb -c nope
error: cannot attach to the container: container nope not found in pod bb

$ kubectl run done --image=busybox --restart=Never -- true
pod/done created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl attach done
error: cannot attach a container in a completed pod; current phase is Succeeded

# kubectl debug -it attaches the same way, to an ephemeral container.
$ kubectl debug -it bb --image=busybox:1.28 --target=bb --profile=general
Targeting container "bb". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
Defaulting debug container name to debugger-6dxsq.
If you don't see a command prompt, try pressing enter.

$ nslookup web
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      web
Address 1: 10.110.191.109 web.default.svc.cluster.local

$ exit
Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach bb -c debugger-6dxsq -i -t' if it is still running
