# kubernetes.io "Concepts → Cluster Architecture → Garbage Collection" and
# the task page "Use Cascading Deletion in a Cluster", line by line. The
# page deletes https://k8s.io/examples/controllers/nginx-deployment.yaml
# three times; transcripts never download, so it is a here-document.
#
# Owners and dependents: a ReplicaSet's owner reference names its
# Deployment, as a controller that blocks the owner's foreground deletion.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get rs -o jsonpath='{.items[0].metadata.ownerReferences}'
[{"apiVersion":"apps/v1","blockOwnerDeletion":true,"controller":true,"kind":"Deployment","name":"nginx-deployment","uid":"f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba"}]

$ kubectl get pods -o jsonpath='{.items[0].metadata.ownerReferences[0].kind}{"\n"}'
ReplicaSet

# "Use foreground cascading deletion". The page sends the DELETE through
# `kubectl proxy` with curl -X DELETE and a DeleteOptions body; the
# playground's curl only GETs, so the same request is kubectl's.
# --wait=false returns at once, as the curl request does, so the owner is
# still there with its deletionTimestamp and the foregroundDeletion
# finalizer while the garbage collector deletes its dependents.
$ kubectl delete deployment nginx-deployment --cascade=foreground --wait=false
deployment.apps "nginx-deployment" deleted

$ kubectl get deployment nginx-deployment -o yaml | head -20
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"nginx"},"name":"nginx-deployment","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  deletionGracePeriodSeconds: 0
  deletionTimestamp: "2025-01-01T00:00:06Z"
  finalizers:
  - foregroundDeletion
  generation: 2
  labels:
    app: nginx
  name: nginx-deployment
  namespace: default
  resourceVersion: "417"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:

$ sim step 3
#30 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: it is being deleted, so only its status is updated
#31 2025-01-01T00:00:06Z garbage-collector-controller deployment/nginx-deployment -n default
    deleted replicaset nginx-deployment-65c97d6c5c: its owner is being deleted in the foreground
#32 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: it is being deleted, so only its status is updated

$ kubectl get rs -o jsonpath='{.items[0].metadata.finalizers}{"\n"}'
["foregroundDeletion"]

$ sim settle
settled after 24 steps and 0s of virtual time

$ kubectl get deployment,rs,pods
No resources found in default namespace.

# Without --wait=false, kubectl waits until the owner is gone: after the
# dependents, in the foreground.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl delete deployment nginx-deployment --cascade=foreground
deployment.apps "nginx-deployment" deleted

$ kubectl get deployment nginx-deployment
Error from server (NotFound): deployments.apps "nginx-deployment" not found

$ kubectl get rs,pods
No resources found in default namespace.

# "Use background cascading deletion" (the default): the owner goes at
# once, its dependents a moment later.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl delete deployment nginx-deployment --cascade=background
deployment.apps "nginx-deployment" deleted

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-5445dfbfc8   3         3         3       2s

$ sim settle
settled after 13 steps and 0s of virtual time

$ kubectl get rs,pods
No resources found in default namespace.

# "Delete owner objects and orphan dependents": the owner keeps the orphan
# finalizer until the garbage collector has removed the owner references.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl delete deployment nginx-deployment --cascade=orphan --wait=false
deployment.apps "nginx-deployment" deleted

$ kubectl get deployment nginx-deployment -o jsonpath='{.metadata.finalizers}{"\n"}'
["orphan"]

$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get deployment
No resources found in default namespace.

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-5445dfbfc8   3         3         3       2s

$ kubectl get rs -o jsonpath='{.items[0].metadata.ownerReferences}'

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-5445dfbfc8-46jnx   1/1     Running   0          2s
nginx-deployment-5445dfbfc8-j89p7   1/1     Running   0          2s
nginx-deployment-5445dfbfc8-rqskt   1/1     Running   0          2s

# The orphaned ReplicaSet still owns its pods; deleting it (background)
# takes them with it.
$ kubectl delete rs -l app=nginx
replicaset.apps "nginx-deployment-5445dfbfc8" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get pods -l app=nginx
No resources found in default namespace.

# --cascade's deprecated boolean values, a bad value, and the bare flag
# (background).
$ kubectl create deployment web --image=nginx --replicas=1
deployment.apps/web created

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl delete deployment web --cascade=false
warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.
deployment.apps "web" deleted

$ kubectl get rs -l app=web -o name
replicaset.apps/web-797596b896

$ kubectl delete rs -l app=web --cascade=true
warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.
replicaset.apps "web-797596b896" deleted

$ kubectl delete pods -l app=web --cascade=sideways
error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan"

$ kubectl delete pods -l app=web --cascade
pod "web-797596b896-6qh5h" deleted

# Orphans are adopted again: a Deployment made anew with the same selector
# and template takes the ReplicaSet (and so its pods) back, without
# starting new pods.
$ kubectl create deployment adopt --image=nginx --replicas=2
deployment.apps/adopt created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl delete deployment adopt --cascade=orphan
deployment.apps "adopt" deleted

$ kubectl get rs -l app=adopt -o jsonpath='{.items[0].metadata.ownerReferences}{"\n"}'

$ kubectl create deployment adopt --image=nginx --replicas=2
deployment.apps/adopt created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get rs,pods -l app=adopt
NAME                               DESIRED   CURRENT   READY   AGE
replicaset.apps/adopt-86c949b776   2         2         2       4s

NAME                         READY   STATUS    RESTARTS   AGE
pod/adopt-86c949b776-sgxf5   1/1     Running   0          4s
pod/adopt-86c949b776-w28fv   1/1     Running   0          4s

$ kubectl get rs -l app=adopt -o jsonpath='{.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}{"\n"}'
Deployment/adopt
