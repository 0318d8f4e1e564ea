# Found by the chaos long run (session 3, CHAOS_RNG_SEED=20261201, case seed 311):
# during the last `sim advance` lines the engine ran more than 400,000 steps (the
# test's liveness cap), the deployment controller re-syncing deployment/web
# (minReadySeconds: 5, pods crash-looping) with no change several times per
# virtual millisecond. Cause: its rate-limited progress re-check (upstream's
# requeueStuckDeployment, for a completed rollout that lost availability) armed
# one more timer per sync, never merged with the waiting ones. Fixed in session 4:
# controller timers merge per key as client-go's delaying queue does
# (World::add_after) and rate-limited requeues draw on the queue's token bucket.
# `the_kept_failure_scripts_now_pass` (chaos/main.rs) replays this script.
# Replay by hand: kubeplay run --seed 311 crates/fuzzcheck/tests/chaos/found/livelock-seed311.sh
sim image behave chaos/job-runner:1 exit-after=3s
kubectl set image statefulset/queue main=nginx:1.99
kubectl cordon kubeplay-worker2
kubectl scale deployment web --replicas=7
kubectl scale deployment cache --replicas=1
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  minReadySeconds: 5
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: main
        image: nginx:1.25
        resources:
          requests:
            cpu: 100m
            memory: 64Mi
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
EOF
sim image behave nginx:1.99 reset=true
kubectl scale deployment cache --replicas=4
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 3
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
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 3
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: chaos/job-runner:1
        resources:
          requests:
            cpu: 50m
EOF
kubectl scale deployment cache --replicas=1
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 2
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
        image: nginx:1.27
        resources:
          requests:
            cpu: 250m
            memory: 64Mi
          limits:
            memory: 256Mi
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
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
EOF
sim image behave nginx:1.25 crash-after=20s
kubectl set image statefulset/db main=nginx:1.25
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
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
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 4
  strategy:
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
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
        image: nginx:1.25
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
          limits:
            memory: 256Mi
EOF
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 4
  parallelism: 3
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: chaos/job-runner:1
        resources:
          requests:
            cpu: 50m
EOF
sim advance 2m
sim node fail kubeplay-worker2
kubectl drain kubeplay-worker2 --ignore-daemonsets --delete-emptydir-data --force
kubectl scale deployment api --replicas=5
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 3
  minReadySeconds: 5
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
        image: nginx:1.25
        resources:
          requests:
            cpu: 100m
            memory: 64Mi
          limits:
            memory: 256Mi
EOF
kubectl scale deployment web --replicas=5
sim node remove kubeplay-worker
sim node recover kubeplay-worker2
kubectl taint nodes kubeplay-worker3 chaos=true:NoSchedule
sim advance 1s
sim advance 1s
sim advance 45s
sim advance 6m
sim advance 2m
