# While paused, template edits make no ReplicaSet; resume rolls out once.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
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
settled after 27 steps and 4s of virtual time

$ kubectl rollout pause deployment/nginx-deployment
deployment.apps/nginx-deployment paused

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ kubectl set resources deployment/nginx-deployment -c=nginx --limits=cpu=200m,memory=512Mi
deployment.apps/nginx-deployment resource requirements updated

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       4s

# Paused: no ReplicaSet has the edited template, so describe shows none as
# new, and Progressing is Unknown (time paused never counts against the
# progress deadline).
$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=nginx
Replicas:               3 desired | 0 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:      nginx:1.16.1
    Port:       80/TCP
    Host Port:  0/TCP
    Limits:
      cpu:         200m
      memory:      512Mi
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status   Reason
  ----           ------   ------
  Available      True     MinimumReplicasAvailable
  Progressing    Unknown  DeploymentPaused
OldReplicaSets:  nginx-deployment-65c97d6c5c (3/3 replicas created)
NewReplicaSet:   <none>
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3

$ kubectl rollout resume deployment/nginx-deployment
deployment.apps/nginx-deployment resumed

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       17s
nginx-deployment-6cd5bf8d     3         3         3       13s

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=nginx
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:      nginx:1.16.1
    Port:       80/TCP
    Host Port:  0/TCP
    Limits:
      cpu:         200m
      memory:      512Mi
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
OldReplicaSets:  nginx-deployment-65c97d6c5c (0/0 replicas created)
NewReplicaSet:   nginx-deployment-6cd5bf8d (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  17s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  13s   deployment-controller  Scaled up replica set nginx-deployment-6cd5bf8d from 0 to 1
  Normal  ScalingReplicaSet  9s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
  Normal  ScalingReplicaSet  9s    deployment-controller  Scaled up replica set nginx-deployment-6cd5bf8d from 1 to 2
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 2 to 1
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-6cd5bf8d from 2 to 3
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0
