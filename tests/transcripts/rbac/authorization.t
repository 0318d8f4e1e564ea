# Authorization as a kind cluster does it (--authorization-mode=Node,RBAC).
# The playground's user is kubeadm's admin.conf user: kubernetes-admin in
# the group kubeadm:cluster-admins (since v1.29 not system:masters), whose
# power is kubeadm's ClusterRoleBinding of that group to cluster-admin.
$ kubectl auth whoami
ATTRIBUTE   VALUE
Username    kubernetes-admin
Groups      [kubeadm:cluster-admins system:authenticated]

$ kubectl auth can-i '*' '*'
yes

# A ServiceAccount that may read pods in its namespace, and nothing else.
$ kubectl create serviceaccount app
serviceaccount/app created

$ kubectl create role pod-reader --verb=get,list --resource=pods
role.rbac.authorization.k8s.io/pod-reader created

$ kubectl create rolebinding app-reads-pods --role=pod-reader --serviceaccount=default:app
rolebinding.rbac.authorization.k8s.io/app-reads-pods created

$ kubectl run web --image=nginx:1.27
pod/web created

# --as impersonates: the admin may, and each request then runs as the
# account, with the groups every account and its namespace's share.
$ kubectl auth whoami --as=system:serviceaccount:default:app
ATTRIBUTE   VALUE
Username    system:serviceaccount:default:app
Groups      [system:serviceaccounts system:serviceaccounts:default system:authenticated]

$ kubectl auth can-i list pods --as=system:serviceaccount:default:app
yes

$ kubectl auth can-i delete pods --as=system:serviceaccount:default:app
no

$ kubectl auth can-i get pods/web --as=system:serviceaccount:default:app
yes

$ kubectl auth can-i get pods --subresource=log --as=system:serviceaccount:default:app
no

$ kubectl auth can-i list pods -n kube-system --as=system:serviceaccount:default:app
no

$ kubectl auth can-i list nodes --as=system:serviceaccount:default:app
Warning: resource 'nodes' is not namespace scoped

no

$ kubectl get pods --as=system:serviceaccount:default:app
NAME   READY   STATUS    RESTARTS   AGE
web    0/1     Pending   0          0s

$ kubectl get pod web --as=system:serviceaccount:default:app -o name
pod/web

# What the Role does not grant is refused with the API server's 403.
$ kubectl delete pod web --as=system:serviceaccount:default:app
Error from server (Forbidden): pods "web" is forbidden: User "system:serviceaccount:default:app" cannot delete resource "pods" in API group "" in the namespace "default"

$ kubectl logs web --as=system:serviceaccount:default:app
Error from server (Forbidden): pods "web" is forbidden: User "system:serviceaccount:default:app" cannot get resource "pods/log" in API group "" in the namespace "default"

$ kubectl get deployments --as=system:serviceaccount:default:app
Error from server (Forbidden): deployments.apps is forbidden: User "system:serviceaccount:default:app" cannot list resource "deployments" in API group "apps" in the namespace "default"

$ kubectl get pods -A --as=system:serviceaccount:default:app
Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:app" cannot list resource "pods" in API group "" at the cluster scope

$ kubectl get nodes --as=system:serviceaccount:default:app
Error from server (Forbidden): nodes is forbidden: User "system:serviceaccount:default:app" cannot list resource "nodes" in API group "" at the cluster scope

$ kubectl get pod web -o name
pod/web

