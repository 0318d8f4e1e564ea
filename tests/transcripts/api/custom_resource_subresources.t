# A CRD's status and scale subresources: status is written only through
# its endpoint, kubectl scale goes through the Scale at the CRD's paths,
# a CRD's categories (`all` among them) list its objects, and deleting a
# namespace deletes its custom resources too.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, categories: [all, gadgets]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale:
        specReplicasPath: .spec.replicas
        statusReplicasPath: .status.replicas
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
EOF
customresourcedefinition.apiextensions.k8s.io/widgets.example.com created

$ kubectl wait --for condition=established --timeout=60s crd/widgets.example.com
customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
spec: {replicas: 1}
status: {replicas: 7}
EOF
widget.example.com/w created

$ kubectl get widget w -o jsonpath='{.status}{"\n"}'

$ kubectl patch widget w --subresource=status --type=merge -p '{"status":{"replicas":2}}'
widget.example.com/w patched

$ kubectl get widget w -o jsonpath='{.status} {.metadata.generation}{"\n"}'
{"replicas":2} 1

$ kubectl scale widget w --replicas=4
widget.example.com/w scaled

$ kubectl get widget w --subresource=scale -o yaml
apiVersion: autoscaling/v1
kind: Scale
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: w
  namespace: default
  resourceVersion: "378"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  replicas: 4
status:
  replicas: 2

$ kubectl get widget w -o jsonpath='{.spec} {.metadata.generation}{"\n"}'
{"replicas":4} 2

$ kubectl get all
NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   2s

NAME                   AGE
widget.example.com/w   0s

$ kubectl get gadgets
NAME   AGE
w      0s

$ kubectl create role widget-reader --verb=get,list --resource=widgets
role.rbac.authorization.k8s.io/widget-reader created

$ kubectl auth can-i list widgets --as=system:serviceaccount:default:default
no

$ kubectl create ns dev
namespace/dev created

$ kubectl apply -n dev -f - <<EOF
apiVersion: example.com/v1
kind: Widget
metadata: {name: w2}
spec: {replicas: 1}
EOF
widget.example.com/w2 created

$ kubectl delete ns dev
namespace "dev" deleted

$ kubectl get widgets -A
NAMESPACE   NAME   AGE
default     w      0s
