# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# Service", "Defining a Service" and "Port definitions", line by line. The
# page's manifests come from here-documents: transcripts never download.
# The page supposes "a set of Pods that each listen on TCP port 9376 and
# are labelled as app.kubernetes.io/name=MyApp"; agnhost's serve-hostname
# (the Services pages' usual backend) listens on 9376 and answers its name.
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
EOF
service/my-service created

# "Kubernetes assigns this Service an IP address (the cluster IP)".
$ kubectl get svc my-service
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
my-service   ClusterIP   10.100.6.229   <none>        80/TCP    0s

# No Pod matches yet: the EndpointSlice the controller keeps is empty.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=my-service
NAME               ADDRESSTYPE   PORTS     ENDPOINTS   AGE
my-service-ptxtl   IPv4          <unset>   <unset>     0s

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: MyApp
  template:
    metadata:
      labels:
        app.kubernetes.io/name: MyApp
    spec:
      containers:
      - name: serve-hostname
        image: registry.k8s.io/e2e-test-images/agnhost:2.53
        args: ["serve-hostname"]
        ports:
        - containerPort: 9376
EOF
deployment.apps/my-app created

# "The controller for that Service continuously scans for Pods that match
# its selector, and then makes any necessary updates to the set of
# EndpointSlices for the Service."
$ sim settle
settled after 35 steps and 3s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=my-service
NAME               ADDRESSTYPE   PORTS   ENDPOINTS                          AGE
my-service-ptxtl   IPv4          9376    10.244.1.2,10.244.3.2,10.244.2.3   3s

$ kubectl describe svc my-service
Name:                     my-service
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 app.kubernetes.io/name=MyApp
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.100.6.229
IPs:                      10.100.6.229
Port:                     <unset>  80/TCP
TargetPort:               9376/TCP
Endpoints:                10.244.1.2:9376,10.244.3.2:9376,10.244.2.3:9376
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl run client --image=curlimages/curl --restart=Never -- sleep 3600
pod/client created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl exec client -- curl -s my-service
my-app-557d8d97f9-g46q7

$ kubectl exec client -- curl -s my-service.default.svc.cluster.local
my-app-557d8d97f9-rztc7

# "The name of a Service object must be a valid RFC 1035 label name."
$ kubectl create service clusterip 1-service --tcp=80
error: failed to create ClusterIP service: Service "1-service" is invalid: metadata.name: Invalid value: "1-service": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')

$ kubectl create service clusterip My-Service --tcp=80
error: failed to create ClusterIP service: Service "My-Service" is invalid: metadata.name: Invalid value: "My-Service": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')

# "By default and for convenience, the targetPort is set to the same
# value as the port field."
$ kubectl create service clusterip defaults --tcp=8080 --dry-run=server -o jsonpath='{.spec.ports[0]}{"\n"}'
{"name":"8080","port":8080,"protocol":"TCP","targetPort":8080}

# Port definitions: the Service's targetPort names the Pod's port.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app.kubernetes.io/name: proxy
spec:
  containers:
  - name: nginx
    image: nginx:stable
    ports:
      - containerPort: 80
        name: http-web-svc

---
apiVersion: v1
kind: Service
metadata:
  name: nginx-service
spec:
  selector:
    app.kubernetes.io/name: proxy
  ports:
  - name: name-of-service-port
    protocol: TCP
    port: 80
    targetPort: http-web-svc
EOF
pod/nginx created
service/nginx-service created

$ sim settle
settled after 11 steps and 4s of virtual time

$ kubectl get svc nginx-service
NAME            TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)   AGE
nginx-service   ClusterIP   10.108.188.112   <none>        80/TCP    4s

$ kubectl describe svc nginx-service
Name:                     nginx-service
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 app.kubernetes.io/name=proxy
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.108.188.112
IPs:                      10.108.188.112
Port:                     name-of-service-port  80/TCP
TargetPort:               http-web-svc/TCP
Endpoints:                10.244.3.3:80
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl exec client -- curl -sI nginx-service
HTTP/1.1 200 OK
Server: nginx/1.28.0
Date: Wed, 01 Jan 2025 00:00:13 GMT
Content-Type: text/html
Content-Length: 615
Connection: keep-alive
Accept-Ranges: bytes

# "This works even if there is a mixture of Pods in the Service using a
# single configured name, with the same network protocol available via
# different port numbers": a second backend serves http-web-svc on 8080.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx-8080
  labels:
    app.kubernetes.io/name: proxy
spec:
  containers:
  - name: web
    image: registry.k8s.io/e2e-test-images/agnhost:2.53
    args: ["netexec", "--http-port=8080"]
    ports:
      - containerPort: 8080
        name: http-web-svc
EOF
pod/nginx-8080 created

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=nginx-service -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name}{" "}{.addresses[0]}{"\n"}{end}{.items[*].ports}{"\n"}'
nginx-8080 10.244.1.4
nginx 10.244.3.3
[{"name":"name-of-service-port","port":8080,"protocol":"TCP"}] [{"name":"name-of-service-port","port":80,"protocol":"TCP"}]

$ kubectl get endpoints nginx-service
NAME            ENDPOINTS                       AGE
nginx-service   10.244.3.3:80,10.244.1.4:8080   6s

$ sim curl --count 20 http://nginx-service/
POD          REQUESTS
nginx        14
nginx-8080   6
