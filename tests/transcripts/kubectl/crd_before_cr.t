# Custom resources applied before their CustomResourceDefinition is served:
# kubectl's resource builder looks every object's kind up (the RESTMapper,
# from discovery) before the command sends anything, so a CRD in the same
# file does not help its objects on the first run. The error is mapper.go's
# "resource mapping not found … ensure CRDs are installed first"; objects
# that map are still created (ContinueOnError), and the exit status is 1.
$ cat <<EOF > bundle.yaml
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
---
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: my-new-cron-object
  namespace: default
spec:
  cronSpec: "* * * * */5"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  a: "1"
EOF

$ kubectl apply -f bundle.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created
configmap/settings created
error: resource mapping not found for name: "my-new-cron-object" namespace: "default" from "bundle.yaml": no matches for kind "CronTab" in version "stable.example.com/v1"
ensure CRDs are installed first
(playground) document 2, line 22, column 7: the CustomResourceDefinition crontabs.stable.example.com is in this same input, but kubectl looks up every object's kind before it sends any: run the command again once the CRD is Established (kubectl wait --for condition=established crd/crontabs.stable.example.com)

$ echo $?
1

$ kubectl wait --for condition=established crd/crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com condition met

$ kubectl apply -f bundle.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com unchanged
crontab.stable.example.com/my-new-cron-object created
configmap/settings unchanged

# A kind no definition serves, on standard input: the name and namespace
# are the manifest's own (empty when it has none: the builder has not
# defaulted the namespace yet).
$ kubectl create -f - <<EOF
apiVersion: widgets.example.com/v1
kind: Widget
metadata:
  name: w1
EOF
error: resource mapping not found for name: "w1" namespace: "" from "STDIN": no matches for kind "Widget" in version "widgets.example.com/v1"
ensure CRDs are installed first
(playground) document 1, line 2, column 7: no CustomResourceDefinition serves Widget in widgets.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects

# A built-in kind under the wrong apiVersion is the same failure to the mapper.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Deployment
metadata:
  name: web
  namespace: dev
EOF
error: resource mapping not found for name: "web" namespace: "dev" from "STDIN": no matches for kind "Deployment" in version "v1"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: Deployment is served as apiVersion "apps/v1"

# A version the definition does not serve.
$ kubectl replace -f - <<EOF
apiVersion: stable.example.com/v2
kind: CronTab
metadata:
  name: my-new-cron-object
EOF
error: resource mapping not found for name: "my-new-cron-object" namespace: "" from "STDIN": no matches for kind "CronTab" in version "stable.example.com/v2"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: CronTab is served as apiVersion "stable.example.com/v1"

# delete -f and diff go through the same builder.
$ kubectl delete -f - <<EOF
apiVersion: widgets.example.com/v1
kind: Widget
metadata:
  name: w1
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
configmap "settings" deleted
error: resource mapping not found for name: "w1" namespace: "" from "STDIN": no matches for kind "Widget" in version "widgets.example.com/v1"
ensure CRDs are installed first
(playground) document 1, line 2, column 7: no CustomResourceDefinition serves Widget in widgets.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects

$ kubectl diff -f - <<EOF
apiVersion: widgets.example.com/v1
kind: Widget
metadata:
  name: w1
EOF
error: resource mapping not found for name: "w1" namespace: "" from "STDIN": no matches for kind "Widget" in version "widgets.example.com/v1"
ensure CRDs are installed first
(playground) document 1, line 2, column 7: no CustomResourceDefinition serves Widget in widgets.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects

$ echo $?
2

# A List's items are mapped one by one (resource.FlattenListVisitor), in
# other words: the name and source are not part of them.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: List
items:
- apiVersion: widgets.example.com/v1
  kind: Widget
  metadata:
    name: w2
EOF
error: unable to recognize no matches for kind "Widget" in version "widgets.example.com/v1"
(playground) document 1, line 5, column 9: no CustomResourceDefinition serves Widget in widgets.example.com/v1 yet: apply the CRD, wait until it is Established, then apply its objects
