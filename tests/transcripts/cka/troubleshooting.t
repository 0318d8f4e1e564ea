# alijahnas/CKA-practice-exercises, troubleshooting.md, each exercise's
# commands in order. `sim settle` stands for the seconds a learner waits.

# Cluster and node logging: journalctl on the node (this terminal is not
# one), and the control plane's static pods, named after the node they
# run on (kubeplay-control-plane here, k8s-controlplane on the page).
$ sudo journalctl -u kubelet
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl -n kube-system logs kube-apiserver-k8s-controlplane
error: error from server (NotFound): pods "kube-apiserver-k8s-controlplane" not found in namespace "kube-system"

$ kubectl -n kube-system logs kube-apiserver-kubeplay-control-plane
(playground) registry.k8s.io/kube-apiserver:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-controller-manager-kubeplay-control-plane
(playground) registry.k8s.io/kube-controller-manager:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-scheduler-kubeplay-control-plane
(playground) registry.k8s.io/kube-scheduler:v1.32.0 started; the simulator runs no real process, so this is all it printed

# An nginx pod with a liveness and a readiness probe on port 80.
$ cat <<EOF > pod-ness.yaml
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    run: nginx
spec:
  containers:
  - name: nginx
    image: nginx:latest
    readinessProbe:
      httpGet:
        path: /
        port: 80
      initialDelaySeconds: 5
      periodSeconds: 5
    livenessProbe:
      httpGet:
        path: /
        port: 80
EOF

$ kubectl apply -f pod-ness.yaml
pod/nginx created

$ sim settle
settled after 6 steps and 9s of virtual time

$ kubectl describe pods nginx | grep -E "Liveness|Readiness"
    Liveness:       http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3
    Readiness:      http-get http://:80/ delay=5s timeout=1s period=5s #success=1 #failure=3

# The metrics server: this cluster serves the metrics API already; the
# page's clone and kustomization are not here.
$ git clone https://github.com/kubernetes-sigs/metrics-server
git: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl apply -k metrics-server/manifests/base/
error: must build at directory: not a valid directory: evalsymlink failure on 'metrics-server/manifests/base/' : lstat metrics-server/manifests/base/: no such file or directory

$ kubectl top nodes
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         43m          1%       290Mi           3%
kubeplay-worker3         43m          1%       278Mi           3%

$ kubectl top pods -n kube-system
NAME                                             CPU(cores)   MEMORY(bytes)
coredns-9b77b5867-5wvqp                          1m           15Mi
coredns-9b77b5867-ms8nc                          1m           15Mi
etcd-kubeplay-control-plane                      1m           40Mi
kindnet-9fpx6                                    1m           10Mi
kindnet-fghbd                                    1m           10Mi
kindnet-tcrmk                                    1m           10Mi
kindnet-x6qdz                                    1m           10Mi
kube-apiserver-kubeplay-control-plane            1m           250Mi
kube-controller-manager-kubeplay-control-plane   1m           50Mi
kube-proxy-29qjf                                 1m           15Mi
kube-proxy-8872g                                 1m           15Mi
kube-proxy-mmqvt                                 1m           15Mi
kube-proxy-rm9bv                                 1m           15Mi
kube-scheduler-kubeplay-control-plane            1m           20Mi

# Container logs to a file (start-up lines only: nginx's access lines
# for the probes are not simulated).
$ kubectl logs nginx > nginx.log

$ head -3 nginx.log
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh

# Application failure: busybox told to run `sheep 3600`. The page's YAML
# says sleep; its describe shows the sheep run, so that is what is
# applied first.
$ cat <<EOF > podfail.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podfail
  name: podfail
spec:
  containers:
  - image: busybox:latest
    name: podfail
    args:
      - sheep
      - "3600"
EOF

$ kubectl apply -f podfail.yaml
pod/podfail created

$ sim settle
settled after 11 steps and 15s of virtual time

