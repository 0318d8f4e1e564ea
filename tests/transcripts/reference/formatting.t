# kubernetes.io's kubectl Quick Reference, "Formatting output" and
# "Kubectl output verbosity and debugging", line by line on the
# playground's kind cluster, with each format of the page's table.
$ kubectl run web --image=nginx --labels=app=web
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pods -o=custom-columns=NAME:.metadata.name,NODE:.spec.nodeName
NAME   NODE
web    kubeplay-worker3

$ cat > columns.txt <<EOF
NAME          IMAGE                      PHASE
metadata.name spec.containers[0].image   status.phase
EOF

$ kubectl get pods -o=custom-columns-file=columns.txt
NAME   IMAGE   PHASE
web    nginx   Running

# A template file is the template verbatim, its final newline too.
$ echo '{{range .items}}{{.metadata.name}} {{.status.podIP}}{{"\n"}}{{end}}' > pods.tmpl

$ kubectl get pods -o=go-template='{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}'
web

$ kubectl get pods -o=go-template-file=pods.tmpl
web 10.244.3.2

$ kubectl get pods -o=json | head -5
{
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",

$ kubectl get pods -o=jsonpath='{.items[0].metadata.name}'
web

$ echo '{.items[*].metadata.labels}' > labels.jsonpath

$ kubectl get pods -o=jsonpath-file=labels.jsonpath
{"app":"web"}

$ kubectl get pods -o=name
pod/web

$ kubectl get pods -o=wide
NAME   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web    1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl get pods -o=yaml | head -4
apiVersion: v1
items:
- apiVersion: v1
  kind: Pod

# Files that are not there, or not a columns template.
$ kubectl get pods -o jsonpath-file=missing.txt
error: error reading --template missing.txt, open missing.txt: no such file or directory

$ kubectl get pods -o go-template-file=missing.tmpl
error: error reading --template missing.tmpl, open missing.tmpl: no such file or directory

$ kubectl get pods -o custom-columns-file=missing.txt
error: error reading template missing.txt, open missing.txt: no such file or directory

$ kubectl get pods -o custom-columns-file=labels.jsonpath
error: invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.

# kubectl also takes the file from --template; the playground does not.
$ kubectl get pods -o jsonpath-file --template=labels.jsonpath
error: (playground) -o jsonpath-file takes its file as -o jsonpath-file=FILE here

# custom-columns-file is get's alone. The labels of a single object's
# items are nothing: the file's newline is all that is left.
$ kubectl create configmap x --dry-run=client -o custom-columns-file=columns.txt
error: unable to match a printer suitable for the output format "custom-columns-file=columns.txt", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl create configmap x --dry-run=client -o jsonpath-file=labels.jsonpath

# The custom-columns examples.
$ kubectl get pods -A -o=custom-columns='DATA:spec.containers[*].image'
DATA
nginx
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/etcd:3.5.16-0
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
registry.k8s.io/kube-apiserver:v1.32.0
registry.k8s.io/kube-controller-manager:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-scheduler:v1.32.0
docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf

$ kubectl get pods --namespace default --output=custom-columns="NAME:.metadata.name,IMAGE:.spec.containers[*].image"
NAME   IMAGE
web    nginx

# kind's CoreDNS is registry.k8s.io/coredns/coredns:v1.11.3, so the
# filter leaves every image.
$ kubectl get pods -A -o=custom-columns='DATA:spec.containers[?(@.image!="registry.k8s.io/coredns:1.6.2")].image'
DATA
nginx
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/etcd:3.5.16-0
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
registry.k8s.io/kube-apiserver:v1.32.0
registry.k8s.io/kube-controller-manager:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-scheduler:v1.32.0
docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf

# metadata.* is every field of metadata. kubectl walks a Go map there,
# so a real cluster prints them in an order that changes from run to
# run; the playground keeps the JSON order.
$ kubectl get pods -o=custom-columns='DATA:metadata.*'
DATA
2025-01-01T00:00:02Z,map[app:web],web,default,382,f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

# Verbosity: -v=2 adds nothing to a plain get. From 6 kubectl logs its
# HTTP requests to stderr, and the simulated cluster has none.
$ kubectl get pods -v=2
NAME   READY   STATUS    RESTARTS   AGE
web    1/1     Running   0          4s

$ kubectl get pods --v=6 -o name
(playground) -v=6: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
pod/web

$ kubectl get pods --v=9 -o name
(playground) -v=9: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
pod/web
