# kubectl run -i/-t with a command: kubectl waits for the pod to run,
# attaches (its hint on stderr), prints the command's output as the
# container wrote it, then waits for the exit (--restart=Never or
# OnFailure) and deletes the pod (--rm). The output is what kubectl exec
# would print in that container; the container's exit code is the
# command's. A shell reading the terminal opens a session instead.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl run tmp --rm -it --image=busybox --restart=Never -- wget -qO- http://web
If you don't see a command prompt, try pressing enter.
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
pod "tmp" deleted

$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
web-797596b896-g46q7   1/1     Running   0          7s
web-797596b896-rngh8   1/1     Running   0          7s

$ kubectl run -i --rm dns --image=busybox:1.28 --restart=Never -- nslookup kubernetes.default
If you don't see a command prompt, try pressing enter.
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      kubernetes.default
Address 1: 10.96.0.1 kubernetes.default.svc.cluster.local
pod "dns" deleted

$ kubectl run curl --image=curlimages/curl -i --tty --rm -- curl -s -o /dev/null -w '%{http_code}\n' http://web.default.svc.cluster.local
If you don't see a command prompt, try pressing enter.
200
Session ended, resume using 'kubectl attach curl -c curl -i -t' command when the pod is running
pod "curl" deleted

$ kubectl run test --rm -i --image=busybox --restart=Never -- wget -qO- --timeout=2 http://nope
If you don't see a command prompt, try pressing enter.
wget: bad address 'nope'
pod "test" deleted
pod default/test terminated (Error)

$ kubectl run keep -i --image=busybox --restart=Never --command -- sh -c 'echo done; exit 3'; echo "exit $?"
If you don't see a command prompt, try pressing enter.
done
pod default/keep terminated (Error)
exit 3

$ kubectl get pod keep
NAME   READY   STATUS   RESTARTS   AGE
keep   0/1     Error    0          3s

$ kubectl run envs -i --rm --image=busybox --restart=Never --env=MODE=dev -- printenv MODE
If you don't see a command prompt, try pressing enter.
dev
pod "envs" deleted

# A shell reads the terminal: the lines after it go to the container
# until exit (see interactive_run.t).
$ kubectl run sh --rm -it --image=busybox --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ hostname
sh

$ exit
pod "sh" deleted

$ kubectl run shell --rm -it --image=busybox
If you don't see a command prompt, try pressing enter.

$ exit
Session ended, resume using 'kubectl attach shell -c shell -i -t' command when the pod is running
pod "shell" deleted

# nginx's own process is a server: nothing to type into, and it never ends.
$ kubectl run srv --rm -it --image=nginx
error: (playground) attaching to the image's own process (a server that never ends) is not supported: the terminal cannot type into it or stop it; give one command after --, as in kubectl run tmp --rm -it --image=busybox --restart=Never -- wget -qO- http://web, or open a shell with kubectl run tmp --rm -it --image=busybox --restart=Never -- sh

$ kubectl get pods
NAME                   READY   STATUS        RESTARTS   AGE
keep                   0/1     Error         0          11s
shell                  1/1     Terminating   0          2s
web-797596b896-g46q7   1/1     Running       0          28s
web-797596b896-rngh8   1/1     Running       0          28s
