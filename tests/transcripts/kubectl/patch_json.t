# kubectl patch --type=json|merge: against the API server (RFC 6902 as
# evanphx/json-patch v4 applies it) and --local (checked against kubectl 1.32).

$ kubectl create configmap cfg --from-literal=a=1 --from-literal=b=2
configmap/cfg created

$ kubectl patch configmap cfg --type=json -p '[{"op":"add","path":"/data/c","value":"3"},{"op":"remove","path":"/data/a"}]'
configmap/cfg patched

$ kubectl patch configmap cfg --type=json -p '[{"op":"test","path":"/data/b","value":"2"}]'
configmap/cfg patched (no change)

$ kubectl patch configmap cfg --type=json -p '[{"op":"remove","path":"/data/a"}]'
The request is invalid: the server rejected our request due to an error in our request

$ kubectl patch configmap cfg --type=json -p '[{"op":"test","path":"/data/b","value":"9"}]'
The request is invalid: the server rejected our request due to an error in our request

$ kubectl patch configmap cfg --type=json -p '{"data":{"b":null}}'
Error from server (BadRequest): error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp

$ kubectl patch configmap cfg --type=json -p '[1]'
Error from server (BadRequest): error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp

$ kubectl patch configmap cfg --type=json -p '[{"op":"add","path":1}]'
Error from server (BadRequest): error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string

$ kubectl patch configmap cfg --type=merge -p '{"data":{"b":null}}'
configmap/cfg patched

$ kubectl get configmap cfg -o jsonpath='{.data}'
{"c":"3"}

$ kubectl patch configmap cfg --type=json -p '[{"op":"replace","path":"/data/c","value":"4"}]' --dry-run=client -o jsonpath='{.data}'
{"c":"4"}

$ kubectl patch configmap cfg --type=json -p '[{"op":"remove","path":"/data/zz"}]' --dry-run=client
error: error in remove for path: '/data/zz': Unable to remove nonexistent key: zz: missing value

$ kubectl patch configmap cfg --type=json -p '[{"op":"remove","path":"/data/zz"}]' --dry-run=server
The request is invalid: the server rejected our request due to an error in our request

$ kubectl patch -f - --local --type=json -p '[{"op":"replace","path":"/data/zz","value":"x"},{"op":"remove","path":"/data/a"}]' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
data:
  b: "2"
  zz: x
kind: ConfigMap
metadata:
  name: cfg

$ kubectl patch -f - --local --type=json -p '[{"op":"test","path":"/data/a","value":"1"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
configmap/cfg patched (no change)

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/data/a","value":"9"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
configmap/cfg patched

$ kubectl patch -f - --local --type=json -p '[{"op":"remove","path":"/data/zz"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: error in remove for path: '/data/zz': Unable to remove nonexistent key: zz: missing value

$ kubectl patch -f - --local --type=json -p '[{"op":"move","from":"/data/a","path":"/data/c"},{"op":"copy","from":"/data/b","path":"/metadata/labels"}]' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
data:
  b: "2"
  c: "1"
kind: ConfigMap
metadata:
  labels: "2"
  name: cfg

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/metadata/labels","value":{}},{"op":"add","path":"/metadata/labels/app.kubernetes.io~1name","value":"web"},{"op":"add","path":"/metadata/labels/a~0b","value":"c"}]' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  labels:
    a~b: c
    app.kubernetes.io/name: web
  name: cfg

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/metadata/finalizers","value":["a","b"]},{"op":"add","path":"/metadata/finalizers/-1","value":"c"},{"op":"remove","path":"/metadata/finalizers/-3"},{"op":"add","path":"/metadata/finalizers/-","value":"d"}]' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
data:
  a: "1"
  b: "2"
kind: ConfigMap
metadata:
  finalizers:
  - b
  - c
  - d
  name: cfg

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/metadata/finalizers","value":["a","b"]},{"op":"replace","path":"/metadata/finalizers/5","value":"d"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Object to be patched is missing field (/metadata/finalizers/5: missing value)

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/metadata/finalizers","value":["a"]},{"op":"remove","path":"/metadata/finalizers/-"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: error in remove for path: '/metadata/finalizers/-': strconv.Atoi: parsing "-": invalid syntax

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/metadata/finalizers","value":["a"]},{"op":"add","path":"/metadata/finalizers/x","value":"c"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: error in add for path: '/metadata/finalizers/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax

$ kubectl patch -f - --local --type=json -p '[{"op":"test","path":"/data/b","value":"3"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: testing value /data/b failed: test failed

$ kubectl patch -f - --local --type=json -p '[{"op":"remove","path":"/kind"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Object 'Kind' is missing in '{"apiVersion":"v1","data":{"a":"1","b":"2"},"metadata":{"name":"cfg"}}'

$ kubectl patch -f - --local --type=json -p '[{"op":"add","path":"/data/a","value":1}]' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
{
    "apiVersion": "v1",
    "data": {
        "a": 1,
        "b": "2"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": "cfg"
    }
}

$ kubectl patch -f - --local --type=json -p '{"data":{"a":null}}' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: json: cannot unmarshal object into Go value of type jsonpatch.Patch

$ kubectl patch -f - --local --type=json -p '[{"op":"frob","path":"/data"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Unexpected kind: frob

$ kubectl patch -f - --local --type=merge -p '{"data":{"a":null,"c":"3"},"metadata":{"labels":{"x":"y"}}}' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
data:
  b: "2"
  c: "3"
kind: ConfigMap
metadata:
  labels:
    x: "y"
  name: cfg

$ kubectl patch -f - --local --type=merge -p '{"data":null}' -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg

$ kubectl patch -f - --local --type=merge -p '{"data":{"a":"1"}}' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
configmap/cfg patched (no change)

$ kubectl patch -f - --local --type=merge -p '[1]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: json: cannot unmarshal array into Go value of type unstructured.detector

$ kubectl patch -f - --local --type=merge -p '"x"' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Invalid JSON Patch

$ kubectl patch -f - --local --type=strategic -p '[1]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: invalid JSON document

$ kubectl patch -f - --local --type=strategic -p '{"data":{"b":null}}' -o name <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
configmap/cfg

$ kubectl patch -f - --local --type=merge -p '{"x":[3,null,{"y":null,"z":1}]}' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
{
    "apiVersion": "v1",
    "data": {
        "a": "1",
        "b": "2"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": "cfg"
    },
    "x": [
        3,
        null,
        {
            "z": 1
        }
    ]
}

$ kubectl patch -f - --local --type=merge -p '{"data":[1,null]}' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
{
    "apiVersion": "v1",
    "data": [
        1,
        null
    ],
    "kind": "ConfigMap",
    "metadata": {
        "name": "cfg"
    }
}

$ kubectl patch -f - --local --type=merge -p '{"metadata":{"name":[{"a":null}]}}' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
{
    "apiVersion": "v1",
    "data": {
        "a": "1",
        "b": "2"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": [
            {}
        ]
    }
}

$ kubectl patch -f - --local --type=merge -p '{"data":{"a":{"b":null,"c":{"d":null}}}}' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
{
    "apiVersion": "v1",
    "data": {
        "a": {
            "c": {}
        },
        "b": "2"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": "cfg"
    }
}

$ kubectl patch -f - --local --type=merge -p 'null' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Invalid JSON Patch

$ kubectl patch -f - --local --type=merge -p '{"kind":null}' -o json <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
  b: "2"
EOF
error: Object 'Kind' is missing in '{"apiVersion":"v1","data":{"a":"1","b":"2"},"metadata":{"name":"cfg"}}'

$ kubectl patch -f - --local --type=json -p '[{"op":"remove","path":"/data/a"}]' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
data:
  b: "2"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
data:
  a: "1"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: three
EOF
configmap/two patched
error in remove for path: '/data/a': Unable to remove nonexistent key: a: missing value
remove operation does not apply: doc is missing path: "/data/a": missing value
