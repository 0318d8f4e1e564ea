# kubernetes.io "Service": "Multi-port Services", "Service type"
# (ClusterIP with a chosen IP, NodePort with a chosen port, LoadBalancer,
# ExternalName), "Headless Services", "Discovering services" and "External
# IPs", line by line; manifests come from here-documents (transcripts
# never download).
#
# "When using multiple ports for a Service, you must give all of your
# ports names": without them the API server refuses the Service.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
      targetPort: 9376
    - protocol: TCP
      port: 443
      targetPort: 9377
EOF
The Service "my-service" is invalid:
* spec.ports[0].name: Required value
* spec.ports[1].name: Required value

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - name: http
      protocol: TCP
      port: 80
      targetPort: 9376
    - name: https
      protocol: TCP
      port: 443
      targetPort: 9377
EOF
service/my-service created

$ kubectl get svc my-service
NAME         TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)          AGE
my-service   ClusterIP   10.98.159.187   <none>        80/TCP,443/TCP   0s

# "the names 123-abc and web are valid, but 123_abc and -web are not."
$ kubectl patch svc my-service --type=json -p '[{"op":"replace","path":"/spec/ports/0/name","value":"123_abc"}]'
The Service "my-service" is invalid: spec.ports[0].name: Invalid value: "123_abc": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

$ kubectl patch svc my-service --type=json -p '[{"op":"replace","path":"/spec/ports/0/name","value":"-web"}]'
The Service "my-service" is invalid: spec.ports[0].name: Invalid value: "-web": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

$ kubectl patch svc my-service --type=json -p '[{"op":"replace","path":"/spec/ports/0/name","value":"123-abc"},{"op":"replace","path":"/spec/ports/1/name","value":"web"}]'
service/my-service patched

$ kubectl delete svc my-service
service "my-service" deleted

# "Choosing your own IP address": one from the service-cluster-ip-range
# (kubeadm's default here, 10.96.0.0/12) is given; a taken or an
# out-of-range one is refused with a 422.
$ kubectl create service clusterip legacy --tcp=80 --clusterip=10.96.100.100
service/legacy created

$ kubectl get svc legacy
NAME     TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
legacy   ClusterIP   10.96.100.100   <none>        80/TCP    0s

$ kubectl create service clusterip legacy-copy --tcp=80 --clusterip=10.96.100.100
error: failed to create ClusterIP service: Service "legacy-copy" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.100.100"}: failed to allocate IP 10.96.100.100: provided IP is already allocated

$ kubectl create service clusterip elsewhere --tcp=80 --clusterip=192.168.0.10
error: failed to create ClusterIP service: Service "elsewhere" is invalid: spec.clusterIPs: Invalid value: []string{"192.168.0.10"}: failed to allocate IP 192.168.0.10: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12

$ kubectl create service clusterip elsewhere --tcp=80 --clusterip=10.96.0.300
error: failed to create ClusterIP service: Service "elsewhere" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)

# type: NodePort with a chosen nodePort. The here-document is quoted:
# the page's comments hold backquotes, which an unquoted one would run.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  type: NodePort
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - port: 80
      # By default and for convenience, the `targetPort` is set to
      # the same value as the `port` field.
      targetPort: 80
      # Optional field
      # By default and for convenience, the Kubernetes control plane
      # will allocate a port from a range (default: 30000-32767)
      nodePort: 30007
EOF
service/my-service created

$ kubectl get svc my-service
NAME         TYPE       CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
my-service   NodePort   10.106.139.36   <none>        80:30007/TCP   0s

# "The control plane will either allocate you that port or report that
# the API transaction failed."
$ kubectl create service nodeport another --tcp=80 --node-port=30007
error: failed to create NodePort service: Service "another" is invalid: spec.ports[0].nodePort: Invalid value: 30007: provided port is already allocated

$ kubectl create service nodeport another --tcp=80 --node-port=40000
error: failed to create NodePort service: Service "another" is invalid: spec.ports[0].nodePort: Invalid value: 40000: provided port is not in the valid range. The range of valid ports is 30000-32767

$ kubectl create service nodeport another --tcp=80
service/another created

$ kubectl delete svc my-service another
service "my-service" deleted
service "another" deleted

# type: LoadBalancer. The page's clusterIP, 10.0.171.239, is outside this
# cluster's range (as it is outside kind's 10.96.0.0/16), so the manifest
# is refused as written...
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
      targetPort: 9376
  clusterIP: 10.0.171.239
  type: LoadBalancer
