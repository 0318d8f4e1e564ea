# kubernetes.io "Versions in CustomResourceDefinitions"
# (tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md),
# the parts a kind cluster (v1.32) runs without a conversion webhook:
# several versions with the None strategy, version priority, deprecated
# versions' warnings, a version no longer served, and moving stored
# objects to a new storage version.
#
# "Specify multiple versions" (the apiextensions.k8s.io/v1 tab).
$ cat <<EOF > my-versioned-crontab.yaml
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  # name must match the spec fields below, and be in the form: <plural>.<group>
  name: crontabs.example.com
spec:
  # group name to use for REST API: /apis/<group>/<version>
  group: example.com
  # list of versions supported by this CustomResourceDefinition
  versions:
  - name: v1beta1
    # Each version can be enabled/disabled by Served flag.
    served: true
    # One and only one version must be marked as the storage version.
    storage: true
    # A schema is required
    schema:
      openAPIV3Schema:
        type: object
        properties:
          host:
            type: string
          port:
            type: string
  - name: v1
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          host:
            type: string
          port:
            type: string
  # The conversion section is introduced in Kubernetes 1.13+ with a default value of
  # None conversion (strategy sub-field set to None).
  conversion:
    # None conversion assumes the same schema for all versions and only sets the apiVersion
    # field of custom resources to the proper value
    strategy: None
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

$ kubectl apply -f my-versioned-crontab.yaml
customresourcedefinition.apiextensions.k8s.io/crontabs.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

# Both versions are served; v1 is the group's preferred version.
$ kubectl api-versions | grep example.com
example.com/v1
example.com/v1beta1

$ kubectl get --raw /apis/example.com
{"kind":"APIGroup","apiVersion":"v1","name":"example.com","versions":[{"groupVersion":"example.com/v1","version":"v1"},{"groupVersion":"example.com/v1beta1","version":"v1beta1"}],"preferredVersion":{"groupVersion":"example.com/v1","version":"v1"}}

# An object written at v1beta1 (the storage version).
$ kubectl apply -f - <<EOF
apiVersion: example.com/v1beta1
kind: CronTab
metadata:
  name: first
host: a.example.com
port: "80"
EOF
crontab.example.com/first created

# "Version priority": kubectl reads at v1 unless told otherwise; with the
# None strategy only apiVersion differs.
$ kubectl get ct first -o yaml
apiVersion: example.com/v1
host: a.example.com
kind: CronTab
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"example.com/v1beta1","host":"a.example.com","kind":"CronTab","metadata":{"annotations":{},"name":"first","namespace":"default"},"port":"80"}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: first
  namespace: default
  resourceVersion: "376"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
port: "80"

$ kubectl get crontabs.v1beta1.example.com first -o jsonpath='{.apiVersion}{"\n"}'
example.com/v1beta1

$ kubectl get crd crontabs.example.com -o jsonpath='{.status.storedVersions}{"\n"}'
["v1beta1"]

# "Version deprecation". The page's manifest lacks its `metadata:` line
# (and says `schema: ...`), so as written it is not YAML kubectl reads:
$ cat <<EOF > deprecated-crontab.yaml
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
  name: crontabs.example.com
spec:
  group: example.com
EOF

$ kubectl apply -f deprecated-crontab.yaml
error: error parsing deprecated-crontab.yaml: error converting YAML to JSON: yaml: line 3: mapping values are not allowed in this context
(playground) at document 1, line 3, column 7

# Completed (metadata, and the first example's schema for each version),
# it makes v1 the storage version and deprecates the other two.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.example.com
spec:
  group: example.com
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
  scope: Namespaced
  versions:
  - name: v1alpha1
    served: true
    deprecated: true
    deprecationWarning: "example.com/v1alpha1 CronTab is deprecated; see http://example.com/v1alpha1-v1 for instructions to migrate to example.com/v1 CronTab"
    schema:
      openAPIV3Schema:
        type: object
        properties:
          host:
            type: string
          port:
            type: string
  - name: v1beta1
    served: true
    deprecated: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          host:
            type: string
          port:
            type: string
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          host:
            type: string
          port:
            type: string
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.example.com configured

$ sim settle
settled after 1 steps and 0s of virtual time

# "Previous storage versions": both ever-storage versions are recorded.
$ kubectl get crd crontabs.example.com -o jsonpath='{.status.storedVersions}{"\n"}'
["v1beta1","v1"]

# Requests to a deprecated version carry its warning: the custom one,
# or the default naming the version to use instead.
$ kubectl get crontabs.v1alpha1.example.com
Warning: example.com/v1alpha1 CronTab is deprecated; see http://example.com/v1alpha1-v1 for instructions to migrate to example.com/v1 CronTab
NAME    AGE
first   0s

$ kubectl get crontabs.v1beta1.example.com first
Warning: example.com/v1beta1 CronTab is deprecated; use example.com/v1 CronTab
NAME    AGE
first   0s

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1alpha1
kind: CronTab
metadata:
  name: second
host: b.example.com
port: "8080"
EOF
Warning: example.com/v1alpha1 CronTab is deprecated; see http://example.com/v1alpha1-v1 for instructions to migrate to example.com/v1 CronTab
crontab.example.com/second created

# The preferred version is not deprecated: no warning.
$ kubectl get ct
NAME     AGE
first    0s
second   0s

# "Upgrade existing objects to a new stored version", option 2: rewrite
# every object (now stored at v1), then drop v1beta1 from storedVersions.
$ kubectl get crontabs -o json | kubectl replace -f -
crontab.example.com/first replaced
crontab.example.com/second replaced

# The page's way to patch the status, through kubectl proxy and curl.
$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

$ curl -s --header "Content-Type: application/json-patch+json" --request PATCH http://localhost:8001/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.example.com/status --data '[{"op": "replace", "path": "/status/storedVersions", "value":["v1"]}]' | grep -A2 storedVersions
    "storedVersions": [
      "v1"
    ]

$ kill %1
[1]+  Terminated              kubectl proxy

# The page's note predates kubectl's --subresource (beta in v1.27): the
# same patch, from kubectl itself.
$ kubectl patch crd crontabs.example.com --subresource=status --type=json -p '[{"op": "replace", "path": "/status/storedVersions", "value":["v1"]}]'
customresourcedefinition.apiextensions.k8s.io/crontabs.example.com patched (no change)

$ kubectl get crd crontabs.example.com -o jsonpath='{.status.storedVersions}{"\n"}'
["v1"]

# "Version removal": v1beta1 no longer served. kubectl cannot map it.
$ kubectl patch crd crontabs.example.com --type=json -p '[{"op": "replace", "path": "/spec/versions/1/served", "value": false}]'
customresourcedefinition.apiextensions.k8s.io/crontabs.example.com patched

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get crontabs.v1beta1.example.com
error: the server doesn't have a resource type "crontabs"

$ kubectl get --raw /apis/example.com/v1beta1/namespaces/default/crontabs/first
Error from server (NotFound): the server could not find the requested resource

$ kubectl api-versions | grep example.com
example.com/v1
example.com/v1alpha1
