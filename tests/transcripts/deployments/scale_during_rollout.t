# Scaling mid-rollout is proportional across the ReplicaSets.
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

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.91
deployment.apps/nginx-deployment image updated

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:36Z (17 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       34s
nginx-deployment-76cdf889b4   1         1         0       30s

$ kubectl scale deployment nginx-deployment --replicas=6
deployment.apps/nginx-deployment scaled

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:06Z (50 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   5         5         5       64s
nginx-deployment-76cdf889b4   3         3         0       60s
