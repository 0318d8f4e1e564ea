# Accessing the Kubernetes API from a Pod (kubernetes.io task): curl in a
# container, with the pod's ServiceAccount token and the cluster CA that
# the kubelet puts in /var/run/secrets/kubernetes.io/serviceaccount. The
# API server authenticates the token as the pod's account, RBAC decides,
# and the answers are kube-apiserver's (Status documents, pretty-printed
# for curl). curl's own TLS errors and exit codes come first.
$ kubectl run curl --image=curlimages/curl:8.11.1 -- sleep 3600
pod/curl created

$ kubectl wait --for=condition=Ready pod/curl
pod/curl condition met

$ kubectl exec curl -- printenv KUBERNETES_SERVICE_HOST KUBERNETES_SERVICE_PORT_HTTPS
10.96.0.1
443

$ kubectl exec curl -- ls /var/run/secrets/kubernetes.io/serviceaccount
ca.crt
namespace
token

$ kubectl exec curl -- cat /var/run/secrets/kubernetes.io/serviceaccount/namespace
default

# The page's request: discovery is open to every authenticated user.
$ kubectl exec curl -- sh -c 'APISERVER=https://kubernetes.default.svc; SERVICEACCOUNT=/var/run/secrets/kubernetes.io/serviceaccount; NAMESPACE=$(cat ${SERVICEACCOUNT}/namespace); TOKEN=$(cat ${SERVICEACCOUNT}/token); CACERT=${SERVICEACCOUNT}/ca.crt; curl --cacert ${CACERT} --header "Authorization: Bearer ${TOKEN}" -X GET ${APISERVER}/api'
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
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
100   182  100   182    0     0   177k      0 --:--:-- --:--:-- --:--:--  177k

# curl verifies the server's certificate: the image's CA bundle does not
# hold the cluster CA, and a --cacert file must hold a certificate.
$ kubectl exec curl -- curl -sS https://kubernetes.default.svc/api
curl: (60) SSL certificate problem: unable to get local issuer certificate
More details here: https://curl.se/docs/sslcerts.html

curl failed to verify the legitimacy of the server and therefore could not
establish a secure connection to it. To learn more about this situation and
how to fix it, please visit the webpage mentioned above.
command terminated with exit code 60

$ kubectl exec curl -- curl -sS --cacert /tmp/ca.crt https://kubernetes.default.svc/api
curl: (77) error setting certificate file: /tmp/ca.crt
command terminated with exit code 77

$ kubectl exec curl -- curl -sS --cacert /etc/hostname https://kubernetes.default.svc/api
curl: (77) error setting certificate file: /etc/hostname
command terminated with exit code 77

# Plain HTTP to the TLS port.
$ kubectl exec curl -- curl -sS http://kubernetes.default.svc:443/api
Client sent an HTTP request to an HTTPS server.

# Without a token the request is anonymous: system:anonymous may read
# /version and the health checks, not discovery.
$ kubectl exec curl -- curl -sk https://kubernetes.default.svc/api
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

$ kubectl exec curl -- curl -sk https://kubernetes.default.svc/version
{
  "major": "1",
  "minor": "32",
  "gitVersion": "v1.32.0",
  "gitCommit": "70d3cc986aa8221cd1dfb1121852688902d3bf53",
  "gitTreeState": "clean",
  "buildDate": "2024-12-11T17:59:15Z",
  "goVersion": "go1.23.3",
  "compiler": "gc",
  "platform": "linux/amd64"
}

$ kubectl exec curl -- curl -sk https://10.96.0.1/healthz
ok

# A token the cluster did not issue is a 401.
$ kubectl exec curl -- curl -sk -H "Authorization: Bearer not-a-token" https://kubernetes.default.svc/api
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "Unauthorized",
  "reason": "Unauthorized",
  "code": 401
}

# The default account may not list pods...
$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -s --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/$(cat $SA/namespace)/pods'
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

$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -si --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods/curl'
HTTP/2 403
audit-id: 843ba44f-6ec2-4b4f-a6cb-5ad0c6528829
cache-control: no-cache, private
content-type: application/json
x-kubernetes-pf-flowschema-uid: 6db1e0c7-4438-4e41-a1b2-69f564b689af
x-kubernetes-pf-prioritylevel-uid: 34a15e52-11d2-4f24-a49b-f6a9c35c5be5
content-length: 351
date: Wed, 01 Jan 2025 00:00:05 GMT

{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods \"curl\" is forbidden: User \"system:serviceaccount:default:default\" cannot get resource \"pods\" in API group \"\" in the namespace \"default\"",
  "reason": "Forbidden",
  "details": {
    "name": "curl",
    "kind": "pods"
  },
  "code": 403
}

# ...until a RoleBinding grants it the view ClusterRole in its namespace.
$ kubectl create rolebinding default-view --clusterrole=view --serviceaccount=default:default
rolebinding.rbac.authorization.k8s.io/default-view created

$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -s --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods | head -12'
{
  "kind": "PodList",
  "apiVersion": "v1",
  "metadata": {
    "resourceVersion": "383"
  },
  "items": [
    {
      "metadata": {
        "name": "curl",
        "namespace": "default",
        "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba",

$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -s --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods/curl | grep serviceAccountName'
    "serviceAccountName": "default",

# Other namespaces, and deleting, are still refused.
$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -s --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/kube-system/pods'
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods is forbidden: User \"system:serviceaccount:default:default\" cannot list resource \"pods\" in API group \"\" in the namespace \"kube-system\"",
  "reason": "Forbidden",
  "details": {
    "kind": "pods"
  },
  "code": 403
}

$ kubectl exec curl -- sh -c 'SA=/var/run/secrets/kubernetes.io/serviceaccount; curl -s -X DELETE --cacert $SA/ca.crt -H "Authorization: Bearer $(cat $SA/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods/curl'
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods \"curl\" is forbidden: User \"system:serviceaccount:default:default\" cannot delete resource \"pods\" in API group \"\" in the namespace \"default\"",
  "reason": "Forbidden",
  "details": {
    "name": "curl",
    "kind": "pods"
  },
  "code": 403
}

# busybox's wget checks no certificate (and says so) and sends its
# --header lines; an error status ends it.
$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl wait --for=condition=Ready pod/bb
pod/bb condition met

$ kubectl exec bb -- sh -c 'wget -qO- --header "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods/bb | grep serviceAccountName'
wget: note: TLS certificate validation not implemented
    "serviceAccountName": "default",

$ kubectl exec bb -- wget -O- https://kubernetes.default.svc/api
Connecting to kubernetes.default.svc (10.96.0.1:443)
wget: note: TLS certificate validation not implemented
wget: server returned error: HTTP/1.1 403 Forbidden
command terminated with exit code 1
