# Roles, ClusterRoles and their bindings (rbac.authorization.k8s.io/v1),
# made with kubectl create and with apply, then listed, shown and
# described; the API server checks them as v1.32 does, and a binding's
# roleRef cannot change.
$ kubectl create namespace team
namespace/team created

$ kubectl create role pod-reader -n team --verb=get,list,watch --resource=pods,pods/log
role.rbac.authorization.k8s.io/pod-reader created

# Short names resolve against discovery (deploy is deployments.apps); a
# subresource keeps its suffix.
$ kubectl create role deployer -n team --verb=get,update,patch --resource=deployments.apps,deploy/scale --resource-name=web
role.rbac.authorization.k8s.io/deployer created

$ kubectl create role deployer -n team --verb=get,update,patch --resource=deployments.apps,deploy/scale --resource-name=web --dry-run=client -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  creationTimestamp: null
  name: deployer
  namespace: team
rules:
- apiGroups:
  - apps
  resourceNames:
  - web
  resources:
  - deployments
  - deployments/scale
  verbs:
  - get
  - update
  - patch

$ kubectl create rolebinding read-pods -n team --role=pod-reader --user=jane --group=devs --serviceaccount=team:ci
rolebinding.rbac.authorization.k8s.io/read-pods created

$ kubectl create clusterrole node-viewer --verb=get --resource=nodes --non-resource-url=/healthz,/version
clusterrole.rbac.authorization.k8s.io/node-viewer created

$ kubectl create clusterrolebinding view-nodes --clusterrole=node-viewer --user=jane --serviceaccount=team:ci
clusterrolebinding.rbac.authorization.k8s.io/view-nodes created

$ kubectl create clusterrole monitoring-extra --aggregation-rule=rbac.example.com/aggregate-to-monitoring=true --dry-run=client -o yaml
aggregationRule:
  clusterRoleSelectors:
  - matchLabels:
      rbac.example.com/aggregate-to-monitoring: "true"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  creationTimestamp: null
  name: monitoring-extra
rules: null

# The API server fills in the role's and the users' API group.
$ kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: config-editor
  namespace: team
rules:
- apiGroups: [""]
  resources: ["configmaps"]
  verbs: ["get", "list"]
- apiGroups: [""]
  resources: ["configmaps"]
  resourceNames: ["app-config"]
  verbs: ["update", "patch"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: edit-config
  namespace: team
subjects:
- kind: User
  name: bob
- kind: ServiceAccount
  name: deployer
  namespace: team
roleRef:
  kind: Role
  name: config-editor
EOF
role.rbac.authorization.k8s.io/config-editor created
rolebinding.rbac.authorization.k8s.io/edit-config created

$ kubectl get roles -n team
NAME            CREATED AT
config-editor   2025-01-01T00:00:02Z
deployer        2025-01-01T00:00:02Z
pod-reader      2025-01-01T00:00:02Z

$ kubectl get rolebindings -n team -o wide
NAME          ROLE                 AGE   USERS   GROUPS   SERVICEACCOUNTS
edit-config   Role/config-editor   0s    bob              team/deployer
read-pods     Role/pod-reader      0s    jane    devs     team/ci

$ kubectl get clusterrole node-viewer -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: node-viewer
  resourceVersion: "378"
  uid: d404fc7a-73ae-412e-9721-471597adbdb4
rules:
- apiGroups:
  - ""
  resources:
  - nodes
  verbs:
  - get
- nonResourceURLs:
  - /healthz
  - /version
  verbs:
  - get

$ kubectl get clusterrolebinding view-nodes -o wide
NAME         ROLE                      AGE   USERS   GROUPS   SERVICEACCOUNTS
view-nodes   ClusterRole/node-viewer   0s    jane             team/ci

$ kubectl get rolebinding edit-config -n team -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"RoleBinding","metadata":{"annotations":{},"name":"edit-config","namespace":"team"},"roleRef":{"kind":"Role","name":"config-editor"},"subjects":[{"kind":"User","name":"bob"},{"kind":"ServiceAccount","name":"deployer","namespace":"team"}]}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: edit-config
  namespace: team
  resourceVersion: "381"
  uid: 0f584890-f70c-4d48-a86b-2d79d5476dbb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: config-editor
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: bob
- kind: ServiceAccount
  name: deployer
  namespace: team

# describe merges each resource's verbs into one row, sorted by the
# rule's verbs; non-resource URLs get a row per verb.
$ kubectl describe role pod-reader -n team
Name:         pod-reader
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources  Non-Resource URLs  Resource Names  Verbs
  ---------  -----------------  --------------  -----
  pods/log   []                 []              [get list watch]
  pods       []                 []              [get list watch]

