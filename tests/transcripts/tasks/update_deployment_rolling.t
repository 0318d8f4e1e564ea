# kubernetes.io "Update a Deployment Without Downtime"
# (tasks/run-application/update-deployment-rolling.md), line by line on
# the playground's kind cluster (v1.32). The page's own troubleshooting
# path is followed: on a fresh cluster there is no nginx-deployment yet,
# so the first steps say so, then the page's `kubectl create deployment`
# makes it and the update runs from there.
$ kubectl get deployments
No resources found in default namespace.

$ kubectl describe deployment nginx-deployment
Error from server (NotFound): deployments.apps "nginx-deployment" not found

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.25.0
Error from server (NotFound): deployments.apps "nginx-deployment" not found

# Step 2 of the second part: create it. `kubectl create deployment`
# names the container after the image (nginx).
$ kubectl create deployment nginx-deployment --image=nginx:1.24.0
deployment.apps/nginx-deployment created

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 1 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   1/1     1            1           4s

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.25.0
deployment.apps/nginx-deployment image updated

$ kubectl get deployment nginx-deployment -o=jsonpath='{.spec.template.spec.containers[0].image}'
nginx:1.25.0

# The new ReplicaSet comes up before the old one goes (maxSurge 25% of
# one replica rounds up to 1, maxUnavailable down to 0).
$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-deployment" successfully rolled out

$ kubectl describe deployment nginx-deployment
Name:                   nginx-deployment
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app=nginx-deployment
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=nginx-deployment
Replicas:               1 desired | 1 updated | 1 total | 1 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx-deployment
  Containers:
   nginx:
    Image:         nginx:1.25.0
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
OldReplicaSets:  nginx-deployment-869bc78b7 (0/0 replicas created)
NewReplicaSet:   nginx-deployment-6dd4c869c4 (1/1 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  8s    deployment-controller  Scaled up replica set nginx-deployment-869bc78b7 from 0 to 1
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-deployment-6dd4c869c4 from 0 to 1
  Normal  ScalingReplicaSet  0s    deployment-controller  Scaled down replica set nginx-deployment-869bc78b7 from 1 to 0

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   1/1     1            1           8s

# Rolling back: the previous template (nginx:1.24.0) becomes revision 3.
$ kubectl rollout undo deployment/nginx-deployment
deployment.apps/nginx-deployment rolled back

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-deployment" successfully rolled out

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
2         <none>
3         <none>

$ kubectl get deployment nginx-deployment -o=jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
nginx:1.24.0

# A container name the Deployment does not have is refused by kubectl.
$ kubectl set image deployment/nginx-deployment web=nginx:1.25.0
error: unable to find container named "web"
