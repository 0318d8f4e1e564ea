# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction →
# Assigning Pods to Nodes", line by line, on the playground's kind cluster
# (a control plane and three workers in zones zone-a, zone-b, zone-c).
# Transcripts never download: the page's manifests (content/en/examples/
# pods/*.yaml) come from here-documents with the same text.
#
# nodeSelector: label a node, then select it.
$ kubectl label nodes kubeplay-worker3 disktype=ssd
node/kubeplay-worker3 labeled

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

$ kubectl get pod nginx -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>

# Node affinity: the page's pod requires a zone no node is in, so it stays
# Pending; the FailedScheduling event names why.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: with-node-affinity
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: topology.kubernetes.io/zone
            operator: In
            values:
            - antarctica-east1
            - antarctica-west1
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: another-node-label-key
            operator: In
            values:
            - another-node-label-value
  containers:
  - name: with-node-affinity
    image: registry.k8s.io/pause:3.8
EOF
pod/with-node-affinity created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod with-node-affinity
NAME                 READY   STATUS    RESTARTS   AGE
with-node-affinity   0/1     Pending   0          0s

$ kubectl events --for pod/with-node-affinity
LAST SEEN   TYPE      REASON             OBJECT                   MESSAGE
0s          Warning   FailedScheduling   Pod/with-node-affinity   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

# Put a worker in one of those zones: the pod schedules there.
$ kubectl label nodes kubeplay-worker topology.kubernetes.io/zone=antarctica-east1 --overwrite
node/kubeplay-worker labeled

$ sim settle
settled after 6 steps and 3s of virtual time

$ kubectl get pod with-node-affinity -o wide
NAME                 READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
with-node-affinity   1/1     Running   0          3s    10.244.1.2   kubeplay-worker   <none>           <none>

# NotIn, Gt and Lt: a node anti-affinity and numeric comparisons.
$ kubectl label nodes kubeplay-worker2 cores=8
node/kubeplay-worker2 labeled

$ kubectl label nodes kubeplay-worker3 cores=2
node/kubeplay-worker3 labeled

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: big-cores
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: cores
            operator: Gt
            values:
            - "4"
          - key: disktype
            operator: NotIn
            values:
            - hdd
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
EOF
pod/big-cores created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod big-cores -o wide
NAME        READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
big-cores   1/1     Running   0          2s    10.244.2.3   kubeplay-worker2   <none>           <none>

# Gt and Lt take exactly one integer value.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-gt
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: cores
            operator: Lt
            values:
            - "four"
            - "2"
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
EOF
The Pod "bad-gt" is invalid: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'

# Node affinity weight: both nodes satisfy the required rule; the one
# with label-2=key-2 (weight 50) wins over label-1=key-1 (weight 1).
$ kubectl label nodes kubeplay-worker2 label-1=key-1
node/kubeplay-worker2 labeled

$ kubectl label nodes kubeplay-worker3 label-2=key-2
node/kubeplay-worker3 labeled

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: with-affinity-preferred-weight
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: kubernetes.io/os
            operator: In
            values:
            - linux
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: label-1
            operator: In
            values:
            - key-1
      - weight: 50
        preference:
          matchExpressions:
          - key: label-2
            operator: In
            values:
            - key-2
  containers:
  - name: with-node-affinity
    image: registry.k8s.io/pause:3.8
EOF
pod/with-affinity-preferred-weight created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod with-affinity-preferred-weight -o wide
NAME                             READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
with-affinity-preferred-weight   1/1     Running   0          2s    10.244.3.3   kubeplay-worker3   <none>           <none>

# A weight outside 1-100 is invalid.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-weight
spec:
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 101
        preference:
          matchExpressions:
          - key: label-1
            operator: Exists
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
EOF
The Pod "bad-weight" is invalid: spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100

# Inter-pod affinity: with-pod-affinity needs a pod labelled security=S1
# in its zone.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: with-pod-affinity
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - key: security
            operator: In
            values:
            - S1
        topologyKey: topology.kubernetes.io/zone
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          labelSelector:
            matchExpressions:
            - key: security
              operator: In
              values:
              - S2
          topologyKey: topology.kubernetes.io/zone
  containers:
  - name: with-pod-affinity
    image: registry.k8s.io/pause:3.8
EOF
pod/with-pod-affinity created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod with-pod-affinity
NAME                READY   STATUS    RESTARTS   AGE
with-pod-affinity   0/1     Pending   0          0s

$ kubectl events --for pod/with-pod-affinity
LAST SEEN   TYPE      REASON             OBJECT                  MESSAGE
0s          Warning   FailedScheduling   Pod/with-pod-affinity   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod affinity rules. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

$ kubectl run s1 --image=registry.k8s.io/pause:3.8 --labels=security=S1 --overrides='{"spec":{"nodeName":"kubeplay-worker2"}}'
pod/s1 created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl get pod with-pod-affinity -o wide
NAME                READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
with-pod-affinity   1/1     Running   0          3s    10.244.2.5   kubeplay-worker2   <none>           <none>

