# kubernetes.io's "Run a Stateless Application Using a Deployment", line
# by line. The page applies https://k8s.io/examples/application/
# deployment.yaml, deployment-update.yaml and deployment-scale.yaml;
# transcripts never download, so each comes from a here-document with the
# same text.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2 # tells deployment to run 2 pods matching the template
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 <none>
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=nginx
Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.14.2
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
NewReplicaSet:   nginx-deployment-65c97d6c5c (2/2 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 2

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running   0          4s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running   0          4s

$ kubectl describe pod $(kubectl get pods -l app=nginx -o jsonpath='{.items[0].metadata.name}')
Name:             nginx-deployment-65c97d6c5c-2bcp5
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=nginx
                  pod-template-hash=65c97d6c5c
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:           10.244.3.2
Controlled By:  ReplicaSet/nginx-deployment-65c97d6c5c
Containers:
  nginx:
    Container ID:   containerd://d9b868359917d29ca433640427938072a48b5a0f6058a24d16e9685d49e8e576
    Image:          nginx:1.14.2
    Image ID:       docker.io/library/nginx@sha256:07dbcaafad871b5fdb21c758f923db920ff592b783a2e5b5cdd18ff734407ca0
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sww78 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-sww78:
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
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/nginx-deployment-65c97d6c5c-2bcp5 to kubeplay-worker3
  Normal  Pulling    3s    kubelet            Pulling image "nginx:1.14.2"
  Normal  Pulled     0s    kubelet            Successfully pulled image "nginx:1.14.2" in 3.38s (3.38s including waiting). Image size: 72004819 bytes.
  Normal  Created    0s    kubelet            Created container nginx
  Normal  Started    0s    kubelet            Started container nginx

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2 # tells deployment to run 2 pods matching the template
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1 # Update the version of nginx from 1.14.2 to 1.16.1
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment configured

# "Watch the deployment create pods with new names and delete the old pods"
$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running   0          4s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running   0          4s

$ sim settle
settled after 47 steps and 9s of virtual time

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-69b9447b68-44rtj   1/1     Running   0          9s
nginx-deployment-69b9447b68-5n8fl   1/1     Running   0          4s

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 4 # Update the replicas from 2 to 4
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment configured

$ sim settle
settled after 25 steps and 4s of virtual time

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-69b9447b68-44rtj   1/1     Running   0          13s
nginx-deployment-69b9447b68-5n8fl   1/1     Running   0          9s
nginx-deployment-69b9447b68-6988x   1/1     Running   0          4s
nginx-deployment-69b9447b68-vc5mv   1/1     Running   0          4s

$ kubectl delete deployment nginx-deployment
deployment.apps "nginx-deployment" deleted
