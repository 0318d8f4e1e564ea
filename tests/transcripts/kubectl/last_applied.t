# kubectl apply stores the manifest in the last-applied-configuration
# annotation as Go encodes an unstructured object: every map's keys sorted,
# "annotations":{} left where the annotation itself was taken out, the
# namespace filled in, <, > and & escaped, and the newline json.Encoder ends
# with (so -o yaml prints a | block).
$ kubectl apply -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: game-config
  labels: {tier: web, app: game}
data:
  url: "https://example.com/?a=1&b=<2>"
  lives: "3"
EOF
configmap/game-config created

$ kubectl get configmap game-config -o yaml
apiVersion: v1
data:
  lives: "3"
  url: https://example.com/?a=1&b=<2>
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"lives":"3","url":"https://example.com/?a=1\u0026b=\u003c2\u003e"},"kind":"ConfigMap","metadata":{"annotations":{},"labels":{"app":"game","tier":"web"},"name":"game-config","namespace":"default"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  labels:
    app: game
    tier: web
  name: game-config
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

# An object created without --save-config has no last-applied
# configuration: the first apply warns, as kubectl's patcher does, and adds it.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
data:
  a: "1"
EOF
configmap/plain created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
data:
  a: "2"
EOF
Warning: resource configmaps/plain is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
configmap/plain configured

$ kubectl get configmap plain -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'
{"apiVersion":"v1","data":{"a":"2"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"plain","namespace":"default"}}

# create --save-config records it from the start, so apply merges quietly.
$ kubectl create --save-config -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: saved
data:
  a: "1"
EOF
configmap/saved created

$ kubectl get configmap saved -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'
{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"saved","namespace":"default"}}

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: saved
data:
  a: "2"
EOF
configmap/saved configured

# replace -f keeps an existing last-applied configuration current (here the
# manifest carries a stale one, as a file saved with get -o yaml would).
$ kubectl replace -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: saved
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: stale
data:
  a: "3"
EOF
configmap/saved replaced

$ kubectl get configmap saved -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'
{"apiVersion":"v1","data":{"a":"3"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"saved","namespace":"default"}}

# apply -o prints what was applied; --dry-run=client sends nothing and
# prints the manifest as it would send it (the unstructured object, keys
# sorted, the namespace and the last-applied configuration added), or the
# live object if there is one; --dry-run=server prints the server's answer
# (no resourceVersion for an object it did not store).
$ kubectl apply --dry-run=client -o yaml -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: dry
data:
  b: "2"
  a: "1"
EOF
apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"a":"1","b":"2"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"dry","namespace":"default"}}
  name: dry
  namespace: default

$ kubectl apply --dry-run=server -o yaml -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: dry
data:
  b: "2"
  a: "1"
EOF
apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"a":"1","b":"2"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"dry","namespace":"default"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: dry
  namespace: default
  uid: e0525b8c-4365-470d-81da-595cd49adc78

$ kubectl get configmap dry
Error from server (NotFound): configmaps "dry" not found

$ kubectl apply -o name -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: dry
data:
  b: "2"
  a: "1"
EOF
configmap/dry

$ kubectl apply --dry-run=server -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: dry
data:
  b: "2"
  a: "1"
EOF
configmap/dry unchanged (server dry run)
