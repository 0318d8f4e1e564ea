# CustomResourceDefinitions: a CRD teaches the API server a new kind once
# it is Established; its objects get the CRD's printer columns, a generic
# describe, an explain from its schema, the schema's checks (unknown
# fields pruned with a warning); deleting the CRD deletes them.
$ kubectl apply -f - <<EOF
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
          properties:
            spec:
              type: object
              properties:
                cronSpec:
                  type: string
                image:
                  type: string
                replicas:
                  type: integer
      additionalPrinterColumns:
      - name: Spec
        type: string
        description: The cron spec defining the interval a CronJob is run
        jsonPath: .spec.cronSpec
      - name: Replicas
        type: integer
        description: The number of jobs launched by the CronJob
        jsonPath: .spec.replicas
      - name: Age
        type: date
        jsonPath: .metadata.creationTimestamp
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ kubectl get crontabs
error: the server doesn't have a resource type "crontabs"

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get crd
NAME                          CREATED AT
crontabs.stable.example.com   2025-01-01T00:00:02Z

$ kubectl get crd crontabs.stable.example.com -o jsonpath='{.status.conditions[*].type}{"\n"}{.status.acceptedNames.listKind}{"\n"}{.status.storedVersions}{"\n"}'
NamesAccepted Established
CronTabList
["v1"]

$ kubectl api-resources --api-group=stable.example.com
NAME       SHORTNAMES   APIVERSION              NAMESPACED   KIND
crontabs   ct           stable.example.com/v1   true         CronTab

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
  replicas: 1
EOF
crontab.stable.example.com/my-new-cron-object created

$ kubectl get ct
NAME                 SPEC          REPLICAS   AGE
my-new-cron-object   * * * * */5   1          0s

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: bad
spec:
  cronSpec: 5
  replicas: "three"
EOF
The CronTab "bad" is invalid:
* spec.cronSpec: Invalid value: "integer": spec.cronSpec in body must be of type string: "integer"
* spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"

# A field the schema lacks: under kubectl's default strict field
# validation the API server refuses it; with --validate=warn it prunes
# it and warns.
$ kubectl apply --validate=warn -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: extra
spec:
  cronSpec: "* * * * *"
  color: blue
EOF
Warning: unknown field "spec.color"
crontab.stable.example.com/extra created

$ kubectl get ct extra -o jsonpath='{.spec}{"\n"}'
{"cronSpec":"* * * * *"}

$ kubectl get ct
NAME                 SPEC          REPLICAS   AGE
extra                * * * * *                0s
my-new-cron-object   * * * * */5   1          0s

$ kubectl get crontab.stable.example.com my-new-cron-object -o yaml
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{},"name":"my-new-cron-object","namespace":"default"},"spec":{"cronSpec":"* * * * */5","image":"my-awesome-cron-image","replicas":1}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: my-new-cron-object
  namespace: default
  resourceVersion: "376"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  cronSpec: '* * * * */5'
  image: my-awesome-cron-image
  replicas: 1

$ kubectl describe crontab my-new-cron-object
Name:         my-new-cron-object
Namespace:    default
Labels:       <none>
Annotations:  <none>
API Version:  stable.example.com/v1
Kind:         CronTab
Metadata:
  Creation Timestamp:  2025-01-01T00:00:02Z
  Generation:          1
  Resource Version:    376
  UID:                 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
Spec:
  Cron Spec:  * * * * */5
  Image:      my-awesome-cron-image
  Replicas:   1
Events:       <none>

$ kubectl explain crontab.spec
GROUP:      stable.example.com
KIND:       CronTab
VERSION:    v1

FIELD: spec <Object>


DESCRIPTION:
    <no description>

FIELDS:
  cronSpec	<string>
    <no description>

  image	<string>
    <no description>

  replicas	<integer>
    <no description>

$ kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":3}}'
crontab.stable.example.com/my-new-cron-object patched

$ kubectl get ct my-new-cron-object -o jsonpath='{.spec.replicas} {.metadata.generation}{"\n"}'
3 2

$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: wrong.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: things, kind: Thing}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, properties: {spec: {properties: {size: {type: integer}}}}}
EOF
The CustomResourceDefinition "wrong.example.com" is invalid:
* metadata.name: Invalid value: "wrong.example.com": must be spec.names.plural+"."+spec.group
* spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields

$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: cronwidgets.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: cronwidgets, kind: CronWidget, shortNames: [ct]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
EOF
customresourcedefinition.apiextensions.k8s.io/cronwidgets.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get crd cronwidgets.stable.example.com -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
NamesAccepted False ShortNamesConflict: "ct" is already in use
Established False NotAccepted: not all names are accepted

$ kubectl get cronwidgets
error: the server doesn't have a resource type "cronwidgets"

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ kubectl get ct
error: the server doesn't have a resource type "ct"

$ kubectl get crd
NAME                             CREATED AT
cronwidgets.stable.example.com   2025-01-01T00:00:02Z

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get crd cronwidgets.stable.example.com -o jsonpath='{.status.acceptedNames.shortNames}{"\n"}'
["ct"]

$ kubectl get ct
No resources found in default namespace.
