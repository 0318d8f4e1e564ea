# omkar-shelke25/ckad-killercoda, Namespaced-Pod-Viewer: setup.sh, the
# hints' imperative commands in step1.md (each on one line), then
# verify.sh's checks.
$ kubectl get ns dev-team-1 >/dev/null 2>&1 || kubectl create namespace dev-team-1 >/dev/null

$ kubectl create sa pod-viewer-sa -n dev-team-1
serviceaccount/pod-viewer-sa created

$ kubectl create role pod-reader-role --resource=pods --verb=get --verb=list --verb=watch -n dev-team-1
role.rbac.authorization.k8s.io/pod-reader-role created

$ kubectl create rolebinding pod-viewer-binding --role=pod-reader-role --serviceaccount=dev-team-1:pod-viewer-sa -n dev-team-1
rolebinding.rbac.authorization.k8s.io/pod-viewer-binding created

$ kubectl auth can-i list pods --as=system:serviceaccount:dev-team-1:pod-viewer-sa -n dev-team-1
yes

$ kubectl auth can-i list pods --as=system:serviceaccount:dev-team-1:pod-viewer-sa -n default
no

# verify.sh greps the Role's JSON: kubectl indents it, one item a line,
# so its one-line pattern for resources does not match a real Role.
$ kubectl -n dev-team-1 get role pod-reader-role -o json
{
    "apiVersion": "rbac.authorization.k8s.io/v1",
    "kind": "Role",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "name": "pod-reader-role",
        "namespace": "dev-team-1",
        "resourceVersion": "376",
        "uid": "bfb2e731-c4ff-475d-8cff-3330a10f93d7"
    },
    "rules": [
        {
            "apiGroups": [
                ""
            ],
            "resources": [
                "pods"
            ],
            "verbs": [
                "get",
                "list",
                "watch"
            ]
        }
    ]
}

$ kubectl -n dev-team-1 get role pod-reader-role -o json | grep -c '"resources": \["pods"\]'
0

$ kubectl -n dev-team-1 get rolebinding pod-viewer-binding -o jsonpath='{.roleRef.kind} {.roleRef.name} {.roleRef.apiGroup} {.subjects[0].kind} {.subjects[0].name} {.subjects[0].namespace}{"\n"}'
Role pod-reader-role rbac.authorization.k8s.io ServiceAccount pod-viewer-sa dev-team-1

$ kubectl auth can-i list pods --as=system:serviceaccount:dev-team-1:pod-viewer-sa -n dev-team-1 | grep -qw yes && echo allowed
allowed

$ kubectl auth can-i list pods --as=system:serviceaccount:dev-team-1:pod-viewer-sa -n default | grep -qw no && echo denied
denied

# What the binding grants, and what it does not.
$ kubectl get pods -n dev-team-1 --as=system:serviceaccount:dev-team-1:pod-viewer-sa
No resources found in dev-team-1 namespace.

$ kubectl get deployments -n dev-team-1 --as=system:serviceaccount:dev-team-1:pod-viewer-sa
Error from server (Forbidden): deployments.apps is forbidden: User "system:serviceaccount:dev-team-1:pod-viewer-sa" cannot list resource "deployments" in API group "apps" in the namespace "dev-team-1"

$ kubectl describe rolebinding pod-viewer-binding -n dev-team-1
Name:         pod-viewer-binding
Labels:       <none>
Annotations:  <none>
Role:
  Kind:  Role
  Name:  pod-reader-role
Subjects:
  Kind            Name           Namespace
  ----            ----           ---------
  ServiceAccount  pod-viewer-sa  dev-team-1
