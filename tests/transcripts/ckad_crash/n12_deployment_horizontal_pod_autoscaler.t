# bmuschko/ckad-crash-course, exercises/12-deployment-horizontal-pod-autoscaler
# (the course's newest numbering), the solution's commands in order; the
# manifests are the solution's, written with here-documents.
$ cat <<'EOF' > nginx-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.23.4
        name: nginx
        resources:
          requests:
            cpu: "0.5"
            memory: "500Mi"
          limits:
            memory: "500Mi"
EOF

$ kubectl apply -f nginx-deployment.yaml
deployment.apps/nginx created

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl get deploy
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   1/1     1            1           4s

$ kubectl get pods
NAME                    READY   STATUS    RESTARTS   AGE
nginx-9b8d5cb76-jjhv7   1/1     Running   0          4s

$ cat <<'EOF' > nginx-hpa.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: nginx-hpa
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: nginx
  minReplicas: 3
  maxReplicas: 8
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 75
  - type: Resource
    resource:
      name: memory
      target:
        type: Utilization
        averageUtilization: 60
EOF

$ kubectl apply -f nginx-hpa.yaml
horizontalpodautoscaler.autoscaling/nginx-hpa created

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:06Z (27 steps ran)

$ kubectl get hpa nginx-hpa
NAME        REFERENCE          TARGETS                       MINPODS   MAXPODS   REPLICAS   AGE
nginx-hpa   Deployment/nginx   cpu: 0%/75%, memory: 0%/60%   3         8         3          60s

$ kubectl get deploy nginx
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   3/3     3            3           64s

$ kubectl get pods
NAME                    READY   STATUS    RESTARTS   AGE
nginx-9b8d5cb76-jjhv7   1/1     Running   0          64s
nginx-9b8d5cb76-jrv7s   1/1     Running   0          45s
nginx-9b8d5cb76-sn96l   1/1     Running   0          45s
