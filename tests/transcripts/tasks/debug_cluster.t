# kubernetes.io's "Troubleshooting Clusters", line by line: listing the
# nodes, then "debugging a down/unreachable node" with the page's nginx
# Deployment (nginx-with-request.yaml) running on it.
$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          limits:
            memory: "128Mi"
            cpu: "500m"
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                                READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx-deployment-65f5b5d945-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
nginx-deployment-65f5b5d945-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

# The kubelet of kubeplay-worker dies and does not restart.
$ sim node fail kubeplay-worker
node kubeplay-worker failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:06Z (14 steps ran)

$ kubectl get nodes
NAME                     STATUS     ROLES           AGE    VERSION
kubeplay-control-plane   Ready      control-plane   2m6s   v1.32.0
kubeplay-worker          NotReady   <none>          2m6s   v1.32.0
kubeplay-worker2         Ready      <none>          2m6s   v1.32.0
kubeplay-worker3         Ready      <none>          2m6s   v1.32.0

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
  Namespace                   Name                                 CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                                 ------------  ----------  ---------------  -------------  ---
  default                     nginx-deployment-65f5b5d945-jjhv7    500m (12%)    500m (12%)  128Mi (1%)       128Mi (1%)     2m4s
  kube-system                 kindnet-fghbd                        100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         2m6s
  kube-system                 kube-proxy-rm9bv                     0 (0%)        0 (0%)      0 (0%)           0 (0%)         2m6s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                600m (15%)  500m (12%)
  memory             178Mi (2%)  128Mi (1%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:
  Type    Reason        Age   From             Message
  ----    ------        ----  ----             -------
  Normal  NodeNotReady  70s   node-controller  Node kubeplay-worker status is now: NodeNotReady

# "the pods are no longer running (they are evicted after five minutes
# of NotReady status)": the Deployment makes a new one elsewhere.
$ sim advance 5m
advanced 5m to 2025-01-01T00:07:06Z (15 steps ran)

$ kubectl get pods -o wide
NAME                                READY   STATUS        RESTARTS   AGE    IP           NODE               NOMINATED NODE   READINESS GATES
nginx-deployment-65f5b5d945-2bcp5   1/1     Running       0          7m4s   10.244.3.2   kubeplay-worker3   <none>           <none>
nginx-deployment-65f5b5d945-jjhv7   1/1     Terminating   0          7m4s   10.244.1.2   kubeplay-worker    <none>           <none>
nginx-deployment-65f5b5d945-rvp7f   1/1     Running       0          70s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl get node kubeplay-worker -o yaml
apiVersion: v1
kind: Node
metadata:
  annotations:
    kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
    node.alpha.kubernetes.io/ttl: "0"
    volumes.kubernetes.io/controller-managed-attach-detach: "true"
  creationTimestamp: "2025-01-01T00:00:00Z"
  labels:
    beta.kubernetes.io/arch: amd64
    beta.kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    kubernetes.io/hostname: kubeplay-worker
    kubernetes.io/os: linux
    topology.kubernetes.io/zone: zone-a
  name: kubeplay-worker
  resourceVersion: "414"
  uid: 6775dc77-0156-4f61-9afc-d44d14cf8bfe
spec:
  podCIDR: 10.244.1.0/24
  podCIDRs:
  - 10.244.1.0/24
  providerID: kind://docker/kubeplay/kubeplay-worker
  taints:
  - effect: NoSchedule
    key: node.kubernetes.io/unreachable
    timeAdded: "2025-01-01T00:00:56Z"
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    timeAdded: "2025-01-01T00:00:56Z"
status:
  addresses:
  - address: 172.18.0.3
    type: InternalIP
  - address: kubeplay-worker
    type: Hostname
  allocatable:
    cpu: "4"
    ephemeral-storage: 100Gi
    memory: 8Gi
    pods: "110"
  capacity:
    cpu: "4"
    ephemeral-storage: 100Gi
    memory: 8Gi
    pods: "110"
  conditions:
  - lastHeartbeatTime: "2025-01-01T00:00:00Z"
    lastTransitionTime: "2025-01-01T00:00:56Z"
    message: Kubelet stopped posting node status.
    reason: NodeStatusUnknown
    status: Unknown
    type: MemoryPressure
  - lastHeartbeatTime: "2025-01-01T00:00:00Z"
    lastTransitionTime: "2025-01-01T00:00:56Z"
    message: Kubelet stopped posting node status.
    reason: NodeStatusUnknown
    status: Unknown
    type: DiskPressure
  - lastHeartbeatTime: "2025-01-01T00:00:00Z"
    lastTransitionTime: "2025-01-01T00:00:56Z"
    message: Kubelet stopped posting node status.
    reason: NodeStatusUnknown
    status: Unknown
    type: PIDPressure
  - lastHeartbeatTime: "2025-01-01T00:00:00Z"
    lastTransitionTime: "2025-01-01T00:00:56Z"
    message: Kubelet stopped posting node status.
    reason: NodeStatusUnknown
    status: Unknown
    type: Ready
  images:
  - names:
    - docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    - docker.io/library/nginx:latest
    sizeBytes: 71876746
  - names:
    - registry.k8s.io/etcd@sha256:8e2b02064a9d589a98f2e3f7e9922e99efca45abadfd7dfcb95a312b927c8d63
    - registry.k8s.io/etcd:3.5.16-0
    sizeBytes: 57430981
  - names:
    - docker.io/kindest/kindnetd@sha256:4d564f70fe47f40374f84517f87a74dca3365f2607201d0d06ed177317c35e16
    - docker.io/kindest/kindnetd:v20241108-5c6d2daf
    sizeBytes: 38870909
  - names:
    - registry.k8s.io/kube-proxy@sha256:f1c0c5c24911c33ef968cc5c6ead904fd2450a8ab6584304e7e1713c36d024ad
    - registry.k8s.io/kube-proxy:v1.32.0
    sizeBytes: 31643097
  - names:
    - registry.k8s.io/kube-apiserver@sha256:12ee8f1b6a974b555332be80409d72e49c9b739d0862e3333ae21f096a9e8dca
    - registry.k8s.io/kube-apiserver:v1.32.0
    sizeBytes: 28503097
  - names:
    - registry.k8s.io/kube-controller-manager@sha256:bcf37b341e29bca40c19b30e826cb03f47f0ec58a0c0cb3aa8bd2e695d0fa2e5
    - registry.k8s.io/kube-controller-manager:v1.32.0
    sizeBytes: 25795597
  - names:
    - docker.io/kindest/local-path-provisioner@sha256:b841d0b4d828b84a205eb2f205fd56056b18f4619d7d14fc0d1c86e019fa07ff
    - docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf
    sizeBytes: 22033409
  - names:
    - registry.k8s.io/kube-scheduler@sha256:0bf072902a1c8bcbaae8ee539e79199238a8a48582c8511d895349847b5c30ec
    - registry.k8s.io/kube-scheduler:v1.32.0
    sizeBytes: 21085597
  - names:
    - registry.k8s.io/coredns/coredns@sha256:67eb80ce618a882bce37017031ae6f68d9fe7b2f9010beede4ff68cacca16782
    - registry.k8s.io/coredns/coredns:v1.11.3
    sizeBytes: 18951611
  - names:
    - docker.io/kindest/local-path-helper@sha256:7fd6d297d5c4108ea3f6928c59fa93f38eb518a21f500b944be0f493f0898e29
    - docker.io/kindest/local-path-helper:v20241108-5c6d2daf
    sizeBytes: 3028409
  - names:
    - registry.k8s.io/pause@sha256:1d5f41cb0271b1de3ffc70065dd0fc6b271730f74594cb649bcbcd637929c181
    - registry.k8s.io/pause:3.10
    sizeBytes: 315885
  nodeInfo:
    architecture: amd64
    bootID: 00000066-0000-4000-8000-000000000066
    containerRuntimeVersion: containerd://1.7.24
    kernelVersion: 6.8.0-45-generic
    kubeProxyVersion: v1.32.0
    kubeletVersion: v1.32.0
    machineID: "00000000000000000000000000000002"
    operatingSystem: linux
    osImage: Debian GNU/Linux 12 (bookworm)
    systemUUID: 00000002-0000-4000-8000-000000000002

$ kubectl delete deployment nginx-deployment
deployment.apps "nginx-deployment" deleted
