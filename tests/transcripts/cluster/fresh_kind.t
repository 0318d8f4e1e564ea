# What a fresh kind v1.32 cluster holds besides the add-ons: the control
# plane's static pods (mirror pods on the control-plane node), kind's
# local-path provisioner, the controller manager's per-controller service
# accounts, and the ConfigMaps kubeadm uploads and the API server writes.
$ kubectl get pods -A
NAMESPACE            NAME                                             READY   STATUS    RESTARTS   AGE
kube-system          coredns-9b77b5867-5wvqp                          1/1     Running   0          2s
kube-system          coredns-9b77b5867-ms8nc                          1/1     Running   0          2s
kube-system          etcd-kubeplay-control-plane                      1/1     Running   0          2s
kube-system          kindnet-9fpx6                                    1/1     Running   0          2s
kube-system          kindnet-fghbd                                    1/1     Running   0          2s
kube-system          kindnet-tcrmk                                    1/1     Running   0          2s
kube-system          kindnet-x6qdz                                    1/1     Running   0          2s
kube-system          kube-apiserver-kubeplay-control-plane            1/1     Running   0          2s
kube-system          kube-controller-manager-kubeplay-control-plane   1/1     Running   0          2s
kube-system          kube-proxy-29qjf                                 1/1     Running   0          2s
kube-system          kube-proxy-8872g                                 1/1     Running   0          2s
kube-system          kube-proxy-mmqvt                                 1/1     Running   0          2s
kube-system          kube-proxy-rm9bv                                 1/1     Running   0          2s
kube-system          kube-scheduler-kubeplay-control-plane            1/1     Running   0          2s
local-path-storage   local-path-provisioner-57597c459b-97xlv          1/1     Running   0          2s

$ kubectl get pods -n kube-system -l tier=control-plane -o wide
NAME                                             READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
etcd-kubeplay-control-plane                      1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-apiserver-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-controller-manager-kubeplay-control-plane   1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
kube-scheduler-kubeplay-control-plane            1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>

$ kubectl get pod etcd-kubeplay-control-plane -n kube-system -o jsonpath='{.metadata.annotations.kubernetes\.io/config\.source} {.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.spec.priorityClassName} {.status.qosClass} {.spec.containers[0].image}'
file Node/kubeplay-control-plane system-node-critical Burstable registry.k8s.io/etcd:3.5.16-0

$ kubectl get pod kube-apiserver-kubeplay-control-plane -n kube-system -o jsonpath='{.metadata.annotations.kubeadm\.kubernetes\.io/kube-apiserver\.advertise-address\.endpoint}'
172.18.0.2:6443

$ kubectl get ns
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

$ kubectl get sa -n kube-system
NAME                                          SECRETS   AGE
attachdetach-controller                       0         2s
bootstrap-signer                              0         2s
certificate-controller                        0         2s
clusterrole-aggregation-controller            0         2s
coredns                                       0         2s
cronjob-controller                            0         2s
daemon-set-controller                         0         2s
default                                       0         2s
deployment-controller                         0         2s
disruption-controller                         0         2s
endpoint-controller                           0         2s
endpointslice-controller                      0         2s
endpointslicemirroring-controller             0         2s
ephemeral-volume-controller                   0         2s
expand-controller                             0         2s
generic-garbage-collector                     0         2s
horizontal-pod-autoscaler                     0         2s
job-controller                                0         2s
kindnet                                       0         2s
kube-proxy                                    0         2s
legacy-service-account-token-cleaner          0         2s
namespace-controller                          0         2s
node-controller                               0         2s
persistent-volume-binder                      0         2s
pod-garbage-collector                         0         2s
pv-protection-controller                      0         2s
pvc-protection-controller                     0         2s
replicaset-controller                         0         2s
replication-controller                        0         2s
resourcequota-controller                      0         2s
root-ca-cert-publisher                        0         2s
service-account-controller                    0         2s
statefulset-controller                        0         2s
token-cleaner                                 0         2s
ttl-after-finished-controller                 0         2s
ttl-controller                                0         2s
validatingadmissionpolicy-status-controller   0         2s

$ kubectl get sa -n local-path-storage
NAME                                     SECRETS   AGE
default                                  0         2s
local-path-provisioner-service-account   0         2s

$ kubectl get cm -A
NAMESPACE            NAME                                                   DATA   AGE
default              kube-root-ca.crt                                       1      2s
kube-node-lease      kube-root-ca.crt                                       1      2s
kube-public          cluster-info                                           2      2s
kube-public          kube-root-ca.crt                                       1      2s
kube-system          coredns                                                1      2s
kube-system          extension-apiserver-authentication                     6      2s
kube-system          kube-apiserver-legacy-service-account-token-tracking   1      2s
kube-system          kube-proxy                                             2      2s
kube-system          kube-root-ca.crt                                       1      2s
kube-system          kubeadm-config                                         1      2s
kube-system          kubelet-config                                         1      2s
local-path-storage   kube-root-ca.crt                                       1      2s
local-path-storage   local-path-config                                      4      2s

# kind's fixed bootstrap token, which its workers joined with.
$ kubectl get secrets -A
NAMESPACE     NAME                     TYPE                            DATA   AGE
kube-system   bootstrap-token-abcdef   bootstrap.kubernetes.io/token   6      2s

