# dgkanatsios/CKAD-exercises, f.services.md.

# Create a pod with image nginx called nginx and expose its port 80: a
# pod and a service are created.
$ kubectl run nginx --image=nginx --restart=Never --port=80 --expose
service/nginx created
pod/nginx created

$ sim settle
settled after 11 steps and 4s of virtual time

# Confirm that ClusterIP has been created. Also check endpoints (v1.33
# deprecates Endpoints; v1.32 prints no warning).
$ kubectl get svc nginx
NAME    TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
nginx   ClusterIP   10.107.77.184   <none>        80/TCP    4s

$ kubectl get ep
NAME         ENDPOINTS         AGE
kubernetes   172.18.0.2:6443   6s
nginx        10.244.1.2:80     4s

# Get pod's ClusterIP, create a temp busybox pod and 'hit' that IP with wget
$ kubectl get svc nginx
NAME    TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
nginx   ClusterIP   10.107.77.184   <none>        80/TCP    4s

$ kubectl get svc nginx -o jsonpath='{.spec.clusterIP}{"\n"}'
10.107.77.184

$ kubectl run busybox --rm --image=busybox -it --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ wget -O- 10.107.77.184:80
Connecting to 10.107.77.184 (10.107.77.184:80)
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
pod "busybox" deleted

# Convert the ClusterIP to NodePort and find the NodePort port. Hit it
# using Node's IP. Delete the service and the pod. (kubectl edit, with an
# editor that changes the type: this terminal has no vi.)
$ KUBE_EDITOR="sed -i 's/^  type: ClusterIP$/  type: NodePort/'" kubectl edit svc nginx
service/nginx edited

$ kubectl get svc
NAME         TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
kubernetes   ClusterIP   10.96.0.1       <none>        443/TCP        9s
nginx        NodePort    10.107.77.184   <none>        80:31331/TCP   7s

# From this machine, a node's address and the node port reach nginx.
$ kubectl get nodes -o wide
NAME                     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME
kubeplay-control-plane   Ready    control-plane   9s    v1.32.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker          Ready    <none>          9s    v1.32.0   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker2         Ready    <none>          9s    v1.32.0   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker3         Ready    <none>          9s    v1.32.0   172.18.0.5    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24

$ curl -s 172.18.0.3:$(kubectl get svc nginx -o jsonpath='{.spec.ports[0].nodePort}') | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>

$ kubectl delete svc nginx
service "nginx" deleted

$ kubectl delete po nginx
pod "nginx" deleted

# Create a deployment called foo using image 'dgkanatsios/simpleapp' (a
# simple server that returns hostname) and 3 replicas. Label it as
# 'app=foo'. Declare that containers in this pod will accept traffic on
# port 8080. kubectl run lost --replicas (and its deployments) in v1.18.
$ kubectl run foo --image=dgkanatsios/simpleapp --labels=app=foo --port=8080 --replicas=3
error: unknown flag: --replicas
See 'kubectl run --help' for usage.

$ kubectl create deployment foo --image=dgkanatsios/simpleapp --port=8080 --replicas=3
deployment.apps/foo created

$ kubectl get deploy foo --show-labels
NAME   READY   UP-TO-DATE   AVAILABLE   AGE   LABELS
foo    0/3     0            0           0s    app=foo

$ sim settle
settled after 28 steps and 3s of virtual time

# Get the pod IPs. Create a temp busybox pod and trying hitting them on port 8080
$ kubectl get pods -l app=foo -o wide
NAME                  READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
foo-87446b6bb-f7h8c   1/1     Running   0          3s    10.244.1.3   kubeplay-worker    <none>           <none>
foo-87446b6bb-hl54k   1/1     Running   0          3s    10.244.2.3   kubeplay-worker2   <none>           <none>
foo-87446b6bb-ntd6s   1/1     Running   0          3s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ kubectl run busybox --image=busybox --restart=Never -it --rm -- sh
If you don't see a command prompt, try pressing enter.

$ for ip in 10.244.1.3 10.244.2.3 10.244.3.3; do wget -qO- $ip:8080; done
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves

$ exit
pod "busybox" deleted

# Create a service that exposes the deployment on port 6262. Verify its
# existence, check the endpoints (the resource is "endpoints").
$ kubectl expose deploy foo --port=6262 --target-port=8080
service/foo exposed

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get service foo
NAME   TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)    AGE
foo    ClusterIP   10.108.97.48   <none>        6262/TCP   0s

$ kubectl get endpoint foo
error: the server doesn't have a resource type "endpoint"

$ kubectl get endpoints foo
NAME   ENDPOINTS                                         AGE
foo    10.244.1.3:8080,10.244.2.3:8080,10.244.3.3:8080   0s

# Create a temp busybox pod and connect via wget to foo service. Verify
# that each time there's a different hostname returned.
$ kubectl get svc
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)    AGE
foo          ClusterIP   10.108.97.48   <none>        6262/TCP   0s
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP    16s

$ kubectl run busybox --image=busybox -it --rm --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ wget -qO- foo:6262
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves

$ wget -qO- foo:6262
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves

$ wget -qO- foo:6262
(playground) the simulated server answered 200, but the playground does not know what docker.io/dgkanatsios/simpleapp:latest serves

$ exit
pod "busybox" deleted

$ kubectl delete svc foo
service "foo" deleted

$ kubectl delete deploy foo
deployment.apps "foo" deleted

# Create an nginx deployment of 2 replicas, expose it via a ClusterIP
# service on port 80. Create a NetworkPolicy so that only pods with labels
# 'access: true' can access the deployment and apply it. kubectl run has
# no --replicas; and describe has no -o.
$ kubectl run nginx --image=nginx --replicas=2 --port=80 --expose
error: unknown flag: --replicas
See 'kubectl run --help' for usage.

$ kubectl create deployment nginx --image=nginx --replicas=2 --port=80
deployment.apps/nginx created

$ kubectl expose deployment nginx --port=80
service/nginx exposed

$ kubectl describe svc nginx -o wide
error: unknown shorthand flag: 'o' in -o
See 'kubectl describe --help' for usage.

$ kubectl describe svc nginx
Name:                     nginx
Namespace:                default
Labels:                   app=nginx
Annotations:              <none>
Selector:                 app=nginx
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.107.116.197
IPs:                      10.107.116.197
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                <none>
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl get svc nginx -o yaml --export
error: unknown flag: --export
See 'kubectl get --help' for usage.

$ cat <<EOF > policy.yaml
kind: NetworkPolicy
apiVersion: networking.k8s.io/v1
metadata:
  name: access-nginx # pick a name
spec:
  podSelector:
    matchLabels:
      app: nginx # selector for the pods (create deployment labels app=)
  ingress: # allow ingress traffic
  - from:
    - podSelector: # from pods
        matchLabels: # with this label
          access: 'true' # 'true' *needs* quotes in YAML, apparently
EOF

$ kubectl create -f policy.yaml
networkpolicy.networking.k8s.io/access-nginx created

$ sim settle
settled after 55 steps and 4s of virtual time

# Without the label the request times out; with it, nginx answers.
$ kubectl run busybox --image=busybox --rm -it --restart=Never -- wget -O- http://nginx:80 --timeout 2
If you don't see a command prompt, try pressing enter.
Connecting to nginx (10.107.116.197:80)
wget: download timed out
pod "busybox" deleted
pod default/busybox terminated (Error)

$ kubectl run busybox --image=busybox --rm -it --restart=Never --labels=access=true -- wget -qO- http://nginx:80 --timeout 2
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
pod "busybox" deleted
