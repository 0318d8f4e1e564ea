# Ingress and IngressClass are served (networking.k8s.io/v1). Like a kind
# cluster with nothing installed, the playground runs no ingress
# controller: an Ingress is stored, validated and listed, and its ADDRESS
# stays empty because nothing publishes one.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: minimal-ingress
  annotations:
    nginx.ingress.kubernetes.io/rewrite-target: /
spec:
  ingressClassName: nginx-example
  rules:
  - http:
      paths:
      - path: /testpath
        pathType: Prefix
        backend:
          service:
            name: test
            port:
              number: 80
EOF
ingress.networking.k8s.io/minimal-ingress created

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: hosts
spec:
  tls:
  - hosts: [a.example.com]
    secretName: a-tls
  rules:
  - host: a.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: a, port: {name: http}}}}
  - host: b.example.com
    http:
      paths:
      - {path: /, pathType: Exact, backend: {service: {name: b, port: {number: 8080}}}}
  - host: "*.c.example.com"
    http:
      paths:
      - {pathType: ImplementationSpecific, backend: {service: {name: c, port: {number: 80}}}}
  - host: d.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: d, port: {number: 80}}}}
EOF
ingress.networking.k8s.io/hosts created

$ kubectl get ingress
NAME              CLASS           HOSTS                                                     ADDRESS   PORTS     AGE
hosts             <none>          a.example.com,b.example.com,*.c.example.com + 1 more...             80, 443   0s
minimal-ingress   nginx-example   *                                                                   80        0s

$ kubectl get ing minimal-ingress -o yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"annotations":{"nginx.ingress.kubernetes.io/rewrite-target":"/"},"name":"minimal-ingress","namespace":"default"},"spec":{"ingressClassName":"nginx-example","rules":[{"http":{"paths":[{"backend":{"service":{"name":"test","port":{"number":80}}},"path":"/testpath","pathType":"Prefix"}]}}]}}
    nginx.ingress.kubernetes.io/rewrite-target: /
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: minimal-ingress
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  ingressClassName: nginx-example
  rules:
  - http:
      paths:
      - backend:
          service:
            name: test
            port:
              number: 80
        path: /testpath
        pathType: Prefix
status:
  loadBalancer: {}

# Validation is the API server's (pkg/apis/networking/validation).
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bad
spec:
  rules:
  - host: "1.2.3.4"
    http:
      paths:
      - path: testpath
        pathType: Prefix
        backend:
          service:
            name: Test
      - path: /x
        backend:
          service:
            name: test
            port:
              number: 80
EOF
The Ingress "bad" is invalid:
* spec.rules[0].host: Invalid value: "1.2.3.4": must be a DNS name, not an IP address
* spec.rules[0].http.paths[0].path: Invalid value: "testpath": must be an absolute path
* spec.rules[0].http.paths[0].backend.service.name: Invalid value: "Test": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')
* spec.rules[0].http.paths[0].backend: Required value: port name or number is required
* spec.rules[0].http.paths[1].pathType: Required value: pathType must be specified

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: empty
spec: {}
EOF
The Ingress "empty" is invalid: spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx-example
spec:
  controller: k8s.io/ingress-nginx
  parameters:
    apiGroup: k8s.example.com
    kind: IngressParameters
    name: external-lb
EOF
ingressclass.networking.k8s.io/nginx-example created

$ kubectl get ingressclass
NAME            CONTROLLER             PARAMETERS                                      AGE
nginx-example   k8s.io/ingress-nginx   IngressParameters.k8s.example.com/external-lb   0s

$ kubectl get ingressclass nginx-example -o jsonpath={.spec.parameters.scope}
Cluster

# describe lists each path with its backend: a Service's port with the
# ready endpoints behind it, here an error because no Service "test"
# exists. A rule without a host shows as "*".
$ kubectl describe ingress minimal-ingress
Name:             minimal-ingress
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  <default>
Rules:
  Host        Path  Backends
  ----        ----  --------
  *
              /testpath   test:80 (<error: services "test" not found>)
Annotations:  nginx.ingress.kubernetes.io/rewrite-target: /
Events:       <none>

$ kubectl describe ingressclass nginx-example
Name:         nginx-example
Labels:       <none>
Annotations:  <none>
Controller:   k8s.io/ingress-nginx
Parameters:
  APIGroup:  k8s.example.com
  Kind:      IngressParameters
  Name:      external-lb
Events:      <none>

# kubectl create ingress builds the Ingress on the client from
# --rule=host/path=service:port[,tls[=secret]]: a trailing * makes the
# path a Prefix (else Exact), and TLS hosts are grouped by secret.
$ kubectl create ingress simple --rule="foo.com/bar=svc1:8080,tls=my-cert" --dry-run=client -o yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  creationTimestamp: null
  name: simple
spec:
  rules:
  - host: foo.com
    http:
      paths:
      - backend:
          service:
            name: svc1
            port:
              number: 8080
        path: /bar
        pathType: Exact
  tls:
  - hosts:
    - foo.com
    secretName: my-cert
status:
  loadBalancer: {}

$ kubectl create ingress multi --class=default --default-backend=defaultsvc:http --rule="foo.com/*=svc:8080,tls=secret1" --rule="foo.com/admin/=svcadmin:portadmin" --rule="bar.com/x*=svc2:http,tls=secret1" --annotation ingress.annotation1=foo --dry-run=client -o yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  annotations:
    ingress.annotation1: foo
  creationTimestamp: null
  name: multi
spec:
  defaultBackend:
    service:
      name: defaultsvc
      port:
        name: http
  ingressClassName: default
  rules:
  - host: foo.com
    http:
      paths:
      - backend:
          service:
            name: svc
            port:
              number: 8080
        path: /
        pathType: Prefix
      - backend:
          service:
            name: svcadmin
            port:
              name: portadmin
        path: /admin/
        pathType: Exact
  - host: bar.com
    http:
      paths:
      - backend:
          service:
            name: svc2
            port:
              name: http
        path: /x
        pathType: Prefix
  tls:
  - hosts:
    - foo.com
    - bar.com
    secretName: secret1
status:
  loadBalancer: {}

$ kubectl create ingress broken --rule="foo.com=svc:80"
error: rule foo.com=svc:80 is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]

$ kubectl create ingress broken --default-backend=svc
error: default-backend should be in format servicename:serviceport

# The DefaultIngressClass admission plugin gives an Ingress that names no
# class the IngressClass annotated as the default.
$ kubectl annotate ingressclass nginx-example ingressclass.kubernetes.io/is-default-class=true
ingressclass.networking.k8s.io/nginx-example annotated

$ kubectl create deployment web --image=nginx --replicas=2 --port=80
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl create ingress web --rule="web.example.com/*=web:80,tls=web-tls"
ingress.networking.k8s.io/web created

$ kubectl get ingress web
NAME   CLASS           HOSTS             ADDRESS   PORTS     AGE
web    nginx-example   web.example.com             80, 443   0s

$ kubectl describe ingress web
Name:             web
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  <default>
TLS:
  web-tls terminates web.example.com
Rules:
  Host             Path  Backends
  ----             ----  --------
  web.example.com
                   /   web:80 (10.244.3.2:80,10.244.1.2:80)
Annotations:       <none>
Events:            <none>
