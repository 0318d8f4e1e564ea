# kubernetes.io's "Learn Kubernetes Basics", modules 2 to 6, line by line
# (Using kubectl to Create a Deployment; Viewing Pods and Nodes; Using a
# Service to Expose Your App; Running Multiple Instances of Your App;
# Performing a Rolling Update). Names, IPs, ports and ages are this
# session's; the tutorial's are random too. `sim settle` stands where a
# reader waits a few seconds and lists again.
#
# Module 2: create the Deployment.
$ kubectl version
Client Version: v1.32.0
Kustomize Version: v5.5.0
Server Version: v1.32.0

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

$ kubectl create deployment kubernetes-bootcamp --image=gcr.io/google-samples/kubernetes-bootcamp:v1
deployment.apps/kubernetes-bootcamp created

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   0/1     0            0           0s

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   1/1     1            1           4s

# "You need to open a second terminal window to run the proxy": here it
# runs in the background of this one.
$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

$ curl http://localhost:8001/version
{
  "major": "1",
  "minor": "32",
  "gitVersion": "v1.32.0",
  "gitCommit": "70d3cc986aa8221cd1dfb1121852688902d3bf53",
  "gitTreeState": "clean",
  "buildDate": "2024-12-11T17:59:15Z",
  "goVersion": "go1.23.3",
  "compiler": "gc",
  "platform": "linux/amd64"
}

$ export POD_NAME=$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')

$ echo Name of the Pod: $POD_NAME
Name of the Pod: kubernetes-bootcamp-755d4d6c6-jjhv7

$ curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

# Module 3: explore the app.
$ kubectl get pods
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          4s

$ kubectl describe pods
Name:             kubernetes-bootcamp-755d4d6c6-jjhv7
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=755d4d6c6
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:           10.244.3.2
Controlled By:  ReplicaSet/kubernetes-bootcamp-755d4d6c6
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://2e511200f766466c081c3a0dbf25229b30e066f675c46cda918032d1e60d1182
    Image:          gcr.io/google-samples/kubernetes-bootcamp:v1
    Image ID:       gcr.io/google-samples/kubernetes-bootcamp@sha256:a15605c27630d826031f5fc85cbb9d7b5cffa91f1c76b60441e5e79d2e6f1629
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-rn27c:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/kubernetes-bootcamp-755d4d6c6-jjhv7 to kubeplay-worker3
  Normal  Pulling    3s    kubelet            Pulling image "gcr.io/google-samples/kubernetes-bootcamp:v1"
  Normal  Pulled     0s    kubelet            Successfully pulled image "gcr.io/google-samples/kubernetes-bootcamp:v1" in 3.665s (3.665s including waiting). Image size: 79146676 bytes.
  Normal  Created    0s    kubelet            Created container kubernetes-bootcamp
  Normal  Started    0s    kubelet            Started container kubernetes-bootcamp

$ export POD_NAME="$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')"

$ echo Name of the Pod: $POD_NAME
Name of the Pod: kubernetes-bootcamp-755d4d6c6-jjhv7

$ curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ kubectl exec "$POD_NAME" -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=kubernetes-bootcamp-755d4d6c6-jjhv7
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# The app's start line (server.js logs one more line per request it serves,
# which the playground does not keep).
$ kubectl logs "$POD_NAME"
Kubernetes Bootcamp App Started At: 2025-01-01T00:00:06.665Z | Running On:  kubernetes-bootcamp-755d4d6c6-jjhv7

# The tutorial opens bash in the container (kubectl exec -ti $POD_NAME --
# bash) and runs curl there; here the same curl runs directly.
$ kubectl exec -ti $POD_NAME -- curl http://localhost:8080
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

# Module 4: expose it with a NodePort Service; minikube ip is the node's
# address (here the kind-shaped cluster's control plane, which says so).
$ kubectl get pods
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          4s

$ kubectl get services
NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   6s

