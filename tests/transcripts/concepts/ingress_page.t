# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# Ingress", line by line, for what services/ingress.t does not already
# cover. The page's example manifests come from here-documents:
# transcripts never download. As on a kind cluster with nothing
# installed, no ingress controller runs: Ingresses are stored, validated,
# listed and described, and none gets an ADDRESS.
#
# IngressClass: the default class, marked by
# ingressclass.kubernetes.io/is-default-class.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  labels:
    app.kubernetes.io/component: controller
  name: nginx-example
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
EOF
ingressclass.networking.k8s.io/nginx-example created

$ kubectl get ingressclass
NAME            CONTROLLER             PARAMETERS   AGE
nginx-example   k8s.io/ingress-nginx   <none>       0s

# An Ingress with only a default backend (test-ingress.yaml).
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: test-ingress
spec:
  defaultBackend:
    service:
      name: test
      port:
        number: 80
EOF
ingress.networking.k8s.io/test-ingress created

$ kubectl get ingress test-ingress
NAME           CLASS           HOSTS   ADDRESS   PORTS   AGE
test-ingress   nginx-example   *                 80      0s

# The default class was written into the new Ingress.
$ kubectl get ingress test-ingress -o jsonpath='{.spec.ingressClassName}{"\n"}'
nginx-example

# Resource backends (ingress-resource-backend.yaml): an object of another
# API group, here a StorageBucket no CRD defines, which the API server
# does not check.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ingress-resource-backend
spec:
  defaultBackend:
    resource:
      apiGroup: k8s.example.com
      kind: StorageBucket
      name: static-assets
  rules:
    - http:
        paths:
          - path: /icons
            pathType: ImplementationSpecific
            backend:
              resource:
                apiGroup: k8s.example.com
                kind: StorageBucket
                name: icon-assets
EOF
ingress.networking.k8s.io/ingress-resource-backend created

$ kubectl describe ingress ingress-resource-backend
Name:             ingress-resource-backend
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  APIGroup: k8s.example.com, Kind: StorageBucket, Name: static-assets
Rules:
  Host        Path  Backends
  ----        ----  --------
  *
              /icons   APIGroup: k8s.example.com, Kind: StorageBucket, Name: icon-assets
Annotations:  <none>
Events:       <none>

# A backend is a Service or a resource, not both.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: both
spec:
  defaultBackend:
    service:
      name: test
      port:
        number: 80
    resource:
      apiGroup: k8s.example.com
      kind: StorageBucket
      name: static-assets
EOF
The Ingress "both" is invalid: spec.defaultBackend: Invalid value: "": cannot set both resource and service backends

# Hostname wildcards (ingress-wildcard-host.yaml): "*" only as the whole
# first label.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ingress-wildcard-host
spec:
  rules:
  - host: "foo.bar.com"
    http:
      paths:
      - pathType: Prefix
        path: "/bar"
        backend:
          service:
            name: service1
            port:
              number: 80
  - host: "*.foo.com"
    http:
      paths:
      - pathType: Prefix
        path: "/foo"
        backend:
          service:
            name: service2
            port:
              number: 80
EOF
ingress.networking.k8s.io/ingress-wildcard-host created

$ kubectl get ingress ingress-wildcard-host
NAME                    CLASS           HOSTS                   ADDRESS   PORTS   AGE
ingress-wildcard-host   nginx-example   foo.bar.com,*.foo.com             80      0s

$ kubectl create ingress bad-wildcard --rule="foo.*.com/=service1:80"
error: failed to create ingress: Ingress.networking.k8s.io "bad-wildcard" is invalid: spec.rules[0].host: Invalid value: "foo.*.com": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\*\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

# Path types: Exact and Prefix paths must be absolute.
$ kubectl create ingress relative --rule="foo.com/*=service1:80" --dry-run=client -o json | kubectl patch -f - --local --type=json -p '[{"op":"replace","path":"/spec/rules/0/http/paths/0/path","value":"foo"}]' -o yaml | kubectl apply -f -
The Ingress "relative" is invalid: spec.rules[0].http.paths[0].path: Invalid value: "foo": must be an absolute path

# Simple fanout: the page's describe, with the two Services behind it.
$ kubectl create deployment service1 --image=registry.k8s.io/e2e-test-images/agnhost:2.53 -- /agnhost netexec --http-port=4200
deployment.apps/service1 created

$ kubectl create deployment service2 --image=registry.k8s.io/e2e-test-images/agnhost:2.53 -- /agnhost netexec --http-port=8080
deployment.apps/service2 created

