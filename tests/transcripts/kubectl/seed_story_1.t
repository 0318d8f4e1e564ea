# Seed story 1 (the Deployments page of the Kubernetes docs): create with
# --record, scale, update the image, watch the rollout, read the history.
$ kubectl create -f - --record <<EOF
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
Flag --record has been deprecated, --record will be removed in the future
deployment.apps/nginx-deployment created

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 3 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           4s

$ kubectl scale deployment/nginx-deployment --replicas=4
deployment.apps/nginx-deployment scaled

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record
Flag --record has been deprecated, --record will be removed in the future
deployment.apps/nginx-deployment image updated

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 3 of 4 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get deployments
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   4/4     4            4           13s

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         kubectl create --filename=- --record=true
2         kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record=true

$ kubectl rollout history deployment/nginx-deployment --revision=2
deployment.apps/nginx-deployment with revision #2
Pod Template:
  Labels:	app=nginx
	pod-template-hash=69b9447b68
  Annotations:	kubernetes.io/change-cause: kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record=true
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

$ kubectl rollout history deployment/nginx-deployment --revision=7
error: unable to find the specified revision

# Undo goes back to revision 1's template; the Deployment controller then
# renumbers that ReplicaSet as revision 3.
$ kubectl rollout undo deployment/nginx-deployment
deployment.apps/nginx-deployment rolled back

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-deployment" successfully rolled out

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
2         kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1 --record=true
3         kubectl create --filename=- --record=true

$ kubectl rollout undo deployment/nginx-deployment --to-revision=3
deployment.apps/nginx-deployment skipped rollback (current template already matches revision 3)

$ kubectl rollout undo deployment/nginx-deployment --to-revision=9
error: unable to find specified revision 9 in history
