# kubernetes.io's kubectl Quick Reference, "Viewing and finding
# resources", line by line on the playground's kind cluster, with a
# setup that makes what the page names: my-dep, my-pod, cassandra pods
# with version labels, myconfig with a ca.crt key, my-secret, my-rc and
# a deployment called nginx-deployment.
$ kubectl create deployment my-dep --image=nginx --replicas=2
deployment.apps/my-dep created

$ kubectl run my-pod --image=nginx --labels=app=cassandra,version=v1
pod/my-pod created

$ kubectl run cassandra-2 --image=cassandra --labels=app=cassandra,version=v2
pod/cassandra-2 created

$ kubectl expose deployment my-dep --port=80
service/my-dep exposed

$ kubectl create configmap myconfig --from-literal=ca.crt=CERTDATA
configmap/myconfig created

$ kubectl create secret generic my-secret --from-literal=key-name-with-dashes=s3cr3t --from-literal=user=jane
secret/my-secret created

$ kubectl create deployment nginx-deployment --image=nginx
deployment.apps/nginx-deployment created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: my-rc
spec:
  replicas: 1
  selector:
    app: rcapp
    tier: web
  template:
    metadata:
      labels:
        app: rcapp
        tier: web
    spec:
      initContainers:
      - name: init
        image: busybox:1.28
        command: ["true"]
      containers:
      - name: web
        image: nginx
EOF
replicationcontroller/my-rc created

$ sim settle
settled after 76 steps and 10s of virtual time

# Get commands with basic output.
$ kubectl get services
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   12s
my-dep       ClusterIP   10.97.60.148   <none>        80/TCP    10s

$ kubectl get pods --all-namespaces
NAMESPACE            NAME                                             READY   STATUS    RESTARTS   AGE
default              cassandra-2                                      1/1     Running   0          10s
default              my-dep-56f74d7754-4ltx9                          1/1     Running   0          10s
default              my-dep-56f74d7754-58crp                          1/1     Running   0          10s
default              my-pod                                           1/1     Running   0          10s
default              my-rc-8sk6f                                      1/1     Running   0          10s
default              nginx-deployment-84dd588dfb-m52qt                1/1     Running   0          10s
kube-system          coredns-9b77b5867-5wvqp                          1/1     Running   0          12s
kube-system          coredns-9b77b5867-ms8nc                          1/1     Running   0          12s
kube-system          etcd-kubeplay-control-plane                      1/1     Running   0          12s
kube-system          kindnet-9fpx6                                    1/1     Running   0          12s
kube-system          kindnet-fghbd                                    1/1     Running   0          12s
kube-system          kindnet-tcrmk                                    1/1     Running   0          12s
kube-system          kindnet-x6qdz                                    1/1     Running   0          12s
kube-system          kube-apiserver-kubeplay-control-plane            1/1     Running   0          12s
kube-system          kube-controller-manager-kubeplay-control-plane   1/1     Running   0          12s
kube-system          kube-proxy-29qjf                                 1/1     Running   0          12s
kube-system          kube-proxy-8872g                                 1/1     Running   0          12s
kube-system          kube-proxy-mmqvt                                 1/1     Running   0          12s
kube-system          kube-proxy-rm9bv                                 1/1     Running   0          12s
kube-system          kube-scheduler-kubeplay-control-plane            1/1     Running   0          12s
local-path-storage   local-path-provisioner-57597c459b-97xlv          1/1     Running   0          12s

$ kubectl get pods -o wide
NAME                                READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
cassandra-2                         1/1     Running   0          10s   10.244.3.2   kubeplay-worker3   <none>           <none>
my-dep-56f74d7754-4ltx9             1/1     Running   0          10s   10.244.3.3   kubeplay-worker3   <none>           <none>
my-dep-56f74d7754-58crp             1/1     Running   0          10s   10.244.2.3   kubeplay-worker2   <none>           <none>
my-pod                              1/1     Running   0          10s   10.244.1.2   kubeplay-worker    <none>           <none>
my-rc-8sk6f                         1/1     Running   0          10s   10.244.1.3   kubeplay-worker    <none>           <none>
nginx-deployment-84dd588dfb-m52qt   1/1     Running   0          10s   10.244.3.4   kubeplay-worker3   <none>           <none>

$ kubectl get deployment my-dep
NAME     READY   UP-TO-DATE   AVAILABLE   AGE
my-dep   2/2     2            2           10s

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-2                         1/1     Running   0          10s
my-dep-56f74d7754-4ltx9             1/1     Running   0          10s
my-dep-56f74d7754-58crp             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-8sk6f                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-m52qt   1/1     Running   0          10s

