# kubectl proxy, as the Kubernetes Basics tutorial (module 3, "Explore
# your app") uses it: it runs in the background (typed with & or not),
# and curl on this machine reaches the API server through it, and the
# pods' and services' proxy subresources behind it, with the API
# server's own errors (Status documents, indented for curl).
$ kubectl create deployment kubernetes-bootcamp --image=gcr.io/google-samples/kubernetes-bootcamp:v1
deployment.apps/kubernetes-bootcamp created

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

$ curl http://localhost:8001/version
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

$ export POD_NAME=$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')

$ echo Name of the Pod: $POD_NAME
Name of the Pod: kubernetes-bootcamp-755d4d6c6-jjhv7

$ curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ curl -i http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
HTTP/1.1 200 OK
Audit-Id: c558e35c-8b12-49c7-a6b0-741a12950c38
Content-Type: text/plain
Date: Wed, 01 Jan 2025 00:00:06 GMT
Transfer-Encoding: chunked

Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ kubectl get --raw /api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

# Without the trailing slash the API server redirects (curl does not follow).
$ curl -si http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy
HTTP/1.1 301 Moved Permanently
Audit-Id: 8ebb34bc-6d39-4f70-ac3a-edb92c7c024a
Cache-Control: no-cache, private
Content-Length: 0
Date: Wed, 01 Jan 2025 00:00:06 GMT
Location: /api/v1/namespaces/default/pods/kubernetes-bootcamp-755d4d6c6-jjhv7:8080/proxy/
X-Kubernetes-Pf-Flowschema-Uid: d7ff64b3-6399-47e0-a39e-cc3e66feea68
X-Kubernetes-Pf-Prioritylevel-Uid: d6dd7f9d-5dc0-4c6d-a678-a3621868f000

$ curl -s -o /dev/null -w '%{http_code}\n' http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy
301

$ wget -qO- http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

# Nothing listens on 9090; a pod that is not there; an ID it cannot read.
$ curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:9090/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "error trying to reach service: dial tcp 10.244.3.2:9090: connect: connection refused",
  "reason": "ServiceUnavailable",
  "code": 503
}

$ curl -s http://127.0.0.1:8001/api/v1/namespaces/default/pods/nope/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods \"nope\" not found",
  "reason": "NotFound",
  "details": {
    "name": "nope",
    "kind": "pods"
  },
  "code": 404
}

$ curl -s http://127.0.0.1:8001/api/v1/namespaces/default/pods/a:b:c:d/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "invalid pod request \"a:b:c:d\"",
  "reason": "BadRequest",
  "code": 400
}

$ kubectl get --raw /api/v1/namespaces/default/pods/$POD_NAME:9090/proxy/
Error from server (ServiceUnavailable): error trying to reach service: dial tcp 10.244.3.2:9090: connect: connection refused

# A Service: one ready endpoint, by port number or name.
$ kubectl expose deployment/kubernetes-bootcamp --type=NodePort --port 8080
service/kubernetes-bootcamp exposed

$ kubectl create service clusterip empty --tcp=80:80
service/empty created

$ sim settle
settled after 4 steps and 0s of virtual time

$ curl -s localhost:8001/api/v1/namespaces/default/services/kubernetes-bootcamp:8080/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ curl -s localhost:8001/api/v1/namespaces/default/services/http:kubernetes-bootcamp:/proxy/
Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-755d4d6c6-jjhv7 | v=1

$ curl -s localhost:8001/api/v1/namespaces/default/services/kubernetes-bootcamp:80/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "no service port 80 found for service \"kubernetes-bootcamp\"",
  "reason": "ServiceUnavailable",
  "code": 503
}

$ curl -s localhost:8001/api/v1/namespaces/default/services/empty/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "no endpoints available for service \"empty\"",
  "reason": "ServiceUnavailable",
  "code": 503
}

$ curl -sf localhost:8001/api/v1/namespaces/default/services/nope/proxy/; echo "exit $?"
exit 22

