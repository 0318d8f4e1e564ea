# omkar-shelke25/cka-killercoda, downward-api-env-resource: setup.sh, then
# step1.md's solution.

# setup.sh
$ kubectl create namespace react-frontend
namespace/react-frontend created

$ mkdir -p /app

$ cat > /app/monitor-configmap.yaml <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: monitor-agent-cm
  namespace: react-frontend
data:
  monitor.sh: |
    #!/bin/sh
    echo "========================================"
    echo " React Frontend Resource Monitor"
    echo "========================================"
    echo " CPU Request  : ${APP_CPU_REQUEST}m"
    echo " CPU Limit    : ${APP_CPU_LIMIT}m"
    echo " Mem Request: ${APP_MEM_REQUEST}Mi"
    echo " Mem Limit  : ${APP_MEM_LIMIT}Mi"
    echo "----------------------------------------"
    while true; do
      TS=`date -Is`
      echo "$TS  CPU_REQ=${APP_CPU_REQUEST}m | CPU_LIM=${APP_CPU_LIMIT}m | MEM_REQ=${APP_MEM_REQUEST}Mi | MEM_LIM=${APP_MEM_LIMIT}Mi"
      sleep 15
    done
EOF

$ kubectl apply -f /app/monitor-configmap.yaml
configmap/monitor-agent-cm created

$ cat > /app/react-ui.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: react-frontend-monitor
  namespace: react-frontend
  labels:
    app.kubernetes.io/name: react-frontend
    tier: frontend
spec:
  containers:
  - name: frontend-app
    image: nginx
    resources:
      requests:
        cpu: "100m"
        memory: "128Mi"
      limits:
        cpu: "500m"
        memory: "256Mi"
  - name: monitor-agent
    image: busybox:1.36
    command: ["/bin/sh", "/opt/monitor/monitor.sh"]
    volumeMounts:
      - name: monitor-script
        mountPath: /opt/monitor
        readOnly: true
  volumes:
    - name: monitor-script
      configMap:
        name: monitor-agent-cm
        defaultMode: 0755
EOF

$ kubectl apply -f /app/react-ui.yaml
pod/react-frontend-monitor created

$ sleep 3

# The solution, once the pod's second image is pulled.
$ sleep 10

$ kubectl exec -n react-frontend react-frontend-monitor -c monitor-agent -- cat /opt/monitor/monitor.sh
#!/bin/sh
echo "========================================"
echo " React Frontend Resource Monitor"
echo "========================================"
echo " CPU Request  : ${APP_CPU_REQUEST}m"
echo " CPU Limit    : ${APP_CPU_LIMIT}m"
echo " Mem Request: ${APP_MEM_REQUEST}Mi"
echo " Mem Limit  : ${APP_MEM_LIMIT}Mi"
echo "----------------------------------------"
while true; do
  TS=`date -Is`
  echo "$TS  CPU_REQ=${APP_CPU_REQUEST}m | CPU_LIM=${APP_CPU_LIMIT}m | MEM_REQ=${APP_MEM_REQUEST}Mi | MEM_LIM=${APP_MEM_LIMIT}Mi"
  sleep 15
done

$ kubectl get pod react-frontend-monitor -n react-frontend -o yaml | grep -A 12 "name: monitor-agent"
    name: monitor-agent
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /opt/monitor
      name: monitor-script
      readOnly: true
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-mgnfc
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
--
      name: monitor-agent-cm
    name: monitor-script
  - name: kube-api-access-mgnfc
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
--
    name: monitor-agent
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:06Z"
  hostIP: 172.18.0.3
  hostIPs:
  - ip: 172.18.0.3
  phase: Running
  podIP: 10.244.1.2
  podIPs:

# The edit: a pod's containers' env cannot change in place, so the pod
# is deleted and created again from the file.
$ cat > /app/react-ui.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: react-frontend-monitor
  namespace: react-frontend
  labels:
    app.kubernetes.io/name: react-frontend
    tier: frontend
spec:
  containers:
  - name: frontend-app
    image: nginx
    resources:
      requests:
        cpu: "100m"
        memory: "128Mi"
      limits:
        cpu: "500m"
        memory: "256Mi"
  - name: monitor-agent
    image: busybox:1.36
    command: ["/bin/sh", "/opt/monitor/monitor.sh"]
    env:
    - name: APP_CPU_REQUEST
      valueFrom:
        resourceFieldRef:
          containerName: frontend-app
          resource: requests.cpu 
          divisor: 1m
    - name: APP_CPU_LIMIT
      valueFrom:
        resourceFieldRef:
          containerName: frontend-app
          resource: limits.cpu 
          divisor: 1m
    - name: APP_MEM_REQUEST
      valueFrom:
        resourceFieldRef:
          containerName: frontend-app
          resource: requests.memory
          divisor: 1Mi
    - name: APP_MEM_LIMIT
      valueFrom:
        resourceFieldRef:
          containerName: frontend-app
          resource: limits.memory
          divisor: 1Mi
    volumeMounts:
      - name: monitor-script
        mountPath: /opt/monitor
        readOnly: true
  volumes:
    - name: monitor-script
      configMap:
        name: monitor-agent-cm
        defaultMode: 0755
EOF

$ kubectl delete pod react-frontend-monitor -n react-frontend
pod "react-frontend-monitor" deleted

$ kubectl apply -f /app/react-ui.yaml
pod/react-frontend-monitor created

$ kubectl wait --for=condition=ready pod/react-frontend-monitor -n react-frontend --timeout=60s
pod/react-frontend-monitor condition met

$ kubectl exec -n react-frontend react-frontend-monitor -c monitor-agent -- env | grep APP_ | sort
APP_CPU_LIMIT=500
APP_CPU_REQUEST=100
APP_MEM_LIMIT=256
APP_MEM_REQUEST=128
