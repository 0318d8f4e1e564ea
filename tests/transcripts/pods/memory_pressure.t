# Node-pressure eviction. One pod's memory grows until the node has less
# than 100Mi available (the kubelet's hard eviction threshold
# memory.available<100Mi). At its next 10 s pass the eviction manager
# reports MemoryPressure, so the node controller taints the node
# node.kubernetes.io/memory-pressure:NoSchedule, and evicts the pod ranked
# first: usage above requests, then lowest priority, then most memory above
# requests. The pod ends Failed with reason Evicted; its STATUS column then
# shows its container's own end (Completed: nginx exits cleanly on SIGTERM),
# as kubectl prints a terminated container's reason over the pod's. The
# ReplicaSet replaces it on another node. Meanwhile the kubelet refuses
# BestEffort pods bound to the node (STATUS Evicted: the pod never ran).
# MemoryPressure clears after the 5 min transition period.
$ kubectl create deployment web --image=nginx:1.25 --replicas=3
deployment.apps/web created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-6766cbdd68-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-6766cbdd68-2jj9z   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-6766cbdd68-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ sim load pod/web-6766cbdd68-jjhv7 cpu=10m memory=7900Mi
load on pod/web-6766cbdd68-jjhv7: cpu=10m memory=7900Mi in total, shared by its ready pods

$ kubectl top pods
NAME                   CPU(cores)   MEMORY(bytes)
web-6766cbdd68-2bcp5   1m           3Mi
web-6766cbdd68-2jj9z   1m           3Mi
web-6766cbdd68-jjhv7   10m          7900Mi

$ kubectl top node kubeplay-worker
NAME              CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-worker   52m          1%       8175Mi          99%

$ sim advance 4s
advanced 4s to 2025-01-01T00:00:10Z (14 steps ran)

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   10s   v1.32.0
kubeplay-worker          Ready    <none>          10s   v1.32.0
kubeplay-worker2         Ready    <none>          10s   v1.32.0
kubeplay-worker3         Ready    <none>          10s   v1.32.0

$ kubectl get pods -o wide
NAME                   READY   STATUS              RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-6766cbdd68-2bcp5   1/1     Running             0          8s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-6766cbdd68-2jj9z   1/1     Running             0          8s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-6766cbdd68-6tj6b   0/1     ContainerCreating   0          0s    <none>       kubeplay-worker3   <none>           <none>
web-6766cbdd68-jjhv7   0/1     Completed           0          8s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl describe pod web-6766cbdd68-jjhv7
Name:             web-6766cbdd68-jjhv7
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=web
                  pod-template-hash=6766cbdd68
Annotations:      <none>
Status:           Failed
Reason:           Evicted
Message:          The node was low on resource: memory. Threshold quantity: 100Mi, available: 17Mi. Container nginx was using 7900Mi, request is 0, has larger consumption of memory.
IP:               10.244.1.2
IPs:
  IP:           10.244.1.2
Controlled By:  ReplicaSet/web-6766cbdd68
Containers:
  nginx:
    Container ID:   containerd://83c876b47b516531d9b868359917d29ca433640427938072a48b5a0f6058a24d
    Image:          nginx:1.25
    Image ID:       docker.io/library/nginx@sha256:24ba6e71b7bb3b9ba26de958d24dde3e545f9f8dbf95a25dce477dd44976b350
    Port:           <none>
    Host Port:      <none>
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
      Finished:     Wed, 01 Jan 2025 00:00:10 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   False
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
  DisruptionTarget            True
Volumes:
  kube-api-access-rn27c:
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
  Type     Reason     Age   From               Message
  ----     ------     ----  ----               -------
  Normal   Scheduled  8s    default-scheduler  Successfully assigned default/web-6766cbdd68-jjhv7 to kubeplay-worker
  Normal   Pulling    7s    kubelet            Pulling image "nginx:1.25"
  Normal   Pulled     4s    kubelet            Successfully pulled image "nginx:1.25" in 3.364s (3.364s including waiting). Image size: 71603647 bytes.
  Normal   Created    4s    kubelet            Created container nginx
  Normal   Started    4s    kubelet            Started container nginx
  Warning  Evicted    0s    kubelet            The node was low on resource: memory. Threshold quantity: 100Mi, available: 17Mi. Container nginx was using 7900Mi, request is 0, has larger consumption of memory.
  Normal   Killing    0s    kubelet            Stopping container nginx

