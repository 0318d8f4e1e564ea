# alijahnas/CKA-practice-exercises, services-networking.md, each
# exercise's commands in order. `sim settle` stands for the seconds a
# learner waits before looking.

# A deployment of the latest nginx with two replicas, exposed on a
# NodePort; every element, the endpoints too; the index page through the
# NodePort.
$ kubectl create deployment nginx --image=nginx:latest
deployment.apps/nginx created

$ kubectl scale deployment nginx --replicas=2
deployment.apps/nginx scaled

$ kubectl expose deployment nginx --port=80 --target-port=80 --type=NodePort
service/nginx exposed

# Typed at once: no pod is ready yet, so no endpoint.
$ kubectl describe svc nginx
Name:                     nginx
Namespace:                default
Labels:                   app=nginx
Annotations:              <none>
Selector:                 app=nginx
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.107.77.184
IPs:                      10.107.77.184
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
NodePort:                 <unset>  31533/TCP
Endpoints:                <none>
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl describe svc nginx
Name:                     nginx
Namespace:                default
Labels:                   app=nginx
Annotations:              <none>
Selector:                 app=nginx
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.107.77.184
IPs:                      10.107.77.184
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
NodePort:                 <unset>  31533/TCP
Endpoints:                10.244.3.2:80,10.244.1.2:80
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl get pods -l app=nginx -o wide
NAME                    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx-f8c85df59-5rkn4   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
nginx-f8c85df59-rzrgs   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

# The page curls its control-plane node's address on the NodePort; here
# the control plane is 172.18.0.2 and the port the one allocated above.
$ kubectl get nodes -o wide
NAME                     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME
kubeplay-control-plane   Ready    control-plane   6s    v1.32.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker          Ready    <none>          6s    v1.32.0   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker2         Ready    <none>          6s    v1.32.0   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker3         Ready    <none>          6s    v1.32.0   172.18.0.5    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24

$ curl http://172.18.0.2:$(kubectl get svc nginx -o jsonpath='{.spec.ports[0].nodePort}')
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

# The same with a LoadBalancer Service. The page installs MetalLB from
# its manifests first: this terminal downloads nothing, and has one
# directory (cd is refused, where bash would change directory).
$ mkdir metallb

$ cd metallb
cd: (playground) the terminal stays in its one directory: name the files with their directory instead (DIR/FILE)

$ wget https://raw.githubusercontent.com/google/metallb/v0.9.6/manifests/namespace.yaml
wget: (playground) the playground has no internet, so nothing is downloaded from raw.githubusercontent.com: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)

$ wget https://raw.githubusercontent.com/google/metallb/v0.9.6/manifests/metallb.yaml
wget: (playground) the playground has no internet, so nothing is downloaded from raw.githubusercontent.com: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)

$ cat << EOF > metallb-config.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  namespace: metallb-system
  name: config
data:
  config: |
    address-pools:
    - name: default
      protocol:
      addresses:
      - 172.16.1.101-172.16.1.150
EOF

