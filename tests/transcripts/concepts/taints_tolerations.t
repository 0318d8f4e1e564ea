# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction →
# Taints and Tolerations", line by line. The page's node is node1; here
# it is kubeplay-worker. Transcripts never download: the page's manifests
# (content/en/examples/pods/pod-with-toleration.yaml) are here-documents.
$ kubectl taint nodes kubeplay-worker key1=value1:NoSchedule
node/kubeplay-worker tainted

$ kubectl describe node kubeplay-worker | grep Taints
Taints:             key1=value1:NoSchedule

# Tainting twice the same way is an error; --overwrite replaces.
$ kubectl taint nodes kubeplay-worker key1=value1:NoSchedule
error: node kubeplay-worker already has key1 taint(s) with same effect(s) and --overwrite is false

$ kubectl taint nodes kubeplay-worker key1=value2:NoSchedule --overwrite
node/kubeplay-worker modified

# Removal: the key and effect with a trailing minus.
$ kubectl taint nodes kubeplay-worker key1=value1:NoSchedule-
node/kubeplay-worker untainted

$ kubectl taint nodes kubeplay-worker key1:NoSchedule-
error: taint "key1:NoSchedule" not found

$ kubectl describe node kubeplay-worker | grep Taints
Taints:             <none>

# The two tolerations on the page both tolerate the taint.
$ kubectl taint nodes kubeplay-worker key1=value1:NoSchedule
node/kubeplay-worker tainted

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
  tolerations:
  - key: "example-key"
    operator: "Exists"
    effect: "NoSchedule"
EOF
pod/nginx created

# The page's example-key toleration does not match key1, so the pod can
# only go to the other two workers.
$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod nginx -o jsonpath='{.spec.nodeName}{"\n"}'
kubeplay-worker3

# The API server's DefaultTolerationSeconds adds the not-ready and
# unreachable tolerations, 300s each.
$ kubectl get pod nginx -o jsonpath='{range .spec.tolerations[*]}{.key}{" "}{.operator}{" "}{.effect}{" "}{.tolerationSeconds}{"\n"}{end}'
example-key Exists NoSchedule
node.kubernetes.io/not-ready Exists NoExecute 300
node.kubernetes.io/unreachable Exists NoExecute 300

# Equal needs the value; Exists must not have one.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-toleration
spec:
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - key: "key1"
    operator: "Exists"
    value: "value1"
    effect: "NoSchedule"
  - key: ""
    operator: "Equal"
    value: "value1"
  - key: "key1"
    operator: "Equal"
    value: "value1"
    effect: "NoSchedule"
    tolerationSeconds: 3600
