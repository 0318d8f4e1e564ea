# omkar-shelke25/cka-killercoda, highest-priority-class: setup.sh (its
# echoed banner left out), then step1.md's solution and its verification
# commands.

# setup.sh
$ kubectl create namespace priority > /dev/null 2>&1 || true

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: payment-critical
value: 1000000
globalDefault: false
description: "Critical priority for payment processing services"
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: inventory-high
value: 800000
globalDefault: false
description: "High priority for inventory management services"
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: frontend-medium
value: 500000
globalDefault: false
description: "Medium priority for customer-facing services"
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: analytics-low
value: 100000
globalDefault: false
description: "Low priority for analytics and reporting services"
EOF

# The ConfigMap's Python server, its response trimmed to a few fields:
# the container runs it, and a script that returned would leave the pods
# in CrashLoopBackOff.
$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: v1
kind: ConfigMap
metadata:
  name: log-forwarder-config
  namespace: priority
data:
  forwarder.py: |
    from http.server import BaseHTTPRequestHandler, HTTPServer
    import json
    import datetime
    import sys

    data = {
      "service": "AcmeRetail Log Forwarder",
      "status": "operational",
      "current_priority": "NO PRIORITY CLASS ASSIGNED"
    }

    class Handler(BaseHTTPRequestHandler):
      def do_GET(s):
        s.send_response(200)
        s.send_header("Content-Type", "application/json; charset=utf-8")
        s.end_headers()
        s.wfile.write(json.dumps(data, indent=2).encode())

      def log_message(self, format, *args):
        pass

    if __name__ == '__main__':
      print("AcmeRetail Log Forwarder starting on port 8080...", flush=True)
      sys.stdout.flush()
      HTTPServer(("", 8080), Handler).serve_forever()
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: acme-log-forwarder
  namespace: priority
spec:
  replicas: 2
  selector:
    matchLabels:
      app: log-forwarder
  template:
    metadata:
      labels:
        app: log-forwarder
        component: logging
        criticality: high
    spec:
      containers:
      - name: forwarder
        image: python:3.11-slim
        ports:
        - containerPort: 8080
        resources:
          requests:
            memory: "128Mi"
            cpu: "100m"
          limits:
            memory: "256Mi"
            cpu: "500m"
        command: ["python", "-u", "/app/forwarder.py"]
        volumeMounts:
        - name: config
          mountPath: /app
      volumes:
      - name: config
        configMap:
          name: log-forwarder-config
---
apiVersion: v1
kind: Service
metadata:
  name: log-forwarder-service
  namespace: priority
spec:
  type: ClusterIP
  selector:
    app: log-forwarder
  ports:
  - port: 80
    targetPort: 8080
EOF

$ kubectl wait --for=condition=available deployment/acme-log-forwarder -n priority --timeout=120s > /dev/null 2>&1

$ kubectl get priorityclasses --no-headers 2>/dev/null | awk '{printf "   • %-30s (value: %s)\n", $1, $2}'
   • analytics-low                  (value: 100000)
   • frontend-medium                (value: 500000)
   • inventory-high                 (value: 800000)
   • payment-critical               (value: 1000000)
   • system-cluster-critical        (value: 2000000000)
   • system-node-critical           (value: 2000001000)

# Step 1: the existing classes.
$ kubectl get priorityclasses
NAME                      VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
analytics-low             100000       false            3s    PreemptLowerPriority
frontend-medium           500000       false            3s    PreemptLowerPriority
inventory-high            800000       false            3s    PreemptLowerPriority
payment-critical          1000000      false            3s    PreemptLowerPriority
system-cluster-critical   2000000000   false            5s    PreemptLowerPriority
system-node-critical      2000001000   false            5s    PreemptLowerPriority

$ kubectl get priorityclasses --no-headers | awk '{print $1, $2}'
analytics-low 100000
frontend-medium 500000
inventory-high 800000
payment-critical 1000000
system-cluster-critical 2000000000
system-node-critical 2000001000

$ kubectl get priorityclass payment-critical -o yaml
apiVersion: scheduling.k8s.io/v1
description: Critical priority for payment processing services
globalDefault: false
kind: PriorityClass
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"scheduling.k8s.io/v1","description":"Critical priority for payment processing services","globalDefault":false,"kind":"PriorityClass","metadata":{"annotations":{},"name":"payment-critical"},"value":1000000}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: payment-critical
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
preemptionPolicy: PreemptLowerPriority
value: 1000000

# Step 2
$ cat > /tmp/high-priority.yaml <<'EOF'
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 999999
globalDefault: false
preemptionPolicy: PreemptLowerPriority
description: "High priority for log forwarder during Holiday Flash Sale"
EOF

