# APIService (apiregistration.k8s.io/v1): the API server registers a
# local APIService for each group version it serves, always Available.
# They are presented at each read, not stored; the playground runs no
# extension API servers, so none can be added.
$ kubectl get apiservices
NAME                              SERVICE   AVAILABLE   AGE
v1.                               Local     True        2s
v1.admissionregistration.k8s.io   Local     True        2s
v1.apiextensions.k8s.io           Local     True        2s
v1.apps                           Local     True        2s
v1.autoscaling                    Local     True        2s
v1.batch                          Local     True        2s
v1.certificates.k8s.io            Local     True        2s
v1.coordination.k8s.io            Local     True        2s
v1.discovery.k8s.io               Local     True        2s
v1.events.k8s.io                  Local     True        2s
v1.flowcontrol.apiserver.k8s.io   Local     True        2s
v1.networking.k8s.io              Local     True        2s
v1.node.k8s.io                    Local     True        2s
v1.policy                         Local     True        2s
v1.rbac.authorization.k8s.io      Local     True        2s
v1.scheduling.k8s.io              Local     True        2s
v1.storage.k8s.io                 Local     True        2s
v2.autoscaling                    Local     True        2s

$ kubectl get apiservice v1.apps -o yaml
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  labels:
    kube-aggregator.kubernetes.io/automanaged: onstart
  name: v1.apps
  resourceVersion: "373"
  uid: c85aab72-383e-4cdc-bf12-0ee63d3afbb7
spec:
  group: apps
  groupPriorityMinimum: 17800
  version: v1
  versionPriority: 15
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:00Z"
    message: Local APIServices are always available
    reason: Local
    status: "True"
    type: Available

$ kubectl get apiservice v1. -o jsonpath='{.spec}{"\n"}'
{"groupPriorityMinimum":18000,"version":"v1","versionPriority":1}

$ kubectl get apiservices -l kube-aggregator.kubernetes.io/automanaged=onstart -o name | head -3
apiservice.apiregistration.k8s.io/v1.
apiservice.apiregistration.k8s.io/v1.admissionregistration.k8s.io
apiservice.apiregistration.k8s.io/v1.apiextensions.k8s.io

$ kubectl get apiservice v1beta1.metrics.k8s.io
Error from server (NotFound): apiservices.apiregistration.k8s.io "v1beta1.metrics.k8s.io" not found

$ kubectl describe apiservice v2.autoscaling
Name:         v2.autoscaling
Namespace:
Labels:       kube-aggregator.kubernetes.io/automanaged=onstart
Annotations:  <none>
API Version:  apiregistration.k8s.io/v1
Kind:         APIService
Metadata:
  Creation Timestamp:  2025-01-01T00:00:00Z
  Resource Version:    373
  UID:                 7f7d4d78-ae1b-4db7-845e-bf48d95bff53
Spec:
  Group:                   autoscaling
  Group Priority Minimum:  17500
  Version:                 v2
  Version Priority:        30
Status:
  Conditions:
    Last Transition Time:  2025-01-01T00:00:00Z
    Message:               Local APIServices are always available
    Reason:                Local
    Status:                True
    Type:                  Available
Events:                    <none>

$ kubectl api-resources --api-group=apiregistration.k8s.io
NAME          SHORTNAMES   APIVERSION                  NAMESPACED   KIND
apiservices                apiregistration.k8s.io/v1   false        APIService

$ kubectl api-versions | grep apiregistration
apiregistration.k8s.io/v1

$ kubectl explain apiservice.spec
GROUP:      apiregistration.k8s.io
KIND:       APIService
VERSION:    v1

FIELD: spec <APIServiceSpec>


DESCRIPTION:
    The group and version, the server that answers them, and their priority in
    discovery.
    The group version an APIService registers and where requests for it go.

FIELDS:
  caBundle	<string>
    The CA bundle that signs the extension API server's serving certificate
    (base64 in JSON).

  group	<string>
    The API group; empty for the core group.

  groupPriorityMinimum	<integer> -required-
    How early clients should prefer the group, at least: higher first.

  insecureSkipTLSVerify	<boolean>
    Skip verifying the extension API server's certificate. Strongly discouraged.

  service	<ServiceReference>
    The Service in front of the extension API server; empty for a group the API
    server serves itself.

  version	<string>
    The API version, such as v1.

  versionPriority	<integer> -required-
    The order of this version within its group: higher first.

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
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get apiservice v1.stable.example.com -o yaml
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  labels:
    kube-aggregator.kubernetes.io/automanaged: "true"
  name: v1.stable.example.com
  resourceVersion: "375"
  uid: 1069c26c-6579-46d5-9203-3e503ccc6915
spec:
  group: stable.example.com
  groupPriorityMinimum: 1000
  version: v1
  versionPriority: 100
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    message: Local APIServices are always available
    reason: Local
    status: "True"
    type: Available

$ kubectl create -f - <<EOF
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: v1beta1.metrics.k8s.io
spec:
  group: metrics.k8s.io
  version: v1beta1
  service:
    name: metrics-server
    namespace: kube-system
  groupPriorityMinimum: 100
  versionPriority: 100
  insecureSkipTLSVerify: true
EOF
(playground) the simulated cluster runs no extension API servers: its APIServices are the API server's own, and they cannot be changed or added to

$ kubectl delete apiservice v1.apps
(playground) the simulated cluster runs no extension API servers: its APIServices are the API server's own, and they cannot be changed or added to

$ kubectl get apiservice v1.apps
NAME      SERVICE   AVAILABLE   AGE
v1.apps   Local     True        2s

# APIServices belong to the api-extensions category with CRDs and the
# admission policies: the CRD made above comes first, then the
# APIServices (its own among them).
$ kubectl get api-extensions | head -3
NAME                                                                        CREATED AT
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com   2025-01-01T00:00:02Z

$ kubectl api-resources --categories=api-extensions
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND
validatingadmissionpolicies                      admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicy
validatingadmissionpolicybindings                admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicyBinding
customresourcedefinitions           crd,crds     apiextensions.k8s.io/v1           false        CustomResourceDefinition
apiservices                                      apiregistration.k8s.io/v1         false        APIService