$ kubectl get pod my-pod -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  labels:
    app: cassandra
    version: v1
  name: my-pod
  namespace: default
  resourceVersion: "440"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: my-pod
    resources: {}
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
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://401675e1eaaf87bb438ad8331fade6bdd6301ff5595df7d7b112711868c4f859
    image: docker.io/library/nginx:latest
    imageID: docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    name: my-pod
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:06Z"
  hostIP: 172.18.0.3
  hostIPs:
  - ip: 172.18.0.3
  phase: Running
  podIP: 10.244.1.2
  podIPs:
  - ip: 10.244.1.2
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:02Z"

# Describe commands with verbose output.
$ kubectl describe nodes kubeplay-worker
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
  RenewTime:       Wed, 01 Jan 2025 00:00:10 +0000
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
Non-terminated Pods:          (4 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  default                     my-pod              0 (0%)        0 (0%)      0 (0%)           0 (0%)         10s
  default                     my-rc-8sk6f         0 (0%)        0 (0%)      0 (0%)           0 (0%)         10s
  kube-system                 kindnet-fghbd       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         12s
  kube-system                 kube-proxy-rm9bv    0 (0%)        0 (0%)      0 (0%)           0 (0%)         12s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             50Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:              <none>

$ kubectl describe pods my-pod
Name:             my-pod
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=cassandra
                  version=v1
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  my-pod:
    Container ID:   containerd://401675e1eaaf87bb438ad8331fade6bdd6301ff5595df7d7b112711868c4f859
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8gqwd (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
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
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/my-pod to kubeplay-worker
  Normal  Pulling    9s    kubelet            Pulling image "nginx"
  Normal  Pulled     5s    kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    5s    kubelet            Created container my-pod
  Normal  Started    5s    kubelet            Started container my-pod

$ kubectl get services --sort-by=.metadata.name
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   12s
my-dep       ClusterIP   10.97.60.148   <none>        80/TCP    10s

$ kubectl get pods --sort-by='.status.containerStatuses[0].restartCount'
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-2                         1/1     Running   0          10s
my-dep-56f74d7754-4ltx9             1/1     Running   0          10s
my-dep-56f74d7754-58crp             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-8sk6f                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-m52qt   1/1     Running   0          10s

# kind has no PersistentVolume until a claim asks the local-path
# provisioner for one.
$ kubectl get pv --sort-by=.spec.capacity.storage
No resources found

$ kubectl get pods --selector=app=cassandra -o jsonpath='{.items[*].metadata.labels.version}'
v2 v1

$ kubectl get configmap myconfig -o jsonpath='{.data.ca\.crt}'
CERTDATA

$ kubectl get secret my-secret --template='{{index .data "key-name-with-dashes"}}'
czNjcjN0

$ kubectl get node --selector='!node-role.kubernetes.io/control-plane'
NAME               STATUS   ROLES    AGE   VERSION
kubeplay-worker    Ready    <none>   12s   v1.32.0
kubeplay-worker2   Ready    <none>   12s   v1.32.0
kubeplay-worker3   Ready    <none>   12s   v1.32.0

$ kubectl get pods --field-selector=status.phase=Running
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-2                         1/1     Running   0          10s
my-dep-56f74d7754-4ltx9             1/1     Running   0          10s
my-dep-56f74d7754-58crp             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-8sk6f                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-m52qt   1/1     Running   0          10s

# kind's nodes have no ExternalIP: the filter matches nothing.
$ kubectl get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="ExternalIP")].address}'

$ kubectl get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="InternalIP")].address}'
172.18.0.2 172.18.0.3 172.18.0.4 172.18.0.5

# The page builds the selector with jq and zsh's ${$(…)%?}; neither is
# here, so the selector is written out.
$ kubectl get rc my-rc --output=json | jq -j '.spec.selector | to_entries | .[] | "\(.key)=\(.value),"'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ kubectl get rc my-rc -o go-template='{{range $k, $v := .spec.selector}}{{$k}}={{$v}},{{end}}'
app=rcapp,tier=web,

$ sel=app=rcapp,tier=web

$ echo $(kubectl get pods --selector=$sel --output=jsonpath={.items..metadata.name})
my-rc-8sk6f

$ kubectl get pods --show-labels
NAME                                READY   STATUS    RESTARTS   AGE   LABELS
cassandra-2                         1/1     Running   0          10s   app=cassandra,version=v2
my-dep-56f74d7754-4ltx9             1/1     Running   0          10s   app=my-dep,pod-template-hash=56f74d7754
my-dep-56f74d7754-58crp             1/1     Running   0          10s   app=my-dep,pod-template-hash=56f74d7754
my-pod                              1/1     Running   0          10s   app=cassandra,version=v1
my-rc-8sk6f                         1/1     Running   0          10s   app=rcapp,tier=web
nginx-deployment-84dd588dfb-m52qt   1/1     Running   0          10s   app=nginx-deployment,pod-template-hash=84dd588dfb

