# kubernetes.io "Configure Liveness, Readiness and Startup Probes", line by
# line. Transcripts never download: the page's manifests
# (https://k8s.io/examples/pods/probe/*.yaml) are here-documents. After the
# first, grep keeps what the page shows of kubectl describe: the events.

# Define a liveness command.
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
    image: registry.k8s.io/busybox:1.27.2
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
EOF
pod/liveness-exec created

# "Within 30 seconds, view the Pod events".
$ sim advance 20s
advanced 20s to 2025-01-01T00:00:22Z (6 steps ran)

$ kubectl describe pod liveness-exec
Name:             liveness-exec
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           test=liveness
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  liveness:
    Container ID:  containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:         registry.k8s.io/busybox:1.27.2
    Image ID:      registry.k8s.io/busybox@sha256:987448d81747dd0abe8866a15445e80fff230ea43cf14ab0e4f6d9da1834244d
    Port:          <none>
    Host Port:     <none>
    Args:
      /bin/sh
      -c
      touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
    Ready:          True
    Restart Count:  0
    Liveness:       exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-sf7xb:
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
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  20s   default-scheduler  Successfully assigned default/liveness-exec to kubeplay-worker3
  Normal  Pulling    19s   kubelet            Pulling image "registry.k8s.io/busybox:1.27.2"
  Normal  Pulled     18s   kubelet            Successfully pulled image "registry.k8s.io/busybox:1.27.2" in 526ms (526ms including waiting). Image size: 661864 bytes.
  Normal  Created    18s   kubelet            Created container liveness
  Normal  Started    18s   kubelet            Started container liveness

# "After 35 seconds, view the Pod events again".
$ sim advance 25s
advanced 25s to 2025-01-01T00:00:47Z (3 steps ran)

$ kubectl describe pod liveness-exec | grep -A20 Events:
Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  45s               default-scheduler  Successfully assigned default/liveness-exec to kubeplay-worker3
  Normal   Pulling    44s               kubelet            Pulling image "registry.k8s.io/busybox:1.27.2"
  Normal   Pulled     43s               kubelet            Successfully pulled image "registry.k8s.io/busybox:1.27.2" in 526ms (526ms including waiting). Image size: 661864 bytes.
  Normal   Created    43s               kubelet            Created container liveness
  Normal   Started    43s               kubelet            Started container liveness
  Warning  Unhealthy  3s (x3 over 13s)  kubelet            Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory
  Normal   Killing    3s                kubelet            Container liveness failed liveness probe, will be restarted

# "Wait another 30 seconds, and verify that the container has been restarted".
$ sim advance 30s
advanced 30s to 2025-01-01T00:01:17Z (2 steps ran)

$ kubectl get pod liveness-exec
NAME            READY   STATUS    RESTARTS     AGE
liveness-exec   1/1     Running   1 (3s ago)   75s

# Define a liveness HTTP request: agnhost's liveness server answers
# /healthz with 200 for its first 10 seconds, then 500.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  labels:
    test: liveness
  name: liveness-http
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args:
    - liveness
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
        httpHeaders:
        - name: Custom-Header
          value: Awesome
      initialDelaySeconds: 3
      periodSeconds: 3
EOF
pod/liveness-http created

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:27Z (6 steps ran)

$ kubectl describe pod liveness-http | grep -A20 Events:
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/liveness-http to kubeplay-worker
  Normal  Pulling    9s    kubelet            Pulling image "registry.k8s.io/e2e-test-images/agnhost:2.40"
  Normal  Pulled     6s    kubelet            Successfully pulled image "registry.k8s.io/e2e-test-images/agnhost:2.40" in 2.586s (2.586s including waiting). Image size: 52170693 bytes.
  Normal  Created    6s    kubelet            Created container liveness
  Normal  Started    6s    kubelet            Started container liveness

# Three failures in a row: the kubelet restarts the container.
$ sim advance 15s
advanced 15s to 2025-01-01T00:01:42Z (6 steps ran)

