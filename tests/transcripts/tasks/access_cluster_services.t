# Access Services Running on Clusters (kubernetes.io task): the built-in
# services cluster-info lists, and the API server's proxy URLs for a
# Service, reached through kubectl proxy in each of the page's forms of
# the service segment. kind runs no Elasticsearch, Kibana or Grafana:
# its cluster-info lists the control plane and CoreDNS only.
$ kubectl cluster-info
Kubernetes control plane is running at https://127.0.0.1:6443
CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy

To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.

$ kubectl get services --namespace=kube-system
NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s

# A Service to reach: nginx behind an unnamed port.
$ kubectl create deployment web --image=nginx:1.27 --port=80
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ kubectl wait --for=condition=Available deployment/web
deployment.apps/web condition met

$ kubectl proxy --port=8080 &
[1] 2718
Starting to serve on 127.0.0.1:8080

# <service_name>: the unnamed port, over http.
$ curl -s http://localhost:8080/api/v1/namespaces/default/services/web/proxy/ | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>

# <service_name>:<port_name>: a port number stands in for the name.
$ curl -s http://localhost:8080/api/v1/namespaces/default/services/web:80/proxy/ | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>

# Suffixes and parameters are appended after proxy/.
$ curl -s "http://localhost:8080/api/v1/namespaces/default/services/web/proxy/index.html?x=1" | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>

# https:<service_name>: (the trailing colon): nginx speaks plain http on 80.
$ curl -s http://localhost:8080/api/v1/namespaces/default/services/https:web:/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "error trying to reach service: tls: first record does not look like a TLS handshake",
  "reason": "ServiceUnavailable",
  "code": 503
}

# A named port must be named (or numbered) in the URL.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web-named
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
EOF
service/web-named created

$ curl -s http://localhost:8080/api/v1/namespaces/default/services/web-named/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "endpoints \"web-named\" not found",
  "reason": "NotFound",
  "details": {
    "name": "web-named",
    "kind": "endpoints"
  },
  "code": 404
}

$ curl -s http://localhost:8080/api/v1/namespaces/default/services/web-named:http/proxy/ | head -4
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},

$ curl -s http://localhost:8080/api/v1/namespaces/default/services/nope/proxy/
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "services \"nope\" not found",
  "reason": "NotFound",
  "details": {
    "name": "nope",
    "kind": "services"
  },
  "code": 404
}

$ kill %1
[1]+  Terminated              kubectl proxy --port=8080
