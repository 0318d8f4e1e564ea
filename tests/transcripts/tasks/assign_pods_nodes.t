# Tasks "Assign Pods to Nodes" and "Assign Pods to Nodes using Node
# Affinity", line by line, on the playground's kind cluster (one control
# plane, three workers). The pages' manifests (https://k8s.io/examples/
# pods/…) are here-documents: a transcript cannot download them.
$ kubectl get nodes --show-labels
NAME                     STATUS   ROLES           AGE   VERSION   LABELS
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=
kubeplay-worker          Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-a
kubeplay-worker2         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker2,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-b
kubeplay-worker3         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker3,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-c

$ kubectl label nodes kubeplay-worker2 disktype=ssd
node/kubeplay-worker2 labeled

$ kubectl get nodes --show-labels
NAME                     STATUS   ROLES           AGE   VERSION   LABELS
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=
kubeplay-worker          Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-a
kubeplay-worker2         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,disktype=ssd,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker2,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-b
kubeplay-worker3         Ready    <none>          2s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker3,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-c

# pods/pod-nginx.yaml: a node selector.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    env: test
spec:
  containers:
  - name: nginx
    image: nginx
    imagePullPolicy: IfNotPresent
  nodeSelector:
    disktype: ssd
EOF
pod/nginx created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pods --output=wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl delete pod nginx
pod "nginx" deleted

# pods/pod-nginx-specific-node.yaml: nodeName skips the scheduler; no
# node is called foo-node, so no kubelet ever runs the pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  nodeName: foo-node # schedule pod to specific node
  containers:
  - name: nginx
    image: nginx
    imagePullPolicy: IfNotPresent
EOF
pod/nginx created

$ kubectl get pods --output=wide
NAME    READY   STATUS    RESTARTS   AGE   IP       NODE       NOMINATED NODE   READINESS GATES
nginx   0/1     Pending   0          0s    <none>   foo-node   <none>           <none>

# The pod garbage collector deletes a pod bound to a node that does not
# exist once it has waited 40 seconds for the node to appear.
$ sim advance 45s
advanced 45s to 2025-01-01T00:00:51Z (4 steps ran)

$ kubectl get pods
No resources found in default namespace.

# Node affinity: pods/pod-nginx-required-affinity.yaml.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: disktype
            operator: In
            values:
            - ssd
  containers:
  - name: nginx
    image: nginx
    imagePullPolicy: IfNotPresent
EOF
pod/nginx created

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl get pods --output=wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx   1/1     Running   0          2s    10.244.2.4   kubeplay-worker2   <none>           <none>

$ kubectl delete pod nginx
pod "nginx" deleted

# pods/pod-nginx-preferred-affinity.yaml.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: disktype
            operator: In
            values:
            - ssd
  containers:
  - name: nginx
    image: nginx
    imagePullPolicy: IfNotPresent
EOF
pod/nginx created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pods --output=wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx   1/1     Running   0          2s    10.244.2.5   kubeplay-worker2   <none>           <none>

# Required affinity no node meets: the pod waits, and says why.
$ kubectl label nodes kubeplay-worker2 disktype-
node/kubeplay-worker2 unlabeled

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx-ssd
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: disktype
            operator: In
            values:
            - ssd
  containers:
  - name: nginx
    image: nginx
EOF
pod/nginx-ssd created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod nginx-ssd
NAME        READY   STATUS    RESTARTS   AGE
nginx-ssd   0/1     Pending   0          0s

$ kubectl get events --field-selector involvedObject.name=nginx-ssd
LAST SEEN   TYPE      REASON             OBJECT          MESSAGE
0s          Warning   FailedScheduling   pod/nginx-ssd   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.
