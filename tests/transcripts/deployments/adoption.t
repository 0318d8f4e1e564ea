# kubectl's rollout history lists ReplicaSets by the Deployment's selector
# (then keeps those it controls), and a Deployment adopts the orphaned
# ReplicaSets its selector matches: deleted with --cascade=orphan and
# applied again, it takes its old ReplicaSets and pods back unchanged.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.25.5
EOF
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl set image deployment/web nginx=nginx:1.26.3
deployment.apps/web image updated

$ sim settle
settled after 47 steps and 9s of virtual time

$ kubectl get rs -o custom-columns='NAME:.metadata.name,DESIRED:.spec.replicas,REVISION:.metadata.annotations.deployment\.kubernetes\.io/revision,OWNER:.metadata.ownerReferences[0].name'
NAME             DESIRED   REVISION   OWNER
web-777dbd49b6   2         2          web
web-8565dc84ff   0         1          web

# Relabelled, revision 1's ReplicaSet no longer matches the selector: kubectl
# leaves it out even though the Deployment still controls it.
$ kubectl label rs web-8565dc84ff app=elsewhere --overwrite
replicaset.apps/web-8565dc84ff labeled

$ kubectl rollout history deployment/web
deployment.apps/web
REVISION  CHANGE-CAUSE
2         <none>

$ kubectl label rs web-8565dc84ff app=web --overwrite
replicaset.apps/web-8565dc84ff labeled

$ kubectl rollout history deployment/web
deployment.apps/web
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl delete deployment web --cascade=orphan
deployment.apps "web" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get rs -o custom-columns='NAME:.metadata.name,DESIRED:.spec.replicas,REVISION:.metadata.annotations.deployment\.kubernetes\.io/revision,OWNER:.metadata.ownerReferences[0].name'
NAME             DESIRED   REVISION   OWNER
web-777dbd49b6   2         2          <none>
web-8565dc84ff   0         1          <none>

$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
web-777dbd49b6-44rtj   1/1     Running   0          9s
web-777dbd49b6-5n8fl   1/1     Running   0          4s

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.26.3
EOF
deployment.apps/web created

$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get rs -o custom-columns='NAME:.metadata.name,DESIRED:.spec.replicas,REVISION:.metadata.annotations.deployment\.kubernetes\.io/revision,OWNER:.metadata.ownerReferences[0].name'
NAME             DESIRED   REVISION   OWNER
web-777dbd49b6   2         2          web
web-8565dc84ff   0         1          web

$ kubectl get rs
NAME             DESIRED   CURRENT   READY   AGE
web-777dbd49b6   2         2         2       9s
web-8565dc84ff   0         0         0       13s

$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
web-777dbd49b6-44rtj   1/1     Running   0          9s
web-777dbd49b6-5n8fl   1/1     Running   0          4s

$ kubectl rollout history deployment/web
deployment.apps/web
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl describe deployment web
Name:                   web
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:15 +0000
Labels:                 <none>
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=web
Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   nginx:
    Image:         nginx:1.26.3
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
OldReplicaSets:  web-8565dc84ff (0/0 replicas created)
NewReplicaSet:   web-777dbd49b6 (2/2 replicas created)
Events:          <none>
