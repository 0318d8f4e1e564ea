# kubernetes.io task "Declarative Management of Kubernetes Objects Using
# Configuration Files", line by line, with the page's
# application/simple_deployment.yaml and update_deployment.yaml written to
# local files (transcripts never download).
$ mkdir -p application && cat > application/simple_deployment.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  minReadySeconds: 5
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

$ cat > application/update_deployment.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
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
        image: nginx:1.16.1 # update the image
        ports:
        - containerPort: 80
EOF

# "How to create objects": diff first (exit 1: there are differences),
# then apply.
$ kubectl diff -f application/simple_deployment.yaml; echo "exit $?"
diff -u -N /tmp/LIVE-434887288/apps.v1.Deployment.default.nginx-deployment /tmp/MERGED-1752355318/apps.v1.Deployment.default.nginx-deployment
--- /tmp/LIVE-434887288/apps.v1.Deployment.default.nginx-deployment	1970-01-01 00:00:00.000000000 +0000
+++ /tmp/MERGED-1752355318/apps.v1.Deployment.default.nginx-deployment	2025-01-01 00:00:02.000000000 +0000
@@ -0,0 +1,43 @@
+apiVersion: apps/v1
+kind: Deployment
+metadata:
+  creationTimestamp: "2025-01-01T00:00:02Z"
+  generation: 1
+  name: nginx-deployment
+  namespace: default
+  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
+spec:
+  minReadySeconds: 5
+  progressDeadlineSeconds: 600
+  replicas: 1
+  revisionHistoryLimit: 10
+  selector:
+    matchLabels:
+      app: nginx
+  strategy:
+    rollingUpdate:
+      maxSurge: 25%
+      maxUnavailable: 25%
+    type: RollingUpdate
+  template:
+    metadata:
+      creationTimestamp: null
+      labels:
+        app: nginx
+    spec:
+      containers:
+      - image: nginx:1.14.2
+        imagePullPolicy: IfNotPresent
+        name: nginx
+        ports:
+        - containerPort: 80
+          protocol: TCP
+        resources: {}
+        terminationMessagePath: /dev/termination-log
+        terminationMessagePolicy: File
+      dnsPolicy: ClusterFirst
+      restartPolicy: Always
+      schedulerName: default-scheduler
+      securityContext: {}
+      terminationGracePeriodSeconds: 30
+status: {}
exit 1

$ kubectl apply -f application/simple_deployment.yaml
deployment.apps/nginx-deployment created

$ sim settle
settled after 20 steps and 9s of virtual time

$ kubectl get -f application/simple_deployment.yaml -o yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx-deployment","namespace":"default"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: nginx-deployment
  namespace: default
  resourceVersion: "396"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  minReadySeconds: 5
  progressDeadlineSeconds: 600
  replicas: 1
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.14.2
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 1
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:11Z"
    lastUpdateTime: "2025-01-01T00:00:11Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:11Z"
    message: ReplicaSet "nginx-deployment-65c97d6c5c" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 1
  replicas: 1
  updatedReplicas: 1

# "How to update objects": a change made imperatively (replicas) survives
# the next apply, because the configuration file never set it; the field
# dropped from the file (minReadySeconds) is cleared, because the
# last-applied-configuration annotation had it.
$ kubectl scale deployment/nginx-deployment --replicas=2
deployment.apps/nginx-deployment scaled

$ kubectl get deployment nginx-deployment -o jsonpath='{.spec.replicas}{"\n"}'
2

