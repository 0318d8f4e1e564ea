# A worker fails: NotReady after the node-monitor grace period (50 s since
# v1.32, 40 s before). The node controller marks its pods not Ready (kubectl's
# READY column counts ready containers, which nobody updates, so it still says
# 1/1 Running, but the Deployment is down to 2/3 available), taints the node
# unreachable, and 300 s later (the default tolerationSeconds) the taint
# manager deletes the pod. It stays Terminating, as no kubelet confirms the
# stop, while the ReplicaSet's replacement restores 3/3 on the other nodes.
# When the node comes back its kubelet finishes the deletion.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ sim node fail kubeplay-worker
node kubeplay-worker failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:36Z (1 steps ran)

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   36s   v1.32.0
kubeplay-worker          Ready    <none>          36s   v1.32.0
kubeplay-worker2         Ready    <none>          36s   v1.32.0
kubeplay-worker3         Ready    <none>          36s   v1.32.0

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:56Z (13 steps ran)

$ kubectl get nodes
NAME                     STATUS     ROLES           AGE   VERSION
kubeplay-control-plane   Ready      control-plane   56s   v1.32.0
kubeplay-worker          NotReady   <none>          56s   v1.32.0
kubeplay-worker2         Ready      <none>          56s   v1.32.0
kubeplay-worker3         Ready      <none>          56s   v1.32.0

$ kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           54s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          54s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          54s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          54s   10.244.1.2   kubeplay-worker    <none>           <none>

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
Taints:             node.kubernetes.io/unreachable:NoExecute
                    node.kubernetes.io/unreachable:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-worker
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:00:00 +0000
Conditions:
  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message
  ----             ------    -----------------                 ------------------                ------              -------
  MemoryPressure   Unknown   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:56 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
  DiskPressure     Unknown   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:56 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
  PIDPressure      Unknown   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:56 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
  Ready            Unknown   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:56 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
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
Non-terminated Pods:          (3 in total)
  Namespace                   Name                    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                    ------------  ----------  ---------------  -------------  ---
  default                     web-797596b896-jjhv7    0 (0%)        0 (0%)      0 (0%)           0 (0%)         54s
  kube-system                 kindnet-fghbd           100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         56s
  kube-system                 kube-proxy-rm9bv        0 (0%)        0 (0%)      0 (0%)           0 (0%)         56s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:
  Type    Reason        Age   From             Message
  ----    ------        ----  ----             -------
  Normal  NodeNotReady  0s    node-controller  Node kubeplay-worker status is now: NodeNotReady

$ sim advance 4m59s
advanced 4m59s to 2025-01-01T00:05:55Z (0 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE     IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          5m53s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          5m53s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          5m53s   10.244.1.2   kubeplay-worker    <none>           <none>

$ sim advance 1s
advanced 1s to 2025-01-01T00:05:56Z (8 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS              RESTARTS   AGE     IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running             0          5m54s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running             0          5m54s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Terminating         0          5m54s   10.244.1.2   kubeplay-worker    <none>           <none>
web-797596b896-sxgl6   0/1     ContainerCreating   0          0s      <none>       kubeplay-worker3   <none>           <none>

$ kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           5m54s

$ sim advance 10s
advanced 10s to 2025-01-01T00:06:06Z (7 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS        RESTARTS   AGE    IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running       0          6m4s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running       0          6m4s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Terminating   0          6m4s   10.244.1.2   kubeplay-worker    <none>           <none>
web-797596b896-sxgl6   1/1     Running       0          10s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    3/3     3            3           6m4s

$ kubectl get events --field-selector involvedObject.name=web-797596b896-jjhv7
LAST SEEN   TYPE      REASON                 OBJECT                     MESSAGE
6m4s        Normal    Scheduled              pod/web-797596b896-jjhv7   Successfully assigned default/web-797596b896-jjhv7 to kubeplay-worker
6m3s        Normal    Pulling                pod/web-797596b896-jjhv7   Pulling image "nginx"
6m          Normal    Pulled                 pod/web-797596b896-jjhv7   Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
6m          Normal    Created                pod/web-797596b896-jjhv7   Created container nginx
6m          Normal    Started                pod/web-797596b896-jjhv7   Started container nginx
5m10s       Warning   NodeNotReady           pod/web-797596b896-jjhv7   Node is not ready
10s         Normal    TaintManagerEviction   pod/web-797596b896-jjhv7   Marking for deletion Pod default/web-797596b896-jjhv7

$ sim node recover kubeplay-worker
node kubeplay-worker recovered: its kubelet is running again

$ sim advance 30s
advanced 30s to 2025-01-01T00:06:36Z (15 steps ran)

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE     VERSION
kubeplay-control-plane   Ready    control-plane   6m36s   v1.32.0
kubeplay-worker          Ready    <none>          6m36s   v1.32.0
kubeplay-worker2         Ready    <none>          6m36s   v1.32.0
kubeplay-worker3         Ready    <none>          6m36s   v1.32.0

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE     IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          6m34s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          6m34s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-sxgl6   1/1     Running   0          40s     10.244.3.3   kubeplay-worker3   <none>           <none>

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
Taints:             <none>
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-worker
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:06:36 +0000
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Wed, 01 Jan 2025 00:06:06 +0000   Wed, 01 Jan 2025 00:06:06 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Wed, 01 Jan 2025 00:06:06 +0000   Wed, 01 Jan 2025 00:06:06 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Wed, 01 Jan 2025 00:06:06 +0000   Wed, 01 Jan 2025 00:06:06 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Wed, 01 Jan 2025 00:06:06 +0000   Wed, 01 Jan 2025 00:06:06 +0000   KubeletReady                 kubelet is posting ready status
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
  kube-system                 kindnet-fghbd       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         6m36s
  kube-system                 kube-proxy-rm9bv    0 (0%)        0 (0%)      0 (0%)           0 (0%)         6m36s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:
  Type    Reason                   Age    From             Message
  ----    ------                   ----   ----             -------
  Normal  NodeNotReady             5m40s  node-controller  Node kubeplay-worker status is now: NodeNotReady
  Normal  NodeHasSufficientMemory  30s    kubelet          Node kubeplay-worker status is now: NodeHasSufficientMemory
  Normal  NodeHasNoDiskPressure    30s    kubelet          Node kubeplay-worker status is now: NodeHasNoDiskPressure
  Normal  NodeHasSufficientPID     30s    kubelet          Node kubeplay-worker status is now: NodeHasSufficientPID
  Normal  NodeReady                30s    kubelet          Node kubeplay-worker status is now: NodeReady

$ sim node fail nowhere
error: node "nowhere" not found
