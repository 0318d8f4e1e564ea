# kubernetes.io's kubectl Quick Reference, part 2: "Viewing and finding
# resources", line by line on the playground's kind cluster. First what
# the page names, made as a reader would: my-pod (reading a key of
# my-secret), my-dep, nginx-deployment, cassandra pods with version
# labels (one with an init container), myconfig with a ca.crt key,
# my-secret, the ReplicationController my-rc and two PersistentVolumes.
$ kubectl create secret generic my-secret --from-literal=key-name-with-dashes=s3cr3t --from-literal=user=jane
secret/my-secret created

$ kubectl create configmap myconfig --from-literal=ca.crt=CERT
configmap/myconfig created

# my-pod: one container whose PASSWORD comes from my-secret
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: my-pod
  labels:
    app: web
spec:
  containers:
  - name: my-container
    image: nginx
    env:
    - name: PASSWORD
      valueFrom:
        secretKeyRef:
          name: my-secret
          key: key-name-with-dashes
EOF
pod/my-pod created

$ kubectl create deployment my-dep --image=nginx
deployment.apps/my-dep created

$ kubectl create deployment nginx-deployment --image=nginx
deployment.apps/nginx-deployment created

$ kubectl expose deployment my-dep --port=80
service/my-dep exposed

# cassandra-0 and cassandra-1: version labels; cassandra-1 runs an init
# container first
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cassandra-0
  labels:
    app: cassandra
    version: "3.11"
spec:
  containers:
  - name: cassandra
    image: cassandra:3.11
---
apiVersion: v1
kind: Pod
metadata:
  name: cassandra-1
  labels:
    app: cassandra
    version: "4.0"
spec:
  initContainers:
  - name: init
    image: busybox:1.28
    command: ["sh", "-c", "echo ready"]
  containers:
  - name: cassandra
    image: cassandra:4.0
EOF
pod/cassandra-0 created
pod/cassandra-1 created

# my-rc: a ReplicationController whose selector has two labels
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: my-rc
spec:
  replicas: 2
  selector:
    app: rc
    tier: web
  template:
    metadata:
      labels:
        app: rc
        tier: web
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
replicationcontroller/my-rc created

# pv-big and pv-small: created big first, so sorting shows
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-big
spec:
  capacity:
    storage: 5Gi
  accessModes: [ReadWriteOnce]
  hostPath:
    path: /data/big
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-small
spec:
  capacity:
    storage: 500Mi
  accessModes: [ReadWriteOnce]
  hostPath:
    path: /data/small
EOF
persistentvolume/pv-big created
persistentvolume/pv-small created

$ sim settle
settled after 76 steps and 10s of virtual time

# Get commands with basic output
$ kubectl get services
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   12s
my-dep       ClusterIP   10.98.51.252   <none>        80/TCP    10s

$ kubectl get pods --all-namespaces
NAMESPACE            NAME                                             READY   STATUS    RESTARTS   AGE
default              cassandra-0                                      1/1     Running   0          10s
default              cassandra-1                                      1/1     Running   0          10s
default              my-dep-56f74d7754-fhtjt                          1/1     Running   0          10s
default              my-pod                                           1/1     Running   0          10s
default              my-rc-44rtj                                      1/1     Running   0          10s
default              my-rc-4xjw8                                      1/1     Running   0          10s
default              nginx-deployment-84dd588dfb-8w7fv                1/1     Running   0          10s
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
cassandra-0                         1/1     Running   0          10s   10.244.1.2   kubeplay-worker    <none>           <none>
cassandra-1                         1/1     Running   0          10s   10.244.1.3   kubeplay-worker    <none>           <none>
my-dep-56f74d7754-fhtjt             1/1     Running   0          10s   10.244.2.4   kubeplay-worker2   <none>           <none>
my-pod                              1/1     Running   0          10s   10.244.3.2   kubeplay-worker3   <none>           <none>
my-rc-44rtj                         1/1     Running   0          10s   10.244.2.3   kubeplay-worker2   <none>           <none>
my-rc-4xjw8                         1/1     Running   0          10s   10.244.3.3   kubeplay-worker3   <none>           <none>
nginx-deployment-84dd588dfb-8w7fv   1/1     Running   0          10s   10.244.1.4   kubeplay-worker    <none>           <none>

