# The default cluster, as a fresh kind v1.32 cluster built from four nodes
# has it (kubeadm's CoreDNS and kube-proxy add-ons, kindnet), plus the zone
# labels the playground gives its three workers for the spreading lessons.
$ sim settle
settled after 0 steps and 0s of virtual time

$ kubectl get nodes --show-labels
NAME                     STATUS   ROLES           AGE   VERSION   LABELS
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=
kubeplay-worker          Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-a
kubeplay-worker2         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker2,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-b
kubeplay-worker3         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker3,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-c

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
  RenewTime:       Wed, 01 Jan 2025 00:00:00 +0000
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
Non-terminated Pods:          (2 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  kube-system                 kindnet-fghbd       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         2s
  kube-system                 kube-proxy-rm9bv    0 (0%)        0 (0%)      0 (0%)           0 (0%)         2s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:              <none>

$ kubectl get node kubeplay-control-plane -o jsonpath='{.spec.taints}'
[{"effect":"NoSchedule","key":"node-role.kubernetes.io/control-plane"}]

$ kubectl get svc,deploy,ds -A
NAMESPACE     NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
default       service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP                  2s
kube-system   service/kube-dns     ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s

NAMESPACE            NAME                                     READY   UP-TO-DATE   AVAILABLE   AGE
kube-system          deployment.apps/coredns                  2/2     2            2           2s
local-path-storage   deployment.apps/local-path-provisioner   1/1     1            1           2s

NAMESPACE     NAME                        DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE
kube-system   daemonset.apps/kindnet      4         4         4       4            4           kubernetes.io/os=linux   2s
kube-system   daemonset.apps/kube-proxy   4         4         4       4            4           kubernetes.io/os=linux   2s

$ kubectl get pods -A -o wide
NAMESPACE            NAME                                             READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
kube-system          coredns-9b77b5867-5wvqp                          1/1     Running   0          2s    10.244.2.2   kubeplay-worker2         <none>           <none>
kube-system          coredns-9b77b5867-ms8nc                          1/1     Running   0          2s    10.244.0.3   kubeplay-control-plane   <none>           <none>
kube-system          etcd-kubeplay-control-plane                      1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-system          kindnet-9fpx6                                    1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-system          kindnet-fghbd                                    1/1     Running   0          2s    172.18.0.3   kubeplay-worker          <none>           <none>
kube-system          kindnet-tcrmk                                    1/1     Running   0          2s    172.18.0.4   kubeplay-worker2         <none>           <none>
kube-system          kindnet-x6qdz                                    1/1     Running   0          2s    172.18.0.5   kubeplay-worker3         <none>           <none>
kube-system          kube-apiserver-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-system          kube-controller-manager-kubeplay-control-plane   1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-system          kube-proxy-29qjf                                 1/1     Running   0          2s    172.18.0.4   kubeplay-worker2         <none>           <none>
kube-system          kube-proxy-8872g                                 1/1     Running   0          2s    172.18.0.5   kubeplay-worker3         <none>           <none>
kube-system          kube-proxy-mmqvt                                 1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-system          kube-proxy-rm9bv                                 1/1     Running   0          2s    172.18.0.3   kubeplay-worker          <none>           <none>
kube-system          kube-scheduler-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
local-path-storage   local-path-provisioner-57597c459b-97xlv          1/1     Running   0          2s    10.244.0.2   kubeplay-control-plane   <none>           <none>

$ kubectl get configmaps -n kube-system
NAME                                                   DATA   AGE
coredns                                                1      2s
extension-apiserver-authentication                     6      2s
kube-apiserver-legacy-service-account-token-tracking   1      2s
kube-proxy                                             2      2s
kube-root-ca.crt                                       1      2s
kubeadm-config                                         1      2s
kubelet-config                                         1      2s

$ kubectl describe service kube-dns -n kube-system
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

$ kubectl get deployment coredns -n kube-system -o jsonpath='{.spec.template.spec.serviceAccountName} {.spec.template.spec.dnsPolicy} {.spec.template.spec.priorityClassName}'
coredns Default system-cluster-critical

$ kubectl get daemonset kube-proxy -n kube-system -o jsonpath='{.spec.template.spec.containers[0].command}'
["/usr/local/bin/kube-proxy","--config=/var/lib/kube-proxy/config.conf","--hostname-override=$(NODE_NAME)"]