$ kubectl describe role config-editor deployer -n team
Name:         config-editor
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources   Non-Resource URLs  Resource Names  Verbs
  ---------   -----------------  --------------  -----
  configmaps  []                 []              [get list]
  configmaps  []                 [app-config]    [update patch]


Name:         deployer
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources               Non-Resource URLs  Resource Names  Verbs
  ---------               -----------------  --------------  -----
  deployments.apps/scale  []                 [web]           [get update patch]
  deployments.apps        []                 [web]           [get update patch]

$ kubectl describe clusterrole node-viewer
Name:         node-viewer
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources  Non-Resource URLs  Resource Names  Verbs
  ---------  -----------------  --------------  -----
             [/healthz]         []              [get]
             [/version]         []              [get]
  nodes      []                 []              [get]

$ kubectl describe rolebinding read-pods -n team
Name:         read-pods
Labels:       <none>
Annotations:  <none>
Role:
  Kind:  Role
  Name:  pod-reader
Subjects:
  Kind            Name  Namespace
  ----            ----  ---------
  User            jane
  Group           devs
  ServiceAccount  ci    team

$ kubectl describe clusterrolebinding view-nodes
Name:         view-nodes
Labels:       <none>
Annotations:  <none>
Role:
  Kind:  ClusterRole
  Name:  node-viewer
Subjects:
  Kind            Name  Namespace
  ----            ----  ---------
  User            jane
  ServiceAccount  ci    team

# set subject adds the subjects a binding lacks, and leaves a binding
# that has them all alone (nothing printed).
$ kubectl set subject rolebinding read-pods -n team --user=jane --user=amy --serviceaccount=team:builder
rolebinding.rbac.authorization.k8s.io/read-pods subjects updated

$ kubectl get rolebinding read-pods -n team -o wide
NAME        ROLE              AGE   USERS       GROUPS   SERVICEACCOUNTS
read-pods   Role/pod-reader   0s    jane, amy   devs     team/ci, team/builder

$ kubectl set subject rolebinding read-pods -n team --user=amy

$ kubectl set subject clusterrolebinding view-nodes --serviceaccount=:ci
error: serviceaccount must be <namespace>:<name>, namespace must be specified

$ kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: broken
  namespace: team
rules:
- resources: ["pods"]
  verbs: ["get"]
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get"]
  nonResourceURLs: ["/healthz"]
EOF
The Role "broken" is invalid:
* rules[0].apiGroups: Required value: resource rules must supply at least one api group
* rules[1].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs
* rules[1].nonResourceURLs: Invalid value: []string{"/healthz"}: rules cannot apply to both regular resources and non-resource URLs

$ kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: wrong
subjects:
- kind: ServiceAccount
  name: ci
- kind: Robot
  name: r2
roleRef:
  kind: Role
  name: pod-reader
EOF
The ClusterRoleBinding "wrong" is invalid:
* roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"
* subjects[0].namespace: Required value
* subjects[1].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"

# A binding's role is fixed: to grant another, delete and recreate it.
$ kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: edit-config
  namespace: team
subjects:
- kind: User
  name: bob
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: edit
EOF
The RoleBinding "edit-config" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"edit"}: cannot change roleRef

$ kubectl create rolebinding read-pods -n team --clusterrole=view --user=jane
error: failed to create rolebinding: rolebindings.rbac.authorization.k8s.io "read-pods" already exists

$ kubectl create role pod-reader -n team --verb=get --resource=pods
Error from server (AlreadyExists): roles.rbac.authorization.k8s.io "pod-reader" already exists

# kubectl's own checks, before anything is sent.
$ kubectl create role x --verb=get,fetch --resource=pods --dry-run=client -o name
Warning: 'fetch' is not a standard resource verb
role.rbac.authorization.k8s.io/x

$ kubectl create role x --verb=use --resource=pods
error: can not perform 'use' on 'pods' in group ''

$ kubectl create role x --verb=get --resource=widgets
the server doesn't have a resource type "widgets"

$ kubectl create clusterrole x --verb=get,list --non-resource-url=/logs
error: invalid verb: 'list' for nonResourceURL

$ kubectl create clusterrole x --verb=get --non-resource-url=/logs/*/raw
error: nonResourceURL only supports wildcard matches when '*' is at the end

$ kubectl create rolebinding x --role=a --clusterrole=b
error: exactly one of clusterrole or role must be specified

$ kubectl create clusterrolebinding x --clusterrole=view --serviceaccount=ci
error: serviceaccount must be <namespace>:<name>

$ kubectl create clusterrolebinding x --user=jane
error: required flag(s) "clusterrole" not set
