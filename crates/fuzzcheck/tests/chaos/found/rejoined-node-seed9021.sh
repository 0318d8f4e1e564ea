# Found by the chaos long run (session 4, CHAOS_RNG_SEED=20261122, case seed 9021):
# chaos1 removed and re-added under the same name while pods were bound to it (pod
# GC's quarantine not yet over): the new node's kubelet never ran them, so queue-0
# and a DaemonSet pod stayed Pending for ever. Fixed in session 4: a node that joins
# syncs the pods bound to its name, and a removed node's container runtime state
# goes with it (transcript pods/rejoined_node.t).
# Replay: kubeplay run --seed 9021 crates/fuzzcheck/tests/chaos/found/rejoined-node-seed9021.sh
sim image behave chaos/job-runner:1 exit-after=3s
kubectl set image daemonset/logs main=nginx:1.99
sim node fail kubeplay-control-plane
sim image behave nginx:1.27 crash-after=20s
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 5
  minReadySeconds: 5
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
        image: nginx:1.26
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
kubectl taint nodes kubeplay-control-plane chaos=true:NoExecute
sim node add chaos1
sim node fail chaos1
sim node recover kubeplay-worker2
sim advance 5s
sim node remove kubeplay-worker
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 5
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
        image: nginx:1.27
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
kubectl rollout resume deployment/api
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: logs
spec:
  selector:
    matchLabels:
      app: logs
  template:
    metadata:
      labels:
        app: logs
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
kubectl rollout pause deployment/cache
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: queue
spec:
  serviceName: queue
  replicas: 3
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
kubectl set image daemonset/agent main=nginx:1.27
sim advance 45s
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 1
  strategy:
    rollingUpdate:
      maxSurge: 0
      maxUnavailable: 1
  minReadySeconds: 5
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
sim node recover kubeplay-worker3
sim node remove chaos1
sim node add chaos1 --cpu 2 --pods 6
sim node recover kubeplay-control-plane
kubectl taint nodes kubeplay-control-plane chaos-
sim node remove chaos1
sim node add chaos1
sim image behave docker.io/chaos/job-runner:1 reset=true
sim image behave docker.io/library/nginx:1.27 reset=true
sim image behave chaos/job-runner:1 exit-after=3s
kubectl rollout resume deployment/cache
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
