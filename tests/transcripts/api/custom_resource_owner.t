# An operator's pattern: a Deployment owned by a custom resource (its
# ownerReference found through the CRD) is garbage-collected with it.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: apps.ops.example.com
spec:
  group: ops.example.com
  scope: Namespaced
  names: {plural: apps, kind: App}
  versions:
  - name: v1alpha1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
EOF
customresourcedefinition.apiextensions.k8s.io/apps.ops.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: ops.example.com/v1alpha1
kind: App
metadata:
  name: shop
spec: {size: 2}
EOF
app.ops.example.com/shop created

$ kubectl create deployment shop-web --image=nginx --replicas=2
deployment.apps/shop-web created

$ UID=$(kubectl get app shop -o jsonpath='{.metadata.uid}')

$ kubectl patch deployment shop-web --type=merge -p "{\"metadata\":{\"ownerReferences\":[{\"apiVersion\":\"ops.example.com/v1alpha1\",\"kind\":\"App\",\"name\":\"shop\",\"uid\":\"$UID\",\"controller\":true,\"blockOwnerDeletion\":true}]}}"
deployment.apps/shop-web patched

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get deploy shop-web -o jsonpath='{.metadata.ownerReferences[0].kind}{"\n"}'
App

$ kubectl delete app shop
app.ops.example.com "shop" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get deploy
No resources found in default namespace.
