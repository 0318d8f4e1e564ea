# Kustomize, as kubectl v1.32 embeds it (v5.5): a base and an overlay
# written into the playground's files (directories made with mkdir -p),
# built with `kubectl kustomize` and applied with `-k DIR`, which feeds the
# built objects in as `-f` would. The built YAML (hash suffix included) and
# the errors were checked against the real `kubectl kustomize` on the same
# tree; the real one prints absolute paths, the playground's files have no
# directory above them, so paths stay as written.
$ mkdir -p base overlays/dev

$ mkdir overlays/dev
mkdir: cannot create directory ‘overlays/dev’: File exists

$ cat <<EOF > base/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 1
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
        image: nginx:1.25
        envFrom:
        - configMapRef:
            name: web-config
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
EOF

$ cat <<EOF > base/kustomization.yaml
resources:
- deployment.yaml
configMapGenerator:
- name: web-config
  literals:
  - GREETING=hello
EOF

$ cat <<EOF > overlays/dev/kustomization.yaml
resources:
- ../../base
namespace: dev
namePrefix: dev-
labels:
- pairs:
    env: dev
  includeSelectors: true
images:
- name: nginx
  newTag: "1.27"
replicas:
- name: web
  count: 2
patches:
- target:
    kind: Service
  patch: |-
    - op: add
      path: /spec/type
      value: NodePort
EOF

$ ls
base
overlays

$ ls overlays
dev

$ kubectl kustomize base
apiVersion: v1
data:
  GREETING: hello
kind: ConfigMap
metadata:
  name: web-config-f655md8fbd
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
  selector:
    app: web
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - envFrom:
        - configMapRef:
            name: web-config-f655md8fbd
        image: nginx:1.25
        name: web

$ kubectl kustomize overlays/dev
apiVersion: v1
data:
  GREETING: hello
kind: ConfigMap
metadata:
  labels:
    env: dev
  name: dev-web-config-f655md8fbd
  namespace: dev
---
apiVersion: v1
kind: Service
metadata:
  labels:
    env: dev
  name: dev-web
  namespace: dev
spec:
  ports:
  - port: 80
  selector:
    app: web
    env: dev
  type: NodePort
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
    env: dev
  name: dev-web
  namespace: dev
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
      env: dev
  template:
    metadata:
      labels:
        app: web
        env: dev
    spec:
      containers:
      - envFrom:
        - configMapRef:
            name: dev-web-config-f655md8fbd
        image: nginx:1.27
        name: web

$ kubectl create namespace dev
namespace/dev created

$ kubectl apply -k overlays/dev
configmap/dev-web-config-f655md8fbd created
service/dev-web created
deployment.apps/dev-web created

$ kubectl get -k overlays/dev
NAME                                  DATA   AGE
configmap/dev-web-config-f655md8fbd   1      0s

NAME              TYPE       CLUSTER-IP    EXTERNAL-IP   PORT(S)        AGE
service/dev-web   NodePort   10.99.11.76   <none>        80:31860/TCP   0s

NAME                      READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/dev-web   0/2     0            0           0s

$ kubectl get configmap -n dev
NAME                        DATA   AGE
dev-web-config-f655md8fbd   1      0s

$ kubectl apply -k overlays/dev -f base/deployment.yaml
error: only one of -f or -k can be specified

$ kubectl kustomize overlays/prod
error: must build at directory: not a valid directory: evalsymlink failure on 'overlays/prod' : lstat overlays/prod: no such file or directory

$ kubectl kustomize overlays
error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory 'overlays'

$ cat <<EOF > base/kustomization.yaml
resources:
- deployment.yaml
- missing.yaml
EOF

$ kubectl kustomize overlays/dev
error: accumulating resources: accumulation err='accumulating resources from '../../base': 'base' must resolve to a file': recursed accumulation of path 'base': accumulating resources: accumulation err='accumulating resources from 'missing.yaml': evalsymlink failure on 'base/missing.yaml' : lstat base/missing.yaml: no such file or directory': must build at directory: not a valid directory: evalsymlink failure on 'base/missing.yaml' : lstat base/missing.yaml: no such file or directory

$ cat <<EOF > base/kustomization.yaml
resources:
- deployment.yaml
commonLabels:
  tier: web
configMapGenerator:
- name: web-config
  literals:
  - GREETING=hi
EOF

$ kubectl diff -k overlays/dev
# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.
diff -u -N /tmp/LIVE-3030062078/v1.ConfigMap.dev.dev-web-config-hc7d4825hb /tmp/MERGED-246122998/v1.ConfigMap.dev.dev-web-config-hc7d4825hb
--- /tmp/LIVE-3030062078/v1.ConfigMap.dev.dev-web-config-hc7d4825hb	1970-01-01 00:00:00.000000000 +0000
+++ /tmp/MERGED-246122998/v1.ConfigMap.dev.dev-web-config-hc7d4825hb	2025-01-01 00:00:02.000000000 +0000
@@ -0,0 +1,12 @@
+apiVersion: v1
+data:
+  GREETING: hi
+kind: ConfigMap
+metadata:
+  creationTimestamp: "2025-01-01T00:00:02Z"
+  labels:
+    env: dev
+    tier: web
+  name: dev-web-config-hc7d4825hb
+  namespace: dev
+  uid: ef9b0d7d-dc7b-424d-b216-9fe65961e828
diff -u -N /tmp/LIVE-3030062078/v1.Service.dev.dev-web /tmp/MERGED-246122998/v1.Service.dev.dev-web
--- /tmp/LIVE-3030062078/v1.Service.dev.dev-web	2025-01-01 00:00:02.000000000 +0000
+++ /tmp/MERGED-246122998/v1.Service.dev.dev-web	2025-01-01 00:00:02.000000000 +0000
@@ -7,6 +7,7 @@
   creationTimestamp: "2025-01-01T00:00:02Z"
   labels:
     env: dev
+    tier: web
   name: dev-web
   namespace: dev
   resourceVersion: "376"
@@ -28,6 +29,7 @@
   selector:
     app: web
     env: dev
+    tier: web
   sessionAffinity: None
   type: NodePort
 status:
The Deployment "dev-web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web", "env":"dev", "tier":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable

$ kubectl delete -k overlays/dev
# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.
service "dev-web" deleted
deployment.apps "dev-web" deleted
Error from server (NotFound): error when deleting "overlays/dev": configmaps "dev-web-config-hc7d4825hb" not found

# `-f DIR` reads a directory's .yaml, .yml and .json files by name, as
# kubectl's builder walks it; `-R` goes into subdirectories too (the order
# checked against kubectl v1.32 with --dry-run=client).
$ mkdir -p manifests/more

$ cat <<EOF > manifests/b.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: b
EOF

$ cat <<EOF > manifests/a.json
{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}
EOF

$ cat <<EOF > manifests/more/c.yml
apiVersion: v1
kind: ConfigMap
metadata:
  name: c
EOF

$ echo notes > manifests/README

$ ls manifests
README
a.json
b.yaml
more

$ kubectl apply -f manifests
configmap/a created
configmap/b created

$ kubectl apply -R -f manifests
configmap/a unchanged
configmap/b unchanged
configmap/c created

$ mkdir empty

$ kubectl apply -f empty
error: error reading [empty]: recognized file extensions are [.json .yaml .yml]

$ cat manifests
cat: manifests: Is a directory