$ kubectl get deployment my-dep
NAME     READY   UP-TO-DATE   AVAILABLE   AGE
my-dep   1/1     1            1           10s

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-0                         1/1     Running   0          10s
cassandra-1                         1/1     Running   0          10s
my-dep-56f74d7754-fhtjt             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-44rtj                         1/1     Running   0          10s
my-rc-4xjw8                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-8w7fv   1/1     Running   0          10s

$ kubectl get pod my-pod -o yaml
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"labels":{"app":"web"},"name":"my-pod","namespace":"default"},"spec":{"containers":[{"env":[{"name":"PASSWORD","valueFrom":{"secretKeyRef":{"key":"key-name-with-dashes","name":"my-secret"}}}],"image":"nginx","name":"my-container"}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  labels:
    app: web
  name: my-pod
  namespace: default
  resourceVersion: "455"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
spec:
  containers:
  - env:
    - name: PASSWORD
      valueFrom:
        secretKeyRef:
          key: key-name-with-dashes
          name: my-secret
    image: nginx
    imagePullPolicy: Always
    name: my-container
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-mgnfc
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
  - name: kube-api-access-mgnfc
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
  - containerID: containerd://b9b3d397381ff8f7d31ae51700436ef052395a2c209cc9104b754c1821a418e7
    image: docker.io/library/nginx:latest
    imageID: docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    name: my-container
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:06Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.2
  podIPs:
  - ip: 10.244.3.2
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:02Z"

# Describe commands with verbose output; my-node is kubeplay-worker2.
$ kubectl describe nodes kubeplay-worker2
Name:               kubeplay-worker2
Roles:              <none>
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=kubeplay-worker2
                    kubernetes.io/os=linux
                    topology.kubernetes.io/zone=zone-b
Annotations:        kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
                    node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Taints:             <none>
Unschedulable:      false
Lease:
  HolderIdentity:  kubeplay-worker2
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
  InternalIP:  172.18.0.4
  Hostname:    kubeplay-worker2
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
  Machine ID:                 00000000000000000000000000000003
  System UUID:                00000003-0000-4000-8000-000000000003
  Boot ID:                    00000067-0000-4000-8000-000000000067
  Kernel Version:             6.8.0-45-generic
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.24
  Kubelet Version:            v1.32.0
  Kube-Proxy Version:         v1.32.0
PodCIDR:                      10.244.2.0/24
PodCIDRs:                     10.244.2.0/24
ProviderID:                   kind://docker/kubeplay/kubeplay-worker2
Non-terminated Pods:          (5 in total)
  Namespace                   Name                       CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                       ------------  ----------  ---------------  -------------  ---
  default                     my-dep-56f74d7754-fhtjt    0 (0%)        0 (0%)      0 (0%)           0 (0%)         10s
  default                     my-rc-44rtj                0 (0%)        0 (0%)      0 (0%)           0 (0%)         10s
  kube-system                 coredns-9b77b5867-5wvqp    100m (2%)     0 (0%)      70Mi (0%)        170Mi (2%)     12s
  kube-system                 kindnet-tcrmk              100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         12s
  kube-system                 kube-proxy-29qjf           0 (0%)        0 (0%)      0 (0%)           0 (0%)         12s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                200m (5%)   0 (0%)
  memory             120Mi (1%)  170Mi (2%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:              <none>

$ kubectl describe pods my-pod
Name:             my-pod
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=web
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  my-container:
    Container ID:   containerd://b9b3d397381ff8f7d31ae51700436ef052395a2c209cc9104b754c1821a418e7
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:
      PASSWORD:  <set to the key 'key-name-with-dashes' in secret 'my-secret'>  Optional: false
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-mgnfc (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-mgnfc:
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
  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/my-pod to kubeplay-worker3
  Normal  Pulling    9s    kubelet            Pulling image "nginx"
  Normal  Pulled     6s    kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    6s    kubelet            Created container my-container
  Normal  Started    6s    kubelet            Started container my-container

$ kubectl get services --sort-by=.metadata.name
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   12s
my-dep       ClusterIP   10.98.51.252   <none>        80/TCP    10s

$ kubectl get pods --sort-by='.status.containerStatuses[0].restartCount'
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-0                         1/1     Running   0          10s
cassandra-1                         1/1     Running   0          10s
my-dep-56f74d7754-fhtjt             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-44rtj                         1/1     Running   0          10s
my-rc-4xjw8                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-8w7fv   1/1     Running   0          10s

# Quantities sort by value: 500Mi before 5Gi.
$ kubectl get pv --sort-by=.spec.capacity.storage
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv-small   500Mi      RWO            Retain           Available                          <unset>                          10s
pv-big     5Gi        RWO            Retain           Available                          <unset>                          10s

$ kubectl get pods --selector=app=cassandra -o \
>   jsonpath='{.items[*].metadata.labels.version}'
3.11 4.0

$ kubectl get configmap myconfig \
>   -o jsonpath='{.data.ca\.crt}'
CERT

$ kubectl get secret my-secret --template='{{index .data "key-name-with-dashes"}}'
czNjcjN0

$ kubectl get node --selector='!node-role.kubernetes.io/control-plane'
NAME               STATUS   ROLES    AGE   VERSION
kubeplay-worker    Ready    <none>   12s   v1.32.0
kubeplay-worker2   Ready    <none>   12s   v1.32.0
kubeplay-worker3   Ready    <none>   12s   v1.32.0

$ kubectl get pods --field-selector=status.phase=Running
NAME                                READY   STATUS    RESTARTS   AGE
cassandra-0                         1/1     Running   0          10s
cassandra-1                         1/1     Running   0          10s
my-dep-56f74d7754-fhtjt             1/1     Running   0          10s
my-pod                              1/1     Running   0          10s
my-rc-44rtj                         1/1     Running   0          10s
my-rc-4xjw8                         1/1     Running   0          10s
nginx-deployment-84dd588dfb-8w7fv   1/1     Running   0          10s

# kind's nodes have internal addresses only: no ExternalIP to print.
$ kubectl get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="ExternalIP")].address}'

$ kubectl get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="InternalIP")].address}'
172.18.0.2 172.18.0.3 172.18.0.4 172.18.0.5

