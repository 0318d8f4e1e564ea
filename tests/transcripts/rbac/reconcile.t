# kubectl auth reconcile: RBAC objects merged into the live ones as the
# API server's bootstrap reconciliation does it. Missing objects (and a
# Role's namespace) are created; rules and subjects are added, and only
# removed when asked to; what it took is reported on stderr.
$ kubectl auth reconcile -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: pod-reader
rules:
- apiGroups: [""]
  resources: [pods, pods/log]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: readers
  namespace: team
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: pod-reader
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: alice
EOF
clusterrole.rbac.authorization.k8s.io/pod-reader reconciled
	reconciliation required create
	missing rules added:
		{Verbs:[get list] APIGroups:[] Resources:[pods pods/log] ResourceNames:[] NonResourceURLs:[]}
rolebinding.rbac.authorization.k8s.io/readers reconciled
	reconciliation required create
	missing subjects added:
		{Kind:User APIGroup:rbac.authorization.k8s.io Name:alice Namespace:}

$ kubectl get namespace team -o name
namespace/team

# A subject added to the live binding since is kept: reconciling adds,
# it does not take away.
$ kubectl set subject rolebinding readers -n team --user=bob
rolebinding.rbac.authorization.k8s.io/readers subjects updated

$ kubectl auth reconcile -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: pod-reader
rules:
- apiGroups: [""]
  resources: [pods, pods/log, services]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: readers
  namespace: team
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: pod-reader
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: alice
EOF
clusterrole.rbac.authorization.k8s.io/pod-reader reconciled
	reconciliation required update
	missing rules added:
		{Verbs:[get] APIGroups:[] Resources:[services] ResourceNames:[] NonResourceURLs:[]}
		{Verbs:[list] APIGroups:[] Resources:[services] ResourceNames:[] NonResourceURLs:[]}
rolebinding.rbac.authorization.k8s.io/readers reconciled

$ kubectl get rolebinding readers -n team -o jsonpath='{.subjects[*].name}'
alice bob

# --remove-extra-subjects and --remove-extra-permissions make them exact;
# --dry-run=client only reports.
$ kubectl auth reconcile --remove-extra-subjects --remove-extra-permissions --dry-run=client -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: pod-reader
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: readers
  namespace: team
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: pod-reader
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: alice
EOF
clusterrole.rbac.authorization.k8s.io/pod-reader reconciled (dry run)
	reconciliation required update
	extra rules removed:
		{Verbs:[get] APIGroups:[] Resources:[pods/log] ResourceNames:[] NonResourceURLs:[]}
		{Verbs:[list] APIGroups:[] Resources:[pods/log] ResourceNames:[] NonResourceURLs:[]}
		{Verbs:[get] APIGroups:[] Resources:[services] ResourceNames:[] NonResourceURLs:[]}
		{Verbs:[list] APIGroups:[] Resources:[services] ResourceNames:[] NonResourceURLs:[]}
rolebinding.rbac.authorization.k8s.io/readers reconciled (dry run)
	reconciliation required update
	extra subjects removed:
		{Kind:User APIGroup:rbac.authorization.k8s.io Name:bob Namespace:}

# A binding whose roleRef changed is deleted and created again.
$ kubectl auth reconcile -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: readers
  namespace: team
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: view
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: alice
EOF
rolebinding.rbac.authorization.k8s.io/readers reconciled
	reconciliation required recreate

# An object annotated autoupdate=false opts out.
$ kubectl annotate clusterrole pod-reader rbac.authorization.kubernetes.io/autoupdate=false
clusterrole.rbac.authorization.k8s.io/pod-reader annotated

$ kubectl auth reconcile -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: pod-reader
rules:
- apiGroups: [apps]
  resources: [deployments]
  verbs: [get]
EOF
clusterrole.rbac.authorization.k8s.io/pod-reader reconciled
	reconciliation required update, but object opted out (rbac.authorization.kubernetes.io/autoupdate: false)
	missing rules added:
		{Verbs:[get] APIGroups:[apps] Resources:[deployments] ResourceNames:[] NonResourceURLs:[]}

$ kubectl auth reconcile -f - --dry-run=server <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: x
EOF
error: --dry-run=server for command reconcile is not supported yet

$ kubectl auth reconcile
error: must specify one of -f and -k
