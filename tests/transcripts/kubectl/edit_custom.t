# kubectl edit of a custom resource: kubectl has no Go type for it, so it
# sends a JSON merge patch (removed fields as null, lists whole).
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
spec:
  size: 2
  tier: web
  ports: [80, 443]
EOF
app.ops.example.com/shop created

$ KUBE_EDITOR="sed -i -e 's/size: 2/size: 3/' -e '/tier: web/d' -e 's/- 443/- 8443/'" kubectl edit app shop --output-patch
Patch: {"spec":{"ports":[80,8443],"size":3,"tier":null}}
app.ops.example.com/shop edited

$ kubectl get app shop -o jsonpath='{.spec}{"\n"}'
{"ports":[80,8443],"size":3}

$ KUBE_EDITOR="sed -i 's/^kind: App/kind: Ap/'" kubectl edit app shop
A copy of your changes has been stored to "/tmp/kubectl-edit-1553481862.yaml"
error: Edit cancelled, no valid changes were saved.
