# kubernetes.io "Concepts → Overview → Objects In Kubernetes" and its
# children "Annotations" and "Recommended Labels", line by line.
#
# "Describing a Kubernetes object": application/deployment.yaml.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2 # tells deployment to run 2 pods matching the template
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   2/2     2            2           4s

# "Server side field validation": an unknown field is an error by default
# (--validate=strict), a warning with --validate=warn, dropped with
# --validate=false.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: strict
spec: {}
EOF
Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec"

$ kubectl apply --validate=warn -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: warned
spec: {}
EOF
Warning: unknown field "spec"
configmap/warned created

$ kubectl apply --validate=false -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: quiet
spec: {}
EOF
configmap/quiet created

# "Annotations": the page's annotations-demo Pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: annotations-demo
  annotations:
    imageregistry: "https://hub.docker.com/"
spec:
  containers:
  - name: nginx
    image: nginx:1.14.2
    ports:
    - containerPort: 80
EOF
pod/annotations-demo created

$ kubectl get pod annotations-demo -o jsonpath='{.metadata.annotations.imageregistry}{"\n"}'
https://hub.docker.com/

$ kubectl describe pod annotations-demo | grep -A1 '^Annotations:'
Annotations:      imageregistry: https://hub.docker.com/
Status:           Pending

# Annotation keys follow the label-key rules; values may be anything.
$ kubectl annotate pod annotations-demo 'example.com/notes=free text: with spaces, colons & slashes/'
pod/annotations-demo annotated

$ kubectl annotate pod annotations-demo 'bad key=x'
The Pod "annotations-demo" is invalid: metadata.annotations: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')

$ kubectl annotate pod annotations-demo Example_.com/x=y
The Pod "annotations-demo" is invalid: metadata.annotations: Invalid value: "Example_.com/x": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

$ kubectl annotate pod annotations-demo imageregistry-
pod/annotations-demo annotated

$ kubectl get pod annotations-demo -o jsonpath='{.metadata.annotations}{"\n"}'
{"example.com/notes":"free text: with spaces, colons \u0026 slashes/","kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{\"imageregistry\":\"https://hub.docker.com/\"},\"name\":\"annotations-demo\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"image\":\"nginx:1.14.2\",\"name\":\"nginx\",\"ports\":[{\"containerPort\":80}]}]}}\n"}

# "Recommended Labels": the page's MySQL StatefulSet labels, then queried.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  labels:
    app.kubernetes.io/name: mysql
    app.kubernetes.io/instance: mysql-abcxyz
    app.kubernetes.io/version: "5.7.21"
    app.kubernetes.io/component: database
    app.kubernetes.io/part-of: wordpress
    app.kubernetes.io/managed-by: Helm
  name: mysql
spec:
  serviceName: mysql
  selector:
    matchLabels:
      app.kubernetes.io/name: mysql
      app.kubernetes.io/instance: mysql-abcxyz
  template:
    metadata:
      labels:
        app.kubernetes.io/name: mysql
        app.kubernetes.io/instance: mysql-abcxyz
    spec:
      containers:
      - name: mysql
        image: mysql:5.7.21
        env:
        - name: MYSQL_ALLOW_EMPTY_PASSWORD
          value: "yes"
EOF
statefulset.apps/mysql created

$ kubectl get statefulsets -l app.kubernetes.io/part-of=wordpress -L app.kubernetes.io/component,app.kubernetes.io/version
NAME    READY   AGE   COMPONENT   VERSION
mysql   0/1     0s    database    5.7.21

$ kubectl get all -l app.kubernetes.io/managed-by=Helm
NAME                     READY   AGE
statefulset.apps/mysql   0/1     0s
