# omkar-shelke25/cka-killercoda, pod-resource-management: setup.sh (its
# echoed banner left out), then step1.md's solution. Its arithmetic starts
# from killercoda's worker (1000m CPU, 1803Mi memory allocatable); this
# cluster's worker is larger, so the same figures fit here too.

# setup.sh; the ConfigMap's Python server, its response trimmed to a few
# fields (the container runs it; a script that returned would crash-loop).
$ kubectl create namespace python-ml-ns > /dev/null 2>&1 || true

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: v1
kind: ConfigMap
metadata:
  name: python-app-code
  namespace: python-ml-ns
data:
  app.py: |
    from http.server import BaseHTTPRequestHandler, HTTPServer
    import json
    import os

    class MLHandler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header('Content-Type', 'application/json')
            self.end_headers()
            data = {'application': 'Python ML Web Service', 'pod': os.environ.get('HOSTNAME', 'unknown')}
            self.wfile.write(json.dumps(data, indent=2).encode())

    if __name__ == '__main__':
        print('Starting Python ML Web Service on port 8080...')
        server = HTTPServer(('0.0.0.0', 8080), MLHandler)
        server.serve_forever()
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: apps/v1
kind: Deployment
metadata:
  name: python-webapp
  namespace: python-ml-ns
  labels:
    app: python-webapp
    tier: ml-service
spec:
  replicas: 3
  selector:
    matchLabels:
      app: python-webapp
  template:
    metadata:
      labels:
        app: python-webapp
        tier: ml-service
    spec:
      initContainers:
      - name: init-setup
        image: busybox:1.28
        command: ['sh', '-c', 'echo "Initializing ML environment..." && sleep 2 && echo "Initialization complete"']
      containers:
      - name: python-app
        image: python:3.11-slim
        command: ['python', '/app/app.py']
        ports:
        - containerPort: 8080
          name: http
          protocol: TCP
        env:
        - name: PYTHONUNBUFFERED
          value: "1"
        - name: APP_ENV
          value: "production"
        volumeMounts:
        - name: app-code
          mountPath: /app
      volumes:
      - name: app-code
        configMap:
          name: python-app-code
---
apiVersion: v1
kind: Service
metadata:
  name: python-webapp
  namespace: python-ml-ns
  labels:
    app: python-webapp
    tier: ml-service
spec:
  selector:
    app: python-webapp
  ports:
  - port: 80
    targetPort: 8080
    name: http
    protocol: TCP
  type: ClusterIP
EOF

$ sleep 3

$ kubectl get deployment python-webapp -n python-ml-ns 2>/dev/null || echo "Deployment created"
NAME            READY   UP-TO-DATE   AVAILABLE   AGE
python-webapp   0/3     3            0           3s

# Step 1
$ kubectl scale deployment python-webapp -n python-ml-ns --replicas=0
deployment.apps/python-webapp scaled

$ kubectl get deployment python-webapp -n python-ml-ns
NAME            READY   UP-TO-DATE   AVAILABLE   AGE
python-webapp   0/0     3            0           3s

$ sleep 30

$ kubectl get pods -n python-ml-ns
No resources found in python-ml-ns namespace.

# Step 2: what the worker can give.
$ kubectl describe node kubeplay-worker | grep -A 7 Allocatable
Allocatable:
  cpu:                4
  ephemeral-storage:  100Gi
  memory:             8Gi
  pods:               110
System Info:
  Machine ID:                 00000000000000000000000000000002
  System UUID:                00000002-0000-4000-8000-000000000002

# Step 3: the solution's `kubectl edit`, made as a JSON patch.
$ kubectl patch deployment python-webapp -n python-ml-ns --type=json -p='[{"op":"add","path":"/spec/template/spec/initContainers/0/resources","value":{"requests":{"cpu":"266m","memory":"480Mi"},"limits":{"cpu":"266m","memory":"480Mi"}}},{"op":"add","path":"/spec/template/spec/containers/0/resources","value":{"requests":{"cpu":"266m","memory":"480Mi"},"limits":{"cpu":"266m","memory":"480Mi"}}}]'
deployment.apps/python-webapp patched

# Step 4
$ kubectl scale deployment python-webapp -n python-ml-ns --replicas=3
deployment.apps/python-webapp scaled

$ sleep 2

# Step 5
$ kubectl wait --for=condition=ready pod -l app=python-webapp -n python-ml-ns --timeout=120s
pod/python-webapp-585f8677f7-5nj2c condition met
pod/python-webapp-585f8677f7-vc5mv condition met
pod/python-webapp-585f8677f7-wqjh8 condition met

$ kubectl get pods -n python-ml-ns
NAME                             READY   STATUS    RESTARTS   AGE
python-webapp-585f8677f7-5nj2c   1/1     Running   0          7s
python-webapp-585f8677f7-vc5mv   1/1     Running   0          7s
python-webapp-585f8677f7-wqjh8   1/1     Running   0          7s

# Step 6
$ POD=$(kubectl get pod -n python-ml-ns -l app=python-webapp -o jsonpath='{.items[0].metadata.name}')

$ kubectl get pod $POD -n python-ml-ns -o jsonpath='{.spec.initContainers[0].resources}{"\n"}'
{"limits":{"cpu":"266m","memory":"480Mi"},"requests":{"cpu":"266m","memory":"480Mi"}}

$ kubectl get pod $POD -n python-ml-ns -o jsonpath='{.spec.containers[0].resources}{"\n"}'
{"limits":{"cpu":"266m","memory":"480Mi"},"requests":{"cpu":"266m","memory":"480Mi"}}

$ kubectl get pod $POD -n python-ml-ns -o jsonpath='{.status.qosClass}{"\n"}'
Guaranteed

$ kubectl describe node kubeplay-worker | grep -A 6 "Allocated resources"
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                366m (9%)   266m (6%)
  memory             530Mi (6%)  480Mi (5%)
  ephemeral-storage  0 (0%)      0 (0%)
