# kubernetes.io "Assign Memory Resources to Containers and Pods", line by
# line. Transcripts never download: the page's manifests
# (https://k8s.io/examples/pods/resource/memory-request-limit*.yaml) are
# here-documents. The playground's cluster serves the metrics API, though
# it registers no APIService for it, which the page lists to check that.
$ kubectl get apiservices | grep metrics

$ kubectl create namespace mem-example
namespace/mem-example created

$ kubectl apply --namespace=mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: memory-demo
  namespace: mem-example
spec:
  containers:
  - name: memory-demo-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "100Mi"
      limits:
        memory: "200Mi"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]
EOF
pod/memory-demo created

$ sim settle
settled after 9 steps and 2s of virtual time

$ kubectl get pod memory-demo --namespace=mem-example
NAME          READY   STATUS    RESTARTS   AGE
memory-demo   1/1     Running   0          2s

$ kubectl get pod memory-demo --output=yaml --namespace=mem-example
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"memory-demo","namespace":"mem-example"},"spec":{"containers":[{"args":["--vm","1","--vm-bytes","150M","--vm-hang","1"],"command":["stress"],"image":"polinux/stress","name":"memory-demo-ctr","resources":{"limits":{"memory":"200Mi"},"requests":{"memory":"100Mi"}}}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: memory-demo
  namespace: mem-example
  resourceVersion: "386"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  containers:
  - args:
    - --vm
    - "1"
    - --vm-bytes
    - 150M
    - --vm-hang
    - "1"
    command:
    - stress
    image: polinux/stress
    imagePullPolicy: Always
    name: memory-demo-ctr
    resources:
      limits:
        memory: 200Mi
      requests:
        memory: 100Mi
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-8gqwd
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-8gqwd
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:04Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:04Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:04Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://32169fe65961e82824531e0da37257b638cc256bf371567b0f584890f70cbd48
    image: docker.io/polinux/stress:latest
    imageID: docker.io/polinux/stress@sha256:309362f343e424aee0b8561d1dd29b159969ba96850f7f3005fe0be1696c497f
    name: memory-demo-ctr
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:03Z"
  hostIP: 172.18.0.3
  hostIPs:
  - ip: 172.18.0.3
  phase: Running
  podIP: 10.244.1.2
  podIPs:
  - ip: 10.244.1.2
  qosClass: Burstable
  startTime: "2025-01-01T00:00:02Z"

# metrics-server's first sample takes a scrape interval.
$ sim advance 60s
advanced 60s to 2025-01-01T00:01:04Z (0 steps ran)

$ kubectl top pod memory-demo --namespace=mem-example
NAME          CPU(cores)   MEMORY(bytes)
memory-demo   0m           151Mi

$ kubectl delete pod memory-demo --namespace=mem-example
pod "memory-demo" deleted

# Exceed a Container's memory limit.
$ kubectl apply --namespace=mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: memory-demo-2
  namespace: mem-example
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

$ sim settle
settled after 13 steps and 16s of virtual time

$ kubectl get pod memory-demo-2 --namespace=mem-example
NAME            READY   STATUS      RESTARTS      AGE
memory-demo-2   0/1     OOMKilled   2 (11s ago)   16s

$ kubectl get pod memory-demo-2 --output=yaml --namespace=mem-example
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"memory-demo-2","namespace":"mem-example"},"spec":{"containers":[{"args":["--vm","1","--vm-bytes","250M","--vm-hang","1"],"command":["stress"],"image":"polinux/stress","name":"memory-demo-2-ctr","resources":{"limits":{"memory":"100Mi"},"requests":{"memory":"50Mi"}}}]}}
  creationTimestamp: "2025-01-01T00:01:34Z"
  name: memory-demo-2
  namespace: mem-example
  resourceVersion: "413"
  uid: 918032d1-e60d-4182-8941-f80f548dd8ac
spec:
  containers:
  - args:
    - --vm
    - "1"
    - --vm-bytes
    - 250M
    - --vm-hang
    - "1"
    command:
    - stress
    image: polinux/stress
    imagePullPolicy: Always
    name: memory-demo-2-ctr
    resources:
      limits:
        memory: 100Mi
      requests:
        memory: 50Mi
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-2c5jd
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker3
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-2c5jd
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:01:36Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:01:34Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:01:37Z"
    message: 'containers with unready status: [memory-demo-2-ctr]'
    reason: ContainersNotReady
    status: "False"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:01:37Z"
    message: 'containers with unready status: [memory-demo-2-ctr]'
    reason: ContainersNotReady
    status: "False"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:01:34Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://78fa6bd60a11ea5067b5d70c35f0642a0c5a4eeb33bc715c91bb24931bcf6d6a
    image: docker.io/polinux/stress:latest
    imageID: docker.io/polinux/stress@sha256:309362f343e424aee0b8561d1dd29b159969ba96850f7f3005fe0be1696c497f
    lastState:
      terminated:
        containerID: containerd://16e9685d49e8e576b65a4a1992515b8b80f1ad4cf3b4aa4f5d1748477613a5a4
        exitCode: 137
        finishedAt: "2025-01-01T00:01:39Z"
        reason: OOMKilled
        startedAt: "2025-01-01T00:01:38Z"
    name: memory-demo-2-ctr
    ready: false
    restartCount: 2
    started: false
    state:
      terminated:
        containerID: containerd://78fa6bd60a11ea5067b5d70c35f0642a0c5a4eeb33bc715c91bb24931bcf6d6a
        exitCode: 137
        finishedAt: "2025-01-01T00:01:50Z"
        reason: OOMKilled
        startedAt: "2025-01-01T00:01:49Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.2
  podIPs:
  - ip: 10.244.3.2
  qosClass: Burstable
  startTime: "2025-01-01T00:01:34Z"

