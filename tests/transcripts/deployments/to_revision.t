# rollout undo --to-revision copies that revision's template back as a new revision.
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

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

# client-go's event recorder combines an object's events once ten different
# messages with the same reason come within ten minutes ("(combined from
# similar events)"); the rollouts here are ten minutes apart so that
# describe lists each event as a real cluster would.
$ sim advance 11m
advanced 11m to 2025-01-01T00:11:19Z (3 steps ran)

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.17.0
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl rollout history deployment/nginx-deployment --revision=1
deployment.apps/nginx-deployment with revision #1
Pod Template:
  Labels:	app=nginx
	pod-template-hash=65c97d6c5c
  Containers:
   nginx:
    Image:	nginx:1.14.2
    Port:	80/TCP
    Host Port:	0/TCP
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       11m
nginx-deployment-69b9447b68   0         0         0       11m
nginx-deployment-7f97fdfd4    3         3         3       13s

# A client dry run prints the template it would restore, as the
# ReplicaSet keeps it (hash label included), and changes nothing.
$ kubectl rollout undo deployment/nginx-deployment --to-revision=2 --dry-run=client
deployment.apps/nginx-deployment Pod Template:
  Labels:	app=nginx
	pod-template-hash=69b9447b68
  Containers:
   nginx:
    Image:	nginx:1.16.1
    Port:	80/TCP
    Host Port:	0/TCP
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>
 (dry run)

$ sim advance 11m
advanced 11m to 2025-01-01T00:22:33Z (1 steps ran)

$ kubectl rollout undo deployment/nginx-deployment --to-revision=1
deployment.apps/nginx-deployment rolled back

$ sim settle
settled after 67 steps and 6s of virtual time

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       22m
nginx-deployment-69b9447b68   0         0         0       22m
nginx-deployment-7f97fdfd4    0         0         0       11m

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
2         <none>
3         <none>
4         <none>

$ kubectl get deploy nginx-deployment -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
nginx:1.14.2

$ kubectl rollout undo deployment/nginx-deployment --to-revision=9
error: unable to find specified revision 9 in history

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 4
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
OldReplicaSets:  nginx-deployment-69b9447b68 (0/0 replicas created), nginx-deployment-7f97fdfd4 (0/0 replicas created)
NewReplicaSet:   nginx-deployment-65c97d6c5c (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 1
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 1 to 2
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 2 to 1
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 2 to 3
  Normal  ScalingReplicaSet  22m   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set nginx-deployment-7f97fdfd4 from 0 to 1
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled down replica set nginx-deployment-69b9447b68 from 3 to 2
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set nginx-deployment-7f97fdfd4 from 1 to 2
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled down replica set nginx-deployment-69b9447b68 from 2 to 1
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set nginx-deployment-7f97fdfd4 from 2 to 3
  Normal  ScalingReplicaSet  11m   deployment-controller  Scaled down replica set nginx-deployment-69b9447b68 from 1 to 0
  Normal  ScalingReplicaSet  6s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 1
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled down replica set nginx-deployment-7f97fdfd4 from 3 to 2
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 1 to 2
  Normal  ScalingReplicaSet  2s    deployment-controller  Scaled down replica set nginx-deployment-7f97fdfd4 from 2 to 1
  Normal  ScalingReplicaSet  2s    deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 2 to 3
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-7f97fdfd4 from 1 to 0
