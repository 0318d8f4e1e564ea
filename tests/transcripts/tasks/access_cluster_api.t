# Access Clusters Using the Kubernetes API (kubernetes.io task): where
# kubectl's kubeconfig says the API server is, the API through
# `kubectl proxy`, and the same server reached directly with curl and a
# ServiceAccount token. kind publishes the API server's port on this
# machine's loopback (the kubeconfig's server), so curl reaches it as it
# would there: TLS first (the cluster CA is not in this machine's bundle,
# hence --insecure), then kube-apiserver's authentication and RBAC.
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

$ kubectl proxy --port=8080 &
[1] 2718
Starting to serve on 127.0.0.1:8080

$ curl http://localhost:8080/api/
{
  "kind": "APIVersions",
  "versions": [
    "v1"
  ],
  "serverAddressByClientCIDRs": [
    {
      "clientCIDR": "0.0.0.0/0",
      "serverAddress": "172.18.0.2:6443"
    }
  ]
}

$ kubectl config view -o jsonpath='{"Cluster name\tServer\n"}{range .clusters[*]}{.name}{"\t"}{.cluster.server}{"\n"}{end}'
Cluster name	Server
kind-kubeplay	https://127.0.0.1:6443

# The page's placeholder, some_server_name, is kind's cluster here.
$ export CLUSTER_NAME="kind-kubeplay"

$ APISERVER=$(kubectl config view -o jsonpath="{.clusters[?(@.name==\"$CLUSTER_NAME\")].cluster.server}")

$ echo $APISERVER
https://127.0.0.1:6443

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: default-token
  annotations:
    kubernetes.io/service-account.name: default
type: kubernetes.io/service-account-token
EOF
secret/default-token created

# The token controller fills the Secret in after it is created: the loop
# may wait once.
$ while ! kubectl describe secret default-token | grep -E '^token' >/dev/null; do
>   echo "waiting for token..." >&2
>   sleep 1
> done
waiting for token...

$ TOKEN=$(kubectl get secret default-token -o jsonpath='{.data.token}' | base64 --decode)

# Discovery is open to every authenticated user.
$ curl -X GET $APISERVER/api --header "Authorization: Bearer $TOKEN" --insecure
{
  "kind": "APIVersions",
  "versions": [
    "v1"
  ],
  "serverAddressByClientCIDRs": [
    {
      "clientCIDR": "0.0.0.0/0",
      "serverAddress": "172.18.0.2:6443"
    }
  ]
}

# Without --insecure curl cannot verify the server's certificate.
$ curl -X GET $APISERVER/api --header "Authorization: Bearer $TOKEN"
curl: (60) SSL certificate problem: unable to get local issuer certificate
More details here: https://curl.se/docs/sslcerts.html

curl failed to verify the legitimacy of the server and therefore could not
establish a secure connection to it. To learn more about this situation and
how to fix it, please visit the webpage mentioned above.

# Without a token the request is system:anonymous's, which kind's RBAC
# does not let read /api.
$ curl -X GET $APISERVER/api --insecure
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "forbidden: User \"system:anonymous\" cannot get path \"/api\"",
  "reason": "Forbidden",
  "details": {},
  "code": 403
}

# The default ServiceAccount may not list pods.
$ curl -s $APISERVER/api/v1/namespaces/default/pods --header "Authorization: Bearer $TOKEN" --insecure
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods is forbidden: User \"system:serviceaccount:default:default\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"",
  "reason": "Forbidden",
  "details": {
    "kind": "pods"
  },
  "code": 403
}

# The jsonpath approach: the current context's server. In v1.24 and later
# a ServiceAccount lists no token Secrets, so its {.secrets[0].name} is
# empty and `kubectl get secret` without a name fails; the Secret made
# above is the one to read.
$ APISERVER=$(kubectl config view --minify -o jsonpath='{.clusters[0].cluster.server}')

$ kubectl get serviceaccount default -o jsonpath='{.secrets[0].name}'

$ TOKEN=$(kubectl get secret default-token -o jsonpath='{.data.token}' | base64 --decode)

$ curl $APISERVER/api --header "Authorization: Bearer $TOKEN" --insecure
{
  "kind": "APIVersions",
  "versions": [
    "v1"
  ],
  "serverAddressByClientCIDRs": [
    {
      "clientCIDR": "0.0.0.0/0",
      "serverAddress": "172.18.0.2:6443"
    }
  ]
}

$ kill %1
[1]+  Terminated              kubectl proxy --port=8080