EOF
The Pod "bad-toleration" is invalid:
* spec.tolerations[0].operator: Invalid value: core.Toleration{Key:"key1", Operator:"Exists", Value:"value1", Effect:"NoSchedule", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is 'Exists'
* spec.tolerations[1].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"
* spec.tolerations[2].effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when `tolerationSeconds` is set

# Three taints on one node; a pod tolerating the first two only is not
# scheduled there, but one already running stays until NoExecute.
$ kubectl taint nodes kubeplay-worker2 key1=value1:NoSchedule
node/kubeplay-worker2 tainted

$ kubectl taint nodes kubeplay-worker2 key1=value1:NoExecute
node/kubeplay-worker2 tainted

$ kubectl taint nodes kubeplay-worker2 key2=value2:NoSchedule
node/kubeplay-worker2 tainted

$ kubectl taint nodes kubeplay-worker3 key1=value1:NoSchedule
node/kubeplay-worker3 tainted

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: two-tolerations
spec:
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - key: "key1"
    operator: "Equal"
    value: "value1"
    effect: "NoSchedule"
  - key: "key1"
    operator: "Equal"
    value: "value1"
    effect: "NoExecute"
  nodeSelector:
    kubernetes.io/hostname: kubeplay-worker2
EOF
pod/two-tolerations created

$ sim settle
settled after 38 steps and 2s of virtual time

$ kubectl get pod two-tolerations
NAME              READY   STATUS    RESTARTS   AGE
two-tolerations   0/1     Pending   0          2s

$ kubectl events --for pod/two-tolerations
LAST SEEN   TYPE      REASON             OBJECT                MESSAGE
2s          Warning   FailedScheduling   Pod/two-tolerations   0/4 nodes are available: 1 node(s) had untolerated taint {key2: value2}, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

$ kubectl delete pod two-tolerations
pod "two-tolerations" deleted

# A NoSchedule taint added later leaves running pods alone; a NoExecute
# taint the pod does not tolerate evicts it at once.
$ kubectl taint nodes kubeplay-worker3 key9=v:NoExecute
node/kubeplay-worker3 tainted

$ kubectl taint nodes kubeplay-worker2 key9=v:NoExecute
node/kubeplay-worker2 tainted

$ sim settle
settled after 14 steps and 0s of virtual time

$ kubectl get pods
No resources found in default namespace.

# tolerationSeconds: the pod stays bound for that long after the taint.
$ kubectl taint nodes kubeplay-worker3 key9:NoExecute-
node/kubeplay-worker3 untainted

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: patient
spec:
  nodeName: kubeplay-worker3
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - key: "key1"
    operator: "Equal"
    value: "value1"
    effect: "NoExecute"
    tolerationSeconds: 3600
EOF
pod/patient created

$ sim settle
settled after 14 steps and 2s of virtual time

$ kubectl taint nodes kubeplay-worker3 key1=value1:NoExecute
node/kubeplay-worker3 tainted

$ sim advance 1h
advanced 60m to 2025-01-01T01:00:10Z (15 steps ran)

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
patient   1/1     Terminating   0          60m

$ sim advance 1m
advanced 60s to 2025-01-01T01:01:10Z (2 steps ran)

$ kubectl get pods
No resources found in default namespace.

# Taint based evictions: a node that stops reporting gets the
# node.kubernetes.io/unreachable taints from the node controller, and its
# pods are evicted after their 300s toleration.
$ kubectl taint nodes kubeplay-worker key1:NoSchedule-
node/kubeplay-worker untainted

$ kubectl taint nodes kubeplay-worker2 key1- key2- key9-
node/kubeplay-worker2 untainted

$ kubectl taint nodes kubeplay-worker3 key1-
node/kubeplay-worker3 untainted

$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ sim settle
settled after 47 steps and 4s of virtual time

$ sim node fail kubeplay-worker3
node kubeplay-worker3 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 1m
advanced 60s to 2025-01-01T01:02:15Z (14 steps ran)

$ kubectl describe node kubeplay-worker3 | grep -A2 Taints
Taints:             node.kubernetes.io/unreachable:NoExecute
                    node.kubernetes.io/unreachable:NoSchedule
Unschedulable:      false

$ kubectl get nodes
NAME                     STATUS     ROLES           AGE   VERSION
kubeplay-control-plane   Ready      control-plane   62m   v1.32.0
kubeplay-worker          Ready      <none>          62m   v1.32.0
kubeplay-worker2         Ready      <none>          62m   v1.32.0
kubeplay-worker3         NotReady   <none>          62m   v1.32.0

# After the 300s of DefaultTolerationSeconds the web pods on the failed
# node are evicted and replaced elsewhere.
$ sim advance 5m
advanced 5m to 2025-01-01T01:07:15Z (15 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS        RESTARTS   AGE    IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-99mtr   1/1     Running       0          6m4s   10.244.1.2   kubeplay-worker    <none>           <none>
web-797596b896-lg8gl   1/1     Terminating   0          6m4s   10.244.3.4   kubeplay-worker3   <none>           <none>
web-797596b896-nqc4d   1/1     Running       0          6m4s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-rsj5n   1/1     Running       0          10s    10.244.2.4   kubeplay-worker2   <none>           <none>

# Cordoning a node is a taint too: the node lifecycle controller adds
# node.kubernetes.io/unschedulable.
$ kubectl cordon kubeplay-worker2
node/kubeplay-worker2 cordoned

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl describe node kubeplay-worker2 | grep -A1 Taints
Taints:             node.kubernetes.io/unschedulable:NoSchedule
Unschedulable:      true

$ kubectl uncordon kubeplay-worker2
node/kubeplay-worker2 uncordoned