$ kubectl apply -f /tmp/high-priority.yaml
priorityclass.scheduling.k8s.io/high-priority created

$ kubectl get priorityclass high-priority
NAME            VALUE    GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
high-priority   999999   false            0s    PreemptLowerPriority

$ kubectl get priorityclass high-priority -o yaml
apiVersion: scheduling.k8s.io/v1
description: High priority for log forwarder during Holiday Flash Sale
globalDefault: false
kind: PriorityClass
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"scheduling.k8s.io/v1","description":"High priority for log forwarder during Holiday Flash Sale","globalDefault":false,"kind":"PriorityClass","metadata":{"annotations":{},"name":"high-priority"},"preemptionPolicy":"PreemptLowerPriority","value":999999}
  creationTimestamp: "2025-01-01T00:00:05Z"
  name: high-priority
  resourceVersion: "419"
  uid: 2c0c6fa0-5be7-4f63-93bf-ee5adbf40945
preemptionPolicy: PreemptLowerPriority
value: 999999

# Step 3, option 2.
$ kubectl patch deployment acme-log-forwarder -n priority --type='json' -p='[{"op": "add", "path": "/spec/template/spec/priorityClassName", "value": "high-priority"}]'
deployment.apps/acme-log-forwarder patched

$ kubectl rollout status deployment acme-log-forwarder -n priority
Waiting for deployment spec update to be observed...
Waiting for deployment "acme-log-forwarder" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "acme-log-forwarder" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "acme-log-forwarder" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "acme-log-forwarder" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "acme-log-forwarder" rollout to finish: 1 old replicas are pending termination...
deployment "acme-log-forwarder" successfully rolled out

# Step 4
$ kubectl get deployment acme-log-forwarder -n priority -o yaml | grep priorityClassName
      priorityClassName: high-priority

$ kubectl get pods -n priority -o custom-columns=NAME:.metadata.name,PRIORITY-CLASS:.spec.priorityClassName
NAME                                  PRIORITY-CLASS
acme-log-forwarder-594b978575-chk5t   high-priority
acme-log-forwarder-594b978575-jnz9m   high-priority
acme-log-forwarder-dc6b9755c-mgpb4    <none>

$ kubectl get pods -n priority -o custom-columns=NAME:.metadata.name,PRIORITY-VALUE:.spec.priority
NAME                                  PRIORITY-VALUE
acme-log-forwarder-594b978575-chk5t   999999
acme-log-forwarder-594b978575-jnz9m   999999
acme-log-forwarder-dc6b9755c-mgpb4    0

# Step 5
$ kubectl get priorityclasses --sort-by=.value
NAME                      VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
analytics-low             100000       false            7s    PreemptLowerPriority
frontend-medium           500000       false            7s    PreemptLowerPriority
inventory-high            800000       false            7s    PreemptLowerPriority
high-priority             999999       false            4s    PreemptLowerPriority
payment-critical          1000000      false            7s    PreemptLowerPriority
system-cluster-critical   2000000000   false            9s    PreemptLowerPriority
system-node-critical      2000001000   false            9s    PreemptLowerPriority

$ kubectl get priorityclasses --no-headers | grep -v system | sort -k2 -n
analytics-low             100000       false   7s    PreemptLowerPriority
frontend-medium           500000       false   7s    PreemptLowerPriority
inventory-high            800000       false   7s    PreemptLowerPriority
high-priority             999999       false   4s    PreemptLowerPriority
payment-critical          1000000      false   7s    PreemptLowerPriority

# The verification commands.
$ kubectl get priorityclass high-priority -o yaml | grep -E "value|globalDefault|preemptionPolicy"
globalDefault: false
      {"apiVersion":"scheduling.k8s.io/v1","description":"High priority for log forwarder during Holiday Flash Sale","globalDefault":false,"kind":"PriorityClass","metadata":{"annotations":{},"name":"high-priority"},"preemptionPolicy":"PreemptLowerPriority","value":999999}
preemptionPolicy: PreemptLowerPriority
value: 999999

$ kubectl get deployment acme-log-forwarder -n priority -o jsonpath='{.spec.template.spec.priorityClassName}'
high-priority

$ kubectl get pods -n priority -l app=log-forwarder -o custom-columns=NAME:.metadata.name,PRIORITY:.spec.priority,PRIORITY-CLASS:.spec.priorityClassName
NAME                                  PRIORITY   PRIORITY-CLASS
acme-log-forwarder-594b978575-chk5t   999999     high-priority
acme-log-forwarder-594b978575-jnz9m   999999     high-priority
acme-log-forwarder-dc6b9755c-mgpb4    0          <none>