# The SelfSubjectRulesReview: the Role's rules beside what the bootstrap
# policy gives every authenticated user and every ServiceAccount.
$ kubectl auth can-i --list --as=system:serviceaccount:default:app
Resources                                       Non-Resource URLs                     Resource Names   Verbs
selfsubjectreviews.authentication.k8s.io        []                                    []               [create]
selfsubjectaccessreviews.authorization.k8s.io   []                                    []               [create]
selfsubjectrulesreviews.authorization.k8s.io    []                                    []               [create]
pods                                            []                                    []               [get list]
                                                [/.well-known/openid-configuration]   []               [get]
                                                [/api/*]                              []               [get]
                                                [/api]                                []               [get]
                                                [/apis/*]                             []               [get]
                                                [/apis]                               []               [get]
                                                [/healthz]                            []               [get]
                                                [/healthz]                            []               [get]
                                                [/livez]                              []               [get]
                                                [/livez]                              []               [get]
                                                [/openapi/*]                          []               [get]
                                                [/openapi]                            []               [get]
                                                [/openid/v1/jwks]                     []               [get]
                                                [/readyz]                             []               [get]
                                                [/readyz]                             []               [get]
                                                [/version/]                           []               [get]
                                                [/version/]                           []               [get]
                                                [/version]                            []               [get]
                                                [/version]                            []               [get]

# A user nobody bound to anything, in a group of its own.
$ kubectl auth whoami --as=jane --as-group=devs -o yaml
apiVersion: authentication.k8s.io/v1
kind: SelfSubjectReview
metadata:
  creationTimestamp: null
status:
  userInfo:
    groups:
    - devs
    - system:authenticated
    username: jane

$ kubectl get pods --as=jane
Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"

$ kubectl get pods --as-group=devs
Error in configuration: requesting uid, groups or user-extra for kind-kubeplay without impersonating a user

# A TokenRequest for the account: a JWT whose claims are the account's.
$ kubectl create token app --duration=2h
eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3ZjLmNsdXN0ZXIubG9jYWwiXSwiZXhwIjoxNzM1Njk2ODAyLCJpYXQiOjE3MzU2ODk2MDIsImlzcyI6Imh0dHBzOi8va3ViZXJuZXRlcy5kZWZhdWx0LnN2Yy5jbHVzdGVyLmxvY2FsIiwianRpIjoiMzc1OWI2ZjItNDIzNi00YTBiLWE5MzktMDg5ZjYyZTE2ZWY5Iiwia3ViZXJuZXRlcy5pbyI6eyJuYW1lc3BhY2UiOiJkZWZhdWx0Iiwic2VydmljZWFjY291bnQiOnsibmFtZSI6ImFwcCIsInVpZCI6ImY5Y2QxYmQxLTAwY2YtNGQ5NS05ZTcxLWZkNjVmMThiZjhiYSJ9fSwibmJmIjoxNzM1Njg5NjAyLCJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6ZGVmYXVsdDphcHAifQ.KQQ9m32O9mtHPOG8kmq9EAiaWKKixbJveBsNVY6HMAvLQTnNi-RKo9AMfMPEZuN9ZmMNiQa-C4LSNvLJ9swJdPR-7ZKQH6kh-I4eu8DHnEcevlSVM_xBLdPYaFXXDt-3NRM9AoomD2-fMp9HVyMAZrGeAmPXCAtaSxBlwuBZSeEb3oTlWjijSM8L7iQ4X1gxnYB8QP5FNQ1ZRpRH01ngKDyN2vR80sGHAPUq7AgdOcsJ_JNFwZGRTSDXjKsdGwibBBeR97318_Kf0pY9cfR7e50FLOvNEEkY0ZMxjB5qO3qpzNt-RzXdB8BZJjn6lA_SiQYnFq3FNO-1rtTek-xJlA

$ kubectl create token nosuch
error: failed to create token: serviceaccounts "nosuch" not found

$ kubectl create token app --bound-object-kind=Pod --bound-object-name=web
error: failed to create token: cannot bind token for serviceaccount "app" to pod running with different serviceaccount name.

# Without kubeadm's binding the admin is an authenticated user like any
# other: it may ask who it is, and little else.
$ kubectl delete clusterrolebinding kubeadm:cluster-admins
clusterrolebinding.rbac.authorization.k8s.io "kubeadm:cluster-admins" deleted

$ kubectl get pods
Error from server (Forbidden): pods is forbidden: User "kubernetes-admin" cannot list resource "pods" in API group "" in the namespace "default"

$ kubectl auth can-i get pods
no

$ kubectl get pods --as=system:serviceaccount:default:app
Error from server (Forbidden): serviceaccounts "app" is forbidden: User "kubernetes-admin" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "default"