$ kubectl apply -f namespace.yaml
error: the path "namespace.yaml" does not exist
(playground) no file named namespace.yaml here: write it first (cat <<EOF > namespace.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl apply -f metallb-config.yaml
Error from server (NotFound): error when creating "metallb-config.yaml": namespaces "metallb-system" not found

$ kubectl apply -f metallb.yaml
error: the path "metallb.yaml" does not exist
(playground) no file named metallb.yaml here: write it first (cat <<EOF > metallb.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl create secret generic -n metallb-system memberlist --from-literal=secretkey="$(openssl rand -base64 128)"
openssl: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"
error: failed to create secret namespaces "metallb-system" not found

# This cluster's cloud provider assigns LoadBalancer addresses itself
# (as cloud-provider-kind does on kind), from 172.18.255.200 on.
$ kubectl create deployment nginx-lb --image=nginx:latest
deployment.apps/nginx-lb created

$ kubectl scale deployment nginx-lb --replicas=2
deployment.apps/nginx-lb scaled

$ kubectl expose deployment nginx-lb --port=80 --target-port=80 --type=LoadBalancer
service/nginx-lb exposed

$ sim settle
settled after 36 steps and 3s of virtual time

$ kubectl describe svc nginx-lb
Name:                     nginx-lb
Namespace:                default
Labels:                   app=nginx-lb
Annotations:              <none>
Selector:                 app=nginx-lb
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.111.69.138
IPs:                      10.111.69.138
LoadBalancer Ingress:     172.18.255.200 (VIP)
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
NodePort:                 <unset>  30456/TCP
Endpoints:                10.244.1.3:80,10.244.3.3:80
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  3s    service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   0s    service-controller  Ensured load balancer

$ curl http://172.18.255.200:80
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

# Ingress: an apache deployment beside nginx-lb, exposed on 8080.
$ kubectl create deployment apache-lb --image=bitnami/apache:latest
deployment.apps/apache-lb created

$ kubectl scale deployment apache-lb --replicas=2
deployment.apps/apache-lb scaled

$ kubectl expose deployment apache-lb --port=8080 --target-port=8080 --type=LoadBalancer # Replace by NodePort if you don't have a LoadBalancer provider
service/apache-lb exposed

$ sim settle
settled after 36 steps and 3s of virtual time

$ kubectl describe svc apache-lb
Name:                     apache-lb
Namespace:                default
Labels:                   app=apache-lb
Annotations:              <none>
Selector:                 app=apache-lb
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.105.121.155
IPs:                      10.105.121.155
LoadBalancer Ingress:     172.18.255.201 (VIP)
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  32304/TCP
Endpoints:                10.244.3.4:8080,10.244.2.3:8080
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  3s    service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   0s    service-controller  Ensured load balancer

$ curl http://172.18.255.201:8080
<html><body><h1>It works!</h1></body></html>

$ cat <<EOF > web-ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web-ingress
spec:
  ingressClassName: nginx
  rules:
  - host: nginx-or-apache.com
    http:
      paths:
      - pathType: Prefix
        path: /nginx
        backend:
          service:
            name: nginx-lb
            port:
              number: 80
      - pathType: Prefix
        path: /apache
        backend:
          service:
            name: apache-lb
            port:
              number: 8080
EOF

# The ingress-nginx controller's manifests are downloads too.
$ kubectl apply -f https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/cloud/deploy.yaml
error: Get "https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/cloud/deploy.yaml": dial tcp: lookup raw.githubusercontent.com: no such host
(playground) the playground did not download https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/cloud/deploy.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl apply -f https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/baremetal/deploy.yaml
error: Get "https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/baremetal/deploy.yaml": dial tcp: lookup raw.githubusercontent.com: no such host
(playground) the playground did not download https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v0.46.0/deploy/static/provider/baremetal/deploy.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl -n ingress-nginx get svc
No resources found in ingress-nginx namespace.

# With no controller the Ingress gets no address; its backends resolve.
$ kubectl apply -f web-ingress.yaml
ingress.networking.k8s.io/web-ingress created

$ kubectl describe ingress web-ingress
Name:             web-ingress
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx
Default backend:  <default>
Rules:
  Host                 Path  Backends
  ----                 ----  --------
  nginx-or-apache.com
                       /nginx    nginx-lb:80 (10.244.1.3:80,10.244.3.3:80)
                       /apache   apache-lb:8080 (10.244.3.4:8080,10.244.2.3:8080)
Annotations:           <none>
Events:                <none>

# CoreDNS: resolve both Services from a busybox pod.
$ kubectl run busybox --image=busybox --rm -it --restart=Never -- sh
If you don't see a command prompt, try pressing enter.

$ nslookup apache-lb
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	apache-lb.default.svc.cluster.local
Address: 10.105.121.155

** server can't find apache-lb.svc.cluster.local: NXDOMAIN

** server can't find apache-lb.cluster.local: NXDOMAIN


** server can't find apache-lb.svc.cluster.local: NXDOMAIN

** server can't find apache-lb.cluster.local: NXDOMAIN

$ nslookup nginx-lb
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	nginx-lb.default.svc.cluster.local
Address: 10.111.69.138

** server can't find nginx-lb.svc.cluster.local: NXDOMAIN

** server can't find nginx-lb.cluster.local: NXDOMAIN


** server can't find nginx-lb.svc.cluster.local: NXDOMAIN

** server can't find nginx-lb.cluster.local: NXDOMAIN

$ exit
pod "busybox" deleted
pod default/busybox terminated (Error)
