# kubernetes.io "Pod Quality of Service Classes" (Concepts): the criteria
# of each class, checked on pods that just meet or just miss them
# (tests/transcripts/tasks/qos_classes.t follows the task page).
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: guaranteed
spec:
  containers:
  - name: app
    image: nginx:1.25
    resources:
      limits: {cpu: 500m, memory: 128Mi}
---
# Every container, init containers too, must meet the Guaranteed rules.
apiVersion: v1
kind: Pod
metadata:
  name: burstable-init
spec:
  initContainers:
  - name: setup
    image: busybox:1.28
    command: ["true"]
    resources:
      requests: {cpu: 100m}
  containers:
  - name: app
    image: nginx:1.25
    resources:
      limits: {cpu: 500m, memory: 128Mi}
---
# Memory only: Burstable.
apiVersion: v1
kind: Pod
metadata:
  name: burstable-memory
spec:
  containers:
  - name: app
    image: nginx:1.25
    resources:
      requests: {memory: 64Mi}
---
# A sidecar counts like any container: its requests make the pod Burstable.
apiVersion: v1
kind: Pod
metadata:
  name: burstable-sidecar
spec:
  initContainers:
  - name: proxy
    image: busybox:1.28
    restartPolicy: Always
    command: ["sleep", "3600"]
    resources:
      requests: {cpu: 50m}
  containers:
  - name: app
    image: nginx:1.25
---
apiVersion: v1
kind: Pod
metadata:
  name: besteffort
spec:
  containers:
  - name: app
    image: nginx:1.25
EOF
pod/guaranteed created
pod/burstable-init created
pod/burstable-memory created
pod/burstable-sidecar created
pod/besteffort created

# The API server sets the class when the pod is created, before any
# kubelet runs it.
$ kubectl get pods -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass
NAME                QOS
besteffort          BestEffort
burstable-init      Burstable
burstable-memory    Burstable
burstable-sidecar   Burstable
guaranteed          Guaranteed

$ sim settle
settled after 29 steps and 8s of virtual time

$ kubectl describe pod burstable-sidecar | grep '^QoS Class'
QoS Class:                   Burstable