$ kubectl describe node kubeplay-worker
Name:               kubeplay-worker
Roles:              <none>
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=kubeplay-worker
                    kubernetes.io/os=linux
                    topology.kubernetes.io/zone=zone-a
Annotations:        kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
                    node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Taints:             node.kubernetes.io/memory-pressure:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-worker
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:00:10 +0000
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                         Message
  ----             ------  -----------------                 ------------------                ------                         -------
  MemoryPressure   True    Wed, 01 Jan 2025 00:00:10 +0000   Wed, 01 Jan 2025 00:00:10 +0000   KubeletHasInsufficientMemory   kubelet has insufficient memory available
  DiskPressure     False   Wed, 01 Jan 2025 00:00:10 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasNoDiskPressure       kubelet has no disk pressure
  PIDPressure      False   Wed, 01 Jan 2025 00:00:10 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientPID        kubelet has sufficient PID available
  Ready            True    Wed, 01 Jan 2025 00:00:10 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady                   kubelet is posting ready status
Addresses:
  InternalIP:  172.18.0.3
  Hostname:    kubeplay-worker
Capacity:
  cpu:                4
  ephemeral-storage:  100Gi
  memory:             8Gi
  pods:               110
Allocatable:
  cpu:                4
  ephemeral-storage:  100Gi
  memory:             8Gi
  pods:               110
System Info:
  Machine ID:                 00000000000000000000000000000002
  System UUID:                00000002-0000-4000-8000-000000000002
  Boot ID:                    00000066-0000-4000-8000-000000000066
  Kernel Version:             6.8.0-45-generic
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.24
  Kubelet Version:            v1.32.0
  Kube-Proxy Version:         v1.32.0
PodCIDR:                      10.244.1.0/24
PodCIDRs:                     10.244.1.0/24
ProviderID:                   kind://docker/kubeplay/kubeplay-worker
Non-terminated Pods:          (2 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  kube-system                 kindnet-fghbd       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         10s
  kube-system                 kube-proxy-rm9bv    0 (0%)        0 (0%)      0 (0%)           0 (0%)         10s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:
  Type     Reason                     Age   From     Message
  ----     ------                     ----  ----     -------
  Normal   NodeHasInsufficientMemory  0s    kubelet  Node kubeplay-worker status is now: NodeHasInsufficientMemory
  Warning  EvictionThresholdMet       0s    kubelet  Attempting to reclaim memory

$ kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           8s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: pinned
spec:
  nodeName: kubeplay-worker
  containers:
  - name: app
    image: nginx:1.25
EOF
pod/pinned created

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:11Z (3 steps ran)

$ kubectl get pod pinned
NAME     READY   STATUS    RESTARTS   AGE
pinned   0/1     Evicted   0          1s

$ kubectl get pod pinned -o jsonpath='{.status.phase} {.status.reason}: {.status.message}{"\n"}'
Failed Evicted: Pod was rejected: The node had condition: [MemoryPressure].

$ kubectl get events --field-selector involvedObject.name=pinned
LAST SEEN   TYPE      REASON    OBJECT       MESSAGE
1s          Warning   Evicted   pod/pinned   The node had condition: [MemoryPressure].

$ sim advance 5m
advanced 5m to 2025-01-01T00:05:11Z (7 steps ran)

$ kubectl get node kubeplay-worker -o jsonpath='{.spec.taints}{"\n"}{range .status.conditions[*]}{.type}={.status} {end}{"\n"}'

MemoryPressure=False DiskPressure=False PIDPressure=False Ready=True

$ kubectl get events --field-selector involvedObject.kind=Node
LAST SEEN   TYPE      REASON                      OBJECT                 MESSAGE
5m1s        Normal    NodeHasInsufficientMemory   node/kubeplay-worker   Node kubeplay-worker status is now: NodeHasInsufficientMemory
5m1s        Warning   EvictionThresholdMet        node/kubeplay-worker   Attempting to reclaim memory
1s          Normal    NodeHasSufficientMemory     node/kubeplay-worker   Node kubeplay-worker status is now: NodeHasSufficientMemory