status:
  loadBalancer:
    ingress:
    - ip: 192.0.2.127
EOF
The Service "my-service" is invalid: spec.clusterIPs: Invalid value: []string{"10.0.171.239"}: failed to allocate IP 10.0.171.239: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12

# ...and applied without it. The status a client sends with a create is
# dropped: the load balancer's address comes from its implementation (the
# playground's, like cloud-provider-kind, hands out 172.18.255.x).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
      targetPort: 9376
  type: LoadBalancer
status:
  loadBalancer:
    ingress:
    - ip: 192.0.2.127
EOF
service/my-service created

$ kubectl get svc my-service
NAME         TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
my-service   LoadBalancer   10.105.243.65   <pending>     80:31926/TCP   0s

$ sim settle
settled after 10 steps and 3s of virtual time

$ kubectl get svc my-service
NAME         TYPE           CLUSTER-IP      EXTERNAL-IP      PORT(S)        AGE
my-service   LoadBalancer   10.105.243.65   172.18.255.200   80:31926/TCP   3s

# "You can optionally disable node port allocation".
$ kubectl create service loadbalancer no-node-ports --tcp=80 --dry-run=client -o yaml > lb.yaml

$ kubectl patch -f lb.yaml --local --type=merge -p '{"spec":{"allocateLoadBalancerNodePorts":false}}' -o yaml > lb2.yaml

$ kubectl apply -f lb2.yaml
service/no-node-ports created

$ kubectl get svc no-node-ports
NAME            TYPE           CLUSTER-IP       EXTERNAL-IP   PORT(S)   AGE
no-node-ports   LoadBalancer   10.110.168.100   <pending>     80/TCP    0s

# spec.loadBalancerClass: only for type LoadBalancer, and fixed once set.
$ kubectl create service clusterip with-class --tcp=80 --dry-run=client -o json | kubectl patch -f - --local --type=merge -p '{"spec":{"loadBalancerClass":"example.com/internal-vip"}}' -o yaml | kubectl apply -f -
The Service "with-class" is invalid: spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'

$ kubectl patch svc no-node-ports -p '{"spec":{"loadBalancerClass":"example.com/internal-vip"}}'
The Service "no-node-ports" is invalid: spec.loadBalancerClass: Invalid value: "example.com/internal-vip": may not change once set

$ kubectl delete svc my-service no-node-ports
service "my-service" deleted
service "no-node-ports" deleted

# type: ExternalName maps my-service in prod to my.database.example.com.
$ kubectl create namespace prod
namespace/prod created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
  namespace: prod
spec:
  type: ExternalName
  externalName: my.database.example.com
EOF
service/my-service created

$ kubectl get svc my-service -n prod
NAME         TYPE           CLUSTER-IP   EXTERNAL-IP               PORT(S)   AGE
my-service   ExternalName   <none>       my.database.example.com   <none>    0s

# "When looking up the host my-service.prod.svc.cluster.local, the
# cluster DNS Service returns a CNAME record with the value
# my.database.example.com."
$ kubectl run dnsutils --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --restart=Never -- sleep infinity
pod/dnsutils created

$ sim settle
settled after 17 steps and 3s of virtual time

$ kubectl exec dnsutils -- nslookup my-service.prod.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

my-service.prod.svc.cluster.local	canonical name = my.database.example.com.

(playground) my.database.example.com is outside the simulated cluster: the records CoreDNS would add for it upstream are not shown

# Headless: clusterIP None, no virtual IP; DNS answers the ready pods.
$ kubectl create deployment my-app --image=registry.k8s.io/e2e-test-images/agnhost:2.53 --replicas=2 -- /agnhost serve-hostname
deployment.apps/my-app created

$ kubectl create service clusterip my-headless --clusterip=None --tcp=9376
service/my-headless created

$ kubectl patch svc my-headless -p '{"spec":{"selector":{"app":"my-app"}}}'
service/my-headless patched

$ sim settle
settled after 32 steps and 3s of virtual time

$ kubectl get svc my-headless
NAME          TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)    AGE
my-headless   ClusterIP   None         <none>        9376/TCP   3s

$ kubectl get pods -l app=my-app -o wide
NAME                      READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
my-app-57bbbc5956-mjv8k   1/1     Running   0          3s    10.244.3.2   kubeplay-worker3   <none>           <none>
my-app-57bbbc5956-pn5nt   1/1     Running   0          3s    10.244.1.3   kubeplay-worker    <none>           <none>

