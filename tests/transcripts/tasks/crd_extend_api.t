# Task "Extend the Kubernetes API with CustomResourceDefinitions", line
# by line, on the playground's kind cluster (v1.32). The page's files
# (resourcedefinition.yaml, my-crontab.yaml) are written with
# here-documents.
#
# "Create a CustomResourceDefinition".
$ cat > resourcedefinition.yaml <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  # name must match the spec fields below, and be in the form: <plural>.<group>
  name: crontabs.stable.example.com
spec:
  # group name to use for REST API: /apis/<group>/<version>
  group: stable.example.com
  # list of versions supported by this CustomResourceDefinition
  versions:
    - name: v1
      # Each version can be enabled/disabled by Served flag.
      served: true
      # One and only one version must be marked as the storage version.
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
  # either Namespaced or Cluster
  scope: Namespaced
  names:
    # plural name to be used in the URL: /apis/<group>/<version>/<plural>
    plural: crontabs
    # singular name to be used as an alias on the CLI and for display
    singular: crontab
    # kind is normally the CamelCased singular type. Your resource manifests use this.
    kind: CronTab
    # shortNames allow shorter string to match your resource on the CLI
    shortNames:
    - ct
EOF

$ kubectl apply -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

# The API server names and establishes it at once.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get crd crontabs.stable.example.com
NAME                          CREATED AT
crontabs.stable.example.com   2025-01-01T00:00:02Z

