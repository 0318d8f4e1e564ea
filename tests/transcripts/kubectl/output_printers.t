# Printer details checked against real kubectl v1.32 with no cluster
# (client-side commands): missing keys are allowed in -o jsonpath unless
# --allow-missing-template-keys=false, and then kubectl dumps the object
# with %#v; a typed object (a create generator's) reaches the JSONPath
# printer through JSON, so its numbers are float64; -o json/yaml/name are
# case-insensitive; go-yaml refuses DEL and the C1 controls; label makes
# a printer per object, so no `---` between them; a generator's maps
# (data, labels) are Go maps, which encoding/json writes with keys sorted.
$ kubectl create configmap c --from-literal=a=1 --dry-run=client -o jsonpath='{.status.x}{.data.a}'
1

$ kubectl create deployment web --image=nginx --dry-run=client -o jsonpath='{.status.replicas}'

$ kubectl create configmap c --from-literal=a=1 --dry-run=client -o jsonpath-as-json='{.metadata.labels}'
[]

$ kubectl create configmap c --from-literal=a=1 --dry-run=client -o YAML
apiVersion: v1
data:
  a: "1"
kind: ConfigMap
metadata:
  creationTimestamp: null
  name: c

$ kubectl create configmap c --from-literal=a=1 --dry-run=client -o Name
configmap/c

$ kubectl create configmap c --from-literal=a=1 --dry-run=client -o JSONPATH='{.kind}'
error: unable to match a printer suitable for the output format "JSONPATH={.kind}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl create configmap c --from-literal=a='x	y' --dry-run=client -o go-template='{{printf "%#v" .data}} {{printf "%#v %#q" .data.a "ab"}}'
map[string]interface {}{"a":"x\ty"} "x\ty" `ab`

$ kubectl create deployment web --image=nginx --dry-run=client -o go-template='{{printf "%#v" .spec.template.spec.containers}}'
[]interface {}{map[string]interface {}{"image":"nginx", "name":"nginx", "resources":map[string]interface {}{}}}

$ kubectl create priorityclass high --value=1000000 --dry-run=client -o jsonpath='{.value}'
1e+06

$ kubectl create service clusterip web --tcp=8080:80 --dry-run=client -o jsonpath='{.spec.ports[?(@.port>8000.5)].name}'
8080-80

$ kubectl create configmap c --dry-run=client -o jsonpath-as-json='{.kind} is {.apiVersion}'
[
    "ConfigMap"
]
[
    " is "
]
[
    "v1"
]

$ kubectl create configmap c --dry-run=client -o jsonpath='{"\x41\u00e9"}{.metadata.creationTimestamp}'
Aénull

$ kubectl create configmap c --dry-run=client -o jsonpath='{"\x"}'
error: error parsing jsonpath {"\x"}, unquote string "\x" error invalid syntax

$ kubectl create configmap c --dry-run=client -o jsonpath='{"\\"}'
error: error parsing jsonpath {"\\"}, unterminated quoted string

$ kubectl label -f - --local a=b -o jsonpath='{range .spec.l[*]}[{@}]{end} {.spec.ports[?(@.port>80)].name}' <<EOF
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  l: [null, 1]
  ports: [{port: 81, name: http}]
EOF
[<no value>][1] http

$ kubectl label -f - --local tier=web -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
EOF
apiVersion: v1
kind: ConfigMap
metadata:
  labels:
    tier: web
  name: one
apiVersion: v1
kind: ConfigMap
metadata:
  labels:
    tier: web
  name: two

$ kubectl annotate -f - --local note=x -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
data:
  k: "a\u0080b"
EOF
apiVersion: v1
kind: ConfigMap
metadata:
  annotations:
    note: x
  name: one
---
error: yaml: control characters are not allowed

$ kubectl label -f - --local a=b -o yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
data:
  "k\u007f": "v"
EOF
error: yaml: control characters are not allowed

$ kubectl create priorityclass high --value=1000000 --dry-run=client -o jsonpath='{.nope}' --allow-missing-template-keys=false
error: error executing jsonpath "{.nope}": Error executing template: nope is not found. Printing more information for debugging the template:
	template was:
		{.nope}
	object given to jsonpath engine was:
		map[string]interface {}{"apiVersion":"scheduling.k8s.io/v1", "kind":"PriorityClass", "metadata":map[string]interface {}{"creationTimestamp":interface {}(nil), "name":"high"}, "preemptionPolicy":"PreemptLowerPriority", "value":1e+06}



$ kubectl create configmap c --from-literal=b=1 --from-literal=a=2 --dry-run=client -o json
{
    "kind": "ConfigMap",
    "apiVersion": "v1",
    "metadata": {
        "name": "c",
        "creationTimestamp": null
    },
    "data": {
        "a": "2",
        "b": "1"
    }
}

$ kubectl create secret generic s --from-literal=b=1 --from-literal=a=2 --dry-run=client -o jsonpath='{.data}'
{"a":"Mg==","b":"MQ=="}
