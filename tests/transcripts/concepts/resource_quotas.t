# kubernetes.io's "Concepts → Policies → Resource Quotas", line by line.
# Transcripts never download: the page's manifests (content/en/examples/
# policy/*.yaml) come from here-documents with the same text.
$ kubectl create namespace myspace
namespace/myspace created

# Object count quota on generic resources.
$ kubectl create quota test --hard=count/deployments.apps=2,count/replicasets.apps=4,count/pods=3,count/secrets=4 --namespace=myspace
resourcequota/test created

$ kubectl create deployment nginx --image=nginx --namespace=myspace --replicas=2
deployment.apps/nginx created

$ sim settle
settled after 28 steps and 4s of virtual time

# The page shows count/secrets 1: its cluster made a token Secret for the
# default ServiceAccount, which v1.24 and later no longer do.
$ kubectl describe quota --namespace=myspace
Name:                   test
Namespace:              myspace
Resource                Used  Hard
--------                ----  ----
count/deployments.apps  1     2
count/pods              2     3
count/replicasets.apps  1     4
count/secrets           0     4

$ kubectl get quota --namespace=myspace
NAME   REQUEST                                                                                         LIMIT   AGE
test   count/deployments.apps: 1/2, count/pods: 2/3, count/replicasets.apps: 1/4, count/secrets: 0/4           4s

# A third Deployment is refused.
$ kubectl create deployment web --image=nginx --namespace=myspace
deployment.apps/web created

$ kubectl create deployment web2 --image=nginx --namespace=myspace
error: failed to create deployment: deployments.apps "web2" is forbidden: exceeded quota: test, requested: count/deployments.apps=1, used: count/deployments.apps=2, limited: count/deployments.apps=2

$ sim settle
settled after 19 steps and 2s of virtual time

$ kubectl get quota test --namespace=myspace -o jsonpath='{.status.used}{"\n"}'
{"count/deployments.apps":"2","count/pods":"3","count/replicasets.apps":"2","count/secrets":"0"}

# Scaling past count/pods=3: the ReplicaSet's fourth pod is refused and
# the controller says so in an event.
$ kubectl scale deployment nginx --replicas=4 --namespace=myspace
deployment.apps/nginx scaled

$ sim settle
settled after 21 steps and 5m27s of virtual time

$ kubectl get pods --namespace=myspace
NAME                     READY   STATUS    RESTARTS   AGE
nginx-76f77dbcc8-5rkn4   1/1     Running   0          5m34s
nginx-76f77dbcc8-jmbf6   1/1     Running   0          5m34s
web-797596b896-ntd6s     1/1     Running   0          5m29s

$ kubectl events --namespace=myspace --types=Warning
LAST SEEN            TYPE      REASON         OBJECT                        MESSAGE
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-6dxsq" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-fqtrr" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-lzkvn" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-wqjh8" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-5nj2c" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-vc5mv" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-6988x" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m27s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-7rfdb" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
5m26s                Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   Error creating: pods "nginx-76f77dbcc8-s6glb" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3
0s (x8 over 5m25s)   Warning   FailedCreate   ReplicaSet/nginx-76f77dbcc8   (combined from similar events): Error creating: pods "nginx-76f77dbcc8-zjnzx" is forbidden: exceeded quota: test, requested: count/pods=1, used: count/pods=3, limited: count/pods=3

$ kubectl delete namespace myspace
namespace "myspace" deleted

$ sim settle
settled after 9 steps and 5m27s of virtual time

# Quota per PriorityClass: one quota per priority, matched by scopeSelector.
$ kubectl create priorityclass high --value=1000
priorityclass.scheduling.k8s.io/high created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ResourceQuota
  metadata:
    name: pods-high
  spec:
    hard:
      cpu: "1000"
      memory: "200Gi"
      pods: "10"
    scopeSelector:
      matchExpressions:
      - operator: In
        scopeName: PriorityClass
        values: ["high"]
- apiVersion: v1
  kind: ResourceQuota
  metadata:
    name: pods-medium
  spec:
    hard:
      cpu: "10"
      memory: "20Gi"
      pods: "10"
    scopeSelector:
      matchExpressions:
      - operator: In
        scopeName: PriorityClass
        values: ["medium"]
- apiVersion: v1
  kind: ResourceQuota
  metadata:
    name: pods-low
  spec:
    hard:
      cpu: "5"
      memory: "10Gi"
      pods: "10"
    scopeSelector:
      matchExpressions:
      - operator: In
        scopeName: PriorityClass
        values: ["low"]
EOF
resourcequota/pods-high created
resourcequota/pods-medium created
resourcequota/pods-low created

$ sim settle
settled after 6 steps and 0s of virtual time

$ kubectl describe quota
Name:       pods-high
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     1k
memory      0     200Gi
pods        0     10


Name:       pods-low
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     5
memory      0     10Gi
pods        0     10


Name:       pods-medium
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     10
memory      0     20Gi
pods        0     10

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: high-priority
spec:
  containers:
  - name: high-priority
    image: ubuntu
    command: ["/bin/sh"]
    args: ["-c", "while true; do echo hello; sleep 10;done"]
    resources:
      requests:
        memory: "10Gi"
        cpu: "500m"
      limits:
        memory: "10Gi"
        cpu: "500m"
  priorityClassName: high
EOF
pod/high-priority created

# Only pods-high counts the pod, from the moment it is admitted.
$ kubectl describe quota
Name:       pods-high
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         500m  1k
memory      10Gi  200Gi
pods        1     10


