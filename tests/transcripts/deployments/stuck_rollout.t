# An image tag that does not exist: the new ReplicaSet stops at 1 pod that
# never becomes ready, the old one keeps 3; after progressDeadlineSeconds
# (600 s) Progressing turns False with ProgressDeadlineExceeded.
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

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.91
deployment.apps/nginx-deployment image updated

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:06Z (24 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       64s
nginx-deployment-76cdf889b4   1         1         0       60s

$ kubectl get deploy nginx-deployment -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}{"\n"}{end}'
Available True MinimumReplicasAvailable
Progressing True ReplicaSetUpdated

$ sim advance 10m
advanced 10m to 2025-01-01T00:11:06Z (77 steps ran)

$ kubectl get deploy nginx-deployment -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}{"\n"}{end}'
Available True MinimumReplicasAvailable
Progressing False ProgressDeadlineExceeded

$ kubectl rollout status deployment/nginx-deployment
error: deployment "nginx-deployment" exceeded its progress deadline

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       11m
nginx-deployment-76cdf889b4   1         1         0       11m

$ kubectl rollout undo deployment/nginx-deployment
deployment.apps/nginx-deployment rolled back

$ sim settle
settled after 10 steps and 0s of virtual time

$ kubectl get deploy nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           11m

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       11m
nginx-deployment-76cdf889b4   0         0         0       11m

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 3
Selector:               app=nginx
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
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
OldReplicaSets:  nginx-deployment-76cdf889b4 (0/0 replicas created)
NewReplicaSet:   nginx-deployment-65c97d6c5c (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set nginx-deployment-76cdf889b4 from 0 to 1
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-76cdf889b4 from 1 to 0
