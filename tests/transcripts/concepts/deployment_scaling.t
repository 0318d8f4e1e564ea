# kubernetes.io "Concepts → Workloads → Workload Management → Deployments",
# scaling and proportional scaling, line by line. The manifest is the
# page's nginx-deployment.yaml as a here-document (transcripts never
# download), with the strategy the proportional-scaling example states:
# maxSurge 3, maxUnavailable 2.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  strategy:
    rollingUpdate:
      maxSurge: 3
      maxUnavailable: 2
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

$ kubectl scale deployment/nginx-deployment --replicas=10
deployment.apps/nginx-deployment scaled

# The page shows "scaled" here; kubectl autoscale names the
# HorizontalPodAutoscaler it created.
$ kubectl autoscale deployment/nginx-deployment --min=10 --max=15 --cpu-percent=80
horizontalpodautoscaler.autoscaling/nginx-deployment autoscaled

$ kubectl get hpa
NAME               REFERENCE                     TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
nginx-deployment   Deployment/nginx-deployment   cpu: <unknown>/80%   10        15        0          0s

# The autoscaler would fight the manual scale below; the page's example
# scales by hand, so the HPA goes.
$ kubectl delete hpa nginx-deployment
horizontalpodautoscaler.autoscaling "nginx-deployment" deleted

$ sim settle
settled after 41 steps and 2s of virtual time

$ kubectl get deploy
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   10/10   10           10          6s

$ kubectl set image deployment/nginx-deployment nginx=nginx:sometag
deployment.apps/nginx-deployment image updated

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:18Z (41 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   8         8         8       16s
nginx-deployment-765d8d858f   5         5         0       10s

# "The autoscaler increments the Deployment replicas to 15": 3 replicas
# go to the old ReplicaSet and 2 to the new one.
$ kubectl scale deployment/nginx-deployment --replicas=15
deployment.apps/nginx-deployment scaled

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:23Z (49 steps ran)

$ kubectl get deploy
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   11/15   7            11          21s

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   11        11        11      21s
nginx-deployment-765d8d858f   7         7         0       15s
