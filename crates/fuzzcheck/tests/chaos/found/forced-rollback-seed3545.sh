# Found by the chaos long run (session 4, CHAOS_RNG_SEED=20261122, case seed 3545):
# StatefulSet db (OrderedReady) had db-0 recreated on nginx:1.99 (a tag that does
# not exist); reverting the template to nginx:1.27 left db-0 in ImagePullBackOff and
# the controller waiting for it for ever. That is upstream's documented known issue
# ("Forced rollback": after reverting, delete the pods stuck on the bad template), not
# an engine bug; the chaos recovery now does that deletion, as a user must.
# Replay: kubeplay run --seed 3545 crates/fuzzcheck/tests/chaos/found/forced-rollback-seed3545.sh
sim image behave chaos/job-runner:1 exit-after=3s
sim node add chaos1 --cpu 2 --pods 6
kubectl set image daemonset/agent main=nginx:1.26
sim node add chaos2 --cpu 500m --pods 4
sim advance 5s
sim advance 15s
kubectl rollout resume deployment/api
sim advance 15s
sim advance 2m
kubectl drain kubeplay-worker3 --ignore-daemonsets --delete-emptydir-data --force
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 4
  strategy:
    rollingUpdate:
      maxSurge: 0
      maxUnavailable: 1
  selector:
    matchLabels:
      app: cache
  template:
    metadata:
      labels:
        app: cache
    spec:
      containers:
      - name: main
        image: nginx:1.25
        resources:
          requests:
            cpu: 250m
            memory: 64Mi
          limits:
            memory: 256Mi
EOF
kubectl set image statefulset/db main=nginx:1.27
kubectl cordon kubeplay-control-plane
kubectl set image daemonset/agent main=nginx:1.25
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 1
  strategy:
    rollingUpdate:
      maxSurge: 50%
      maxUnavailable: 50%
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: main
        image: nginx:1.27
        resources:
          requests:
            cpu: 250m
            memory: 64Mi
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 4
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: main
        image: nginx:1.25
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
EOF
sim node fail chaos1
kubectl set image statefulset/db main=nginx:1.99
kubectl rollout pause deployment/cache
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app: api
  ports:
  - port: 80
EOF
kubectl taint nodes kubeplay-control-plane chaos=true:NoExecute
sim advance 15s
sim image behave nginx:1.26 ready-after=30s
kubectl uncordon kubeplay-worker3
sim node remove chaos1
kubectl uncordon kubeplay-worker3
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: queue
spec:
  serviceName: queue
  replicas: 4
  selector:
    matchLabels:
      app: queue
  template:
    metadata:
      labels:
        app: queue
    spec:
      containers:
      - name: main
        image: nginx:1.26
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: main
        image: nginx:1.27
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
EOF
kubectl rollout resume deployment/cache
kubectl uncordon kubeplay-control-plane
kubectl taint nodes kubeplay-control-plane chaos-
sim node remove chaos2
sim image behave docker.io/chaos/job-runner:1 reset=true
sim image behave docker.io/library/nginx:1.26 reset=true
sim image behave chaos/job-runner:1 exit-after=3s
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