$ kubectl diff -f application/update_deployment.yaml
diff -u -N /tmp/LIVE-2550237428/apps.v1.Deployment.default.nginx-deployment /tmp/MERGED-3215428120/apps.v1.Deployment.default.nginx-deployment
--- /tmp/LIVE-2550237428/apps.v1.Deployment.default.nginx-deployment	2025-01-01 00:00:11.380000000 +0000
+++ /tmp/MERGED-3215428120/apps.v1.Deployment.default.nginx-deployment	2025-01-01 00:00:11.380000000 +0000
@@ -6,13 +6,12 @@
     kubectl.kubernetes.io/last-applied-configuration: |
       {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx-deployment","namespace":"default"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}
   creationTimestamp: "2025-01-01T00:00:02Z"
-  generation: 2
+  generation: 3
   name: nginx-deployment
   namespace: default
   resourceVersion: "397"
   uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
 spec:
-  minReadySeconds: 5
   progressDeadlineSeconds: 600
   replicas: 2
   revisionHistoryLimit: 10
@@ -31,7 +30,7 @@
         app: nginx
     spec:
       containers:
-      - image: nginx:1.14.2
+      - image: nginx:1.16.1
         imagePullPolicy: IfNotPresent
         name: nginx
         ports:

$ kubectl apply -f application/update_deployment.yaml
deployment.apps/nginx-deployment configured

$ kubectl get -f application/update_deployment.yaml -o jsonpath='{.spec.replicas} {.spec.minReadySeconds} {.spec.template.spec.containers[0].image}{"\n"}'
2  nginx:1.16.1

$ kubectl get -f application/update_deployment.yaml -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'
{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx-deployment","namespace":"default"},"spec":{"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]}]}}}}

$ kubectl diff -f application/update_deployment.yaml; echo "exit $?"
exit 0

# A directory, and -R for its subdirectories.
$ kubectl apply -f application/
deployment.apps/nginx-deployment configured
deployment.apps/nginx-deployment configured

$ kubectl apply -R -f .
deployment.apps/nginx-deployment configured
deployment.apps/nginx-deployment configured

# "How to view an object" and "How to delete objects".
$ kubectl get -f application/update_deployment.yaml
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   1/2     1            1           9s

$ kubectl delete -f application/update_deployment.yaml
deployment.apps "nginx-deployment" deleted

$ kubectl get -f application/simple_deployment.yaml
Error from server (NotFound): deployments.apps "nginx-deployment" not found

# "Migrating from imperative command management to declarative object
# configuration": export the live object, drop its status, replace it with
# --save-config, then use apply only. The export keeps the
# resourceVersion, which apply sends back: once the object has changed
# (here --save-config's annotation changed it), the server refuses the
# stale write, so drop the resourceVersion too.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl get deployment/web -o yaml > deployment_web.yaml

$ sed -i.orig '/^status:/,$d' deployment_web.yaml

$ grep -c '^status:' deployment_web.yaml deployment_web.yaml.orig
deployment_web.yaml:0
deployment_web.yaml.orig:1

$ kubectl replace --save-config -f deployment_web.yaml
deployment.apps/web replaced

$ kubectl apply view-last-applied deployment/web -o json | head -4
{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {

$ kubectl apply -f deployment_web.yaml
Error from server (Conflict): error when applying patch:
{"metadata":{"generation":1,"resourceVersion":"404"}}
to:
Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"
Name: "web", Namespace: "default"
for: "deployment_web.yaml": error when patching "deployment_web.yaml": Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again

$ sed -i '/resourceVersion:/d' deployment_web.yaml

$ kubectl apply -f deployment_web.yaml
deployment.apps/web configured

$ kubectl apply -f deployment_web.yaml
deployment.apps/web configured

# "Migrating from imperative object configuration to declarative object
# configuration": set-last-applied records the file as the last-applied
# configuration. An object made by create -f has none to replace, which
# kubectl wants said with --create-annotation.
$ cat > api.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: nginx
        image: nginx
EOF

$ kubectl create -f api.yaml
deployment.apps/api created

$ kubectl apply set-last-applied -f api.yaml
error: no last-applied-configuration annotation found on resource: api, to create the annotation, run the command with --create-annotation

$ kubectl apply set-last-applied -f api.yaml --create-annotation=true --dry-run=server
deployment.apps/api configured (server dry run)

$ kubectl apply set-last-applied -f api.yaml --create-annotation=true
deployment.apps/api configured

$ kubectl apply view-last-applied deployment/api
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: default
spec:
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - image: nginx
        name: nginx

$ kubectl apply set-last-applied -f api.yaml
set-last-applied api: no changes required.

$ kubectl apply -f api.yaml
deployment.apps/api configured

$ kubectl apply set-last-applied
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

$ kubectl apply set-last-applied -f api.yaml -n kube-system
Error from server (NotFound): deployments.apps "api" not found
