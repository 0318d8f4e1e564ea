# omkar-shelke25/cka-killercoda, Preferred-NodeAffinity-Balanced:
# setup.sh, then step1.md's solution. Killercoda's controlplane and node01
# are this cluster's kubeplay-control-plane and kubeplay-worker; both get
# the GPU labels, its other workers none, so the preference (NodeAffinity
# scores with weight 2 among the default plugins) keeps the pods off them.

# setup.sh
$ kubectl taint no kubeplay-control-plane node-role.kubernetes.io/control-plane:NoSchedule-
node/kubeplay-control-plane untainted

$ kubectl create ns app
namespace/app created

$ kubectl label no kubeplay-control-plane gpu.vendor=nvidia gpu.count=1
node/kubeplay-control-plane labeled

$ kubectl label no kubeplay-worker gpu.vendor=nvidia gpu.count=1
node/kubeplay-worker labeled

$ mkdir -p /app

$ cat > /app/app.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: app-flask
  name: app-flask
  namespace: app
spec:
  replicas: 10
  selector:
    matchLabels:
      app: app-flask
  strategy: {}
  template:
    metadata:
      labels:
        app: app-flask
    spec:
      containers:
      - image: public.ecr.aws/docker/library/httpd:alpine
        name: httpd
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 10m
            memory: 16Mi
EOF

# The solution: the edited file.
$ cat > /app/app.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: app-flask
  name: app-flask
  namespace: app
spec:
  replicas: 10
  selector:
    matchLabels:
      app: app-flask
  strategy: {}
  template:
    metadata:
      labels:
        app: app-flask
    spec:
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 50
            preference:
              matchExpressions:
              - key: gpu.vendor
                operator: In
                values:
                - nvidia
              - key: gpu.count
                operator: In
                values:
                - "1"
      containers:
      - image: public.ecr.aws/docker/library/httpd:alpine
        name: httpd
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 10m
            memory: 16Mi
EOF

$ kubectl apply -f /app/app.yaml
deployment.apps/app-flask created

$ kubectl rollout status deployment app-flask -n app
Waiting for deployment spec update to be observed...
Waiting for deployment "app-flask" rollout to finish: 0 out of 10 new replicas have been updated...
Waiting for deployment "app-flask" rollout to finish: 0 of 10 updated replicas are available...
Waiting for deployment "app-flask" rollout to finish: 2 of 10 updated replicas are available...
Waiting for deployment "app-flask" rollout to finish: 4 of 10 updated replicas are available...
Waiting for deployment "app-flask" rollout to finish: 6 of 10 updated replicas are available...
Waiting for deployment "app-flask" rollout to finish: 8 of 10 updated replicas are available...
Waiting for deployment "app-flask" rollout to finish: 9 of 10 updated replicas are available...
deployment "app-flask" successfully rolled out

$ kubectl get pods -n app -o wide
NAME                         READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
app-flask-85df5c56fc-422k9   1/1     Running   0          15s   10.244.0.6   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-4dfjb   1/1     Running   0          15s   10.244.0.7   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-58ljc   1/1     Running   0          15s   10.244.1.2   kubeplay-worker          <none>           <none>
app-flask-85df5c56fc-6g9s2   1/1     Running   0          15s   10.244.0.4   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-8cvzm   1/1     Running   0          15s   10.244.0.8   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-8nw65   1/1     Running   0          15s   10.244.0.5   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-9m9mj   1/1     Running   0          15s   10.244.1.3   kubeplay-worker          <none>           <none>
app-flask-85df5c56fc-mfgh6   1/1     Running   0          15s   10.244.1.5   kubeplay-worker          <none>           <none>
app-flask-85df5c56fc-shsq5   1/1     Running   0          15s   10.244.0.9   kubeplay-control-plane   <none>           <none>
app-flask-85df5c56fc-x52zv   1/1     Running   0          15s   10.244.1.4   kubeplay-worker          <none>           <none>

$ kubectl get pods -n app -o wide | grep -i 'kubeplay-worker ' | wc -l
4

$ kubectl get pods -n app -o wide | grep -i control-plane | wc -l
6

$ kubectl get pods -n app -o wide | grep -E 'worker2|worker3' | wc -l
0