$ JSONPATH='{range .items[*]}{@.metadata.name}:{range @.status.conditions[*]}{@.type}={@.status};{end}{end}' && kubectl get nodes -o jsonpath="$JSONPATH" | grep "Ready=True"
kubeplay-control-plane:MemoryPressure=False;DiskPressure=False;PIDPressure=False;Ready=True;kubeplay-worker:MemoryPressure=False;DiskPressure=False;PIDPressure=False;Ready=True;kubeplay-worker2:MemoryPressure=False;DiskPressure=False;PIDPressure=False;Ready=True;kubeplay-worker3:MemoryPressure=False;DiskPressure=False;PIDPressure=False;Ready=True;

$ kubectl get node -o custom-columns='NODE_NAME:.metadata.name,STATUS:.status.conditions[?(@.type=="Ready")].status'
NODE_NAME                STATUS
kubeplay-control-plane   True
kubeplay-worker          True
kubeplay-worker2         True
kubeplay-worker3         True

$ kubectl get secret my-secret -o go-template='{{range $k,$v := .data}}{{"### "}}{{$k}}{{"\n"}}{{$v|base64decode}}{{"\n\n"}}{{end}}'
### key-name-with-dashes
s3cr3t

### user
jane

$ kubectl get pods -o json | jq '.items[].spec.containers[].env[]?.valueFrom.secretKeyRef.name' | grep -v null | sort | uniq
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ kubectl get pods --all-namespaces -o jsonpath='{range .items[*].status.initContainerStatuses[*]}{.containerID}{"\n"}{end}' | cut -d/ -f3
c7c3e08dc7f3a9827f9f624f308a33034acd98a3c4cc6ba0b9b3d397381ff8f7

$ kubectl get events --sort-by=.metadata.creationTimestamp | head -6
LAST SEEN   TYPE     REASON              OBJECT                                   MESSAGE
10s         Normal   Scheduled           pod/my-dep-56f74d7754-58crp              Successfully assigned default/my-dep-56f74d7754-58crp to kubeplay-worker2
10s         Normal   SuccessfulCreate    replicationcontroller/my-rc              Created pod: my-rc-8sk6f
10s         Normal   Scheduled           pod/my-rc-8sk6f                          Successfully assigned default/my-rc-8sk6f to kubeplay-worker
10s         Normal   Scheduled           pod/nginx-deployment-84dd588dfb-m52qt    Successfully assigned default/nginx-deployment-84dd588dfb-m52qt to kubeplay-worker3
10s         Normal   Scheduled           pod/cassandra-2                          Successfully assigned default/cassandra-2 to kubeplay-worker3

$ kubectl events --types=Warning
No events found in default namespace.

$ cat > ./my-manifest.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-dep
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-dep
  template:
    metadata:
      labels:
        app: my-dep
    spec:
      containers:
      - name: nginx
        image: nginx
EOF

$ kubectl diff -f ./my-manifest.yaml
diff -u -N /tmp/LIVE-994310234/apps.v1.Deployment.default.my-dep /tmp/MERGED-4262227408/apps.v1.Deployment.default.my-dep
--- /tmp/LIVE-994310234/apps.v1.Deployment.default.my-dep	2025-01-01 00:00:12.146000000 +0000
+++ /tmp/MERGED-4262227408/apps.v1.Deployment.default.my-dep	2025-01-01 00:00:12.146000000 +0000
@@ -4,7 +4,7 @@
   annotations:
     deployment.kubernetes.io/revision: "1"
   creationTimestamp: "2025-01-01T00:00:02Z"
-  generation: 1
+  generation: 2
   labels:
     app: my-dep
   name: my-dep
@@ -13,7 +13,7 @@
   uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
 spec:
   progressDeadlineSeconds: 600
-  replicas: 2
+  replicas: 3
   revisionHistoryLimit: 10
   selector:
     matchLabels:

$ kubectl get nodes -o json | jq -c 'paths|join(".")'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ kubectl get pods -o json | jq -c 'paths|join(".")'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ for pod in $(kubectl get po --output=jsonpath={.items..metadata.name}); do echo $pod && kubectl exec -it $pod -- env | grep -c =; done
cassandra-2
19
my-dep-56f74d7754-4ltx9
24
my-dep-56f74d7754-58crp
24
my-pod
24
my-rc-8sk6f
Defaulted container "web" out of: web, init (init)
24
nginx-deployment-84dd588dfb-m52qt
24

$ kubectl get deployment nginx-deployment --subresource=status
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   1/1     1            1           10s
