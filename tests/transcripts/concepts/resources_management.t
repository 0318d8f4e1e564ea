# kubernetes.io's "Concepts → Configuration → Resource Management for Pods
# and Containers", line by line. Transcripts never download: the page's
# manifests are here-documents.
#
# The frontend pod: two containers, each with requests and limits; the
# pod's requests are their sums (500m CPU, 128Mi memory). (Its images are
# the page's placeholders, under the reserved .example domain, which no
# DNS server resolves: the pulls fail, as on a real cluster, but the pod
# is bound and its requests count all the same.)
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: frontend
spec:
  containers:
  - name: app
    image: images.my-company.example/app:v4
    resources:
      requests:
        memory: "64Mi"
        cpu: "250m"
      limits:
        memory: "128Mi"
        cpu: "500m"
  - name: log-aggregator
    image: images.my-company.example/log-aggregator:v6
    resources:
      requests:
        memory: "64Mi"
        cpu: "250m"
      limits:
        memory: "128Mi"
        cpu: "500m"
EOF
pod/frontend created

$ sim settle
settled after 8 steps and 15s of virtual time

$ kubectl get pod frontend -o wide
NAME       READY   STATUS             RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
frontend   0/2     ImagePullBackOff   0          15s   10.244.3.2   kubeplay-worker3   <none>           <none>

# The node's Allocated resources count the pod's requests and limits.
$ kubectl describe node $(kubectl get pod frontend -o jsonpath='{.spec.nodeName}') | sed -n '/^Capacity:/,/^System Info:/p;/^Non-terminated Pods:/,/^Events:/p'
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
Non-terminated Pods:          (3 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  default                     frontend            500m (12%)    1 (25%)     128Mi (1%)       256Mi (3%)     15s
  kube-system                 kindnet-x6qdz       100m (2%)     0 (0%)      50Mi (0%)        0 (0%)         17s
  kube-system                 kube-proxy-8872g    0 (0%)        0 (0%)      0 (0%)           0 (0%)         17s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                600m (15%)  1 (25%)
  memory             178Mi (2%)  256Mi (3%)
  ephemeral-storage  0 (0%)      0 (0%)
Events:              <none>

$ kubectl delete pod frontend
pod "frontend" deleted

# A pod bigger than any node: FailedScheduling says why, per node.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: frontend
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        memory: "64Mi"
        cpu: "8"
EOF
pod/frontend created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl describe pod frontend | grep -A 9999999999 Events
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  0s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl delete pod frontend
pod "frontend" deleted

# Extended resources: advertise four example.com/foo on a new node with a
# PATCH of its status (the page does it with curl through kubectl proxy);
# the kubelet then reports them allocatable.
$ sim node add extended-node
node extended-node added

$ kubectl patch node extended-node --subresource=status --type=json -p '[{"op": "add", "path": "/status/capacity/example.com~1foo", "value": "4"}]'
node/extended-node patched

$ sim settle
settled after 20 steps and 2s of virtual time

$ kubectl get node extended-node -o jsonpath='{.status.allocatable}{"\n"}'
{"cpu":"4","ephemeral-storage":"100Gi","example.com/foo":"4","memory":"8Gi","pods":"110"}

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: my-pod
spec:
  containers:
  - name: my-container
    image: myimage
    resources:
      requests:
        cpu: 2
        example.com/foo: 3
      limits:
        example.com/foo: 3
EOF
pod/my-pod created

$ sim settle
settled after 6 steps and 13s of virtual time

# The page's `myimage` is no Docker Hub official image: the pull is
# refused, but the pod is bound and holds its 3 example.com/foo.
$ kubectl get pod my-pod -o wide
NAME     READY   STATUS             RESTARTS   AGE   IP           NODE            NOMINATED NODE   READINESS GATES
my-pod   0/1     ImagePullBackOff   0          13s   10.244.4.2   extended-node   <none>           <none>

# Two pods asking for 3 each do not both fit in 4.
$ kubectl run second --image=nginx --overrides='{"spec":{"containers":[{"name":"second","image":"nginx","resources":{"requests":{"example.com/foo":"3"},"limits":{"example.com/foo":"3"}}}]}}'
pod/second created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl events --for pod/second
LAST SEEN   TYPE      REASON             OBJECT       MESSAGE
0s          Warning   FailedScheduling   Pod/second   0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 4 Insufficient example.com/foo. preemption: 0/5 nodes are available: 1 Preemption is not helpful for scheduling, 4 No preemption victims found for incoming pod.

$ kubectl describe node extended-node | sed -n '/^Allocated resources:/,/^Events:/p'
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests     Limits
  --------           --------     ------
  cpu                2100m (52%)  0 (0%)
  memory             50Mi (0%)    0 (0%)
  ephemeral-storage  0 (0%)       0 (0%)
  example.com/foo    3            3
Events:              <none>

# Extended resources cannot be overcommitted: requests must equal limits.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: overcommit
spec:
  containers:
  - name: c
    image: nginx
    resources:
      requests:
        example.com/foo: 1
      limits:
        example.com/foo: 2
EOF
The Pod "overcommit" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/foo limit of 2

# Nor be fractional.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: fractional
spec:
  containers:
  - name: c
    image: nginx
    resources:
      requests:
        example.com/foo: 500m
      limits:
        example.com/foo: 500m
EOF
The Pod "fractional" is invalid:
* spec.containers[0].resources.limits[example.com/foo]: Invalid value: "500m": must be an integer
* spec.containers[0].resources.requests[example.com/foo]: Invalid value: "500m": must be an integer

# A request above the limit is invalid too.
$ kubectl run too-much --image=nginx --overrides='{"spec":{"containers":[{"name":"too-much","image":"nginx","resources":{"requests":{"cpu":"1"},"limits":{"cpu":"500m"}}}]}}'
The Pod "too-much" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m
