# revisionHistoryLimit 2 keeps only the two newest old ReplicaSets.
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

$ kubectl patch deployment nginx-deployment -p '{"spec":{"revisionHistoryLimit":2}}'
deployment.apps/nginx-deployment patched

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.17.0
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.19.0
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 71 steps and 13s of virtual time

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-64975cbb78   3         3         3       13s
nginx-deployment-69b9447b68   0         0         0       40s
nginx-deployment-7f97fdfd4    0         0         0       26s

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
2         <none>
3         <none>
4         <none>
