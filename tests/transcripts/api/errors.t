# How the API server refuses, and how kubectl words it. NamespaceLifecycle:
# three namespaces are immortal.
$ kubectl delete namespace kube-system
Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted

$ kubectl delete namespace default kube-public
Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted
Error from server (Forbidden): namespaces "kube-public" is forbidden: this namespace may not be deleted

# A namespace that does not exist: apply and create -f name the source
# and what they were doing; the generators say what they failed to create.
$ kubectl apply -n nope -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
Error from server (NotFound): error when creating "STDIN": namespaces "nope" not found

$ kubectl create -n nope -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
Error from server (NotFound): error when creating "STDIN": namespaces "nope" not found

$ kubectl create configmap settings --from-literal=mode=fast -n nope
error: failed to create configmap: namespaces "nope" not found

$ kubectl create secret generic token --from-literal=t=x -n nope
error: failed to create secret namespaces "nope" not found

$ kubectl run web --image=nginx -n nope
Error from server (NotFound): namespaces "nope" not found

# A namespace being deleted takes no new content.
$ kubectl create namespace team
namespace/team created

$ kubectl run web --image=nginx -n team
pod/web created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl delete namespace team --wait=false
namespace "team" deleted

$ kubectl get namespace team
NAME   STATUS        AGE
team   Terminating   4s

$ kubectl apply -n team -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
Error from server (Forbidden): error when creating "STDIN": configmaps "settings" is forbidden: unable to create new content in namespace team because it is being terminated

$ kubectl create configmap settings --from-literal=mode=fast -n team
error: failed to create configmap: configmaps "settings" is forbidden: unable to create new content in namespace team because it is being terminated

# Its name is taken until the namespace is gone.
$ kubectl create namespace team
Error from server (AlreadyExists): object is being deleted: namespaces "team" already exists

# apply needs a name: it reads the live object first.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  generateName: settings-
EOF
error: from settings-: cannot use generate name with apply

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
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
      - name: web
        image: nginx
EOF
error: error when retrieving current configuration of:
Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"
Name: "", Namespace: "default"
from server for: "STDIN": resource name may not be empty

# A manifest copied from a live object: kubectl clears its resourceVersion
# before it creates (the API server would refuse one).
$ kubectl create -f - -o jsonpath='{.metadata.name} {.metadata.resourceVersion}' <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: copied
  resourceVersion: "5"
EOF
copied 388

# create takes a generated name.
$ kubectl create -f - -o name <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  generateName: settings-
EOF
configmap/settings-cjdrv

# One invalid object: kubectl rebuilds the message from its causes. Among
# several failures each is the server's own message, with its source.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: web
        image: nginx
EOF
The Deployment "web" is invalid:
* spec.replicas: Invalid value: -1: must be greater than or equal to 0
* spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: Bad
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: fine
  namespace: nope
---
apiVersion: v1
kind: ConfigMap
metadata:
  generateName: settings-
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: good
EOF
configmap/good created
Error from server (Invalid): error when creating "STDIN": ConfigMap "Bad" is invalid: metadata.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
Error from server (NotFound): error when creating "STDIN": namespaces "nope" not found
from settings-: cannot use generate name with apply

# A value of the wrong type is the API server's decoding error (Go's
# words), the playground's line locating it; the other documents still
# apply (see kubectl/type_errors.t).
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: three
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: other
EOF
configmap/other created
Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32
(playground) at document 1, line 6, column 13: spec.replicas: expected integer, got string "three"

# replace with a resourceVersion that is no longer current: Conflict.
$ kubectl create configmap cfg --from-literal=mode=fast
configmap/cfg created

$ kubectl get configmap cfg -o jsonpath='{.metadata.resourceVersion}'
392

$ kubectl label configmap cfg tier=web
configmap/cfg labeled

$ kubectl replace -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
  resourceVersion: "157"
data:
  mode: slow
EOF
Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on configmaps "cfg": the object has been modified; please apply your changes to the latest version and try again