# The page's selector line is zsh's (a substitution nested in ${…}) and
# needs jq; bash refuses the first, and the terminal has no jq.
$ sel=${$(kubectl get rc my-rc --output=json | jq -j '.spec.selector | to_entries | .[] | "\(.key)=\(.value),"')%?}
error: (playground) zsh's ${$(…)…}, a command's output trimmed in place, (column 5) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value

$ kubectl get rc my-rc --output=json | jq -j '.spec.selector | to_entries | .[] | "\(.key)=\(.value),"'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

# The same in bash with a go-template: key=value, for each key, then
# ${sel%?} drops the last comma.
$ sel=$(kubectl get rc my-rc --output=go-template='{{range $k, $v := .spec.selector}}{{$k}}={{$v}},{{end}}')

$ echo $sel
app=rc,tier=web,

$ sel=${sel%?}

$ echo $(kubectl get pods --selector=$sel --output=jsonpath={.items..metadata.name})
my-rc-44rtj my-rc-4xjw8

$ kubectl get pods --show-labels
NAME                                READY   STATUS    RESTARTS   AGE   LABELS
cassandra-0                         1/1     Running   0          10s   app=cassandra,version=3.11
cassandra-1                         1/1     Running   0          10s   app=cassandra,version=4.0
my-dep-56f74d7754-fhtjt             1/1     Running   0          10s   app=my-dep,pod-template-hash=56f74d7754
my-pod                              1/1     Running   0          10s   app=web
my-rc-44rtj                         1/1     Running   0          10s   app=rc,tier=web
my-rc-4xjw8                         1/1     Running   0          10s   app=rc,tier=web
nginx-deployment-84dd588dfb-8w7fv   1/1     Running   0          10s   app=nginx-deployment,pod-template-hash=84dd588dfb

$ JSONPATH='{range .items[*]}{@.metadata.name}:{range @.status.conditions[*]}{@.type}={@.status};{end}{end}' \
>  && kubectl get nodes -o jsonpath="$JSONPATH" | grep "Ready=True"
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