# An empty topologyKey is not allowed.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: no-topology-key
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchLabels:
            security: S1
        topologyKey: ""
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
EOF
The Pod "no-topology-key" is invalid:
* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty
* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty
* spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')

$ kubectl delete pod --all
pod "big-cores" deleted
pod "nginx" deleted
pod "s1" deleted
pod "with-affinity-preferred-weight" deleted
pod "with-node-affinity" deleted
pod "with-pod-affinity" deleted

# More practical use-cases: a redis cache spread one per node, and web
# servers each next to a cache but never two on a node.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: redis-cache
spec:
  selector:
    matchLabels:
      app: store
  replicas: 3
  template:
    metadata:
      labels:
        app: store
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchExpressions:
              - key: app
                operator: In
                values:
                - store
            topologyKey: "kubernetes.io/hostname"
      containers:
      - name: redis-server
        image: redis:3.2-alpine
EOF
deployment.apps/redis-cache created

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-server
spec:
  selector:
    matchLabels:
      app: web-store
  replicas: 3
  template:
    metadata:
      labels:
        app: web-store
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchExpressions:
              - key: app
                operator: In
                values:
                - web-store
            topologyKey: "kubernetes.io/hostname"
        podAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchExpressions:
              - key: app
                operator: In
                values:
                - store
            topologyKey: "kubernetes.io/hostname"
      containers:
      - name: web-app
        image: nginx:1.16-alpine
EOF
deployment.apps/web-server created

$ sim settle
settled after 60 steps and 3s of virtual time

# Each worker runs one cache and one web server.
$ kubectl get pods -o wide --sort-by=.spec.nodeName
NAME                           READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
redis-cache-5f6448d667-vl8gh   1/1     Running   0          3s    10.244.1.3   kubeplay-worker    <none>           <none>
web-server-5764648b97-4x4qk    1/1     Running   0          3s    10.244.1.4   kubeplay-worker    <none>           <none>
redis-cache-5f6448d667-pfpl2   1/1     Running   0          3s    10.244.2.6   kubeplay-worker2   <none>           <none>
web-server-5764648b97-q9nfn    1/1     Running   0          3s    10.244.2.7   kubeplay-worker2   <none>           <none>
redis-cache-5f6448d667-v4ncp   1/1     Running   0          3s    10.244.3.4   kubeplay-worker3   <none>           <none>
web-server-5764648b97-4ph8m    1/1     Running   0          3s    10.244.3.5   kubeplay-worker3   <none>           <none>

# A fourth replica of either has nowhere to go.
$ kubectl scale deployment redis-cache --replicas=4
deployment.apps/redis-cache scaled

$ sim settle
settled after 8 steps and 0s of virtual time

$ kubectl get pods -l app=store --field-selector=status.phase=Pending
NAME                           READY   STATUS    RESTARTS   AGE
redis-cache-5f6448d667-mtlfr   0/1     Pending   0          0s

$ kubectl delete deployment redis-cache web-server
deployment.apps "redis-cache" deleted
deployment.apps "web-server" deleted

# matchLabelKeys: the API server adds the pod's own pod-template-hash to
# the term's selector, so only pods of the same rollout count.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: application-server
spec:
  replicas: 1
  selector:
    matchLabels:
      app: application-server
  template:
    metadata:
      labels:
        app: application-server
    spec:
      affinity:
        podAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchExpressions:
              - key: app
                operator: In
                values:
                - database
            topologyKey: topology.kubernetes.io/zone
            # Only Pods from a given rollout are taken into consideration when calculating pod affinity.
            # If you update the Deployment, the replacement Pods follow their own affinity rules
            # (if there are any defined in the new Pod template)
            matchLabelKeys:
            - pod-template-hash
      containers:
      - name: app
        image: registry.k8s.io/pause:3.8
EOF
deployment.apps/application-server created

$ sim settle
settled after 35 steps and 1s of virtual time

$ kubectl get pods -l app=application-server -o jsonpath='{.items[0].spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector}'
{"matchExpressions":[{"key":"app","operator":"In","values":["database"]},{"key":"pod-template-hash","operator":"In","values":["6498c9cbcc"]}]}

$ kubectl delete deployment application-server
deployment.apps "application-server" deleted

# nodeName bypasses the scheduler. No node is called kube-01, so the pod
# never runs; the pod garbage collector deletes it after 40s.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx
  nodeName: kube-01
EOF
pod/nginx created

$ kubectl get pod nginx -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP       NODE      NOMINATED NODE   READINESS GATES
nginx   0/1     Pending   0          0s    <none>   kube-01   <none>           <none>

$ sim settle
settled after 9 steps and 40s of virtual time

$ kubectl get pod nginx -o wide
Error from server (NotFound): pods "nginx" not found
