# kubernetes.io "Concepts → Workloads → Workload Management → Deployments",
# pausing and resuming a rollout, Deployment status and the clean-up
# policy, line by line. The manifest is the page's nginx-deployment.yaml as
# a here-document: transcripts never download.
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

$ kubectl get deploy
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           4s

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       4s

$ kubectl rollout pause deployment/nginx-deployment
deployment.apps/nginx-deployment paused

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 2 steps and 0s of virtual time

# No new rollout started.
$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
1         <none>

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       4s

$ kubectl set resources deployment/nginx-deployment -c=nginx --limits=cpu=200m,memory=512Mi
deployment.apps/nginx-deployment resource requirements updated

# The page notes a paused Deployment cannot be rolled back; with only
# revision 1 in its history, kubectl finds nothing to roll back to before
# it looks at the pause (tests/transcripts/kubectl/rollout.t shows the
# paused error).
$ kubectl rollout undo deployment/nginx-deployment
error: no rollout history found for deployment "nginx-deployment"

$ kubectl rollout resume deployment/nginx-deployment
deployment.apps/nginx-deployment resumed

$ kubectl get rs -w --request-timeout=20s
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       4s
nginx-deployment-6cd5bf8d     1         0         0       0s
nginx-deployment-6cd5bf8d     1         0         0       0s
nginx-deployment-6cd5bf8d     1         1         0       0s
nginx-deployment-6cd5bf8d     1         1         1       4s
nginx-deployment-65c97d6c5c   2         3         3       8s
nginx-deployment-6cd5bf8d     2         1         1       4s
nginx-deployment-65c97d6c5c   2         3         3       8s
nginx-deployment-6cd5bf8d     2         1         1       4s
nginx-deployment-65c97d6c5c   2         2         2       8s
nginx-deployment-6cd5bf8d     2         2         1       4s
nginx-deployment-6cd5bf8d     2         2         2       8s
nginx-deployment-65c97d6c5c   1         2         2       13s
nginx-deployment-6cd5bf8d     3         2         2       8s
nginx-deployment-65c97d6c5c   1         2         2       13s
nginx-deployment-6cd5bf8d     3         2         2       8s
nginx-deployment-65c97d6c5c   1         1         1       13s
nginx-deployment-6cd5bf8d     3         3         2       8s
nginx-deployment-6cd5bf8d     3         3         3       13s
nginx-deployment-65c97d6c5c   0         1         1       17s
nginx-deployment-65c97d6c5c   0         1         1       17s
nginx-deployment-65c97d6c5c   0         0         0       17s
(playground) stopped watching: the cluster settled after 13s of virtual time; kubectl would keep watching until interrupted

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       17s
nginx-deployment-6cd5bf8d     3         3         3       13s

# Complete Deployment: rollout status exits 0.
$ kubectl rollout status deployment/nginx-deployment
deployment "nginx-deployment" successfully rolled out

$ echo $?
0

$ kubectl get deployment nginx-deployment -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}{"\n"}{end}'
Available True MinimumReplicasAvailable
Progressing True NewReplicaSetAvailable

# Failed Deployment: the page's patch sets the default (600), so a real
# cluster answers "(no change)"; then an image that never pulls.
$ kubectl patch deployment/nginx-deployment -p '{"spec":{"progressDeadlineSeconds":600}}'
deployment.apps/nginx-deployment patched (no change)

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.161
deployment.apps/nginx-deployment image updated

$ sim advance 11m
advanced 11m to 2025-01-01T00:11:19Z (101 steps ran)

$ kubectl describe deployment nginx-deployment | grep -A4 Conditions:
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    False   ProgressDeadlineExceeded

$ kubectl rollout status deployment/nginx-deployment
error: deployment "nginx-deployment" exceeded its progress deadline

$ echo $?
1

# Operating on a failed Deployment: roll back.
$ kubectl rollout undo deployment/nginx-deployment
deployment.apps/nginx-deployment rolled back

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-deployment" successfully rolled out

$ kubectl describe deployment nginx-deployment | grep -A4 Conditions:
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable

# Clean up policy: revisionHistoryLimit 0 keeps no old ReplicaSets, so
# there is nothing left to roll back to.
$ kubectl patch deployment/nginx-deployment -p '{"spec":{"revisionHistoryLimit":0}}'
deployment.apps/nginx-deployment patched

$ sim settle
settled after 7 steps and 0s of virtual time

$ kubectl get rs
NAME                        DESIRED   CURRENT   READY   AGE
nginx-deployment-6cd5bf8d   3         3         3       11m

$ kubectl rollout undo deployment/nginx-deployment
error: no rollout history found for deployment "nginx-deployment"
