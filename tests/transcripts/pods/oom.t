# A container over its memory limit is OOM-killed (exit code 137, reason
# OOMKilled) and restarted with the crash back-off: the docs' memory-demo-2
# allocates 250M under a 100Mi limit. `sim load` can push a running
# container over its limit too.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: memory-demo-2
spec:
  containers:
  - name: memory-demo-2-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "50Mi"
      limits:
        memory: "100Mi"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
EOF
pod/memory-demo-2 created

$ sim advance 6s
advanced 6s to 2025-01-01T00:00:08Z (9 steps ran)

$ kubectl get pod memory-demo-2
NAME            READY   STATUS      RESTARTS     AGE
memory-demo-2   0/1     OOMKilled   1 (3s ago)   6s

$ kubectl get pod memory-demo-2 -o jsonpath='{.status.containerStatuses[0].lastState.terminated}{"\n"}'
{"containerID":"containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6","exitCode":137,"finishedAt":"2025-01-01T00:00:04Z","reason":"OOMKilled","startedAt":"2025-01-01T00:00:03Z"}

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:08Z (9 steps ran)

$ kubectl get pod memory-demo-2
NAME            READY   STATUS             RESTARTS      AGE
memory-demo-2   0/1     CrashLoopBackOff   3 (27s ago)   66s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  containers:
  - name: redis
    image: redis:7.2
    resources:
      limits:
        memory: 256Mi
EOF
pod/cache created

$ sim settle
settled after 9 steps and 13s of virtual time

$ kubectl get pod cache
NAME    READY   STATUS    RESTARTS   AGE
cache   1/1     Running   0          13s

$ sim load pod/cache cpu=100m memory=300Mi
load on pod/cache: cpu=100m memory=300Mi in total, shared by its ready pods

$ sim advance 2s
advanced 2s to 2025-01-01T00:01:23Z (4 steps ran)

$ kubectl get pod cache
NAME    READY   STATUS      RESTARTS     AGE
cache   0/1     OOMKilled   1 (2s ago)   15s

$ kubectl describe pod cache
Name:             cache
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:01:08 +0000
Labels:           <none>
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  redis:
    Container ID:   containerd://9a606a9794785c1bf7adfb6b5ef9b7b713e4ac7b31d713d4dcdac6640b6035d6
    Image:          redis:7.2
    Image ID:       docker.io/library/redis@sha256:5fbff53f1138627dec4ed9d5e965f01e6c5d6244b411740b1d5e6faec96f293c
    Port:           <none>
    Host Port:      <none>
    State:          Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Wed, 01 Jan 2025 00:01:22 +0000
      Finished:     Wed, 01 Jan 2025 00:01:23 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Wed, 01 Jan 2025 00:01:11 +0000
      Finished:     Wed, 01 Jan 2025 00:01:21 +0000
    Ready:          False
    Restart Count:  1
    Limits:
      memory:  256Mi
    Requests:
      memory:     256Mi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sx5pn (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-sx5pn:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  15s               default-scheduler  Successfully assigned default/cache to kubeplay-worker
  Normal   Pulling    14s               kubelet            Pulling image "redis:7.2"
  Normal   Pulled     12s               kubelet            Successfully pulled image "redis:7.2" in 2.261s (2.261s including waiting). Image size: 44042730 bytes.
  Normal   Created    1s (x2 over 12s)  kubelet            Created container redis
  Normal   Started    1s (x2 over 12s)  kubelet            Started container redis
  Normal   Pulled     1s                kubelet            Container image "redis:7.2" already present on machine
  Warning  BackOff    0s                kubelet            Back-off restarting failed container redis in pod cache_default(937354ce-193d-4275-9970-723a22d9670b)