$ kubectl get deploy,rs -n local-path-storage -o wide
NAME                                     READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS               IMAGES                                                        SELECTOR
deployment.apps/local-path-provisioner   1/1     1            1           2s    local-path-provisioner   docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf   app=local-path-provisioner

NAME                                                DESIRED   CURRENT   READY   AGE   CONTAINERS               IMAGES                                                        SELECTOR
replicaset.apps/local-path-provisioner-57597c459b   1         1         1       2s    local-path-provisioner   docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf   app=local-path-provisioner,pod-template-hash=57597c459b

# The static pods count towards the node's requests like any other pod.
$ kubectl describe node kubeplay-control-plane
Name:               kubeplay-control-plane
Roles:              control-plane
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=kubeplay-control-plane
                    kubernetes.io/os=linux
                    node-role.kubernetes.io/control-plane=
                    node.kubernetes.io/exclude-from-external-load-balancers=
Annotations:        kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
                    node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Taints:             node-role.kubernetes.io/control-plane:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-control-plane
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
  InternalIP:  172.18.0.2
  Hostname:    kubeplay-control-plane
Capacity:
  cpu:                2
  ephemeral-storage:  100Gi
  memory:             4Gi
  pods:               110
Allocatable:
  cpu:                2
  ephemeral-storage:  100Gi
  memory:             4Gi
  pods:               110
System Info:
  Machine ID:                 00000000000000000000000000000001
  System UUID:                00000001-0000-4000-8000-000000000001
  Boot ID:                    00000065-0000-4000-8000-000000000065
  Kernel Version:             6.8.0-45-generic
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.24
  Kubelet Version:            v1.32.0
  Kube-Proxy Version:         v1.32.0
PodCIDR:                      10.244.0.0/24
PodCIDRs:                     10.244.0.0/24
ProviderID:                   kind://docker/kubeplay/kubeplay-control-plane
Non-terminated Pods:          (8 in total)
  Namespace                   Name                                              CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                                              ------------  ----------  ---------------  -------------  ---
  kube-system                 coredns-9b77b5867-ms8nc                           100m (5%)     0 (0%)      70Mi (1%)        170Mi (4%)     2s
  kube-system                 etcd-kubeplay-control-plane                       100m (5%)     0 (0%)      100Mi (2%)       0 (0%)         2s
  kube-system                 kindnet-9fpx6                                     100m (5%)     0 (0%)      50Mi (1%)        0 (0%)         2s
  kube-system                 kube-apiserver-kubeplay-control-plane             250m (12%)    0 (0%)      0 (0%)           0 (0%)         2s
  kube-system                 kube-controller-manager-kubeplay-control-plane    200m (10%)    0 (0%)      0 (0%)           0 (0%)         2s
  kube-system                 kube-proxy-mmqvt                                  0 (0%)        0 (0%)      0 (0%)           0 (0%)         2s
  kube-system                 kube-scheduler-kubeplay-control-plane             100m (5%)     0 (0%)      0 (0%)           0 (0%)         2s
  local-path-storage          local-path-provisioner-57597c459b-97xlv           0 (0%)        0 (0%)      0 (0%)           0 (0%)         2s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                850m (42%)  0 (0%)
  memory             220Mi (5%)  170Mi (4%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:              <none>

# Deleting a mirror pod leaves the static pod running: the kubelet posts
# a new mirror pod at once (a new uid, the same running container).
$ kubectl get pod kube-scheduler-kubeplay-control-plane -n kube-system -o jsonpath='{.metadata.uid}'
c0014bbb-5ae6-480a-ad8c-09ec0e562839

$ kubectl delete pod kube-scheduler-kubeplay-control-plane -n kube-system
pod "kube-scheduler-kubeplay-control-plane" deleted

$ kubectl get pod kube-scheduler-kubeplay-control-plane -n kube-system -o jsonpath='{.metadata.uid}'
f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl get pods -n kube-system -l component=kube-scheduler
NAME                                    READY   STATUS    RESTARTS   AGE
kube-scheduler-kubeplay-control-plane   1/1     Running   0          0s

# Drain leaves mirror pods alone, without a word.
$ kubectl drain kubeplay-control-plane --ignore-daemonsets
node/kubeplay-control-plane cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-9fpx6, kube-system/kube-proxy-mmqvt
evicting pod kube-system/coredns-9b77b5867-ms8nc
evicting pod local-path-storage/local-path-provisioner-57597c459b-97xlv
pod/coredns-9b77b5867-ms8nc evicted
pod/local-path-provisioner-57597c459b-97xlv evicted
node/kubeplay-control-plane drained

$ kubectl get pods -A --field-selector spec.nodeName=kubeplay-control-plane
NAMESPACE     NAME                                             READY   STATUS    RESTARTS   AGE
kube-system   etcd-kubeplay-control-plane                      1/1     Running   0          2s
kube-system   kindnet-9fpx6                                    1/1     Running   0          2s
kube-system   kube-apiserver-kubeplay-control-plane            1/1     Running   0          2s
kube-system   kube-controller-manager-kubeplay-control-plane   1/1     Running   0          2s
kube-system   kube-proxy-mmqvt                                 1/1     Running   0          2s
kube-system   kube-scheduler-kubeplay-control-plane            1/1     Running   0          0s
