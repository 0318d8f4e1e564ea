# kubectl reads objects as unstructured maps and Go encodes a map with its
# keys sorted, so -o json of a stored object lists every map's keys in byte
# order, as -o yaml does; a create generator decodes the server's answer
# into its typed struct, and prints it in field order.
$ kubectl create configmap game --from-literal=lives=3 --from-literal=colour=blue
configmap/game created

$ kubectl get configmap game -o json
{
    "apiVersion": "v1",
    "data": {
        "colour": "blue",
        "lives": "3"
    },
    "kind": "ConfigMap",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "name": "game",
        "namespace": "default",
        "resourceVersion": "374",
        "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba"
    }
}

$ kubectl label configmap game tier=web -o json
{
    "apiVersion": "v1",
    "data": {
        "colour": "blue",
        "lives": "3"
    },
    "kind": "ConfigMap",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "labels": {
            "tier": "web"
        },
        "name": "game",
        "namespace": "default",
        "resourceVersion": "374",
        "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba"
    }
}

$ kubectl create configmap typed --from-literal=b=2 -o json
{
    "kind": "ConfigMap",
    "apiVersion": "v1",
    "metadata": {
        "name": "typed",
        "namespace": "default",
        "uid": "321a63d5-408c-4a84-ab00-cc40f5ecd8eb",
        "resourceVersion": "376",
        "creationTimestamp": "2025-01-01T00:00:02Z"
    },
    "data": {
        "b": "2"
    }
}

$ kubectl get configmap game -o jsonpath='{.metadata}'
{"creationTimestamp":"2025-01-01T00:00:02Z","labels":{"tier":"web"},"name":"game","namespace":"default","resourceVersion":"375","uid":"f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba"}

# A client dry run of create -f or replace -f prints the manifest as kubectl
# would send it: the unstructured object as written (nothing a typed struct
# would add, such as resources: {} or status: {}), the namespace filled in.
$ kubectl create --dry-run=client -o yaml -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx
        name: nginx

$ kubectl replace --dry-run=client -o json -f - <<EOF
kind: ConfigMap
apiVersion: v1
metadata:
  name: game
data:
  lives: "9"
EOF
{
    "apiVersion": "v1",
    "data": {
        "lives": "9"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": "game",
        "namespace": "default"
    }
}
