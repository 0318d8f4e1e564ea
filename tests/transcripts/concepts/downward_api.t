# kubernetes.io "Downward API" (Concepts): every field the page lists,
# through environment variables and a downwardAPI volume. The tasks
# (tests/transcripts/tasks/env_downward_*.t) follow the two walkthroughs.
$ kubectl create -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: downward-fields
  labels:
    app: demo
    tier: web
  annotations:
    build: "42"
spec:
  containers:
  - name: main
    image: busybox:1.28
    command: ["sh", "-c", "sleep 3600"]
    resources:
      requests:
        cpu: 250m
        memory: 32Mi
    env:
    - name: POD_NAME
      valueFrom: {fieldRef: {fieldPath: metadata.name}}
    - name: POD_NAMESPACE
      valueFrom: {fieldRef: {fieldPath: metadata.namespace}}
    - name: POD_UID
      valueFrom: {fieldRef: {fieldPath: metadata.uid}}
    - name: APP_LABEL
      valueFrom: {fieldRef: {fieldPath: "metadata.labels['app']"}}
    - name: BUILD
      valueFrom: {fieldRef: {fieldPath: "metadata.annotations['build']"}}
    - name: SA
      valueFrom: {fieldRef: {fieldPath: spec.serviceAccountName}}
    - name: NODE
      valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
    - name: HOST_IP
      valueFrom: {fieldRef: {fieldPath: status.hostIP}}
    - name: HOST_IPS
      valueFrom: {fieldRef: {fieldPath: status.hostIPs}}
    - name: POD_IP
      valueFrom: {fieldRef: {fieldPath: status.podIP}}
    - name: POD_IPS
      valueFrom: {fieldRef: {fieldPath: status.podIPs}}
    - name: CPU_REQUEST
      valueFrom: {resourceFieldRef: {resource: requests.cpu, divisor: 1m}}
    - name: MEM_REQUEST
      valueFrom: {resourceFieldRef: {resource: requests.memory, divisor: 1Mi}}
    # "Fallback information for resource limits": no limits, so the node's
    # allocatable CPU and memory.
    - name: CPU_LIMIT
      valueFrom: {resourceFieldRef: {resource: limits.cpu}}
    - name: MEM_LIMIT
      valueFrom: {resourceFieldRef: {resource: limits.memory}}
    volumeMounts:
    - name: podinfo
      mountPath: /etc/podinfo
  volumes:
  - name: podinfo
    downwardAPI:
      items:
      - path: labels
        fieldRef: {fieldPath: metadata.labels}
      - path: annotations
        fieldRef: {fieldPath: metadata.annotations}
EOF
pod/downward-fields created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec downward-fields -- sh -c 'env | grep -E "^(POD_|APP_|BUILD|SA|NODE|HOST_|CPU_|MEM_)" | sort'
APP_LABEL=demo
BUILD=42
CPU_LIMIT=4
CPU_REQUEST=250
HOST_IP=172.18.0.5
HOST_IPS=172.18.0.5
MEM_LIMIT=8589934592
MEM_REQUEST=32
NODE=kubeplay-worker3
POD_IP=10.244.3.2
POD_IPS=10.244.3.2
POD_NAME=downward-fields
POD_NAMESPACE=default
POD_UID=f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
SA=default

$ kubectl get node kubeplay-worker3 -o jsonpath='{.status.allocatable.cpu} {.status.allocatable.memory}{"\n"}'
4 8Gi

$ kubectl exec downward-fields -- cat /etc/podinfo/labels
app="demo"
tier="web"

$ kubectl exec downward-fields -- cat /etc/podinfo/annotations
build="42"

# Some fields are only for environment variables, others only for volumes.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: wrong-place
spec:
  containers:
  - name: main
    image: busybox:1.28
    env:
    - name: LABELS
      valueFrom: {fieldRef: {fieldPath: metadata.labels}}
EOF
The Pod "wrong-place" is invalid: spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "metadata.labels": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"
