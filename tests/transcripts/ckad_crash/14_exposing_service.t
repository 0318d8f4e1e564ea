# bmuschko/ckad-crash-course, exercises/14-exposing-service, the
# solution's commands in order. Addresses the solution took from the
# screen come from jsonpath here.
$ kubectl create service clusterip myapp --tcp=80:80
service/myapp created

$ kubectl get services
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   2s
myapp        ClusterIP   10.100.6.229   <none>        80/TCP    0s

$ kubectl create deployment myapp --image=nginx --port=80
deployment.apps/myapp created

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl get deployments,pods
NAME                    READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/myapp   1/1     1            1           4s

NAME                         READY   STATUS    RESTARTS   AGE
pod/myapp-66465cf598-g46q7   1/1     Running   0          4s

$ kubectl scale deployment myapp --replicas=2
deployment.apps/myapp scaled

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get deployments,pods
NAME                    READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/myapp   2/2     2            2           8s

NAME                         READY   STATUS    RESTARTS   AGE
pod/myapp-66465cf598-72qw9   1/1     Running   0          4s
pod/myapp-66465cf598-g46q7   1/1     Running   0          8s

$ kubectl run tmp --image=busybox --restart=Never -it --rm -- wget -O- $(kubectl get svc myapp -o jsonpath='{.spec.clusterIP}'):80
If you don't see a command prompt, try pressing enter.
Connecting to 10.100.6.229 (10.100.6.229:80)
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
pod "tmp" deleted

$ KUBE_EDITOR="sed -i 's/type: ClusterIP/type: NodePort/'" kubectl edit service myapp
service/myapp edited

$ kubectl get services
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP        13s
myapp        NodePort    10.100.6.229   <none>        80:30990/TCP   11s

$ kubectl get nodes -o wide
NAME                     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME
kubeplay-control-plane   Ready    control-plane   13s   v1.32.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker          Ready    <none>          13s   v1.32.0   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker2         Ready    <none>          13s   v1.32.0   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker3         Ready    <none>          13s   v1.32.0   172.18.0.5    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24

# The solution's node is minikube's; kind's nodes are containers on the
# machine's Docker network, so a node's address reaches the NodePort.
# (playground) the terminal's wget runs only quiet (-qO-); GNU wget
# prints its request and progress lines to stderr and nginx's page.
$ wget -O- 172.18.0.3:$(kubectl get svc myapp -o jsonpath='{.spec.ports[0].nodePort}')
wget: (playground) this machine's wget writes no files: it runs only as wget -qO- URL; curl URL shows more

$ wget -qO- 172.18.0.3:$(kubectl get svc myapp -o jsonpath='{.spec.ports[0].nodePort}') | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