$ kubectl exec dnsutils -- nslookup my-headless
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	my-headless.default.svc.cluster.local
Address: 10.244.3.2
Name:	my-headless.default.svc.cluster.local
Address: 10.244.1.3

# "When you define a headless Service without a selector, the port must
# match the targetPort." The API server does not check it: upstream's
# validation keeps that check commented out for compatibility, so the
# Service is created; DNS answers its endpoints' addresses, whose ports
# nothing rewrites.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: headless-no-selector
spec:
  clusterIP: None
  ports:
  - port: 80
    targetPort: 8080
EOF
service/headless-no-selector created

# Environment variables: a Service made before the Pod appears in it.
$ kubectl create service clusterip redis-primary --tcp=6379
service/redis-primary created

$ kubectl run env-reader --image=busybox:1.36 --restart=Never -- sleep 3600
pod/env-reader created

$ sim settle
settled after 11 steps and 2s of virtual time

$ kubectl exec env-reader -- sh -c 'env | grep ^REDIS_PRIMARY | sort'
REDIS_PRIMARY_PORT=tcp://10.108.97.48:6379
REDIS_PRIMARY_PORT_6379_TCP=tcp://10.108.97.48:6379
REDIS_PRIMARY_PORT_6379_TCP_ADDR=10.108.97.48
REDIS_PRIMARY_PORT_6379_TCP_PORT=6379
REDIS_PRIMARY_PORT_6379_TCP_PROTO=tcp
REDIS_PRIMARY_SERVICE_HOST=10.108.97.48
REDIS_PRIMARY_SERVICE_PORT=6379
REDIS_PRIMARY_SERVICE_PORT_6379=6379

# "Kubernetes also supports DNS SRV (Service) records for named ports."
$ kubectl create service clusterip my-svc --tcp=80 -n prod
service/my-svc created

$ kubectl patch svc my-svc -n prod --type=json -p '[{"op":"replace","path":"/spec/ports/0/name","value":"http"}]'
service/my-svc patched

$ kubectl exec dnsutils -- nslookup -type=srv _http._tcp.my-svc.prod
Server:		10.96.0.10
Address:	10.96.0.10#53

_http._tcp.my-svc.prod.svc.cluster.local	service = 0 100 80 my-svc.prod.svc.cluster.local.

# External IPs: the Service also answers on 198.51.100.32:80.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - name: http
      protocol: TCP
      port: 80
      targetPort: 49152
  externalIPs:
    - 198.51.100.32
EOF
service/my-service created

$ kubectl get svc my-service
NAME         TYPE        CLUSTER-IP      EXTERNAL-IP     PORT(S)   AGE
my-service   ClusterIP   10.98.118.250   198.51.100.32   80/TCP    0s

$ kubectl describe svc my-service
Name:                     my-service
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 app.kubernetes.io/name=MyApp
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.98.118.250
IPs:                      10.98.118.250
External IPs:             198.51.100.32
Port:                     http  80/TCP
TargetPort:               49152/TCP
Endpoints:                <none>
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

# Session stickiness: ClientIP affinity sends one client to one pod.
$ kubectl expose deployment my-app --name=sticky --port=80 --target-port=9376 --session-affinity=ClientIP
service/sticky exposed

$ sim settle
settled after 6 steps and 0s of virtual time

$ kubectl describe svc sticky
Name:                     sticky
Namespace:                default
Labels:                   app=my-app
Annotations:              <none>
Selector:                 app=my-app
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.101.157.96
IPs:                      10.101.157.96
Port:                     <unset>  80/TCP
TargetPort:               9376/TCP
Endpoints:                10.244.3.2:9376,10.244.1.3:9376
Session Affinity:         ClientIP
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl get svc sticky -o jsonpath='{.spec.sessionAffinityConfig}{"\n"}'
{"clientIP":{"timeoutSeconds":10800}}

$ kubectl exec env-reader -- sh -c 'for i in 1 2 3 4 5 6; do wget -qO- sticky; echo; done'
my-app-57bbbc5956-mjv8k
my-app-57bbbc5956-mjv8k
my-app-57bbbc5956-mjv8k
my-app-57bbbc5956-mjv8k
my-app-57bbbc5956-mjv8k
my-app-57bbbc5956-mjv8k

$ kubectl exec dnsutils -- nslookup sticky
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	sticky.default.svc.cluster.local
Address: 10.101.157.96
