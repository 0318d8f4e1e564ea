# kubectl config on the playground's kubeconfig (kind's cluster, user and
# context): the outputs and errors of the config commands are what kubectl
# v1.32 prints on a kubeconfig like it; the current context's namespace is
# where commands work without -n (--context picks another context), and a
# context off the cluster reaches nothing.
$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config current-context
kind-kubeplay

$ kubectl config get-contexts
CURRENT   NAME            CLUSTER         AUTHINFO        NAMESPACE
*         kind-kubeplay   kind-kubeplay   kind-kubeplay   

$ kubectl config get-contexts -o name
kind-kubeplay

$ kubectl config get-contexts --no-headers
*     kind-kubeplay   kind-kubeplay   kind-kubeplay   

$ kubectl config use-context nope
error: no context exists with the name: "nope"

$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".

$ kubectl config set-context --current --namespace=dev
Context "kind-kubeplay" modified.

$ kubectl config get-contexts
CURRENT   NAME            CLUSTER         AUTHINFO        NAMESPACE
*         kind-kubeplay   kind-kubeplay   kind-kubeplay   dev

$ kubectl config view --minify -o jsonpath='{..namespace}'
dev

$ kubectl config view --minify
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    namespace: dev
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config view -o json
{
    "kind": "Config",
    "apiVersion": "v1",
    "preferences": {},
    "clusters": [
        {
            "name": "kind-kubeplay",
            "cluster": {
                "server": "https://127.0.0.1:6443",
                "certificate-authority-data": "DATA+OMITTED"
            }
        }
    ],
    "users": [
        {
            "name": "kind-kubeplay",
            "user": {
                "client-certificate-data": "DATA+OMITTED",
                "client-key-data": "DATA+OMITTED"
            }
        }
    ],
    "contexts": [
        {
            "name": "kind-kubeplay",
            "context": {
                "cluster": "kind-kubeplay",
                "user": "kind-kubeplay",
                "namespace": "dev"
            }
        }
    ],
    "current-context": "kind-kubeplay"
}

$ kubectl config set-context --namespace=x
error: you must specify a non-empty context name or --current

$ kubectl config set-context other --namespace=y
Context "other" created.

$ kubectl config set-context other --current
error: you cannot specify both a context name and --current

$ kubectl config get-contexts
CURRENT   NAME            CLUSTER         AUTHINFO        NAMESPACE
*         kind-kubeplay   kind-kubeplay   kind-kubeplay   dev
          other                                           y

$ kubectl config get-contexts other
CURRENT   NAME    CLUSTER   AUTHINFO   NAMESPACE
          other                        y

$ kubectl config get-contexts nope
CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE
error: context nope not found

$ kubectl config get-contexts nope other
CURRENT   NAME    CLUSTER   AUTHINFO   NAMESPACE
          other                        y
error: context nope not found

$ kubectl config get-contexts nope nada
CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE
context nope not found
context nada not found

$ kubectl config get-contexts -o wide
error: --output wide is not available in kubectl config get-contexts; resetting to default output format

$ kubectl config view -o name
config/<unknown>

$ kubectl config view extra
error: unexpected arguments: [extra]
See 'kubectl config view -h' for help and examples

$ kubectl config use-context ''
error: empty context names are not allowed

$ kubectl config rename-context other ''
error: You must specify a new non-empty context name

$ kubectl config view --minify --context=other
apiVersion: v1
clusters: null
contexts:
- context:
    cluster: ""
    namespace: "y"
    user: ""
  name: other
current-context: other
kind: Config
preferences: {}
users: null

$ kubectl config set-context other --user=bob
Context "other" modified.

$ kubectl config view --minify --context=other
error: cannot locate user bob

$ kubectl config set-context other --user=
Context "other" modified.

$ kubectl config view --minify --context=nope
error: cannot locate context nope

$ kubectl config set-context --current -n foo
error: unknown shorthand flag: 'n' in -n
See 'kubectl config set-context --help' for usage.

$ kubectl config view --merge=false
error: if merge==false a precise file must be specified

$ kubectl config rename-context other x
Context "other" renamed to "x".

$ kubectl config rename-context nope y
error: cannot rename the context "nope", it's not in /root/.kube/config

$ kubectl config rename-context x kind-kubeplay
error: cannot rename the context "x", the context "kind-kubeplay" already exists in /root/.kube/config

$ kubectl config get-clusters
NAME
kind-kubeplay

$ kubectl config get-users
NAME
kind-kubeplay

$ kubectl config use-context x
Switched to context "x".

$ kubectl config current-context
x

$ kubectl config view --minify
apiVersion: v1
clusters: null
contexts:
- context:
    cluster: ""
    namespace: "y"
    user: ""
  name: x
current-context: x
kind: Config
preferences: {}
users: null

$ kubectl config set-context x --cluster=kind-kubeplay --user=kind-kubeplay
Context "x" modified.

$ kubectl config delete-context x
warning: this removed your active context, use "kubectl config use-context" to select a different one
deleted context x from /root/.kube/config

$ kubectl config delete-context x
error: cannot delete context x, not in /root/.kube/config

$ kubectl config current-context
x

$ kubectl config delete-context kind-kubeplay
deleted context kind-kubeplay from /root/.kube/config

$ kubectl config get-contexts
CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts: null
current-context: x
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config set-context other --namespace=y
Context "other" created.

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: ""
    namespace: "y"
    user: ""
  name: other
current-context: x
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config view -o json
{
    "kind": "Config",
    "apiVersion": "v1",
    "preferences": {},
    "clusters": [
        {
            "name": "kind-kubeplay",
            "cluster": {
                "server": "https://127.0.0.1:6443",
                "certificate-authority-data": "DATA+OMITTED"
            }
        }
    ],
    "users": [
        {
            "name": "kind-kubeplay",
            "user": {
                "client-certificate-data": "DATA+OMITTED",
                "client-key-data": "DATA+OMITTED"
            }
        }
    ],
    "contexts": [
        {
            "name": "other",
            "context": {
                "cluster": "",
                "user": "",
                "namespace": "y"
            }
        }
    ],
    "current-context": "x"
}

$ kubectl config set-context kind-kubeplay --cluster=kind-kubeplay --user=kind-kubeplay
Context "kind-kubeplay" created.

$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".

$ kubectl config delete-context other
deleted context other from /root/.kube/config

$ kubectl create namespace dev
namespace/dev created

$ kubectl config set-context --current --namespace=dev
Context "kind-kubeplay" modified.

$ kubectl create deployment web --image=nginx --replicas=1
deployment.apps/web created

$ kubectl run solo --image=nginx
pod/solo created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  a: "1"
EOF
configmap/settings created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: elsewhere
  namespace: default
data:
  a: "1"
EOF
configmap/elsewhere created

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl get deploy,cm
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/web   1/1     1            1           4s

NAME                         DATA   AGE
configmap/kube-root-ca.crt   1      4s
configmap/settings           1      4s

$ kubectl get deploy -n default
No resources found in default namespace.

$ kubectl get cm -n default
NAME               DATA   AGE
elsewhere          1      4s
kube-root-ca.crt   1      6s

$ kubectl config set-context lab --cluster=nowhere
Context "lab" created.

$ kubectl config use-context lab
Switched to context "lab".

$ kubectl get pods
The connection to the server localhost:8080 was refused - did you specify the right host or port?

$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".

$ kubectl get pods -o name
pod/solo
pod/web-797596b896-sd6f6

$ kubectl config set-context --current --namespace=
Context "kind-kubeplay" modified.

$ kubectl get deploy
No resources found in default namespace.

$ kubectl config set-context kube --cluster=kind-kubeplay --user=kind-kubeplay --namespace=kube-system
Context "kube" created.

$ kubectl --context=kube get deploy
NAME      READY   UP-TO-DATE   AVAILABLE   AGE
coredns   2/2     2            2           6s

$ kubectl get deploy --context=nope
Error in configuration: context was not found for specified context: nope
