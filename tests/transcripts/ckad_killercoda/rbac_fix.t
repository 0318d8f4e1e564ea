# omkar-shelke25/ckad-killercoda, RBAC-Fix: setup.sh, the solution's
# commands in step1.md (the patch, as its alternative to edit), then
# verify.sh's checks (its jq filters as jsonpath).
$ kubectl create ns project-alpha --dry-run=client -o yaml | kubectl apply -f -
namespace/project-alpha created

$ kubectl -n project-alpha create sa dev-user-1 --dry-run=client -o yaml | kubectl apply -f -
serviceaccount/dev-user-1 created

$ kubectl -n project-alpha apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: demo-config
data:
  key: "value"
EOF
configmap/demo-config created

# The API server takes any resource name in a rule, even one that no
# resource has.
$ kubectl -n project-alpha apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: config-reader
rules:
- apiGroups: [""]
  resources: ["configmap"]  # <-- BUG: should be 'configmaps'
  verbs: ["get","list"]
EOF
role.rbac.authorization.k8s.io/config-reader created

$ kubectl -n project-alpha apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: dev-user-1-binding
subjects:
- kind: ServiceAccount
  name: dev-user-1
  namespace: project-alpha
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: config-reader
EOF
rolebinding.rbac.authorization.k8s.io/dev-user-1-binding created

$ kubectl auth can-i list configmaps --as="system:serviceaccount:project-alpha:dev-user-1" -n project-alpha || true
no

# The solution.
$ kubectl auth can-i list configmaps --as=system:serviceaccount:project-alpha:dev-user-1 -n project-alpha
no

$ kubectl -n project-alpha get role config-reader -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"annotations":{},"name":"config-reader","namespace":"project-alpha"},"rules":[{"apiGroups":[""],"resources":["configmap"],"verbs":["get","list"]}]}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: config-reader
  namespace: project-alpha
  resourceVersion: "377"
  uid: e0525b8c-4365-470d-81da-595cd49adc78
rules:
- apiGroups:
  - ""
  resources:
  - configmap
  verbs:
  - get
  - list

$ kubectl -n project-alpha get rolebinding dev-user-1-binding -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"RoleBinding","metadata":{"annotations":{},"name":"dev-user-1-binding","namespace":"project-alpha"},"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"config-reader"},"subjects":[{"kind":"ServiceAccount","name":"dev-user-1","namespace":"project-alpha"}]}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: dev-user-1-binding
  namespace: project-alpha
  resourceVersion: "378"
  uid: d404fc7a-73ae-412e-9721-471597adbdb4
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: config-reader
subjects:
- kind: ServiceAccount
  name: dev-user-1
  namespace: project-alpha

$ kubectl api-resources | grep -i configmap
configmaps                          cm           v1                                true         ConfigMap

$ kubectl -n project-alpha patch role config-reader --type='json' -p='[{"op":"replace","path":"/rules/0/resources/0","value":"configmaps"}]'
role.rbac.authorization.k8s.io/config-reader patched

$ kubectl auth can-i list configmaps --as=system:serviceaccount:project-alpha:dev-user-1 -n project-alpha
yes

# verify.sh
$ kubectl -n project-alpha get role config-reader -o jsonpath='{.rules[*].resources}{"\n"}'
["configmaps"]

$ kubectl -n project-alpha get rolebinding dev-user-1-binding -o jsonpath='{.roleRef.name} {range .subjects[*]}{.kind}/{.namespace}/{.name}{end}{"\n"}'
config-reader ServiceAccount/project-alpha/dev-user-1

$ kubectl -n project-alpha get configmaps --as="system:serviceaccount:project-alpha:dev-user-1"
NAME          DATA   AGE
demo-config   1      0s
