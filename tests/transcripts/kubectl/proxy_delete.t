# curl -X DELETE through kubectl proxy: the API server's DELETE handler,
# its body read as DeleteOptions. A pod in its grace period comes back as
# it now is; a body curl sends without a JSON Content-Type is refused;
# other methods are the playground's to refuse.
$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods/web -d '{"propagationPolicy":"Foreground"}'
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf",
  "reason": "UnsupportedMediaType",
  "code": 415
}

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods/web -d '{"propagationPolicy":"Sideways"}' -H 'Content-Type: application/json'
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"Sideways\": supported values: \"Foreground\", \"Background\", \"Orphan\"",
  "reason": "Invalid",
  "details": {
    "group": "meta.k8s.io",
    "kind": "DeleteOptions",
    "causes": [
      {
        "reason": "FieldValueNotSupported",
        "message": "Unsupported value: \"Sideways\": supported values: \"Foreground\", \"Background\", \"Orphan\"",
        "field": "propagationPolicy"
      }
    ]
  },
  "code": 422
}

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods/nope
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

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods/web | grep -E '"(deletionTimestamp|deletionGracePeriodSeconds|phase)"'
    "deletionTimestamp": "2025-01-01T00:00:36Z",
    "deletionGracePeriodSeconds": 30,
    "phase": "Running",

$ curl -s -X POST localhost:8001/api/v1/namespaces/default/pods -d '{}'
(playground) the simulated API server takes DELETE and PATCH through the proxy, not POST: create and change objects with kubectl apply, create, patch or replace

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods
(playground) the simulated API server deletes one named object through the proxy, not a collection: name it in the path, or use kubectl delete with a selector

$ kubectl exec web -- curl -s -X DELETE localhost
curl: (playground) the servers in pods answer GET requests only here, not DELETE; the API server takes a DELETE through kubectl proxy on your own machine
command terminated with exit code 2

$ sim settle
settled after 3 steps and 0s of virtual time

$ curl -s -X DELETE localhost:8001/api/v1/namespaces/default/pods/web
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "pods \"web\" not found",
  "reason": "NotFound",
  "details": {
    "name": "web",
    "kind": "pods"
  },
  "code": 404
}

$ curl -H 'Host: foo.bar.com' localhost:8001/version
curl: (playground) this curl sends headers (-H "Host: foo.bar.com") only with a DELETE to the API server through kubectl proxy; elsewhere the simulated servers would answer as if it were not sent
