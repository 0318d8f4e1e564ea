# Use Cascading Deletion in a Cluster (kubernetes.io task): the page's
# nginx Deployment (run-stateless-application-deployment's manifest),
# made again before each kind of deletion, deleted with kubectl and with
# the API through kubectl proxy. The playground's controllers act when
# virtual time moves or `sim settle` lets them; kind's garbage collector
# acts at once, so where the page looks at objects mid-deletion the walk
# settles first.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get pods -l app=nginx --output=yaml | grep -A6 ownerReferences
    ownerReferences:
    - apiVersion: apps/v1
      blockOwnerDeletion: true
      controller: true
      kind: ReplicaSet
      name: nginx-deployment-65c97d6c5c
      uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
--
    ownerReferences:
    - apiVersion: apps/v1
      blockOwnerDeletion: true
      controller: true
      kind: ReplicaSet
      name: nginx-deployment-65c97d6c5c
      uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb

# Foreground: kubectl deletes with propagationPolicy=Foreground and waits
# until the Deployment is gone, after its ReplicaSet and pods.
$ kubectl delete deployment nginx-deployment --cascade=foreground
deployment.apps "nginx-deployment" deleted

$ kubectl get deployment,rs,pods -l app=nginx
No resources found in default namespace.

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl proxy --port=8080 &
[1] 2718
Starting to serve on 127.0.0.1:8080

# The API answers with the Deployment, now carrying a deletionTimestamp
# and the foregroundDeletion finalizer.
$ curl -s -X DELETE localhost:8080/apis/apps/v1/namespaces/default/deployments/nginx-deployment \
>     -d '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Foreground"}' \
>     -H "Content-Type: application/json" | grep -A3 -E '"(deletionTimestamp|finalizers)"'
    "deletionTimestamp": "2025-01-01T00:00:08Z",
    "deletionGracePeriodSeconds": 0,
    "annotations": {
      "deployment.kubernetes.io/revision": "1",
--
    "finalizers": [
      "foregroundDeletion"
    ]
  },

# While its dependents go, the Deployment is still there.
$ kubectl get deployment nginx-deployment -o yaml | grep -B3 -A1 foregroundDeletion
  deletionGracePeriodSeconds: 0
  deletionTimestamp: "2025-01-01T00:00:08Z"
  finalizers:
  - foregroundDeletion
  generation: 2

$ sim settle
settled after 25 steps and 0s of virtual time

$ kubectl get rs,pods -l app=nginx
No resources found in default namespace.

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:13Z (0 steps ran)

$ kubectl get deployment,rs,pods -l app=nginx
No resources found in default namespace.

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

# Background (the default): the Deployment goes at once, then the
# garbage collector deletes its ReplicaSet, and that one's pods.
$ kubectl delete deployment nginx-deployment --cascade=background
deployment.apps "nginx-deployment" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get rs,pods -l app=nginx
No resources found in default namespace.

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:21Z (0 steps ran)

$ kubectl get rs,pods -l app=nginx
No resources found in default namespace.

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ curl -s -X DELETE localhost:8080/apis/apps/v1/namespaces/default/deployments/nginx-deployment \
>     -d '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Background"}' \
>     -H "Content-Type: application/json"
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Success",
  "details": {
    "name": "nginx-deployment",
    "group": "apps",
    "kind": "deployments",
    "uid": "441c6dad-b973-4350-bb5a-d560cf57582a"
  }
}

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:28Z (11 steps ran)

$ kubectl get deployment,rs,pods -l app=nginx
No resources found in default namespace.

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

# Orphan: the ReplicaSet and pods stay; the ReplicaSet loses its owner.
$ kubectl delete deployment nginx-deployment --cascade=orphan
deployment.apps "nginx-deployment" deleted

$ kubectl get deployment,rs -l app=nginx
NAME                                          DESIRED   CURRENT   READY   AGE
replicaset.apps/nginx-deployment-65c97d6c5c   2         2         2       2s

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-f2hb2   1/1     Running   0          2s
nginx-deployment-65c97d6c5c-vrh4s   1/1     Running   0          2s

$ kubectl get rs -l app=nginx -o yaml | grep -c ownerReferences
0

$ kubectl get pods -l app=nginx --output=yaml | grep ownerReferences
    ownerReferences:
    ownerReferences:

# The orphans go before the Deployment is made again.
$ kubectl delete rs -l app=nginx
replicaset.apps "nginx-deployment-65c97d6c5c" deleted

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
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

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

# Through the API: the answer carries the orphan finalizer.
$ curl -s -X DELETE localhost:8080/apis/apps/v1/namespaces/default/deployments/nginx-deployment \
>     -d '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Orphan"}' \
>     -H "Content-Type: application/json" | grep -A3 -E '"(deletionTimestamp|finalizers)"'
    "deletionTimestamp": "2025-01-01T00:00:32Z",
    "deletionGracePeriodSeconds": 0,
    "annotations": {
      "deployment.kubernetes.io/revision": "1",
--
    "finalizers": [
      "orphan"
    ]
  },

$ sim settle
settled after 5 steps and 0s of virtual time

$ kubectl get deployment,rs,pods -l app=nginx
NAME                                          DESIRED   CURRENT   READY   AGE
replicaset.apps/nginx-deployment-65c97d6c5c   2         2         2       2s

NAME                                    READY   STATUS    RESTARTS   AGE
pod/nginx-deployment-65c97d6c5c-5htv2   1/1     Running   0          2s
pod/nginx-deployment-65c97d6c5c-njjw4   1/1     Running   0          2s

$ kill %1
[1]+  Terminated              kubectl proxy --port=8080