$ sim advance 30s
advanced 30s to 2025-01-01T00:02:20Z (4 steps ran)

$ kubectl get pod memory-demo-2 --namespace=mem-example
NAME            READY   STATUS      RESTARTS      AGE
memory-demo-2   0/1     OOMKilled   3 (30s ago)   46s

$ kubectl describe pod memory-demo-2 --namespace=mem-example
Name:             memory-demo-2
Namespace:        mem-example
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:01:34 +0000
Labels:           <none>
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  memory-demo-2-ctr:
    Container ID:  containerd://cee7802ff1eca593920d65800d2bf8923f7f6d8964392e063b091cf75ca41a76
    Image:         polinux/stress
    Image ID:      docker.io/polinux/stress@sha256:309362f343e424aee0b8561d1dd29b159969ba96850f7f3005fe0be1696c497f
    Port:          <none>
    Host Port:     <none>
    Command:
      stress
    Args:
      --vm
      1
      --vm-bytes
      250M
      --vm-hang
      1
    State:          Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Wed, 01 Jan 2025 00:02:11 +0000
      Finished:     Wed, 01 Jan 2025 00:02:12 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Wed, 01 Jan 2025 00:01:49 +0000
      Finished:     Wed, 01 Jan 2025 00:01:50 +0000
    Ready:          False
    Restart Count:  3
    Limits:
      memory:  100Mi
    Requests:
      memory:     50Mi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-2c5jd (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-2c5jd:
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
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  46s                default-scheduler  Successfully assigned mem-example/memory-demo-2 to kubeplay-worker3
  Normal   Pulled     45s                kubelet            Successfully pulled image "polinux/stress" in 656ms (656ms including waiting). Image size: 3914246 bytes.
  Normal   Pulling    10s (x4 over 45s)  kubelet            Pulling image "polinux/stress"
  Normal   Created    9s (x4 over 45s)   kubelet            Created container memory-demo-2-ctr
  Normal   Started    9s (x4 over 45s)   kubelet            Started container memory-demo-2-ctr
  Normal   Pulled     9s (x3 over 42s)   kubelet            Successfully pulled image "polinux/stress" in 500ms (500ms including waiting). Image size: 3914246 bytes.
  Warning  BackOff    8s (x4 over 41s)   kubelet            Back-off restarting failed container memory-demo-2-ctr in pod memory-demo-2_mem-example(918032d1-e60d-4182-8941-f80f548dd8ac)

# The node the pod runs on. A container over its own limit is not a
# System OOM: the kubelet's OOM watcher reports only the node's, so the
# node has no such event (the page's output is from older kubelets).
$ kubectl describe nodes kubeplay-worker3
Name:               kubeplay-worker3
Roles:              <none>
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=kubeplay-worker3
                    kubernetes.io/os=linux
                    topology.kubernetes.io/zone=zone-c
Annotations:        kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
                    node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Taints:             <none>
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-worker3
  AcquireTime:     <unset>
  RenewTime:       Wed, 01 Jan 2025 00:02:20 +0000
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady                 kubelet is posting ready status
Addresses:
  InternalIP:  172.18.0.5
  Hostname:    kubeplay-worker3
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
  Machine ID:                 00000000000000000000000000000004
  System UUID:                00000004-0000-4000-8000-000000000004
  Boot ID:                    00000068-0000-4000-8000-000000000068
  Kernel Version:             6.8.0-45-generic
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.24
  Kubelet Version:            v1.32.0
  Kube-Proxy Version:         v1.32.0
PodCIDR:                      10.244.3.0/24
PodCIDRs:                     10.244.3.0/24
ProviderID:                   kind://docker/kubeplay/kubeplay-worker3
Non-terminated Pods:          (3 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  kube-system                 kindnet-x6qdz       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         2m20s
  kube-system                 kube-proxy-8872g    0 (0%)        0 (0%)      0 (0%)           0 (0%)         2m20s
  mem-example                 memory-demo-2       0 (0%)        0 (0%)      50Mi (0%)        100Mi (1%)     46s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                100m (2%)   0 (0%)
  memory             100Mi (1%)  100Mi (1%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:              <none>

$ kubectl delete pod memory-demo-2 --namespace=mem-example
pod "memory-demo-2" deleted

# Specify a memory request that is too big for your Nodes.
$ kubectl apply --namespace=mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: memory-demo-3
  namespace: mem-example
spec:
  containers:
  - name: memory-demo-3-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "1000Gi"
      limits:
        memory: "1000Gi"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]
EOF
pod/memory-demo-3 created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod memory-demo-3 --namespace=mem-example
NAME            READY   STATUS    RESTARTS   AGE
memory-demo-3   0/1     Pending   0          0s

$ kubectl describe pod memory-demo-3 --namespace=mem-example
Name:             memory-demo-3
Namespace:        mem-example
Priority:         0
Service Account:  default
Node:             <none>
Labels:           <none>
Annotations:      <none>
Status:           Pending
IP:
IPs:              <none>
Containers:
  memory-demo-3-ctr:
    Image:      polinux/stress
    Port:       <none>
    Host Port:  <none>
    Command:
      stress
    Args:
      --vm
      1
      --vm-bytes
      150M
      --vm-hang
      1
    Limits:
      memory:  1000Gi
    Requests:
      memory:     1000Gi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-77fqm (ro)
Conditions:
  Type           Status
  PodScheduled   False
Volumes:
  kube-api-access-77fqm:
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
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  0s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl delete pod memory-demo-3 --namespace=mem-example
pod "memory-demo-3" deleted

$ kubectl delete namespace mem-example
namespace "mem-example" deleted