Name:       pods-low
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     5
memory      0     10Gi
pods        0     10


Name:       pods-medium
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     10
memory      0     20Gi
pods        0     10

$ kubectl delete pod high-priority
pod "high-priority" deleted

# Cross-namespace pod affinity: a quota of zero pods in the
# CrossNamespacePodAffinity scope forbids terms naming other namespaces.
$ kubectl create namespace foo-ns
namespace/foo-ns created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: disable-cross-namespace-affinity
  namespace: foo-ns
spec:
  hard:
    pods: "0"
  scopeSelector:
    matchExpressions:
    - scopeName: CrossNamespacePodAffinity
      operator: Exists
EOF
resourcequota/disable-cross-namespace-affinity created

$ kubectl apply -n foo-ns -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cross
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchLabels:
            app: db
        namespaces: ["default"]
        topologyKey: kubernetes.io/hostname
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
EOF
Error from server (Forbidden): error when creating "STDIN": pods "cross" is forbidden: exceeded quota: disable-cross-namespace-affinity, requested: pods=1, used: pods=0, limited: pods=0

# The same pod without other namespaces is allowed.
$ kubectl run local -n foo-ns --image=registry.k8s.io/pause:3.8
pod/local created

# Storage quota per StorageClass.
$ kubectl apply -n foo-ns -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: storage
spec:
  hard:
    requests.storage: 10Gi
    persistentvolumeclaims: "5"
    gold.storageclass.storage.k8s.io/requests.storage: 500Mi
    bronze.storageclass.storage.k8s.io/persistentvolumeclaims: "0"
EOF
resourcequota/storage created

$ sim settle
settled after 18 steps and 2s of virtual time

$ kubectl apply -n foo-ns -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: gold-claim
spec:
  storageClassName: gold
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "gold-claim" is forbidden: exceeded quota: storage, requested: gold.storageclass.storage.k8s.io/requests.storage=1Gi, used: gold.storageclass.storage.k8s.io/requests.storage=0, limited: gold.storageclass.storage.k8s.io/requests.storage=500Mi

$ kubectl apply -n foo-ns -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: bronze-claim
spec:
  storageClassName: bronze
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "bronze-claim" is forbidden: exceeded quota: storage, requested: bronze.storageclass.storage.k8s.io/persistentvolumeclaims=1, used: bronze.storageclass.storage.k8s.io/persistentvolumeclaims=0, limited: bronze.storageclass.storage.k8s.io/persistentvolumeclaims=0

$ kubectl apply -n foo-ns -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: standard-claim
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/standard-claim created

$ kubectl describe quota storage -n foo-ns
Name:                                                      storage
Namespace:                                                 foo-ns
Resource                                                   Used  Hard
--------                                                   ----  ----
bronze.storageclass.storage.k8s.io/persistentvolumeclaims  0     0
gold.storageclass.storage.k8s.io/requests.storage          0     500Mi
persistentvolumeclaims                                     1     5
requests.storage                                           1Gi   10Gi

# Quotas the page creates with compute and object counts, and `kubectl
# get quota`'s columns.
$ kubectl create namespace myspace
namespace/myspace created

$ kubectl apply -n myspace -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute-resources
spec:
  hard:
    requests.cpu: "1"
    requests.memory: "1Gi"
    limits.cpu: "2"
    limits.memory: "2Gi"
    requests.nvidia.com/gpu: 4
EOF
resourcequota/compute-resources created

$ kubectl apply -n myspace -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: object-counts
spec:
  hard:
    configmaps: "10"
    persistentvolumeclaims: "4"
    pods: "4"
    replicationcontrollers: "20"
    secrets: "10"
    services: "10"
    services.loadbalancers: "2"
EOF
resourcequota/object-counts created

$ sim settle
settled after 9 steps and 0s of virtual time

$ kubectl get quota --namespace=myspace
NAME                REQUEST                                                                                                                                              LIMIT                                   AGE
compute-resources   requests.cpu: 0/1, requests.memory: 0/1Gi, requests.nvidia.com/gpu: 0/4                                                                              limits.cpu: 0/2, limits.memory: 0/2Gi   0s
object-counts       configmaps: 1/10, persistentvolumeclaims: 0/4, pods: 0/4, replicationcontrollers: 0/20, secrets: 0/10, services: 0/10, services.loadbalancers: 0/2                                           0s

$ kubectl describe quota compute-resources --namespace=myspace
Name:                    compute-resources
Namespace:               myspace
Resource                 Used  Hard
--------                 ----  ----
limits.cpu               0     2
limits.memory            0     2Gi
requests.cpu             0     1
requests.memory          0     1Gi
requests.nvidia.com/gpu  0     4

$ kubectl describe quota object-counts --namespace=myspace
Name:                   object-counts
Namespace:              myspace
Resource                Used  Hard
--------                ----  ----
configmaps              1     10
persistentvolumeclaims  0     4
pods                    0     4
replicationcontrollers  0     20
secrets                 0     10
services                0     10
services.loadbalancers  0     2

# A pod without requests cannot be created where requests.cpu is limited.
$ kubectl run nolimits -n myspace --image=nginx
Error from server (Forbidden): pods "nolimits" is forbidden: failed quota: compute-resources: must specify limits.cpu for: nolimits; limits.memory for: nolimits; requests.cpu for: nolimits; requests.memory for: nolimits
