# Task "Connect a Front End to a Back End Using a Service", line by line,
# on the playground's kind cluster (v1.32). The page's manifests
# (service/access/*.yaml) are here-documents.
#
# "Creating the backend using a Deployment".
$ kubectl apply -f - <<EOF
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: backend
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: hello
      tier: backend
      track: stable
  replicas: 3
  template:
    metadata:
      labels:
        app.kubernetes.io/name: hello
        tier: backend
        track: stable
    spec:
      containers:
        - name: hello
          image: "gcr.io/google-samples/hello-go-gke:1.0"
          ports:
            - name: http
              containerPort: 80
...
EOF
deployment.apps/backend created

$ sim settle
settled after 27 steps and 3s of virtual time

$ kubectl describe deployment backend
Name:                   backend
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 <none>
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app.kubernetes.io/name=hello,tier=backend,track=stable
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app.kubernetes.io/name=hello
           tier=backend
           track=stable
  Containers:
   hello:
    Image:         gcr.io/google-samples/hello-go-gke:1.0
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   backend-7c64b95d45 (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  3s    deployment-controller  Scaled up replica set backend-7c64b95d45 from 0 to 3

# "Creating the hello Service object": targetPort names the container
# port `http`.
$ kubectl apply -f - <<EOF
---
apiVersion: v1
kind: Service
metadata:
  name: hello
spec:
  selector:
    app.kubernetes.io/name: hello
    tier: backend
  ports:
  - protocol: TCP
    port: 80
    targetPort: http
...
EOF
service/hello created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=hello
NAME          ADDRESSTYPE   PORTS   ENDPOINTS                          AGE
hello-mcqsh   IPv4          80      10.244.3.2,10.244.2.3,10.244.1.2   0s

# "Creating the frontend": nginx, configured (in the image) to proxy to
# the `hello` Service, and a LoadBalancer Service in front of it.
$ kubectl apply -f - <<EOF
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: hello
      tier: frontend
      track: stable
  replicas: 1
  template:
    metadata:
      labels:
        app.kubernetes.io/name: hello
        tier: frontend
        track: stable
    spec:
      containers:
        - name: nginx
          image: "gcr.io/google-samples/hello-frontend:1.0"
          lifecycle:
            preStop:
              exec:
                command: ["/usr/sbin/nginx","-s","quit"]
...
EOF
deployment.apps/frontend created

$ kubectl apply -f - <<EOF
---
apiVersion: v1
kind: Service
metadata:
  name: frontend
spec:
  selector:
    app.kubernetes.io/name: hello
    tier: frontend
  ports:
  - protocol: "TCP"
    port: 80
    targetPort: 80
  type: LoadBalancer
...
EOF
service/frontend created

# "Interact with the frontend Service". At first EXTERNAL-IP is
# <pending>; the playground's load-balancer controller, like
# cloud-provider-kind, then hands out an address from 172.18.255.x.
$ kubectl get service frontend
NAME       TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
frontend   LoadBalancer   10.104.144.13   <pending>     80:31802/TCP   0s

$ kubectl get service frontend --watch
NAME       TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
frontend   LoadBalancer   10.104.144.13   <pending>     80:31802/TCP   0s
frontend   LoadBalancer   10.104.144.13   172.18.255.200   80:31802/TCP   3s
(playground) stopped watching: the cluster settled after 3s of virtual time; kubectl would keep watching until interrupted

# "Send traffic through the frontend": from this machine to the external
# IP, nginx answers with the backend's greeting.
$ curl http://172.18.255.200
{"message":"Hello"}

$ curl -i http://172.18.255.200
HTTP/1.1 200 OK
Server: nginx
Date: Wed, 01 Jan 2025 00:00:08 GMT
Content-Type: text/plain; charset=utf-8
Content-Length: 20
Connection: keep-alive

{"message":"Hello"}

# The same from inside the cluster, through either Service's DNS name.
$ kubectl run client --image=curlimages/curl -i --rm --restart=Never -- curl -s http://frontend
If you don't see a command prompt, try pressing enter.
{"message":"Hello"}
pod "client" deleted

$ kubectl run client --image=curlimages/curl -i --rm --restart=Never -- curl -s http://hello
If you don't see a command prompt, try pressing enter.
{"message":"Hello"}
pod "client" deleted

# With no backend left behind the hello Service, nginx answers 502.
$ kubectl scale deployment backend --replicas=0
deployment.apps/backend scaled

$ sim settle
settled after 22 steps and 0s of virtual time

$ curl http://172.18.255.200
<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>

$ kubectl scale deployment backend --replicas=3
deployment.apps/backend scaled

$ sim settle
settled after 32 steps and 2s of virtual time

$ curl http://172.18.255.200
{"message":"Hello"}

# Cleanup. The page's first command names a Service `backend`, but the
# backend Service is `hello`, so that name is not found.
$ kubectl delete services frontend backend
service "frontend" deleted
Error from server (NotFound): services "backend" not found

$ kubectl delete services frontend hello
service "hello" deleted
Error from server (NotFound): services "frontend" not found

$ kubectl delete deployment frontend backend
deployment.apps "frontend" deleted
deployment.apps "backend" deleted
