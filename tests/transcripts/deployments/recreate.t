# Recreate: every old pod is gone before a new one is created.
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

$ kubectl patch deployment nginx-deployment -p '{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}'
deployment.apps/nginx-deployment patched

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim step 3
#31 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: scaled down ReplicaSet nginx-deployment-65c97d6c5c from 3 to 0 — Recreate: every old ReplicaSet goes to 0 before any new pod starts
    event Normal ScalingReplicaSet: Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 0
#32 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: Recreate: waiting for the old pods to terminate before starting new ones
#33 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 0 replicas: deleted nginx-deployment-65c97d6c5c-2bcp5 (ready most recently), nginx-deployment-65c97d6c5c-2jj9z (ready most recently), nginx-deployment-65c97d6c5c-jjhv7 (ready most recently), chosen as the pods that matter least
    event Normal SuccessfulDelete: Deleted pod: nginx-deployment-65c97d6c5c-2bcp5
    event Normal SuccessfulDelete: Deleted pod: nginx-deployment-65c97d6c5c-2jj9z
    event Normal SuccessfulDelete: Deleted pod: nginx-deployment-65c97d6c5c-jjhv7

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         3         3       4s

$ sim settle
settled after 41 steps and 4s of virtual time

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       9s
nginx-deployment-69b9447b68   3         3         3       4s

$ kubectl describe deployment nginx-deployment
Name:               nginx-deployment
Namespace:          default
CreationTimestamp:  Wed, 01 Jan 2025 00:00:02 +0000
Labels:             app=nginx
Annotations:        deployment.kubernetes.io/revision: 2
Selector:           app=nginx
Replicas:           3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:       Recreate
MinReadySeconds:    0
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.16.1
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
OldReplicaSets:  nginx-deployment-65c97d6c5c (0/0 replicas created)
NewReplicaSet:   nginx-deployment-69b9447b68 (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  9s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 0
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 3
