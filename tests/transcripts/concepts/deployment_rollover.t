# kubernetes.io "Concepts → Workloads → Workload Management → Deployments",
# "Rollover (aka multiple updates in-flight)": 5 replicas of nginx:1.14.2,
# updated to nginx:1.16.1 before they are all up. The Deployment does not
# wait for the first rollout: it scales the first ReplicaSet down and the
# new one up at once.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 5
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

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:04Z (23 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   5         5         0       2s

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:05Z (23 steps ran)

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   4         4         0       3s
nginx-deployment-69b9447b68   3         3         0       1s

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment "nginx-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 4 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 4 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 4 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 4 of 5 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       14s
nginx-deployment-69b9447b68   5         5         5       12s

$ kubectl describe deployment nginx-deployment | sed -n '/^Events:/,$p'
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  14s   deployment-controller  Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 5
  Normal  ScalingReplicaSet  12s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 0 to 2
  Normal  ScalingReplicaSet  12s   deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 5 to 4
  Normal  ScalingReplicaSet  12s   deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 2 to 3
  Normal  ScalingReplicaSet  6s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 4 to 3
  Normal  ScalingReplicaSet  6s    deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 3 to 4
  Normal  ScalingReplicaSet  3s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 1
  Normal  ScalingReplicaSet  3s    deployment-controller  Scaled up replica set nginx-deployment-69b9447b68 from 4 to 5
  Normal  ScalingReplicaSet  1s    deployment-controller  Scaled down replica set nginx-deployment-65c97d6c5c from 1 to 0