$ kubectl get --raw /apis/stable.example.com/v1 | head -c 200; echo
{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"stable.example.com/v1","resources":[{"name":"crontabs","singularName":"crontab","namespaced":true,"kind":"CronTab","verbs":["delete","delete

# "Create custom objects".
$ cat > my-crontab.yaml <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
EOF

$ kubectl apply -f my-crontab.yaml
crontab.stable.example.com/my-new-cron-object created

$ kubectl get crontab
NAME                 AGE
my-new-cron-object   0s

# Singular, plural and short names, in any case.
$ kubectl get CronTabs.stable.example.com my-new-cron-object
NAME                 AGE
my-new-cron-object   0s

$ kubectl get ct -o yaml
apiVersion: v1
items:
- apiVersion: stable.example.com/v1
  kind: CronTab
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{},"name":"my-new-cron-object","namespace":"default"},"spec":{"cronSpec":"* * * * */5","image":"my-awesome-cron-image"}}
    creationTimestamp: "2025-01-01T00:00:02Z"
    generation: 1
    name: my-new-cron-object
    namespace: default
    resourceVersion: "376"
    uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
  spec:
    cronSpec: '* * * * */5'
    image: my-awesome-cron-image
kind: List
metadata:
  resourceVersion: ""

# "Delete a CustomResourceDefinition": its objects go with it, and the
# resource is no longer served. (The page shows an older kubectl's
# message; v1.32's discovery says the type is unknown.)
$ kubectl delete -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get crontabs
error: the server doesn't have a resource type "crontabs"

# "Field pruning": again with the CRD, an unknown field is dropped by the
# API server. With --validate=false (fieldValidation=Ignore) it does so
# silently.
$ kubectl apply -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ cat > my-crontab.yaml <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
  someRandomField: 42
EOF

$ kubectl create --validate=false -f my-crontab.yaml -o yaml
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: my-new-cron-object
  namespace: default
  resourceVersion: "383"
  uid: e0525b8c-4365-470d-81da-595cd49adc78
spec:
  cronSpec: '* * * * */5'
  image: my-awesome-cron-image

# With kubectl's default (strict server-side field validation) the
# unknown field is an error instead, and with --validate=warn a warning.
$ kubectl delete ct my-new-cron-object
crontab.stable.example.com "my-new-cron-object" deleted

$ kubectl create -f my-crontab.yaml
Error from server (BadRequest): error when creating "my-crontab.yaml": CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.someRandomField"

$ kubectl create --validate=warn -f my-crontab.yaml
Warning: unknown field "spec.someRandomField"
crontab.stable.example.com/my-new-cron-object created

$ kubectl delete -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

# "Validation": a pattern for cronSpec, bounds for replicas.
$ cat > resourcedefinition.yaml <<EOF
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
        # openAPIV3Schema is the schema for validating custom objects.
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                cronSpec:
                  type: string
                  pattern: '^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$'
                image:
                  type: string
                replicas:
                  type: integer
                  minimum: 1
                  maximum: 10
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF

$ kubectl apply -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ cat > my-crontab.yaml <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * *"
  image: my-awesome-cron-image
  replicas: 15
EOF

# Both fields are invalid (v1.32 names each one; the page shows an
# older, single-cause message).
$ kubectl apply -f my-crontab.yaml
The CronTab "my-new-cron-object" is invalid:
* spec.cronSpec: Invalid value: "* * * *": spec.cronSpec in body should match '^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$'
* spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10

$ cat > my-crontab.yaml <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
  replicas: 5
EOF

$ kubectl apply -f my-crontab.yaml
crontab.stable.example.com/my-new-cron-object created

# "Validation rules" (x-kubernetes-validations, CEL): the API server
# compiles them with the CRD and checks them on every write, `self` bound
# to the value where the rule sits. (The page prints the failed value as a
# Go map; v1.32 prints its type.)
$ kubectl delete -f resourcedefinition.yaml
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

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
              x-kubernetes-validations:
                - rule: "self.minReplicas <= self.replicas"
                  message: "replicas should be greater than or equal to minReplicas."
                - rule: "self.replicas <= self.maxReplicas"
                  message: "replicas should be smaller than or equal to maxReplicas."
              properties:
                minReplicas:
                  type: integer
                replicas:
                  type: integer
                maxReplicas:
                  type: integer
              required:
                - minReplicas
                - replicas
                - maxReplicas
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  minReplicas: 0
  replicas: 20
  maxReplicas: 10
EOF
The CronTab "my-new-cron-object" is invalid: spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.

# `required` is an OpenAPI check; when one of those fails, the rules are
# not run, and the API server says so.
$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: missing-fields
spec:
  replicas: 2
EOF
The CronTab "missing-fields" is invalid:
* spec.minReplicas: Required value
* spec.maxReplicas: Required value
* <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

# "Defaulting": defaults are applied when reading from etcd, when
# creating and when updating.
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
        # openAPIV3Schema is the schema for validating custom objects.
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                cronSpec:
                  type: string
                  pattern: '^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$'
                  default: "5 0 * * *"
                image:
                  type: string
                replicas:
                  type: integer
                  minimum: 1
                  maximum: 10
                  default: 1
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  image: my-awesome-cron-image
EOF
crontab.stable.example.com/my-new-cron-object created

$ kubectl get crontab my-new-cron-object -o yaml
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"annotations":{},"name":"my-new-cron-object","namespace":"default"},"spec":{"image":"my-awesome-cron-image"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: my-new-cron-object
  namespace: default
  resourceVersion: "403"
  uid: 2e511200-f766-466c-881c-3a0dbf25229b
spec:
  cronSpec: 5 0 * * *
  image: my-awesome-cron-image
  replicas: 1

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

# "Additional printer columns": Spec and Replicas from the object, and
# its age.
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
    shortNames:
    - ct
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
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f my-crontab.yaml
crontab.stable.example.com/my-new-cron-object created

$ kubectl get crontab my-new-cron-object
NAME                 SPEC          REPLICAS   AGE
my-new-cron-object   * * * * */5   5          0s

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

# "Subresources": status and scale.
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
            status:
              type: object
              properties:
                replicas:
                  type: integer
                labelSelector:
                  type: string
      # subresources describes the subresources for custom resources.
      subresources:
        # status enables the status subresource.
        status: {}
        # scale enables the scale subresource.
        scale:
          # specReplicasPath defines the JSONPath inside of a custom resource that corresponds to Scale.Spec.Replicas.
          specReplicasPath: .spec.replicas
          # statusReplicasPath defines the JSONPath inside of a custom resource that corresponds to Scale.Status.Replicas.
          statusReplicasPath: .status.replicas
          # labelSelectorPath defines the JSONPath inside of a custom resource that corresponds to Scale.Status.Selector.
          labelSelectorPath: .status.labelSelector
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
  replicas: 3
EOF
crontab.stable.example.com/my-new-cron-object created

$ kubectl scale --replicas=5 crontabs/my-new-cron-object
crontab.stable.example.com/my-new-cron-object scaled

$ kubectl get crontabs my-new-cron-object -o jsonpath='{.spec.replicas}'; echo
5

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

# "Categories": a CRD in the `all` category is listed by kubectl get all.
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
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
    # categories is a list of grouped resources the custom resource belongs to.
    categories:
    - all
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f my-crontab.yaml
crontab.stable.example.com/my-new-cron-object created

$ kubectl get all
NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   2s

NAME                                            AGE
crontab.stable.example.com/my-new-cron-object   0s

$ kubectl delete crd crontabs.stable.example.com
customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted
