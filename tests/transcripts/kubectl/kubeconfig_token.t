# Testing RBAC the CKA way: a ServiceAccount's token from kubectl create
# token as the credentials of a kubeconfig user, and a context for it.
# The API server authenticates the token as the account
# (system:serviceaccount:NS:NAME in system:serviceaccounts,
# system:serviceaccounts:NS and system:authenticated) while it is
# unexpired, its signature holds and the account still exists; anything
# else is a 401, which kubectl words as "You must be logged in". What
# RBAC allows the account, and the 403s, are kube-apiserver's.
$ kubectl create sa myapp
serviceaccount/myapp created

$ kubectl create rolebinding myapp-view --clusterrole=view --serviceaccount=default:myapp
rolebinding.rbac.authorization.k8s.io/myapp-view created

$ kubectl run x --image=nginx
pod/x created

$ kubectl config set-credentials myapp --token=$(kubectl create token myapp)
User "myapp" set.

$ kubectl config set-context myapp --cluster=kind-kubeplay --user=myapp
Context "myapp" created.

$ kubectl --context=myapp get pods
NAME   READY   STATUS    RESTARTS   AGE
x      0/1     Pending   0          0s

$ kubectl --context=myapp delete pod x
Error from server (Forbidden): pods "x" is forbidden: User "system:serviceaccount:default:myapp" cannot delete resource "pods" in API group "" in the namespace "default"

$ kubectl --context=myapp auth can-i delete pods
no

$ kubectl --context=myapp auth can-i list pods
yes

$ kubectl --context=myapp get pods --as=jane
Error from server (Forbidden): users "jane" is forbidden: User "system:serviceaccount:default:myapp" cannot impersonate resource "users" in API group "" at the cluster scope

$ kubectl config use-context myapp
Switched to context "myapp".

$ kubectl auth whoami
ATTRIBUTE                                           VALUE
Username                                            system:serviceaccount:default:myapp
UID                                                 f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Groups                                              [system:serviceaccounts system:serviceaccounts:default system:authenticated]
Extra: authentication.kubernetes.io/credential-id   [JTI=13733feb-3c06-4f48-a915-f4b43a7dee2f]

$ kubectl get nodes
Error from server (Forbidden): nodes is forbidden: User "system:serviceaccount:default:myapp" cannot list resource "nodes" in API group "" at the cluster scope

$ kubectl create deployment web --image=nginx
error: failed to create deployment: deployments.apps is forbidden: User "system:serviceaccount:default:myapp" cannot create resource "deployments" in API group "apps" in the namespace "default"

$ kubectl --context=kind-kubeplay auth whoami
ATTRIBUTE   VALUE
Username    kubernetes-admin
Groups      [kubeadm:cluster-admins system:authenticated]

$ kubectl --user=kind-kubeplay get pods
NAME   READY   STATUS    RESTARTS   AGE
x      0/1     Pending   0          0s

# A token for another audience is not the API server's.
$ kubectl config set-credentials myapp --token=$(kubectl --context=kind-kubeplay create token myapp --audience=vault)
User "myapp" set.

$ kubectl get pods
error: You must be logged in to the server (the server has asked for the client to provide credentials)

$ kubectl auth whoami
error: You must be logged in to the server (Unauthorized)

# A token that has expired (the shortest lasts 10 minutes).
$ kubectl config set-credentials myapp --token=$(kubectl --context=kind-kubeplay create token myapp --duration=10m)
User "myapp" set.

$ kubectl get pods -o name
pod/x

$ sim advance 11m
advanced 11m to 2025-01-01T00:11:02Z (7 steps ran)

$ kubectl get pods
error: You must be logged in to the server (the server has asked for the client to provide credentials)

# An edited token: its signature no longer matches its claims.
$ TOKEN=$(kubectl --context=kind-kubeplay create token myapp)

$ kubectl config set-credentials myapp --token=${TOKEN}x
User "myapp" set.

$ kubectl get pods
error: You must be logged in to the server (the server has asked for the client to provide credentials)

# The account deleted: its tokens go with it, though unexpired.
$ kubectl config set-credentials myapp --token=$TOKEN
User "myapp" set.

$ kubectl get pods -o name
pod/x

$ kubectl --context=kind-kubeplay delete sa myapp
serviceaccount "myapp" deleted

$ kubectl get pods
error: You must be logged in to the server (the server has asked for the client to provide credentials)

# A legacy token Secret's token authenticates the account it names while
# the Secret and the account exist.
$ kubectl --context=kind-kubeplay create sa legacy
serviceaccount/legacy created

$ kubectl --context=kind-kubeplay apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: legacy-token
  annotations:
    kubernetes.io/service-account.name: legacy
type: kubernetes.io/service-account-token
EOF
secret/legacy-token created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl config set-credentials legacy --token=$(kubectl --context=kind-kubeplay get secret legacy-token -o jsonpath='{.data.token}' | base64 -d)
User "legacy" set.

$ kubectl --user=legacy auth whoami
ATTRIBUTE   VALUE
Username    system:serviceaccount:default:legacy
UID         918032d1-e60d-4182-8941-f80f548dd8ac
Groups      [system:serviceaccounts system:serviceaccounts:default system:authenticated]

$ kubectl --context=kind-kubeplay delete secret legacy-token
secret "legacy-token" deleted

$ kubectl --user=legacy auth whoami
error: You must be logged in to the server (Unauthorized)

# Basic auth is gone from the API server (v1.19): the header is ignored
# and the request is anonymous, which kind allows and RBAC refuses.
$ kubectl config set-credentials old --username=admin --password=secret
User "old" set.

$ kubectl --user=old get pods
Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"

# A user entry with nothing to identify the user: client-go asks for a
# username on the terminal, which has none to give.
$ kubectl config set-context empty --cluster=kind-kubeplay
Context "empty" created.

$ kubectl --context=empty get pods
Please enter Username:
error: EOF

$ kubectl --user=nobody get pods
error: auth info "nobody" does not exist

$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".
