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

# "Use foreground cascading deletion", as the page does it: the DELETE
# goes through kubectl proxy with a DeleteOptions body. The API server
# answers with the Deployment as it now is: still there, with its
# deletionTimestamp and the foregroundDeletion finalizer, while the
# garbage collector deletes its dependents first.
$ kubectl proxy --port=8080 &
[1] 2718
Starting to serve on 127.0.0.1:8080

$ curl -X DELETE localhost:8080/apis/apps/v1/namespaces/default/deployments/nginx-deployment -d '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Foreground"}' -H "Content-Type: application/json"
{
  "kind": "Deployment",
  "apiVersion": "apps/v1",
  "metadata": {
    "name": "nginx-deployment",
    "namespace": "default",
    "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba",
    "resourceVersion": "417",
    "generation": 2,
    "creationTimestamp": "2025-01-01T00:00:02Z",
    "deletionTimestamp": "2025-01-01T00:00:06Z",
    "deletionGracePeriodSeconds": 0,
    "labels": {
      "app": "nginx"
    },
    "annotations": {
      "deployment.kubernetes.io/revision": "1",
      "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"nginx\"},\"name\":\"nginx-deployment\",\"namespace\":\"default\"},\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"nginx\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.14.2\",\"name\":\"nginx\",\"ports\":[{\"containerPort\":80}]}]}}}}\n"
    },
    "finalizers": [
      "foregroundDeletion"
    ]
  },
  "spec": {
    "replicas": 3,
    "selector": {
      "matchLabels": {
        "app": "nginx"
      }
    },
    "template": {
      "metadata": {
        "creationTimestamp": null,
        "labels": {
          "app": "nginx"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "nginx",
            "image": "nginx:1.14.2",
            "ports": [
              {
                "containerPort": 80,
                "protocol": "TCP"
              }
            ],
            "resources": {},
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "imagePullPolicy": "IfNotPresent"
          }
        ],
        "restartPolicy": "Always",
        "terminationGracePeriodSeconds": 30,
        "dnsPolicy": "ClusterFirst",
        "securityContext": {},
        "schedulerName": "default-scheduler"
      }
    },
    "strategy": {
      "type": "RollingUpdate",
      "rollingUpdate": {
        "maxUnavailable": "25%",
        "maxSurge": "25%"
      }
    },
    "revisionHistoryLimit": 10,
    "progressDeadlineSeconds": 600
  },
  "status": {
    "observedGeneration": 1,
    "replicas": 3,
    "updatedReplicas": 3,
    "readyReplicas": 3,
    "availableReplicas": 3,
    "conditions": [
      {
        "type": "Available",
        "status": "True",
        "lastUpdateTime": "2025-01-01T00:00:06Z",
        "lastTransitionTime": "2025-01-01T00:00:06Z",
        "reason": "MinimumReplicasAvailable",
        "message": "Deployment has minimum availability."
      },
      {
        "type": "Progressing",
        "status": "True",
        "lastUpdateTime": "2025-01-01T00:00:06Z",
        "lastTransitionTime": "2025-01-01T00:00:02Z",
        "reason": "NewReplicaSetAvailable",
        "message": "ReplicaSet \"nginx-deployment-65c97d6c5c\" has successfully progressed."
      }
    ]
  }
}

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
# once, its dependents a moment later. The page's curl through the proxy
# gets a success Status: nothing is left to return.
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

$ curl -X DELETE localhost:8080/apis/apps/v1/namespaces/default/deployments/nginx-deployment -d '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Background"}' -H "Content-Type: application/json"
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Success",
  "details": {
    "name": "nginx-deployment",
    "group": "apps",
    "kind": "deployments",
    "uid": "aa8c9c2a-c8f8-420e-8431-a71ffefa15d2"
  }
}

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
