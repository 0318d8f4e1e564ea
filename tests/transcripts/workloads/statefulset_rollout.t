# With the MaxUnavailableStatefulSet gate off (alpha through v1.32) the API
# server drops rollingUpdate.maxUnavailable before validating
# (dropStatefulSetDisabledFields), so even 0, which validation would
# reject, is accepted and not stored.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  serviceName: web
  replicas: 2
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      partition: 0
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
EOF
statefulset.apps/web created

$ kubectl get sts web -o jsonpath='{.spec.updateStrategy.rollingUpdate}'
{"partition":0}

$ sim settle
settled after 18 steps and 8s of virtual time

# statefulSetRollbacker: with one revision there is nothing to go back to.
$ kubectl rollout undo statefulset web
error: no last revision to roll back to

$ kubectl set image statefulset web nginx=nginx:1.26
statefulset.apps/web image updated

$ kubectl rollout status statefulset web
Waiting for statefulset spec update to be observed...
Waiting for partitioned roll out to finish: 0 out of 2 new pods have been updated...
Waiting for 1 pods to be ready...
Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...
Waiting for 1 pods to be ready...
partitioned roll out complete: 2 new pods have been updated...

$ kubectl rollout history statefulset web
statefulset.apps/web
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl rollout history statefulset web --revision=1
statefulset.apps/web with revision #1
Pod Template:
  Labels:	app=web
  Containers:
   nginx:
    Image:	nginx:1.25
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

$ kubectl rollout undo statefulset web --to-revision=5
error: unable to find specified revision 5 in history

$ kubectl rollout undo statefulset web --to-revision=2
statefulset.apps/web skipped rollback (current template already matches revision 2)

# Undo goes back to revision 1's template; the controller reuses that
# ControllerRevision and renumbers it 3.
$ kubectl rollout undo statefulset web
statefulset.apps/web rolled back

$ kubectl rollout status statefulset web
Waiting for statefulset spec update to be observed...
Waiting for partitioned roll out to finish: 0 out of 2 new pods have been updated...
Waiting for 1 pods to be ready...
Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...
Waiting for 1 pods to be ready...
partitioned roll out complete: 2 new pods have been updated...

$ kubectl rollout history statefulset web
statefulset.apps/web
REVISION  CHANGE-CAUSE
2         <none>
3         <none>

$ kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name} {.spec.containers[0].image}{"\n"}{end}'
web-0 nginx:1.25
web-1 nginx:1.25