# The API server dials from the control-plane node: a policy that admits
# nothing drops it, and its dialer gives up (the 30 s are not spent here).
$ kubectl create -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: deny-all
spec:
  podSelector: {}
  policyTypes: [Ingress]
EOF
networkpolicy.networking.k8s.io/deny-all created

$ kubectl get --raw /api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
Error from server (ServiceUnavailable): error trying to reach service: dial tcp 10.244.3.2:8080: i/o timeout

$ kubectl delete networkpolicy deny-all
networkpolicy.networking.k8s.io "deny-all" deleted

# The API itself, as get --raw reads it.
$ curl -s localhost:8001/healthz; echo
ok

$ curl -s localhost:8001/api
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

$ curl -s localhost:8001/api/v1/namespaces/default/pods | grep '"name"' | head -1
        "name": "kubernetes-bootcamp-755d4d6c6-jjhv7",

$ curl -s localhost:8001/apis/apps/v1/namespaces/default/deployments/nope
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "deployments.apps \"nope\" not found",
  "reason": "NotFound",
  "details": {
    "name": "nope",
    "group": "apps",
    "kind": "deployments"
  },
  "code": 404
}

# The request filter: other host names, exec and attach are refused.
$ curl -si localhost:8001/api/v1/namespaces/default/pods/$POD_NAME/exec
HTTP/1.1 403 Forbidden
Content-Type: text/plain; charset=utf-8
X-Content-Type-Options: nosniff
Date: Wed, 01 Jan 2025 00:00:06 GMT
Content-Length: 10

Forbidden

# The port is taken now; another one, a random one, and other addresses.
$ kubectl proxy
error: listen tcp 127.0.0.1:8001: bind: address already in use

$ kubectl proxy --port=8011 --api-prefix=/k8s-api
Starting to serve on 127.0.0.1:8011
(playground) the proxy runs in the background, as kubectl proxy & would: curl localhost:8011/… on this machine reaches the API server through it; jobs lists it, kill %N stops it

$ curl -s localhost:8011/k8s-api/version | grep gitVersion
  "gitVersion": "v1.32.0",

$ curl -s localhost:8011/version
404 page not found

$ kubectl proxy -p 0 --address 0.0.0.0
Starting to serve on [::]:32768
(playground) the proxy runs in the background, as kubectl proxy & would: curl localhost:32768/… on this machine reaches the API server through it; jobs lists it, kill %N stops it

$ curl -s http://127.0.0.2:32768/version; echo
Forbidden

$ curl -s http://127.0.0.2:8001/version; echo "exit $?"
exit 7

$ kubectl proxy --address=10.0.0.1
error: listen tcp 10.0.0.1:8001: bind: cannot assign requested address

$ kubectl proxy --address=::1
error: listen tcp: address ::1:8001: too many colons in address

$ kubectl proxy --www=./static -p 8012
error: (playground) kubectl proxy --www serves a directory of this machine, and the playground has none: run it without --www (the API is served all the same)

$ kubectl proxy --disable-filter -p 8013
W0101 00:00:06.665000    2732 proxy.go:177] Request filter disabled, your proxy is vulnerable to XSRF attacks, please be cautious
Starting to serve on 127.0.0.1:8013
(playground) the proxy runs in the background, as kubectl proxy & would: curl localhost:8013/… on this machine reaches the API server through it; jobs lists it, kill %N stops it

$ jobs
[1]   Running                 kubectl proxy &
[2]   Running                 kubectl proxy --port=8011 --api-prefix=/k8s-api &
[3]-  Running                 kubectl proxy -p 0 --address 0.0.0.0 &
[4]+  Running                 kubectl proxy --disable-filter -p 8013 &

$ kill %1 %2
[1]   Terminated              kubectl proxy
[2]   Terminated              kubectl proxy --port=8011 --api-prefix=/k8s-api

$ jobs
[3]-  Running                 kubectl proxy -p 0 --address 0.0.0.0 &
[4]+  Running                 kubectl proxy --disable-filter -p 8013 &

$ curl -s localhost:8001/version; echo "exit $?"
exit 7