$ kubectl describe pods podfail
Name:             podfail
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:11 +0000
Labels:           run=podfail
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  podfail:
    Container ID:  containerd://b65a4a1992515b8b80f1ad4cf3b4aa4f5d1748477613a5a41a67a56cfbd134ab
    Image:         busybox:latest
    Image ID:      docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:          <none>
    Host Port:     <none>
    Args:
      sheep
      3600
    State:          Waiting
      Reason:       RunContainerError
    Last State:     Terminated
      Reason:       StartError
      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "sheep": executable file not found in $PATH: unknown
      Exit Code:    128
      Started:      Thu, 01 Jan 1970 00:00:00 +0000
      Finished:     Wed, 01 Jan 2025 00:00:25 +0000
    Ready:          False
    Restart Count:  2
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-cl8jh (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-cl8jh:
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
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  15s               default-scheduler  Successfully assigned default/podfail to kubeplay-worker
  Normal   Pulled     13s               kubelet            Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
  Normal   Pulling    1s (x3 over 14s)  kubelet            Pulling image "busybox:latest"
  Normal   Created    1s (x3 over 13s)  kubelet            Created container podfail
  Warning  Failed     1s (x3 over 13s)  kubelet            Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "sheep": executable file not found in $PATH: unknown
  Normal   Pulled     1s (x2 over 12s)  kubelet            Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
  Warning  BackOff    0s (x2 over 11s)  kubelet            Back-off restarting failed container podfail in pod podfail_default(3eb5345e-dc77-471c-ae51-1200f766466c)

$ kubectl logs podfail

$ kubectl delete -f podfail.yaml
pod "podfail" deleted

# Change sheep to sleep.
$ sed -i 's/sheep/sleep/' podfail.yaml

$ kubectl apply -f podfail.yaml
pod/podfail created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl describe pods podfail | grep Started
      Started:      Wed, 01 Jan 2025 00:00:27 +0000
  Normal  Started    0s    kubelet            Started container podfail

# Control plane failure: its logs in kube-system.
$ kubectl -n kube-system logs kube-apiserver-kubeplay-control-plane
(playground) registry.k8s.io/kube-apiserver:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-controller-manager-kubeplay-control-plane
(playground) registry.k8s.io/kube-controller-manager:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-scheduler-kubeplay-control-plane
(playground) registry.k8s.io/kube-scheduler:v1.32.0 started; the simulator runs no real process, so this is all it printed

# Worker node failure: the node's status, and the kubelet's log on it.
$ kubectl describe node k8s-node-1
Error from server (NotFound): nodes "k8s-node-1" not found

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
  RenewTime:       Wed, 01 Jan 2025 00:00:20 +0000
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady                 kubelet is posting ready status
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
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  default                     podfail             0 (0%)        0 (0%)      0 (0%)           0 (0%)         2s
  kube-system                 kindnet-fghbd       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         28s
  kube-system                 kube-proxy-rm9bv    0 (0%)        0 (0%)      0 (0%)           0 (0%)         28s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:              <none>

$ sudo journalctl -u kubelet | grep -i error
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

# Networking: the kube-dns Service, its endpoints and the pods behind.
$ kubectl -n kube-system describe svc kube-dns
Name:                     kube-dns
Namespace:                kube-system
Labels:                   k8s-app=kube-dns
                          kubernetes.io/cluster-service=true
                          kubernetes.io/name=CoreDNS
Annotations:              prometheus.io/port: 9153
                          prometheus.io/scrape: true
Selector:                 k8s-app=kube-dns
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.0.10
IPs:                      10.96.0.10
Port:                     dns  53/UDP
TargetPort:               53/UDP
Endpoints:                10.244.2.2:53,10.244.0.3:53
Port:                     dns-tcp  53/TCP
TargetPort:               53/TCP
Endpoints:                10.244.2.2:53,10.244.0.3:53
Port:                     metrics  9153/TCP
TargetPort:               9153/TCP
Endpoints:                10.244.2.2:9153,10.244.0.3:9153
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl -n kube-system describe ep kube-dns
Name:         kube-dns
Namespace:    kube-system
Labels:       k8s-app=kube-dns
              kubernetes.io/cluster-service=true
              kubernetes.io/name=CoreDNS
Annotations:  <none>
Subsets:
  Addresses:          10.244.0.3,10.244.2.2
  NotReadyAddresses:  <none>
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    dns      53    UDP
    dns-tcp  53    TCP
    metrics  9153  TCP

Events:  <none>

$ kubectl -n kube-system get pods -l k8s-app=kube-dns -o wide
NAME                      READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
coredns-9b77b5867-5wvqp   1/1     Running   0          28s   10.244.2.2   kubeplay-worker2         <none>           <none>
coredns-9b77b5867-ms8nc   1/1     Running   0          28s   10.244.0.3   kubeplay-control-plane   <none>           <none>
