# kubernetes.io's "Using Source IP", line by line: echoserver reports the
# address each request came from, which shows where kube-proxy (iptables
# mode, as in kind) rewrites the source (SNAT) and where it keeps it.
$ kubectl create deployment source-ip-app --image=registry.k8s.io/echoserver:1.10
deployment.apps/source-ip-app created

$ sim settle
settled after 16 steps and 3s of virtual time

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   5s    v1.32.0
kubeplay-worker          Ready    <none>          5s    v1.32.0
kubeplay-worker2         Ready    <none>          5s    v1.32.0
kubeplay-worker3         Ready    <none>          5s    v1.32.0

# The page's `curl http://localhost:10249/proxyMode` runs on a node; its
# answer is kube-proxy's configured mode, in the kube-proxy ConfigMap.
$ kubectl get configmap kube-proxy -n kube-system -o yaml | grep mode
    mode: iptables

$ kubectl expose deployment source-ip-app --name=clusterip --port=80 --target-port=8080
service/clusterip exposed

$ kubectl get svc clusterip
NAME        TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)   AGE
clusterip   ClusterIP   10.111.205.204   <none>        80/TCP    0s

$ kubectl run busybox -it --image=busybox --restart=Never --rm
If you don't see a command prompt, try pressing enter.

# The page's `ip addr` is not simulated; the pod's address is in
# `kubectl get pod -o wide`.
# ClusterIP traffic from a pod is never SNAT'd: the client pod's address.
$ wget -qO - 10.111.205.204


Hostname: source-ip-app-d7fdb6577-jjhv7

Pod Information:
	-no pod information available-

Server values:
	server_version=nginx: 1.13.3 - lua: 10008

Request Information:
	client_address=10.244.1.2
	method=GET
	real path=/
	query=
	request_version=1.1
	request_scheme=http
	request_uri=http://10.111.205.204:8080/

Request Headers:
	connection=close
	host=10.111.205.204
	user-agent=Wget

Request Body:
	-no body in request-

$ exit
pod "busybox" deleted

$ kubectl expose deployment source-ip-app --name=nodeport --port=80 --target-port=8080 --type=NodePort
service/nodeport exposed

$ kubectl get -o jsonpath="{.spec.ports[0].nodePort}" services nodeport
30667

# kind's nodes have no ExternalIP; their InternalIPs are reachable from
# this machine.
$ kubectl get nodes -o jsonpath='{ $.items[*].status.addresses[?(@.type=="ExternalIP")].address }'

$ kubectl get nodes -o jsonpath='{ $.items[*].status.addresses[?(@.type=="InternalIP")].address }'
172.18.0.2 172.18.0.3 172.18.0.4 172.18.0.5

$ kubectl get pods -l app=source-ip-app -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
source-ip-app-d7fdb6577-jjhv7   1/1     Running   0          6s    10.244.3.2   kubeplay-worker3   <none>           <none>

# The page's `for node in $NODES; do curl -s $node:$NODEPORT | grep -i
# client_address; done`, one node at a time. The pod runs on worker3
# (172.18.0.5): there the source becomes worker3's pod gateway
# (10.244.3.1); elsewhere the receiving node's own address.
$ curl -s 172.18.0.2:30667 | grep -i client_address
	client_address=172.18.0.2

$ curl -s 172.18.0.3:30667 | grep -i client_address
	client_address=172.18.0.3

$ curl -s 172.18.0.4:30667 | grep -i client_address
	client_address=172.18.0.4

$ curl -s 172.18.0.5:30667 | grep -i client_address
	client_address=10.244.3.1

$ kubectl patch svc nodeport -p '{"spec":{"externalTrafficPolicy":"Local"}}'
service/nodeport patched

# Local: nodes without the pod drop the packets (curl gives up after its
# --connect-timeout); the pod's node keeps this machine's address.
$ curl --connect-timeout 1 -s 172.18.0.2:30667 | grep -i client_address

$ curl --connect-timeout 1 -s 172.18.0.5:30667 | grep -i client_address
	client_address=172.18.0.1

$ kubectl expose deployment source-ip-app --name=loadbalancer --port=80 --target-port=8080 --type=LoadBalancer
service/loadbalancer exposed

$ sim settle
settled after 9 steps and 3s of virtual time

$ kubectl get svc loadbalancer
NAME           TYPE           CLUSTER-IP   EXTERNAL-IP      PORT(S)        AGE
loadbalancer   LoadBalancer   10.97.6.14   172.18.255.200   80:30144/TCP   3s

$ kubectl patch svc loadbalancer -p '{"spec":{"externalTrafficPolicy":"Local"}}'
service/loadbalancer patched

$ kubectl get svc loadbalancer -o yaml | grep -i healthCheckNodePort
  healthCheckNodePort: 31286

# The page's -l run=source-ip-app is from when kubectl run made
# Deployments; kubectl create deployment labels app=.
$ kubectl get pod -o wide -l run=source-ip-app
No resources found in default namespace.

$ kubectl get pod -o wide -l app=source-ip-app
NAME                            READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
source-ip-app-d7fdb6577-jjhv7   1/1     Running   0          9s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl delete svc -l run=source-ip-app
No resources found

$ kubectl delete svc -l app=source-ip-app
service "clusterip" deleted
service "loadbalancer" deleted
service "nodeport" deleted

$ kubectl delete deployment source-ip-app
deployment.apps "source-ip-app" deleted
