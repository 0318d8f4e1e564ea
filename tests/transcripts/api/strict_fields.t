# kubectl 1.32 asks for strict server-side field validation by default:
# a field the kind does not have fails the request, in the API server's
# words, and kubectl names the file and what it was doing.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.14.2
EOF
Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?

$ kubectl apply --validate=warn -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.14.2
EOF
Warning: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?
deployment.apps/web created

$ kubectl get deployment web -o jsonpath='{.spec.replicas}'
1

# Applied again with the typo, the object exists: kubectl sends a patch,
# and the server refuses it as an invalid patch, quoting the patch.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.16.1
EOF
The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replica\":3,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.16.1\",\"name\":\"web\"}]}}}}\n]] spec:map[replica:3 template:map[spec:map[]]]]": strict decoding error: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?

$ kubectl apply --validate=false -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.16.1
EOF
deployment.apps/web configured

$ kubectl create -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?

$ kubectl create --dry-run=client -o name -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
deployment.apps/api

$ kubectl create --validate=ignore -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
deployment.apps/api created

$ kubectl replace -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
Error from server (BadRequest): error when replacing "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?

$ kubectl replace --validate=warn -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
Warning: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?
deployment.apps/api replaced

$ kubectl diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.16.1
EOF
Warning: unknown field "spec.replica"
(playground) unknown field "spec.replica": did you mean "replicas"?
diff -u -N /tmp/LIVE-3952404704/apps.v1.Deployment.default.api /tmp/MERGED-87537682/apps.v1.Deployment.default.api
--- /tmp/LIVE-3952404704/apps.v1.Deployment.default.api	2025-01-01 00:00:02.000000000 +0000
+++ /tmp/MERGED-87537682/apps.v1.Deployment.default.api	2025-01-01 00:00:02.000000000 +0000
@@ -2,7 +2,7 @@
 kind: Deployment
 metadata:
   creationTimestamp: "2025-01-01T00:00:02Z"
-  generation: 1
+  generation: 2
   name: api
   namespace: default
   resourceVersion: "376"
@@ -26,7 +26,7 @@
         app: web
     spec:
       containers:
-      - image: nginx:1.14.2
+      - image: nginx:1.16.1
         imagePullPolicy: IfNotPresent
         name: api
         resources: {}

$ kubectl create --validate=bogus -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replica: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: api
        image: nginx:1.14.2
EOF
error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false)

# An apiVersion removed before v1.32 is not served: kubectl's mapper finds
# no match (whatever --validate says); the playground's line says when it
# went and what to write.
$ kubectl create --validate=false -f - <<EOF
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: old
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: old
        image: nginx:1.14.2
EOF
error: resource mapping not found for name: "old" namespace: "" from "STDIN": no matches for kind "Deployment" in version "extensions/v1beta1"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: extensions/v1beta1 was removed in Kubernetes v1.16; Deployment is served as apiVersion "apps/v1"

# Inside the parts the playground keeps as free-form JSON too (security
# contexts, volume mounts and sources), as the API server's decoder sees them.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: locked
spec:
  securityContext:
    runAsNonRoot: true
  containers:
  - name: app
    image: nginx
    securityContext:
      runAsUsr: 1000
    volumeMounts:
    - name: scratch
      mountpath: /scratch
  volumes:
  - name: scratch
    emptyDir: {}
EOF
Error from server (BadRequest): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].securityContext.runAsUsr", unknown field "spec.containers[0].volumeMounts[0].mountpath"
(playground) unknown field "spec.containers[0].securityContext.runAsUsr": did you mean "runAsUser"?
(playground) unknown field "spec.containers[0].volumeMounts[0].mountpath": did you mean "mountPath"?

# A key written twice: kubectl turns the manifest into a map before it
# sends it, so the last value wins and neither it nor the API server says
# anything; the playground notes it.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: twice
data:
  mode: fast
  mode: slow
EOF
(playground) line 7: mapping key "mode" already defined at line 6; the last value is used, as kubectl uses it
configmap/twice created

$ kubectl get configmap twice -o jsonpath='{.data.mode}'
slow