$ kubectl describe pod liveness-http | grep -A20 Events:
Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  25s               default-scheduler  Successfully assigned default/liveness-http to kubeplay-worker
  Normal   Pulling    24s               kubelet            Pulling image "registry.k8s.io/e2e-test-images/agnhost:2.40"
  Normal   Pulled     21s               kubelet            Successfully pulled image "registry.k8s.io/e2e-test-images/agnhost:2.40" in 2.586s (2.586s including waiting). Image size: 52170693 bytes.
  Warning  Unhealthy  3s (x3 over 9s)   kubelet            Liveness probe failed: HTTP probe failed with statuscode: 500
  Normal   Killing    3s                kubelet            Container liveness failed liveness probe, will be restarted
  Normal   Created    3s (x2 over 21s)  kubelet            Created container liveness
  Normal   Started    3s (x2 over 21s)  kubelet            Started container liveness
  Normal   Pulled     3s                kubelet            Container image "registry.k8s.io/e2e-test-images/agnhost:2.40" already present on machine

# Define a TCP liveness probe.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: goproxy
  labels:
    app: goproxy
spec:
  containers:
  - name: goproxy
    image: registry.k8s.io/goproxy:0.1
    ports:
    - containerPort: 8080
    readinessProbe:
      tcpSocket:
        port: 8080
      initialDelaySeconds: 15
      periodSeconds: 10
    livenessProbe:
      tcpSocket:
        port: 8080
      initialDelaySeconds: 15
      periodSeconds: 10
EOF
pod/goproxy created

$ sim advance 15s
advanced 15s to 2025-01-01T00:01:57Z (12 steps ran)

$ kubectl describe pod goproxy | grep -A20 Events:
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  15s   default-scheduler  Successfully assigned default/goproxy to kubeplay-worker
  Normal  Pulling    14s   kubelet            Pulling image "registry.k8s.io/goproxy:0.1"
  Normal  Pulled     13s   kubelet            Successfully pulled image "registry.k8s.io/goproxy:0.1" in 605ms (605ms including waiting). Image size: 2636270 bytes.
  Normal  Created    13s   kubelet            Created container goproxy
  Normal  Started    13s   kubelet            Started container goproxy

$ sim advance 10s
advanced 10s to 2025-01-01T00:02:07Z (4 steps ran)

$ kubectl get pod goproxy
NAME      READY   STATUS    RESTARTS   AGE
goproxy   1/1     Running   0          25s

# Define a gRPC liveness probe.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: etcd-with-grpc
spec:
  containers:
  - name: etcd
    image: registry.k8s.io/etcd:3.5.1-0
    command: [ "/usr/local/bin/etcd", "--data-dir",  "/var/lib/etcd", "--listen-client-urls", "http://0.0.0.0:2379", "--advertise-client-urls", "http://127.0.0.1:2379", "--log-level", "debug"]
    ports:
    - containerPort: 2379
    livenessProbe:
      grpc:
        port: 2379
      initialDelaySeconds: 10
EOF
pod/etcd-with-grpc created

$ sim advance 15s
advanced 15s to 2025-01-01T00:02:22Z (11 steps ran)

$ kubectl describe pod etcd-with-grpc | grep -A20 Events:
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  15s   default-scheduler  Successfully assigned default/etcd-with-grpc to kubeplay-worker3
  Normal  Pulling    14s   kubelet            Pulling image "registry.k8s.io/etcd:3.5.1-0"
  Normal  Pulled     11s   kubelet            Successfully pulled image "registry.k8s.io/etcd:3.5.1-0" in 2.769s (2.769s including waiting). Image size: 56726043 bytes.
  Normal  Created    11s   kubelet            Created container etcd
  Normal  Started    11s   kubelet            Started container etcd

$ kubectl get pod etcd-with-grpc
NAME             READY   STATUS    RESTARTS   AGE
etcd-with-grpc   1/1     Running   0          15s
