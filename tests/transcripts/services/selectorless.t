# A Service without a selector, or with `selector: {}`, gets no Endpoints
# from the endpoints controller: the user manages them. `{}` counts as no
# selector because the API stores the field omitempty and as protobuf, so
# it reads back absent (kubernetes/kubernetes#25836; the field's API doc:
# "If empty or not present, the service is assumed to have an external
# process managing its endpoints").
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: external-db
spec:
  selector: {}
  ports:
  - port: 5432
---
apiVersion: v1
kind: Endpoints
metadata:
  name: external-db
subsets:
- addresses:
  - ip: 192.168.10.5
  ports:
  - port: 5432
YAML
service/external-db created
endpoints/external-db created

$ sim settle
settled after 26 steps and 4s of virtual time

# The web pods are not picked up; the hand-written address stays.
$ kubectl get endpoints external-db
NAME          ENDPOINTS           AGE
external-db   192.168.10.5:5432   4s

# The EndpointSlice mirroring controller copies them into a slice owned by
# the Endpoints object: what kube-proxy and kubectl describe read.
$ kubectl get endpointslices -l kubernetes.io/service-name=external-db
NAME                ADDRESSTYPE   PORTS   ENDPOINTS      AGE
external-db-2bcp5   IPv4          5432    192.168.10.5   4s

$ kubectl get endpointslices -l kubernetes.io/service-name=external-db -o jsonpath='{.items[0].metadata.labels}{"\n"}{.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}{"\n"}'
{"endpointslice.kubernetes.io/managed-by":"endpointslicemirroring-controller.k8s.io","kubernetes.io/service-name":"external-db"}
Endpoints/external-db

$ kubectl describe svc external-db
Name:                     external-db
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 <none>
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.107.77.184
IPs:                      10.107.77.184
Port:                     <unset>  5432/TCP
TargetPort:               5432/TCP
Endpoints:                192.168.10.5:5432
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

# The API server writes the kubernetes Service's slice itself.
$ kubectl get endpointslices kubernetes
NAME         ADDRESSTYPE   PORTS   ENDPOINTS    AGE
kubernetes   IPv4          6443    172.18.0.2   6s

# kube-proxy sends the Service's traffic to the hand-written address.
$ sim curl http://external-db:5432/
sent to 192.168.10.5:5432, outside the simulated cluster (what answers there is not simulated)

# kubectl finds no pod through a Service without a selector.
$ kubectl exec svc/external-db -- env
error: cannot attach to *v1.Service: invalid service 'external-db': Service is defined without a selector

$ kubectl get svc external-db -o wide
NAME          TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)    AGE   SELECTOR
external-db   ClusterIP   10.107.77.184   <none>        5432/TCP   4s    <none>

$ kubectl get svc external-db -o jsonpath='{.spec.selector}'

# A Service that loses its selector keeps the Endpoints it had: both
# controllers return early for a nil selector and touch nothing.
$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get endpoints web
NAME   ENDPOINTS                     AGE
web    10.244.1.2:80,10.244.3.2:80   0s

$ kubectl patch svc web --type=json -p '[{"op":"remove","path":"/spec/selector"}]'
service/web patched

$ kubectl scale deployment web --replicas=3
deployment.apps/web scaled

$ sim settle
settled after 20 steps and 4s of virtual time

$ kubectl get endpoints web
NAME   ENDPOINTS                     AGE
web    10.244.1.2:80,10.244.3.2:80   4s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2nwpc   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-g46q7   1/1     Running   0          8s    10.244.1.2   kubeplay-worker    <none>           <none>
web-797596b896-rngh8   1/1     Running   0          8s    10.244.3.2   kubeplay-worker3   <none>           <none>

# Traffic still goes to the addresses listed, not to the new pod.
$ sim curl --count 100 http://web/
POD                    REQUESTS
web-797596b896-g46q7   51
web-797596b896-rngh8   49

# A listed pod that is gone leaves an address nothing answers: requests
# kube-proxy sends there time out.
$ kubectl delete pod web-797596b896-rngh8
pod "web-797596b896-rngh8" deleted

$ sim settle
settled after 9 steps and 1s of virtual time

$ kubectl get endpoints web
NAME   ENDPOINTS                     AGE
web    10.244.1.2:80,10.244.3.2:80   6s

$ sim curl --count 100 http://web/
POD                    REQUESTS
web-797596b896-g46q7   51
49 × curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server

# Headless and without a selector: DNS answers the hand-written addresses,
# by hostname too.
$ kubectl apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  ports:
  - port: 5432
---
apiVersion: v1
kind: Endpoints
metadata:
  name: db
subsets:
- addresses:
  - ip: 192.168.10.7
    hostname: primary
  ports:
  - port: 5432
YAML
service/db created
endpoints/db created

$ sim curl http://primary.db:5432/
sent to 192.168.10.7:5432, outside the simulated cluster (what answers there is not simulated)

$ sim curl http://db.default.svc.cluster.local:5432/
sent to 192.168.10.7:5432, outside the simulated cluster (what answers there is not simulated)
