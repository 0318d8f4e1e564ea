# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Owners and
# Dependents", line by line.
#
# "Owner references in object specifications": controllers set them, with
# controller and blockOwnerDeletion true.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get rs -l app=web -o jsonpath='{range .items[*].metadata.ownerReferences[*]}{.kind}/{.name} controller={.controller} blockOwnerDeletion={.blockOwnerDeletion}{"\n"}{end}'
Deployment/web controller=true blockOwnerDeletion=true

$ kubectl get pods -l app=web -o jsonpath='{range .items[*]}{.metadata.name} <- {.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}{"\n"}{end}'
web-797596b896-2bcp5 <- ReplicaSet/web-797596b896
web-797596b896-jjhv7 <- ReplicaSet/web-797596b896

# A dependent may name an owner only in its own namespace, or a
# cluster-scoped one; a cluster-scoped dependent may not name a namespaced
# owner. The garbage collector deletes the namespaced dependent whose owner
# is not in its namespace, keeps the cluster-scoped one, and records a
# Warning event for each.
$ UID=$(kubectl get deployment web -o jsonpath='{.metadata.uid}')

$ kubectl create namespace other
namespace/other created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cross
  namespace: other
  ownerReferences:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
    uid: $UID
EOF
configmap/cross created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: same
  ownerReferences:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
    uid: $UID
EOF
configmap/same created

$ kubectl create -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: bad-child
  ownerReferences:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
    uid: $UID
rules: []
EOF
clusterrole.rbac.authorization.k8s.io/bad-child created

$ sim settle
settled after 5 steps and 0s of virtual time

$ kubectl get cm -n other
NAME               DATA   AGE
kube-root-ca.crt   1      0s

$ kubectl get cm same
NAME   DATA   AGE
same   0      0s

$ kubectl get clusterrole bad-child
NAME        CREATED AT
bad-child   2025-01-01T00:00:06Z

$ kubectl get events -A --field-selector=reason=OwnerRefInvalidNamespace
NAMESPACE   LAST SEEN   TYPE      REASON                     OBJECT                  MESSAGE
default     0s          Warning   OwnerRefInvalidNamespace   clusterrole/bad-child   ownerRef [apps/v1/Deployment, namespace: , name: web, uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba] does not exist in namespace ""
other       0s          Warning   OwnerRefInvalidNamespace   configmap/cross         ownerRef [apps/v1/Deployment, namespace: other, name: web, uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba] does not exist in namespace "other"

# The valid dependent goes with its owner.
$ kubectl delete deployment web
deployment.apps "web" deleted

$ sim settle
settled after 10 steps and 0s of virtual time

$ kubectl get cm same
Error from server (NotFound): configmaps "same" not found

# An owner reference needs the owner's uid.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: noref
  ownerReferences:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
EOF
The ConfigMap "noref" is invalid: metadata.ownerReferences.uid: Invalid value: "": uid must not be empty
