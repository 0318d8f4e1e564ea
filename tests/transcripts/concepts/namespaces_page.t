# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Namespaces",
# line by line.
#
# "Viewing namespaces": kind's cluster has the four initial namespaces and
# local-path-storage.
$ kubectl get namespace
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# "Setting the namespace for a request": the namespace must exist first.
$ kubectl run nginx --image=nginx --namespace=insert-namespace-name-here
Error from server (NotFound): namespaces "insert-namespace-name-here" not found

$ kubectl create namespace insert-namespace-name-here
namespace/insert-namespace-name-here created

$ kubectl run nginx --image=nginx --namespace=insert-namespace-name-here
pod/nginx created

$ kubectl get pods --namespace=insert-namespace-name-here
NAME    READY   STATUS    RESTARTS   AGE
nginx   0/1     Pending   0          0s

# "Setting the namespace preference".
$ kubectl config set-context --current --namespace=insert-namespace-name-here
Context "kind-kubeplay" modified.

$ kubectl config view --minify | grep namespace:
    namespace: insert-namespace-name-here

$ kubectl get pods
NAME    READY   STATUS    RESTARTS   AGE
nginx   0/1     Pending   0          0s

$ kubectl config set-context --current --namespace=default
Context "kind-kubeplay" modified.

$ kubectl get pods
No resources found in default namespace.

# "Namespaces and DNS": a namespace name is an RFC 1123 label, so no dots.
$ kubectl create namespace my.team
The Namespace "my.team" is invalid: metadata.name: Invalid value: "my.team": must not contain dots

$ kubectl create namespace Team-A
The Namespace "Team-A" is invalid: metadata.name: Invalid value: "Team-A": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

# "Not all objects are in a namespace".
$ kubectl api-resources --namespaced=true
NAME                       SHORTNAMES   APIVERSION                     NAMESPACED   KIND
configmaps                 cm           v1                             true         ConfigMap
endpoints                  ep           v1                             true         Endpoints
events                     ev           v1                             true         Event
limitranges                limits       v1                             true         LimitRange
persistentvolumeclaims     pvc          v1                             true         PersistentVolumeClaim
pods                       po           v1                             true         Pod
podtemplates                            v1                             true         PodTemplate
replicationcontrollers     rc           v1                             true         ReplicationController
resourcequotas             quota        v1                             true         ResourceQuota
secrets                                 v1                             true         Secret
serviceaccounts            sa           v1                             true         ServiceAccount
services                   svc          v1                             true         Service
controllerrevisions                     apps/v1                        true         ControllerRevision
daemonsets                 ds           apps/v1                        true         DaemonSet
deployments                deploy       apps/v1                        true         Deployment
replicasets                rs           apps/v1                        true         ReplicaSet
statefulsets               sts          apps/v1                        true         StatefulSet
horizontalpodautoscalers   hpa          autoscaling/v2                 true         HorizontalPodAutoscaler
cronjobs                   cj           batch/v1                       true         CronJob
jobs                                    batch/v1                       true         Job
leases                                  coordination.k8s.io/v1         true         Lease
endpointslices                          discovery.k8s.io/v1            true         EndpointSlice
events                     ev           events.k8s.io/v1               true         Event
ingresses                  ing          networking.k8s.io/v1           true         Ingress
networkpolicies            netpol       networking.k8s.io/v1           true         NetworkPolicy
poddisruptionbudgets       pdb          policy/v1                      true         PodDisruptionBudget
rolebindings                            rbac.authorization.k8s.io/v1   true         RoleBinding
roles                                   rbac.authorization.k8s.io/v1   true         Role

$ kubectl api-resources --namespaced=false
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND
componentstatuses                   cs           v1                                false        ComponentStatus
namespaces                          ns           v1                                false        Namespace
nodes                               no           v1                                false        Node
persistentvolumes                   pv           v1                                false        PersistentVolume
validatingadmissionpolicies                      admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicy
validatingadmissionpolicybindings                admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicyBinding
customresourcedefinitions           crd,crds     apiextensions.k8s.io/v1           false        CustomResourceDefinition
apiservices                                      apiregistration.k8s.io/v1         false        APIService
certificatesigningrequests          csr          certificates.k8s.io/v1            false        CertificateSigningRequest
flowschemas                                      flowcontrol.apiserver.k8s.io/v1   false        FlowSchema
prioritylevelconfigurations                      flowcontrol.apiserver.k8s.io/v1   false        PriorityLevelConfiguration
ingressclasses                                   networking.k8s.io/v1              false        IngressClass
runtimeclasses                                   node.k8s.io/v1                    false        RuntimeClass
clusterrolebindings                              rbac.authorization.k8s.io/v1      false        ClusterRoleBinding
clusterroles                                     rbac.authorization.k8s.io/v1      false        ClusterRole
priorityclasses                     pc           scheduling.k8s.io/v1              false        PriorityClass
csinodes                                         storage.k8s.io/v1                 false        CSINode
storageclasses                      sc           storage.k8s.io/v1                 false        StorageClass

# "Automatic labelling": kubernetes.io/metadata.name.
$ kubectl get ns --show-labels
NAME                         STATUS   AGE   LABELS
default                      Active   2s    kubernetes.io/metadata.name=default
insert-namespace-name-here   Active   0s    kubernetes.io/metadata.name=insert-namespace-name-here
kube-node-lease              Active   2s    kubernetes.io/metadata.name=kube-node-lease
kube-public                  Active   2s    kubernetes.io/metadata.name=kube-public
kube-system                  Active   2s    kubernetes.io/metadata.name=kube-system
local-path-storage           Active   2s    kubernetes.io/metadata.name=local-path-storage

$ kubectl get ns -l kubernetes.io/metadata.name=kube-system
NAME          STATUS   AGE
kube-system   Active   2s

# The initial namespaces default and kube-system cannot be deleted; a
# kube- prefix is only a convention.
$ kubectl delete namespace default
Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted

$ kubectl delete namespace kube-system
Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted

$ kubectl delete namespace kube-public
Error from server (Forbidden): namespaces "kube-public" is forbidden: this namespace may not be deleted

$ kubectl create namespace kube-foo
namespace/kube-foo created

$ kubectl delete namespace insert-namespace-name-here kube-foo
namespace "insert-namespace-name-here" deleted
namespace "kube-foo" deleted

$ kubectl get namespace insert-namespace-name-here
Error from server (NotFound): namespaces "insert-namespace-name-here" not found
