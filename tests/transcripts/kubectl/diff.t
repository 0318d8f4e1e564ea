# kubectl diff -f compares each live object with what kubectl apply would
# make of the manifest (a server dry run), as `diff -u -N` over a directory
# of live objects and one of merged ones: files named
# group.version.Kind.namespace.name, in name order, a missing live file
# stamped with the epoch. The merge does not record a new last-applied
# configuration, so the live one shows as context. Nothing changes in the
# cluster, and the command fails (exit status 1) when it finds differences.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello-world
  labels:
    app: hello-world
spec:
  replicas: 4
  selector:
    matchLabels:
      app: hello-world
  template:
    metadata:
      labels:
        app: hello-world
    spec:
      containers:
      - name: hello-world
        image: gcr.io/google-samples/hello-app:1.0
        ports:
        - containerPort: 8080
EOF
deployment.apps/hello-world created

$ sim settle
settled after 38 steps and 2s of virtual time

$ kubectl diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello-world
  labels:
    app: hello-world
spec:
  replicas: 4
  selector:
    matchLabels:
      app: hello-world
  template:
    metadata:
      labels:
        app: hello-world
    spec:
      containers:
      - name: hello-world
        image: gcr.io/google-samples/hello-app:1.0
        ports:
        - containerPort: 8080
EOF

$ kubectl diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello-world
  labels:
    app: hello-world
spec:
  replicas: 5
  selector:
    matchLabels:
      app: hello-world
  template:
    metadata:
      labels:
        app: hello-world
    spec:
      containers:
      - name: hello-world
        image: gcr.io/google-samples/hello-app:2.0
        ports:
        - containerPort: 8080
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: game-config
data:
  mode: blue
EOF
diff -u -N /tmp/LIVE-769351423/apps.v1.Deployment.default.hello-world /tmp/MERGED-3440589950/apps.v1.Deployment.default.hello-world
--- /tmp/LIVE-769351423/apps.v1.Deployment.default.hello-world	2025-01-01 00:00:04.908000000 +0000
+++ /tmp/MERGED-3440589950/apps.v1.Deployment.default.hello-world	2025-01-01 00:00:04.908000000 +0000
@@ -6,7 +6,7 @@
     kubectl.kubernetes.io/last-applied-configuration: |
       {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"hello-world"},"name":"hello-world","namespace":"default"},"spec":{"replicas":4,"selector":{"matchLabels":{"app":"hello-world"}},"template":{"metadata":{"labels":{"app":"hello-world"}},"spec":{"containers":[{"image":"gcr.io/google-samples/hello-app:1.0","name":"hello-world","ports":[{"containerPort":8080}]}]}}}}
   creationTimestamp: "2025-01-01T00:00:02Z"
-  generation: 1
+  generation: 2
   labels:
     app: hello-world
   name: hello-world
@@ -15,7 +15,7 @@
   uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
 spec:
   progressDeadlineSeconds: 600
-  replicas: 4
+  replicas: 5
   revisionHistoryLimit: 10
   selector:
     matchLabels:
@@ -32,7 +32,7 @@
         app: hello-world
     spec:
       containers:
-      - image: gcr.io/google-samples/hello-app:1.0
+      - image: gcr.io/google-samples/hello-app:2.0
         imagePullPolicy: IfNotPresent
         name: hello-world
         ports:
diff -u -N /tmp/LIVE-769351423/v1.ConfigMap.default.game-config /tmp/MERGED-3440589950/v1.ConfigMap.default.game-config
--- /tmp/LIVE-769351423/v1.ConfigMap.default.game-config	1970-01-01 00:00:00.000000000 +0000
+++ /tmp/MERGED-3440589950/v1.ConfigMap.default.game-config	2025-01-01 00:00:04.908000000 +0000
@@ -0,0 +1,9 @@
+apiVersion: v1
+data:
+  mode: blue
+kind: ConfigMap
+metadata:
+  creationTimestamp: "2025-01-01T00:00:04Z"
+  name: game-config
+  namespace: default
+  uid: db63ca86-b76f-40f8-b697-4790fa096000

$ kubectl get deployment hello-world
NAME          READY   UP-TO-DATE   AVAILABLE   AGE
hello-world   4/4     4            4           2s

$ kubectl get configmap game-config
Error from server (NotFound): configmaps "game-config" not found

# A Secret's values are never shown: *** where they agree, *** (before)
# and *** (after) where they differ.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: db
stringData:
  user: admin
  password: one
EOF
secret/db created

$ kubectl diff -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: db
stringData:
  user: admin
  password: two
EOF
diff -u -N /tmp/LIVE-3063663208/v1.Secret.default.db /tmp/MERGED-3354612003/v1.Secret.default.db
--- /tmp/LIVE-3063663208/v1.Secret.default.db	2025-01-01 00:00:04.908000000 +0000
+++ /tmp/MERGED-3354612003/v1.Secret.default.db	2025-01-01 00:00:04.908000000 +0000
@@ -1,6 +1,6 @@
 apiVersion: v1
 data:
-  password: '*** (before)'
+  password: '*** (after)'
   user: '***'
 kind: Secret
 metadata:

# -l picks manifests by their labels; mistakes are kubectl's.
$ kubectl diff -l app=other -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello-world
  labels:
    app: hello-world
spec:
  replicas: 5
  selector:
    matchLabels:
      app: hello-world
  template:
    metadata:
      labels:
        app: hello-world
    spec:
      containers:
      - name: hello-world
        image: gcr.io/google-samples/hello-app:2.0
        ports:
        - containerPort: 8080
EOF

$ kubectl diff
error: must specify one of -f and -k

$ kubectl diff deployment/hello-world
error: Unexpected args: [deployment/hello-world]
See 'kubectl diff -h' for help and examples

$ kubectl diff --server-side -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello-world
  labels:
    app: hello-world
spec:
  replicas: 5
  selector:
    matchLabels:
      app: hello-world
  template:
    metadata:
      labels:
        app: hello-world
    spec:
      containers:
      - name: hello-world
        image: gcr.io/google-samples/hello-app:2.0
        ports:
        - containerPort: 8080
EOF
error: (playground) kubectl diff --server-side is not supported; kubectl diff without it shows what kubectl apply would change
