# kubectl apply edit-last-applied: the last-applied-configuration
# annotations are the buffer; saving sets the annotation (a merge patch),
# leaving the live object's fields as they are.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: app
data:
  color: blue
EOF
configmap/app created

$ KUBE_EDITOR=cat kubectl apply edit-last-applied configmap/app
# Please edit the 'last-applied-configuration' annotations below.
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.
#
apiVersion: v1
data:
  color: blue
kind: ConfigMap
metadata:
  annotations: {}
  name: app
  namespace: default
Edit cancelled, no changes made.

$ KUBE_EDITOR="sed -i 's/color: blue/color: green/'" kubectl apply edit-last-applied configmap/app
configmap/app edited

$ kubectl apply view-last-applied configmap app
apiVersion: v1
data:
  color: green
kind: ConfigMap
metadata:
  annotations: {}
  name: app
  namespace: default

$ kubectl get configmap app -o jsonpath='{.data.color}{"\n"}'
blue

# Objects made without apply have no annotation to edit.
$ kubectl create configmap plain --from-literal=a=1
configmap/plain created

$ KUBE_EDITOR=true kubectl apply edit-last-applied configmap/plain
error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`

$ kubectl apply edit-last-applied configmap/app --output-patch
error: unknown flag: --output-patch
See 'kubectl apply edit-last-applied --help' for usage.