# Without jq: jsonpath's recursive descent finds each secretKeyRef.
$ kubectl get pods -o jsonpath='{range ..secretKeyRef}{.name}{"\n"}{end}' | sort | uniq
my-secret

$ kubectl get pods --all-namespaces -o jsonpath='{range .items[*].status.initContainerStatuses[*]}{.containerID}{"\n"}{end}' | cut -d/ -f3
6541830d2e55224e95645fbd93f14857cc1615d88f6f86cc6b0e9a6826c1efa0

$ kubectl get events --sort-by=.metadata.creationTimestamp | head -8
LAST SEEN   TYPE     REASON              OBJECT                                   MESSAGE
10s         Normal   SuccessfulCreate    replicationcontroller/my-rc              Created pod: my-rc-44rtj
10s         Normal   Scheduled           pod/my-pod                               Successfully assigned default/my-pod to kubeplay-worker3
10s         Normal   ScalingReplicaSet   deployment/my-dep                        Scaled up replica set my-dep-56f74d7754 from 0 to 1
10s         Normal   SuccessfulCreate    replicaset/my-dep-56f74d7754             Created pod: my-dep-56f74d7754-fhtjt
10s         Normal   SuccessfulCreate    replicationcontroller/my-rc              Created pod: my-rc-4xjw8
10s         Normal   Scheduled           pod/cassandra-1                          Successfully assigned default/cassandra-1 to kubeplay-worker
10s         Normal   Scheduled           pod/my-dep-56f74d7754-fhtjt              Successfully assigned default/my-dep-56f74d7754-fhtjt to kubeplay-worker2

$ kubectl events --types=Warning
No events found in default namespace.

# A pod whose image tag does not exist makes the warnings.
$ kubectl run broken --image=nginx:no-such-tag
pod/broken created

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:32Z (6 steps ran)

$ kubectl events --types=Warning
LAST SEEN          TYPE      REASON   OBJECT       MESSAGE
18s                Warning   Failed   Pod/broken   Error: ImagePullBackOff
7s (x2 over 18s)   Warning   Failed   Pod/broken   Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
7s (x2 over 18s)   Warning   Failed   Pod/broken   Error: ErrImagePull

# diff: the file is the reader's; a changed replica count shows.
$ kubectl diff -f ./my-manifest.yaml
error: the path "./my-manifest.yaml" does not exist
(playground) no file named ./my-manifest.yaml here: write it first (cat <<EOF > ./my-manifest.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl get deployment my-dep -o yaml | sed 's/replicas: 1/replicas: 3/' > my-manifest.yaml

$ kubectl diff -f ./my-manifest.yaml | grep '^[-+] '
-  generation: 1
+  generation: 2
-  replicas: 1
+  replicas: 3

$ kubectl get nodes -o json | jq -c 'paths|join(".")'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ kubectl get pods -o json | jq -c 'paths|join(".")'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out

$ kubectl delete pod broken
pod "broken" deleted

$ for pod in $(kubectl get po --output=jsonpath={.items..metadata.name}); do echo $pod && kubectl exec -it $pod -- env; done
cassandra-0
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=cassandra-0
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
cassandra-1
Defaulted container "cassandra" out of: cassandra, init (init)
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=cassandra-1
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
my-dep-56f74d7754-fhtjt
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=my-dep-56f74d7754-fhtjt
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
my-pod
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=my-pod
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
PASSWORD=s3cr3t
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
my-rc-44rtj
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=my-rc-44rtj
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
my-rc-4xjw8
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=my-rc-4xjw8
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm
nginx-deployment-84dd588dfb-8w7fv
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=nginx-deployment-84dd588dfb-8w7fv
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_DEP_PORT=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP=tcp://10.98.51.252:80
MY_DEP_PORT_80_TCP_ADDR=10.98.51.252
MY_DEP_PORT_80_TCP_PORT=80
MY_DEP_PORT_80_TCP_PROTO=tcp
MY_DEP_SERVICE_HOST=10.98.51.252
MY_DEP_SERVICE_PORT=80
HOME=/root
TERM=xterm

$ kubectl get deployment nginx-deployment --subresource=status
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   1/1     1            1           30s
