# Probes. The docs' liveness-exec pod removes /tmp/healthy after 30 s: its
# liveness probe (every 5 s) fails three times in a row, the kubelet kills
# the container ("failed liveness probe, will be restarted"; `sleep` ignores
# SIGTERM, so it dies when the 30 s grace period ends) and starts it again.
# A readiness probe on a port nothing listens on keeps the pod Running but
# 0/1 ready, with Unhealthy events, and never restarts it.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  labels:
    test: liveness
  name: liveness-exec
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/busybox
    args:
    - /bin/sh
    - -c
    - touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600
    livenessProbe:
      exec:
        command:
        - cat
        - /tmp/healthy
      initialDelaySeconds: 5
      periodSeconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: not-ready
spec:
  containers:
  - name: web
    image: nginx:1.25
    readinessProbe:
      tcpSocket:
        port: 8080
      periodSeconds: 5
EOF
pod/liveness-exec created
pod/not-ready created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (16 steps ran)

$ kubectl get pods
NAME            READY   STATUS    RESTARTS   AGE
liveness-exec   1/1     Running   0          30s
not-ready       0/1     Running   0          30s

$ sim advance 15s
advanced 15s to 2025-01-01T00:00:47Z (6 steps ran)

$ kubectl get events --field-selector involvedObject.name=liveness-exec
LAST SEEN   TYPE      REASON      OBJECT              MESSAGE
45s         Normal    Scheduled   pod/liveness-exec   Successfully assigned default/liveness-exec to kubeplay-worker
44s         Normal    Pulling     pod/liveness-exec   Pulling image "registry.k8s.io/busybox"
43s         Normal    Pulled      pod/liveness-exec   Successfully pulled image "registry.k8s.io/busybox" in 527ms (527ms including waiting). Image size: 691121 bytes.
43s         Normal    Created     pod/liveness-exec   Created container liveness
43s         Normal    Started     pod/liveness-exec   Started container liveness
3s          Warning   Unhealthy   pod/liveness-exec   Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory
3s          Normal    Killing     pod/liveness-exec   Container liveness failed liveness probe, will be restarted

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:17Z (9 steps ran)

$ kubectl get pods
NAME            READY   STATUS    RESTARTS     AGE
liveness-exec   1/1     Running   1 (3s ago)   75s
not-ready       0/1     Running   0            75s

$ kubectl describe pod not-ready
Name:             not-ready
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           <none>
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  web:
    Container ID:   containerd://47129996885a0b2982fad2258aa059127e575440333a93c9c260259100c316eb
    Image:          nginx:1.25
    Image ID:       docker.io/library/nginx@sha256:24ba6e71b7bb3b9ba26de958d24dde3e545f9f8dbf95a25dce477dd44976b350
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          False
    Restart Count:  0
    Readiness:      tcp-socket :8080 delay=0s timeout=1s period=5s #success=1 #failure=3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8gqwd (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-8gqwd:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  75s                default-scheduler  Successfully assigned default/not-ready to kubeplay-worker3
  Normal   Pulling    74s                kubelet            Pulling image "nginx:1.25"
  Normal   Pulled     70s                kubelet            Successfully pulled image "nginx:1.25" in 3.364s (3.364s including waiting). Image size: 71603647 bytes.
  Normal   Created    70s                kubelet            Created container web
  Normal   Started    70s                kubelet            Started container web
  Warning  Unhealthy  0s (x15 over 70s)  kubelet            Readiness probe failed: dial tcp 10.244.3.2:8080: connect: connection refused
