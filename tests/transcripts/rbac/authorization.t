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
eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3ZjLmNsdXN0ZXIubG9jYWwiXSwiZXhwIjoxNzM1Njk2ODAyLCJpYXQiOjE3MzU2ODk2MDIsImlzcyI6Imh0dHBzOi8va3ViZXJuZXRlcy5kZWZhdWx0LnN2Yy5jbHVzdGVyLmxvY2FsIiwianRpIjoiZmM5YjUzY2EtMDM1ZS00YTI1LWI5MjctZDQwMjBlYzAzMDRhIiwia3ViZXJuZXRlcy5pbyI6eyJuYW1lc3BhY2UiOiJkZWZhdWx0Iiwic2VydmljZWFjY291bnQiOnsibmFtZSI6ImFwcCIsInVpZCI6ImY5Y2QxYmQxLTAwY2YtNGQ5NS05ZTcxLWZkNjVmMThiZjhiYSJ9fSwibmJmIjoxNzM1Njg5NjAyLCJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6ZGVmYXVsdDphcHAifQ.oiCM97yPrPPrONPCnMsOxTTrbnLLg6hqjvhoNqgO8e_OUfPvCbJi7SDNrB3sPl-XRhLrf26QV4lYD0HLF5GBImsi84cmY5rEo5ib-o0YgjPm5rBMnUbuhKe_nssbNOR_zbZCBcLo6_oh3xjfdwEbzCvJ6YUUd7pWTivQONo18cZ9AoCZNoMHktqVoJq6yBScUR_nL-3P2_n9NIglQs1gyMuvhwkCElqBrJdrn4RzqlXRJ2OVKEro5HRZrXcW0qRmMgDmIcPrRXqYjsfY8RACVPlAzg4Bypl-NBrTL-x19QplFQXZLPtHWIpkoBma9mN2C__gDEGWy_e5S3Dvgsx-GA

$ kubectl create token nosuch
error: failed to create token: serviceaccounts "nosuch" not found

$ kubectl create token app --bound-object-kind=Pod --bound-object-name=web
error: failed to create token: cannot bind token for serviceaccount "app" to pod running with different serviceaccount name.

# get goes on past a refused list: what may be read prints, the 403
# follows it.
$ kubectl get pods,services --as=system:serviceaccount:default:app
NAME   READY   STATUS    RESTARTS   AGE
web    0/1     Pending   0          0s
Error from server (Forbidden): services is forbidden: User "system:serviceaccount:default:app" cannot list resource "services" in API group "" in the namespace "default"

# A server dry run is authorized as the request itself.
$ kubectl label pod web tier=web --dry-run=server --as=system:serviceaccount:default:app
Error from server (Forbidden): pods "web" is forbidden: User "system:serviceaccount:default:app" cannot patch resource "pods" in API group "" in the namespace "default"

$ kubectl create configmap cfg --from-literal=a=1 --dry-run=server --as=system:serviceaccount:default:app
error: failed to create configmap: configmaps is forbidden: User "system:serviceaccount:default:app" cannot create resource "configmaps" in API group "" in the namespace "default"

# set subject reads the binding before it patches it.
$ kubectl set subject rolebinding app-reads-pods --user=jane --as=system:serviceaccount:default:app
Error from server (Forbidden): rolebindings.rbac.authorization.k8s.io "app-reads-pods" is forbidden: User "system:serviceaccount:default:app" cannot get resource "rolebindings" in API group "rbac.authorization.k8s.io" in the namespace "default"

# A patch of a subresource is authorized on it (deployments/scale).
$ kubectl create deployment api --image=nginx:1.27
deployment.apps/api created

$ kubectl patch deployment api --subresource=scale -p '{"spec":{"replicas":2}}' --as=system:serviceaccount:default:app
Error from server (Forbidden): deployments.apps "api" is forbidden: User "system:serviceaccount:default:app" cannot get resource "deployments/scale" in API group "apps" in the namespace "default"

# Without the right to list events, describe leaves its Events out.
$ kubectl describe pod web --as=system:serviceaccount:default:app
Name:             web
Namespace:        default
Priority:         0
Service Account:  default
Node:             <none>
Labels:           run=web
Annotations:      <none>
Status:           Pending
IP:
IPs:              <none>
Containers:
  web:
    Image:        nginx:1.27
    Port:         <none>
    Host Port:    <none>
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-hnmkr (ro)
Volumes:
  kube-api-access-hnmkr:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s

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
