# bmuschko/ckad-crash-course, exercises/11-deployment-rolling-update (the
# course's newest numbering), the solution's commands in order;
# nginx-deployment.yaml is the solution's manifest, written with a
# here-document.
$ cat <<'EOF' > nginx-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    tier: backend
spec:
  replicas: 3
  selector:
    matchLabels:
      app: v1
  template:
    metadata:
      labels:
        app: v1
    spec:
      containers:
      - image: nginx:1.23.0
        name: nginx
EOF

$ kubectl create -f nginx-deployment.yaml
deployment.apps/nginx created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get deployment nginx
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   3/3     3            3           4s

$ kubectl set image deployment/nginx nginx=nginx:1.23.4
deployment.apps/nginx image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl rollout history deployment nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

# v1.32 adds Node-Selectors and Tolerations to the pod template's
# description, which the solution's older kubectl did not print.
$ kubectl rollout history deployment nginx --revision=2
deployment.apps/nginx with revision #2
Pod Template:
  Labels:	app=v1
	pod-template-hash=546667fdfc
  Containers:
   nginx:
    Image:	nginx:1.23.4
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

$ kubectl annotate deployment nginx kubernetes.io/change-cause="Pick up patch version"
deployment.apps/nginx annotated

# The deployment controller copies the annotation to the current
# ReplicaSet, where rollout history reads it, a moment later.
$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl rollout history deployment nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
1         <none>
2         Pick up patch version

$ kubectl scale deployment nginx --replicas=5
deployment.apps/nginx scaled

$ sim settle
settled after 20 steps and 2s of virtual time

$ kubectl get pod -l app=v1
NAME                     READY   STATUS    RESTARTS   AGE
nginx-546667fdfc-2nwpc   1/1     Running   0          15s
nginx-546667fdfc-d2b9x   1/1     Running   0          2s
nginx-546667fdfc-mzq85   1/1     Running   0          2s
nginx-546667fdfc-tmn74   1/1     Running   0          6s
nginx-546667fdfc-wqjh8   1/1     Running   0          11s

$ kubectl rollout undo deployment/nginx --to-revision=1
deployment.apps/nginx rolled back

$ sim settle
settled after 74 steps and 4s of virtual time

# Revision 1's ReplicaSet is scaled up again and becomes revision 3; the
# change cause goes with revision 2's ReplicaSet.
$ kubectl rollout history deployment nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
2         Pick up patch version
3         <none>

$ kubectl rollout history deployment nginx --revision=3
deployment.apps/nginx with revision #3
Pod Template:
  Labels:	app=v1
	pod-template-hash=744ccc5657
  Containers:
   nginx:
    Image:	nginx:1.23.0
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>
