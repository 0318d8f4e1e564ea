# bmuschko/ckad-crash-course, exercises/12-rolling-updates-deployment,
# the solution's commands in order; deploy.yaml is the solution's file.
$ kubectl create deployment deploy --image=nginx --dry-run=client -o yaml > deploy.yaml

$ cat deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: deploy
  name: deploy
spec:
  replicas: 1
  selector:
    matchLabels:
      app: deploy
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: deploy
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}

$ cat <<EOF > deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    tier: backend
  name: deploy
spec:
  replicas: 3
  selector:
    matchLabels:
      app: v1
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: v1
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}
EOF

$ kubectl create -f deploy.yaml
deployment.apps/deploy created

# The solution's DESIRED/CURRENT columns are kubectl's before v1.11
# (deployment.extensions); now READY counts the available replicas.
$ kubectl get deployments
NAME     READY   UP-TO-DATE   AVAILABLE   AGE
deploy   0/3     0            0           0s

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get deployments
NAME     READY   UP-TO-DATE   AVAILABLE   AGE
deploy   3/3     3            3           4s

$ kubectl set image deployment/deploy nginx=nginx:latest
deployment.apps/deploy image updated

# "Verify that the change has been rolled out to all replicas".
$ kubectl rollout status deployment/deploy
Waiting for deployment spec update to be observed...
Waiting for deployment "deploy" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "deploy" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "deploy" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "deploy" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "deploy" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "deploy" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "deploy" rollout to finish: 1 old replicas are pending termination...
deployment "deploy" successfully rolled out

$ kubectl rollout history deploy
deployment.apps/deploy
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

# v1.32 adds the template's node selectors and tolerations.
$ kubectl rollout history deploy --revision=2
deployment.apps/deploy with revision #2
Pod Template:
  Labels:	app=v1
	pod-template-hash=7cbbcf99fb
  Containers:
   nginx:
    Image:	nginx:latest
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

$ kubectl scale deployments deploy --replicas=5
deployment.apps/deploy scaled

$ kubectl rollout undo deployment/deploy --to-revision=1
deployment.apps/deploy rolled back

# The solution looks after the controller has made revision 3 (it reuses
# revision 1's template, so 1 leaves the history).
$ sim settle
settled after 89 steps and 4s of virtual time

$ kubectl rollout history deploy
deployment.apps/deploy
REVISION  CHANGE-CAUSE
2         <none>
3         <none>

$ kubectl rollout history deploy --revision=3
deployment.apps/deploy with revision #3
Pod Template:
  Labels:	app=v1
	pod-template-hash=5d96bc499
  Containers:
   nginx:
    Image:	nginx
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

# "Ensure that the Pods use the image nginx".
$ kubectl get pods -o jsonpath='{range .items[*]}{.spec.containers[0].image}{"\n"}{end}'
nginx
nginx
nginx
nginx
nginx
