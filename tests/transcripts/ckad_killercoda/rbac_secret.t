# omkar-shelke25/ckad-killercoda, RBAC-Secret: setup.sh, the solution's
# kubectl commands in step1.md (each on one line), its expected results,
# then verify.sh's checks (its jq filter as jsonpath).
$ kubectl get ns finance >/dev/null 2>&1 || kubectl create namespace finance
namespace/finance created

$ kubectl create secret generic api-key-v2 --from-literal=key=supersecret -n finance
secret/api-key-v2 created

$ kubectl create sa specific-secret-reader-sa -n finance
serviceaccount/specific-secret-reader-sa created

$ kubectl create role single-secret-getter-role --verb=get --resource=secrets --resource-name=api-key-v2 -n finance
role.rbac.authorization.k8s.io/single-secret-getter-role created

$ kubectl create rolebinding single-secret-getter-binding --role=single-secret-getter-role --serviceaccount=finance:specific-secret-reader-sa -n finance
rolebinding.rbac.authorization.k8s.io/single-secret-getter-binding created

# step1.md's expected results.
$ kubectl auth can-i get secrets/api-key-v2 --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance
yes

$ kubectl auth can-i get secrets/some-other-secret --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance
no

$ kubectl auth can-i get secrets --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance
no

# verify.sh
$ kubectl -n finance get role single-secret-getter-role -o jsonpath='{range .rules[*]}{.apiGroups} {.resources} {.verbs} {.resourceNames}{"\n"}{end}'
[""] ["secrets"] ["get"] ["api-key-v2"]

$ kubectl -n finance get rolebinding single-secret-getter-binding -o jsonpath='{.roleRef.kind} {.roleRef.name} {.subjects[0].kind} {.subjects[0].name} {.subjects[0].namespace}{"\n"}'
Role single-secret-getter-role ServiceAccount specific-secret-reader-sa finance

$ kubectl auth can-i get secrets/api-key-v2 --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance >/dev/null 2>&1; echo $?
0

$ kubectl auth can-i get secrets/some-other-secret --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance >/dev/null 2>&1; echo $?
1

$ kubectl auth can-i get secrets --as=system:serviceaccount:finance:specific-secret-reader-sa -n finance >/dev/null 2>&1; echo $?
1

# The account at work: its one Secret, and nothing else.
$ kubectl get secret api-key-v2 -n finance --as=system:serviceaccount:finance:specific-secret-reader-sa -o jsonpath='{.data.key}' | base64 -d; echo
supersecret

$ kubectl get secrets -n finance --as=system:serviceaccount:finance:specific-secret-reader-sa
Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:finance:specific-secret-reader-sa" cannot list resource "secrets" in API group "" in the namespace "finance"

$ kubectl describe role single-secret-getter-role -n finance
Name:         single-secret-getter-role
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources  Non-Resource URLs  Resource Names  Verbs
  ---------  -----------------  --------------  -----
  secrets    []                 [api-key-v2]    [get]
