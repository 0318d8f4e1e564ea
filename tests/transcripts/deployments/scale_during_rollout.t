# Scaling mid-rollout is proportional across the ReplicaSets: the example of
# the Kubernetes docs ("Proportional scaling"). 10 replicas, maxSurge 3,
# maxUnavailable 2, and an image that does not exist: the new ReplicaSet is
# created with 3 (10 + 3 − 10), the old one goes 10 → 8 (8 must stay
# available), the new one 3 → 5 (13 in all), then it is stuck: 13 − 8 − 5
# unavailable new pods leave nothing to scale down.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 10
  strategy:
    rollingUpdate:
      maxSurge: 3
      maxUnavailable: 2
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
settled after 67 steps and 14s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.91
deployment.apps/nginx-deployment image updated

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:46Z (60 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   8         8         8       44s
nginx-deployment-76cdf889b4   5         5         0       30s

# Scaled to 15, the 5 new replicas are shared by size, up to 15 + 3 = 18
# pods: the old ReplicaSet's share is round(8 × 18 / 13) − 8 = 3, the new
# one's round(5 × 18 / 13) − 5 = 2 (getReplicaSetFraction, with the
# max-replicas annotation 13). Still 18 − 13 − 7 < 0: stuck as before.
$ kubectl scale deployment nginx-deployment --replicas=15
deployment.apps/nginx-deployment scaled

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:16Z (73 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   11        11        11      74s
nginx-deployment-76cdf889b4   7         7         0       60s

$ kubectl get rs -o custom-columns='NAME:.metadata.name,DESIRED-REPLICAS:.metadata.annotations.deployment\.kubernetes\.io/desired-replicas,MAX-REPLICAS:.metadata.annotations.deployment\.kubernetes\.io/max-replicas'
NAME                          DESIRED-REPLICAS   MAX-REPLICAS
nginx-deployment-65c97d6c5c   15                 18
nginx-deployment-76cdf889b4   15                 18

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=nginx
Replicas:               15 desired | 7 updated | 18 total | 11 available | 7 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  2 max unavailable, 3 max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.91
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
  Available      False   MinimumReplicasUnavailable
  Progressing    True    ReplicaSetUpdated
OldReplicaSets:  nginx-deployment-65c97d6c5c (11/11 replicas created)
NewReplicaSet:   nginx-deployment-76cdf889b4 (7/7 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  74s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 10
  Normal  ScalingReplicaSet  60s   deployment-controller  Scaled up replica set nginx-deployment-76cdf889b4 from 0 to 3
  Normal  ScalingReplicaSet  60s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 10 to 8
  Normal  ScalingReplicaSet  60s   deployment-controller  Scaled up replica set nginx-deployment-76cdf889b4 from 3 to 5
  Normal  ScalingReplicaSet  30s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 8 to 11
  Normal  ScalingReplicaSet  30s   deployment-controller  Scaled up replica set nginx-deployment-76cdf889b4 from 5 to 7
