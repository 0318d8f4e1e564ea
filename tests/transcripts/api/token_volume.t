# The ServiceAccount admission plugin mounts an API access volume in every
# container: a bound token, the cluster's CA bundle (kube-root-ca.crt) and
# the namespace, read-only at the service account path.
$ kubectl run web --image=nginx
pod/web created

$ kubectl get pod web -o jsonpath='{.spec.containers[0].volumeMounts[0].mountPath} {.spec.containers[0].volumeMounts[0].readOnly} {.spec.volumes[0].projected.sources[*].configMap.name} {.spec.volumes[0].projected.defaultMode}'
/var/run/secrets/kubernetes.io/serviceaccount true kube-root-ca.crt 420

# An account that opts out: its pods get no volume, unless the pod opts
# back in.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: quiet
automountServiceAccountToken: false
---
apiVersion: v1
kind: Pod
metadata:
  name: silent
spec:
  serviceAccountName: quiet
  containers:
  - name: app
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: loud
spec:
  serviceAccountName: quiet
  automountServiceAccountToken: true
  containers:
  - name: app
    image: nginx
EOF
serviceaccount/quiet created
pod/silent created
pod/loud created

$ kubectl get pod silent -o jsonpath='{.spec.volumes}'

$ kubectl get pod loud -o jsonpath='{.spec.containers[0].volumeMounts[0].mountPath}'
/var/run/secrets/kubernetes.io/serviceaccount