$ kubectl expose deployment/kubernetes-bootcamp --type="NodePort" --port 8080
service/kubernetes-bootcamp exposed

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl describe services/kubernetes-bootcamp
Name:                     kubernetes-bootcamp
Namespace:                default
Labels:                   app=kubernetes-bootcamp
Annotations:              <none>
Selector:                 app=kubernetes-bootcamp
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.111.205.204
IPs:                      10.111.205.204
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  31840/TCP
Endpoints:                10.244.3.2:8080
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

$ export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"

$ echo "NODE_PORT=$NODE_PORT"
NODE_PORT=31840

$ curl http://"$(minikube ip):$NODE_PORT"
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ minikube service kubernetes-bootcamp --url
http://172.18.0.2:31840

$ kubectl describe deployment
Name:                   kubernetes-bootcamp
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=kubernetes-bootcamp
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=kubernetes-bootcamp
Replicas:               1 desired | 1 updated | 1 total | 1 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=kubernetes-bootcamp
  Containers:
   kubernetes-bootcamp:
    Image:         gcr.io/google-samples/kubernetes-bootcamp:v1
    Port:          <none>
    Host Port:     <none>
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
NewReplicaSet:   kubernetes-bootcamp-755d4d6c6 (1/1 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set kubernetes-bootcamp-755d4d6c6 from 0 to 1

$ kubectl get pods -l app=kubernetes-bootcamp
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          4s

$ kubectl get services -l app=kubernetes-bootcamp
NAME                  TYPE       CLUSTER-IP       EXTERNAL-IP   PORT(S)          AGE
kubernetes-bootcamp   NodePort   10.111.205.204   <none>        8080:31840/TCP   0s

$ export POD_NAME="$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')"

$ echo "Name of the Pod: $POD_NAME"
Name of the Pod: kubernetes-bootcamp-755d4d6c6-jjhv7

$ kubectl label pods "$POD_NAME" version=v1
pod/kubernetes-bootcamp-755d4d6c6-jjhv7 labeled

$ kubectl get pods -l version=v1
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          4s

$ kubectl delete service -l app=kubernetes-bootcamp
service "kubernetes-bootcamp" deleted

$ kubectl get services
NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   6s

$ curl http://"$(minikube ip):$NODE_PORT"
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
curl: (7) Failed to connect to 172.18.0.2 port 31840 after 0 ms: Couldn't connect to server

$ kubectl exec -ti $POD_NAME -- curl http://localhost:8080
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

# Module 5: scale, behind a LoadBalancer Service this time.
$ kubectl expose deployment/kubernetes-bootcamp --type="LoadBalancer" --port 8080
service/kubernetes-bootcamp exposed

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   1/1     1            1           4s

$ kubectl get rs
NAME                            DESIRED   CURRENT   READY   AGE
kubernetes-bootcamp-755d4d6c6   1         1         1       4s

$ kubectl scale deployments/kubernetes-bootcamp --replicas=4
deployment.apps/kubernetes-bootcamp scaled

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   1/4     1            1           4s

$ sim settle
settled after 48 steps and 8s of virtual time

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   4/4     4            4           12s

$ kubectl get pods -o wide
NAME                                  READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
kubernetes-bootcamp-755d4d6c6-4vqvt   1/1     Running   0          8s    10.244.1.2   kubeplay-worker    <none>           <none>
kubernetes-bootcamp-755d4d6c6-f7h8c   1/1     Running   0          8s    10.244.2.3   kubeplay-worker2   <none>           <none>
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          12s   10.244.3.2   kubeplay-worker3   <none>           <none>
kubernetes-bootcamp-755d4d6c6-ntd6s   1/1     Running   0          8s    10.244.1.3   kubeplay-worker    <none>           <none>

$ kubectl describe deployments/kubernetes-bootcamp
Name:                   kubernetes-bootcamp
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=kubernetes-bootcamp
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=kubernetes-bootcamp
Replicas:               4 desired | 4 updated | 4 total | 4 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=kubernetes-bootcamp
  Containers:
   kubernetes-bootcamp:
    Image:         gcr.io/google-samples/kubernetes-bootcamp:v1
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Progressing    True    NewReplicaSetAvailable
  Available      True    MinimumReplicasAvailable
OldReplicaSets:  <none>
NewReplicaSet:   kubernetes-bootcamp-755d4d6c6 (4/4 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  12s   deployment-controller  Scaled up replica set kubernetes-bootcamp-755d4d6c6 from 0 to 1
  Normal  ScalingReplicaSet  8s    deployment-controller  Scaled up replica set kubernetes-bootcamp-755d4d6c6 from 1 to 4

$ kubectl describe services/kubernetes-bootcamp
Name:                     kubernetes-bootcamp
Namespace:                default
Labels:                   app=kubernetes-bootcamp
Annotations:              <none>
Selector:                 app=kubernetes-bootcamp
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.104.1.192
IPs:                      10.104.1.192
LoadBalancer Ingress:     172.18.255.200 (VIP)
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  32135/TCP
Endpoints:                10.244.3.2:8080,10.244.1.2:8080,10.244.2.3:8080 + 1 more...
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  8s    service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   5s    service-controller  Ensured load balancer

$ export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"

$ echo NODE_PORT=$NODE_PORT
NODE_PORT=32135

# "Execute the command multiple times": kube-proxy picks a pod each time.
$ for i in 1 2 3 4 5; do curl http://"$(minikube ip):$NODE_PORT"; done
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-ntd6s | v=1
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-ntd6s | v=1
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-4vqvt | v=1
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-ntd6s | v=1
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-f7h8c | v=1

$ kubectl scale deployments/kubernetes-bootcamp --replicas=2
deployment.apps/kubernetes-bootcamp scaled

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   4/2     4            4           12s

$ sim settle
settled after 18 steps and 0s of virtual time

$ kubectl get pods -o wide
NAME                                  READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
kubernetes-bootcamp-755d4d6c6-f7h8c   1/1     Running   0          8s    10.244.2.3   kubeplay-worker2   <none>           <none>
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          13s   10.244.3.2   kubeplay-worker3   <none>           <none>

# Module 6: roll out v2, then the v10 that was never published, then back.
$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   2/2     2            2           13s

$ kubectl get pods
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-f7h8c   1/1     Running   0          8s
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          13s

$ kubectl describe pods
Name:             kubernetes-bootcamp-755d4d6c6-f7h8c
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker2/172.18.0.4
Start Time:       Wed, 01 Jan 2025 00:00:06 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=755d4d6c6
Annotations:      <none>
Status:           Running
IP:               10.244.2.3
IPs:
  IP:           10.244.2.3
Controlled By:  ReplicaSet/kubernetes-bootcamp-755d4d6c6
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://16472e1345503cd1401675e1eaaf87bb438ad8331fade6bdd6301ff5595df7d7
    Image:          gcr.io/google-samples/kubernetes-bootcamp:v1
    Image ID:       gcr.io/google-samples/kubernetes-bootcamp@sha256:a15605c27630d826031f5fc85cbb9d7b5cffa91f1c76b60441e5e79d2e6f1629
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:11 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-lstvp (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-lstvp:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  8s    default-scheduler  Successfully assigned default/kubernetes-bootcamp-755d4d6c6-f7h8c to kubeplay-worker2
  Normal  Pulling    7s    kubelet            Pulling image "gcr.io/google-samples/kubernetes-bootcamp:v1"
  Normal  Pulled     3s    kubelet            Successfully pulled image "gcr.io/google-samples/kubernetes-bootcamp:v1" in 3.665s (3.665s including waiting). Image size: 79146676 bytes.
  Normal  Created    3s    kubelet            Created container kubernetes-bootcamp
  Normal  Started    3s    kubelet            Started container kubernetes-bootcamp


Name:             kubernetes-bootcamp-755d4d6c6-jjhv7
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=755d4d6c6
                  version=v1
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:           10.244.3.2
Controlled By:  ReplicaSet/kubernetes-bootcamp-755d4d6c6
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://2e511200f766466c081c3a0dbf25229b30e066f675c46cda918032d1e60d1182
    Image:          gcr.io/google-samples/kubernetes-bootcamp:v1
    Image ID:       gcr.io/google-samples/kubernetes-bootcamp@sha256:a15605c27630d826031f5fc85cbb9d7b5cffa91f1c76b60441e5e79d2e6f1629
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-rn27c:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  13s   default-scheduler  Successfully assigned default/kubernetes-bootcamp-755d4d6c6-jjhv7 to kubeplay-worker3
  Normal  Pulling    12s   kubelet            Pulling image "gcr.io/google-samples/kubernetes-bootcamp:v1"
  Normal  Pulled     8s    kubelet            Successfully pulled image "gcr.io/google-samples/kubernetes-bootcamp:v1" in 3.665s (3.665s including waiting). Image size: 79146676 bytes.
  Normal  Created    8s    kubelet            Created container kubernetes-bootcamp
  Normal  Started    8s    kubelet            Started container kubernetes-bootcamp

$ kubectl set image deployments/kubernetes-bootcamp kubernetes-bootcamp=docker.io/jocatalin/kubernetes-bootcamp:v2
deployment.apps/kubernetes-bootcamp image updated

$ kubectl get pods
NAME                                  READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-755d4d6c6-f7h8c   1/1     Running   0          8s
kubernetes-bootcamp-755d4d6c6-jjhv7   1/1     Running   0          13s

$ sim settle
settled after 67 steps and 9s of virtual time

$ kubectl describe services/kubernetes-bootcamp
Name:                     kubernetes-bootcamp
Namespace:                default
Labels:                   app=kubernetes-bootcamp
Annotations:              <none>
Selector:                 app=kubernetes-bootcamp
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.104.1.192
IPs:                      10.104.1.192
LoadBalancer Ingress:     172.18.255.200 (VIP)
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  32135/TCP
Endpoints:                10.244.1.4:8080,10.244.3.3:8080
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  18s   service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   15s   service-controller  Ensured load balancer

$ export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"

$ echo "NODE_PORT=$NODE_PORT"
NODE_PORT=32135

$ curl http://"$(minikube ip):$NODE_PORT"
(playground) the control-plane node's InternalIP, where NodePorts answer: the cluster is kind-shaped, not minikube
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-64cbbf4b99-vl8gh | v=2

$ kubectl rollout status deployments/kubernetes-bootcamp
deployment "kubernetes-bootcamp" successfully rolled out

$ kubectl describe pods
Name:             kubernetes-bootcamp-64cbbf4b99-q9nfn
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:19 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=64cbbf4b99
Annotations:      <none>
Status:           Running
IP:               10.244.3.3
IPs:
  IP:           10.244.3.3
Controlled By:  ReplicaSet/kubernetes-bootcamp-64cbbf4b99
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://d0680534978f036af0cf449e073c03672b82073e236503c56af49db9973feef9
    Image:          docker.io/jocatalin/kubernetes-bootcamp:v2
    Image ID:       docker.io/jocatalin/kubernetes-bootcamp@sha256:df92d4d3b37ea48f27244c6f3465af3e6c17c1b81e841b25a87db5de411b4c9c
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:24 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-7hc4g (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-7hc4g:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/kubernetes-bootcamp-64cbbf4b99-q9nfn to kubeplay-worker3
  Normal  Pulling    3s    kubelet            Pulling image "docker.io/jocatalin/kubernetes-bootcamp:v2"
  Normal  Pulled     0s    kubelet            Successfully pulled image "docker.io/jocatalin/kubernetes-bootcamp:v2" in 3.634s (3.634s including waiting). Image size: 78361309 bytes.
  Normal  Created    0s    kubelet            Created container kubernetes-bootcamp
  Normal  Started    0s    kubelet            Started container kubernetes-bootcamp


Name:             kubernetes-bootcamp-64cbbf4b99-vl8gh
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:15 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=64cbbf4b99
Annotations:      <none>
Status:           Running
IP:               10.244.1.4
IPs:
  IP:           10.244.1.4
Controlled By:  ReplicaSet/kubernetes-bootcamp-64cbbf4b99
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://858d98fd9fde3ede7c1abbcf4ed583eb441c6dadb97313503b5ad560cf57582a
    Image:          docker.io/jocatalin/kubernetes-bootcamp:v2
    Image ID:       docker.io/jocatalin/kubernetes-bootcamp@sha256:df92d4d3b37ea48f27244c6f3465af3e6c17c1b81e841b25a87db5de411b4c9c
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:19 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-zdzc5 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-zdzc5:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  9s    default-scheduler  Successfully assigned default/kubernetes-bootcamp-64cbbf4b99-vl8gh to kubeplay-worker
  Normal  Pulling    8s    kubelet            Pulling image "docker.io/jocatalin/kubernetes-bootcamp:v2"
  Normal  Pulled     4s    kubelet            Successfully pulled image "docker.io/jocatalin/kubernetes-bootcamp:v2" in 3.634s (3.634s including waiting). Image size: 78361309 bytes.
  Normal  Created    4s    kubelet            Created container kubernetes-bootcamp
  Normal  Started    4s    kubelet            Started container kubernetes-bootcamp

$ kubectl set image deployments/kubernetes-bootcamp kubernetes-bootcamp=gcr.io/google-samples/kubernetes-bootcamp:v10
deployment.apps/kubernetes-bootcamp image updated

$ sim advance 40s
advanced 40s to 2025-01-01T00:01:04Z (32 steps ran)

$ kubectl get deployments
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
kubernetes-bootcamp   2/2     1            2           62s

$ kubectl get pods
NAME                                   READY   STATUS             RESTARTS   AGE
kubernetes-bootcamp-64cbbf4b99-q9nfn   1/1     Running            0          44s
kubernetes-bootcamp-64cbbf4b99-vl8gh   1/1     Running            0          49s
kubernetes-bootcamp-6b6b546854-6wqp8   0/1     ImagePullBackOff   0          40s

$ export AFFECTED_POD="$(kubectl get pods --field-selector status.phase=Pending -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')"

$ echo "AFFECTED POD=$AFFECTED_POD"
AFFECTED POD=kubernetes-bootcamp-6b6b546854-6wqp8

$ kubectl describe pod $AFFECTED_POD
Name:             kubernetes-bootcamp-6b6b546854-6wqp8
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:24 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=6b6b546854
Annotations:      <none>
Status:           Pending
IP:               10.244.1.5
IPs:
  IP:           10.244.1.5
Controlled By:  ReplicaSet/kubernetes-bootcamp-6b6b546854
Containers:
  kubernetes-bootcamp:
    Container ID:
    Image:          gcr.io/google-samples/kubernetes-bootcamp:v10
    Image ID:
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-ztdcp (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-ztdcp:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  40s                default-scheduler  Successfully assigned default/kubernetes-bootcamp-6b6b546854-6wqp8 to kubeplay-worker
  Normal   BackOff    17s (x2 over 38s)  kubelet            Back-off pulling image "gcr.io/google-samples/kubernetes-bootcamp:v10"
  Warning  Failed     17s (x2 over 38s)  kubelet            Error: ImagePullBackOff
  Normal   Pulling    7s (x3 over 39s)   kubelet            Pulling image "gcr.io/google-samples/kubernetes-bootcamp:v10"
  Warning  Failed     6s (x3 over 38s)   kubelet            Failed to pull image "gcr.io/google-samples/kubernetes-bootcamp:v10": rpc error: code = NotFound desc = failed to pull and unpack image "gcr.io/google-samples/kubernetes-bootcamp:v10": failed to resolve reference "gcr.io/google-samples/kubernetes-bootcamp:v10": gcr.io/google-samples/kubernetes-bootcamp:v10: not found
  Warning  Failed     6s (x3 over 38s)   kubelet            Error: ErrImagePull

$ kubectl rollout undo deployments/kubernetes-bootcamp
deployment.apps/kubernetes-bootcamp rolled back

$ sim settle
settled after 14 steps and 0s of virtual time

$ kubectl get pods
NAME                                   READY   STATUS    RESTARTS   AGE
kubernetes-bootcamp-64cbbf4b99-q9nfn   1/1     Running   0          44s
kubernetes-bootcamp-64cbbf4b99-vl8gh   1/1     Running   0          49s

$ kubectl describe pods
Name:             kubernetes-bootcamp-64cbbf4b99-q9nfn
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:19 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=64cbbf4b99
Annotations:      <none>
Status:           Running
IP:               10.244.3.3
IPs:
  IP:           10.244.3.3
Controlled By:  ReplicaSet/kubernetes-bootcamp-64cbbf4b99
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://d0680534978f036af0cf449e073c03672b82073e236503c56af49db9973feef9
    Image:          docker.io/jocatalin/kubernetes-bootcamp:v2
    Image ID:       docker.io/jocatalin/kubernetes-bootcamp@sha256:df92d4d3b37ea48f27244c6f3465af3e6c17c1b81e841b25a87db5de411b4c9c
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:24 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-7hc4g (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-7hc4g:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  44s   default-scheduler  Successfully assigned default/kubernetes-bootcamp-64cbbf4b99-q9nfn to kubeplay-worker3
  Normal  Pulling    43s   kubelet            Pulling image "docker.io/jocatalin/kubernetes-bootcamp:v2"
  Normal  Pulled     40s   kubelet            Successfully pulled image "docker.io/jocatalin/kubernetes-bootcamp:v2" in 3.634s (3.634s including waiting). Image size: 78361309 bytes.
  Normal  Created    40s   kubelet            Created container kubernetes-bootcamp
  Normal  Started    40s   kubelet            Started container kubernetes-bootcamp


Name:             kubernetes-bootcamp-64cbbf4b99-vl8gh
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:15 +0000
Labels:           app=kubernetes-bootcamp
                  pod-template-hash=64cbbf4b99
Annotations:      <none>
Status:           Running
IP:               10.244.1.4
IPs:
  IP:           10.244.1.4
Controlled By:  ReplicaSet/kubernetes-bootcamp-64cbbf4b99
Containers:
  kubernetes-bootcamp:
    Container ID:   containerd://858d98fd9fde3ede7c1abbcf4ed583eb441c6dadb97313503b5ad560cf57582a
    Image:          docker.io/jocatalin/kubernetes-bootcamp:v2
    Image ID:       docker.io/jocatalin/kubernetes-bootcamp@sha256:df92d4d3b37ea48f27244c6f3465af3e6c17c1b81e841b25a87db5de411b4c9c
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:19 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-zdzc5 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-zdzc5:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  49s   default-scheduler  Successfully assigned default/kubernetes-bootcamp-64cbbf4b99-vl8gh to kubeplay-worker
  Normal  Pulling    48s   kubelet            Pulling image "docker.io/jocatalin/kubernetes-bootcamp:v2"
  Normal  Pulled     44s   kubelet            Successfully pulled image "docker.io/jocatalin/kubernetes-bootcamp:v2" in 3.634s (3.634s including waiting). Image size: 78361309 bytes.
  Normal  Created    44s   kubelet            Created container kubernetes-bootcamp
  Normal  Started    44s   kubelet            Started container kubernetes-bootcamp

$ kubectl delete deployments/kubernetes-bootcamp services/kubernetes-bootcamp
deployment.apps "kubernetes-bootcamp" deleted
service "kubernetes-bootcamp" deleted
