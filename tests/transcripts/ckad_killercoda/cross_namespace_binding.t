# omkar-shelke25/ckad-killercoda, Cross-namespace-Binding: setup.sh, the
# hints' imperative commands and impersonation tests in step1.md (each
# on one line), then verify.sh's checks.
$ kubectl get ns app-prod >/dev/null 2>&1 || kubectl create namespace app-prod >/dev/null

$ kubectl create sa -n default log-scraper-sa
serviceaccount/log-scraper-sa created

$ kubectl create role log-reader-role -n app-prod --verb=get --resource=pods/log
role.rbac.authorization.k8s.io/log-reader-role created

$ kubectl create rolebinding log-scraper-binding -n app-prod --role=log-reader-role --serviceaccount default:log-scraper-sa
rolebinding.rbac.authorization.k8s.io/log-scraper-binding created

# The impersonation tests: only get on pods/log, only in app-prod.
$ kubectl auth can-i -n app-prod get pods --subresource=log --as=system:serviceaccount:default:log-scraper-sa
yes

$ kubectl auth can-i -n app-prod get pods --as=system:serviceaccount:default:log-scraper-sa
no

$ kubectl auth can-i -n app-prod list pods --subresource=log --as=system:serviceaccount:default:log-scraper-sa
no

$ kubectl auth can-i -n default get pods --subresource=log --as=system:serviceaccount:default:log-scraper-sa
no

# verify.sh
$ kubectl -n app-prod get role log-reader-role -o jsonpath='{range .rules[*]}{.resources}{" "}{.verbs}{" "}{.apiGroups}{"\n"}{end}'
["pods/log"] ["get"] [""]

$ kubectl -n app-prod get rolebinding log-scraper-binding -o jsonpath='{.roleRef.kind} {.roleRef.name} {.roleRef.apiGroup} {.subjects[0].kind} {.subjects[0].name} {.subjects[0].namespace}{"\n"}'
Role log-reader-role rbac.authorization.k8s.io ServiceAccount log-scraper-sa default

$ kubectl describe role log-reader-role -n app-prod
Name:         log-reader-role
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources  Non-Resource URLs  Resource Names  Verbs
  ---------  -----------------  --------------  -----
  pods/log   []                 []              [get]

# The account at work: a pod's log, but not the pod.
$ kubectl run web -n app-prod --image=nginx:1.27
pod/web created

$ kubectl wait -n app-prod --for=condition=Ready pod/web
pod/web condition met

# kubectl logs reads the pod itself before its log (a GET of pods/web,
# then of pods/web/log), and the role allows only the second.
$ kubectl logs web -n app-prod --as=system:serviceaccount:default:log-scraper-sa | head -2
Error from server (Forbidden): pods "web" is forbidden: User "system:serviceaccount:default:log-scraper-sa" cannot get resource "pods" in API group "" in the namespace "app-prod"

$ kubectl get pod web -n app-prod --as=system:serviceaccount:default:log-scraper-sa
Error from server (Forbidden): pods "web" is forbidden: User "system:serviceaccount:default:log-scraper-sa" cannot get resource "pods" in API group "" in the namespace "app-prod"