$ kubectl expose deployment service1 --port=4200
service/service1 exposed

$ kubectl expose deployment service2 --port=8080
service/service2 exposed

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: simple-fanout-example
spec:
  rules:
  - host: foo.bar.com
    http:
      paths:
      - path: /foo
        pathType: Prefix
        backend:
          service:
            name: service1
            port:
              number: 4200
      - path: /bar
        pathType: Prefix
        backend:
          service:
            name: service2
            port:
              number: 8080
EOF
ingress.networking.k8s.io/simple-fanout-example created

$ sim settle
settled after 48 steps and 3s of virtual time

$ kubectl describe ingress simple-fanout-example
Name:             simple-fanout-example
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  <default>
Rules:
  Host         Path  Backends
  ----         ----  --------
  foo.bar.com
               /foo   service1:4200 (10.244.3.2:4200)
               /bar   service2:8080 (10.244.1.2:8080)
Annotations:   <none>
Events:        <none>

# Name based virtual hosting, the third rule without a host.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: name-virtual-host-ingress-no-third-host
spec:
  rules:
  - host: first.bar.com
    http:
      paths:
      - pathType: Prefix
        path: "/"
        backend:
          service:
            name: service1
            port:
              number: 80
  - host: second.bar.com
    http:
      paths:
      - pathType: Prefix
        path: "/"
        backend:
          service:
            name: service2
            port:
              number: 80
  - http:
      paths:
      - pathType: Prefix
        path: "/"
        backend:
          service:
            name: service3
            port:
              number: 80
EOF
ingress.networking.k8s.io/name-virtual-host-ingress-no-third-host created

$ kubectl get ingress name-virtual-host-ingress-no-third-host
NAME                                      CLASS           HOSTS                          ADDRESS   PORTS   AGE
name-virtual-host-ingress-no-third-host   nginx-example   first.bar.com,second.bar.com             80      0s

# TLS: the page's Secret holds placeholders, not base64, so the API server
# cannot decode it...
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: testsecret-tls
  namespace: default
data:
  tls.crt: base64 encoded cert
  tls.key: base64 encoded key
type: kubernetes.io/tls
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 6

# ...while an Ingress may name a Secret that does not exist yet.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: tls-example-ingress
spec:
  tls:
  - hosts:
      - https-example.foo.com
    secretName: testsecret-tls
  rules:
  - host: https-example.foo.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: service1
            port:
              number: 80
EOF
ingress.networking.k8s.io/tls-example-ingress created

$ kubectl get ingress tls-example-ingress
NAME                  CLASS           HOSTS                   ADDRESS   PORTS     AGE
tls-example-ingress   nginx-example   https-example.foo.com             80, 443   0s

$ kubectl describe ingress tls-example-ingress
Name:             tls-example-ingress
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  <default>
TLS:
  testsecret-tls terminates https-example.foo.com
Rules:
  Host                   Path  Backends
  ----                   ----  --------
  https-example.foo.com
                         /   service1:80 (10.244.3.2:4200)
Annotations:             <none>
Events:                  <none>

# Updating an Ingress: the page edits it; replace does the same from a
# file, adding a host.
$ kubectl get ingress test-ingress -o yaml > test-ingress.yaml

$ kubectl create ingress test-ingress --class=nginx-example --default-backend=test:80 --rule="bar.baz.com/foo*=service2:80" --dry-run=client -o yaml > test-ingress.yaml

$ kubectl replace -f test-ingress.yaml
ingress.networking.k8s.io/test-ingress replaced

$ kubectl describe ingress test-ingress
Name:             test-ingress
Labels:           <none>
Namespace:        default
Address:
Ingress Class:    nginx-example
Default backend:  test:80 (<error: services "test" not found>)
Rules:
  Host         Path  Backends
  ----         ----  --------
  bar.baz.com
               /foo   service2:80 (10.244.1.2:8080)
Annotations:   <none>
Events:        <none>

$ kubectl get ingress
NAME                                      CLASS           HOSTS                          ADDRESS   PORTS     AGE
ingress-resource-backend                  nginx-example   *                                        80        3s
ingress-wildcard-host                     nginx-example   foo.bar.com,*.foo.com                    80        3s
name-virtual-host-ingress-no-third-host   nginx-example   first.bar.com,second.bar.com             80        0s
simple-fanout-example                     nginx-example   foo.bar.com                              80        3s
test-ingress                              nginx-example   bar.baz.com                              80        3s
tls-example-ingress                       nginx-example   https-example.foo.com                    80, 443   0s
