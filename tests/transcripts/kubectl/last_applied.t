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
  resourceVersion: "130"
  uid: 0804044f-a263-4993-93c4-d30994a2fb8d
