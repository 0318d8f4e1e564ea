# A CRD serving two versions with the None conversion strategy: objects
# are stored in the storage version and returned in the version asked for
# (the preferred one unless TYPE.VERSION.GROUP names another), with only
# apiVersion changed; that version's printer columns make the table; a
# deprecated version warns on every request through it; a new storage
# version joins status.storedVersions. --raw serves the group's discovery
# documents and the objects, unstructured.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames: [ct]
  conversion:
    strategy: None
  versions:
  - name: v1beta1
    served: true
    storage: true
    deprecated: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
              image: {type: string}
    additionalPrinterColumns:
    - name: Image
      type: string
      jsonPath: .spec.image
  - name: v1
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
              image: {type: string}
    additionalPrinterColumns:
    - name: Spec
      type: string
      jsonPath: .spec.cronSpec
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ kubectl wait --for condition=established --timeout=60s crd/crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: stable.example.com/v1beta1
kind: CronTab
metadata:
  name: old
spec:
  cronSpec: "*/5 * * * *"
  image: cron:1
EOF
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
crontab.stable.example.com/old created

$ kubectl apply -f - <<EOF
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: new
spec:
  cronSpec: "* * * * *"
  image: cron:2
EOF
crontab.stable.example.com/new created

$ kubectl apply -f - <<EOF
apiVersion: stable.example.com/v1beta1
kind: CronTab
metadata:
  name: old
spec:
  cronSpec: "*/5 * * * *"
  image: cron:1
EOF
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
crontab.stable.example.com/old unchanged

$ kubectl api-versions | grep stable
stable.example.com/v1
stable.example.com/v1beta1

$ kubectl get crontabs
NAME   SPEC
new    * * * * *
old    */5 * * * *

$ kubectl get crontabs.v1beta1.stable.example.com
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
NAME   IMAGE
new    cron:2
old    cron:1

$ kubectl get ct -o jsonpath='{range .items[*]}{.metadata.name} {.apiVersion}{"\n"}{end}'
new stable.example.com/v1
old stable.example.com/v1

$ kubectl get crontab.v1beta1.stable.example.com new -o yaml
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
apiVersion: stable.example.com/v1beta1
kind: CronTab
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{},"name":"new","namespace":"default"},"spec":{"cronSpec":"* * * * *","image":"cron:2"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: new
  namespace: default
  resourceVersion: "377"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
spec:
  cronSpec: '* * * * *'
  image: cron:2

$ kubectl describe crontabs.v1beta1.stable.example.com old
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
Name:         old
Namespace:    default
Labels:       <none>
Annotations:  <none>
API Version:  stable.example.com/v1beta1
Kind:         CronTab
Metadata:
  Creation Timestamp:  2025-01-01T00:00:02Z
  Generation:          1
  Resource Version:    376
  UID:                 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
Spec:
  Cron Spec:  */5 * * * *
  Image:      cron:1
Events:       <none>

$ kubectl get crd crontabs.stable.example.com -o jsonpath='{.status.storedVersions}{"\n"}'
["v1beta1"]

$ kubectl patch crd crontabs.stable.example.com --type=json -p='[{"op":"replace","path":"/spec/versions/0/storage","value":false},{"op":"replace","path":"/spec/versions/1/storage","value":true}]'
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com patched

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get crd crontabs.stable.example.com -o jsonpath='{.status.storedVersions}{"\n"}'
["v1beta1","v1"]

$ kubectl get --raw /apis/stable.example.com
{"kind":"APIGroup","apiVersion":"v1","name":"stable.example.com","versions":[{"groupVersion":"stable.example.com/v1","version":"v1"},{"groupVersion":"stable.example.com/v1beta1","version":"v1beta1"}],"preferredVersion":{"groupVersion":"stable.example.com/v1","version":"v1"}}

$ kubectl get --raw /apis/stable.example.com/v1
{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"stable.example.com/v1","resources":[{"name":"crontabs","singularName":"crontab","namespaced":true,"kind":"CronTab","verbs":["delete","deletecollection","get","list","patch","create","update","watch"],"shortNames":["ct"],"storageVersionHash":"EdX2FP+L0js="}]}

$ kubectl get --raw /apis/stable.example.com/v2
Error from server (NotFound): the server could not find the requested resource

$ kubectl get --raw '/apis/stable.example.com/v1beta1/namespaces/default/crontabs/old?pretty=true'
Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab
{
  "apiVersion": "stable.example.com/v1beta1",
  "kind": "CronTab",
  "metadata": {
    "annotations": {
      "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"stable.example.com/v1beta1\",\"kind\":\"CronTab\",\"metadata\":{\"annotations\":{},\"name\":\"old\",\"namespace\":\"default\"},\"spec\":{\"cronSpec\":\"*/5 * * * *\",\"image\":\"cron:1\"}}\n"
    },
    "creationTimestamp": "2025-01-01T00:00:02Z",
    "generation": 1,
    "name": "old",
    "namespace": "default",
    "resourceVersion": "376",
    "uid": "321a63d5-408c-4a84-ab00-cc40f5ecd8eb"
  },
  "spec": {
    "cronSpec": "*/5 * * * *",
    "image": "cron:1"
  }
}

$ kubectl get --raw /apis/stable.example.com/v1/namespaces/default/crontabs
{"apiVersion":"stable.example.com/v1","items":[{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"stable.example.com/v1\",\"kind\":\"CronTab\",\"metadata\":{\"annotations\":{},\"name\":\"new\",\"namespace\":\"default\"},\"spec\":{\"cronSpec\":\"* * * * *\",\"image\":\"cron:2\"}}\n"},"creationTimestamp":"2025-01-01T00:00:02Z","generation":1,"name":"new","namespace":"default","resourceVersion":"377","uid":"bfb2e731-c4ff-475d-8cff-3330a10f93d7"},"spec":{"cronSpec":"* * * * *","image":"cron:2"}},{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"stable.example.com/v1beta1\",\"kind\":\"CronTab\",\"metadata\":{\"annotations\":{},\"name\":\"old\",\"namespace\":\"default\"},\"spec\":{\"cronSpec\":\"*/5 * * * *\",\"image\":\"cron:1\"}}\n"},"creationTimestamp":"2025-01-01T00:00:02Z","generation":1,"name":"old","namespace":"default","resourceVersion":"376","uid":"321a63d5-408c-4a84-ab00-cc40f5ecd8eb"},"spec":{"cronSpec":"*/5 * * * *","image":"cron:1"}}],"kind":"CronTabList","metadata":{"continue":"","resourceVersion":"378"}}

$ kubectl get --raw /apis/stable.example.com/v1/namespaces/default/crontabs/gone
Error from server (NotFound): crontabs.stable.example.com "gone" not found
