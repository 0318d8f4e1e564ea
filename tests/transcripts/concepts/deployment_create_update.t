# kubernetes.io "Concepts → Workloads → Workload Management → Deployments",
# creating, updating and rolling back, line by line. The page applies
# https://k8s.io/examples/controllers/nginx-deployment.yaml: transcripts
# never download, so the manifest is a here-document with the same content.
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

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   0/3     0            0           0s

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 3 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           4s

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       4s

$ kubectl get pods --show-labels
NAME                                READY   STATUS    RESTARTS   AGE   LABELS
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running   0          4s    app=nginx,pod-template-hash=65c97d6c5c
nginx-deployment-65c97d6c5c-2jj9z   1/1     Running   0          4s    app=nginx,pod-template-hash=65c97d6c5c
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running   0          4s    app=nginx,pod-template-hash=65c97d6c5c

$ kubectl set image deployment.v1.apps/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

# The page's alternative: kubectl edit needs an editor.
$ kubectl edit deployment/nginx-deployment
error: (playground) kubectl edit runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit …, or use the page's editor

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-deployment" successfully rolled out

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           17s

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       17s
nginx-deployment-69b9447b68   3         3         3       13s

$ kubectl get pods
NAME                                READY   STATUS        RESTARTS   AGE
nginx-deployment-65c97d6c5c-2jj9z   1/1     Terminating   0          17s
nginx-deployment-69b9447b68-2nwpc   1/1     Running       0          13s
nginx-deployment-69b9447b68-tmn74   1/1     Running       0          4s
nginx-deployment-69b9447b68-wqjh8   1/1     Running       0          8s

$ kubectl describe deployments
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
  Normal  ScalingReplicaSet  17s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  13s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 1
  Normal  ScalingReplicaSet  8s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
  Normal  ScalingReplicaSet  8s    deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 1 to 2
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 2 to 1
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 2 to 3
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0

# Rolling back. The page's "Ctrl-C" to stop watching the stuck rollout is a
# --timeout here.
$ kubectl set image deployment/nginx-deployment nginx=nginx:1.161
deployment.apps/nginx-deployment image updated

$ kubectl rollout status deployment/nginx-deployment --timeout=30s
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 out of 3 new replicas have been updated...
error: timed out waiting for the condition

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       47s
nginx-deployment-69b9447b68   3         3         3       43s
nginx-deployment-774ffc759b   1         1         0       30s

$ kubectl get pods
NAME                                READY   STATUS         RESTARTS   AGE
nginx-deployment-69b9447b68-2nwpc   1/1     Running        0          43s
nginx-deployment-69b9447b68-tmn74   1/1     Running        0          34s
nginx-deployment-69b9447b68-wqjh8   1/1     Running        0          38s
nginx-deployment-774ffc759b-wm7m2   0/1     ErrImagePull   0          30s

$ kubectl describe deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 3
Selector:               app=nginx
Replicas:               3 desired | 1 updated | 4 total | 3 available | 1 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.161
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
  Progressing    True    ReplicaSetUpdated
OldReplicaSets:  nginx-deployment-65c97d6c5c (0/0 replicas created), nginx-deployment-69b9447b68 (3/3 replicas created)
NewReplicaSet:   nginx-deployment-774ffc759b (1/1 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  47s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  43s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 1
  Normal  ScalingReplicaSet  38s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
  Normal  ScalingReplicaSet  38s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 1 to 2
  Normal  ScalingReplicaSet  34s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 2 to 1
  Normal  ScalingReplicaSet  34s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 2 to 3
  Normal  ScalingReplicaSet  30s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0
  Normal  ScalingReplicaSet  30s   deployment-controller  Scaled up replica set nginx-deployment-774ffc759b from 0 to 1

# The page's CHANGE-CAUSE column was filled by the removed --record flag;
# today it reads <none> until the kubernetes.io/change-cause annotation is
# set, which the controller copies to the current ReplicaSet (revision 3).
$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         <none>
2         <none>
3         <none>

$ kubectl annotate deployment/nginx-deployment kubernetes.io/change-cause="image updated to 1.16.1"
deployment.apps/nginx-deployment annotated

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         <none>
2         <none>
3         image updated to 1.16.1

$ kubectl rollout history deployment/nginx-deployment --revision=2
deployment.apps/nginx-deployment with revision #2
Pod Template:
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

# The rollback is client-side since apps/v1: kubectl writes revision 2's
# template back, and the controller renumbers it as revision 4. The page's
# DeploymentRollback event came from the removed server-side rollbackTo, so
# a v1.32 cluster (and the playground) records none.
$ kubectl rollout undo deployment/nginx-deployment
deployment.apps/nginx-deployment rolled back

$ sim settle
settled after 10 steps and 0s of virtual time

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         <none>
3         image updated to 1.16.1
4         <none>

# The page's alternative, --to-revision=2, now names a revision that became 4.
$ kubectl rollout undo deployment/nginx-deployment --to-revision=2
error: unable to find specified revision 2 in history

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           51s

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
OldReplicaSets:  nginx-deployment-65c97d6c5c (0/0 replicas created), nginx-deployment-774ffc759b (0/0 replicas created)
NewReplicaSet:   nginx-deployment-69b9447b68 (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  51s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
  Normal  ScalingReplicaSet  47s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 1
  Normal  ScalingReplicaSet  42s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
  Normal  ScalingReplicaSet  42s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 1 to 2
  Normal  ScalingReplicaSet  38s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 2 to 1
  Normal  ScalingReplicaSet  38s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 2 to 3
  Normal  ScalingReplicaSet  34s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0
  Normal  ScalingReplicaSet  34s   deployment-controller  Scaled up replica set nginx-deployment-774ffc759b from 0 to 1
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-774ffc759b from 1 to 0

# Label selector updates: in apps/v1 a Deployment's selector is immutable;
# an addition also needs the template's labels to match.
$ kubectl patch deployment nginx-deployment -p '{"spec":{"selector":{"matchLabels":{"app":"nginx","tier":"web"}}}}'
The Deployment "nginx-deployment" is invalid:
* spec.template.metadata.labels: Invalid value: map[string]string{"app":"nginx"}: `selector` does not match template `labels`
* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx", "tier":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable
