# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Object Names
# and IDs", line by line: the page's nginx-demo Pod, then each naming rule
# broken once, in the API server's words.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx-demo
spec:
  containers:
  - name: nginx
    image: nginx:1.14.2
    ports:
    - containerPort: 80
EOF
pod/nginx-demo created

$ kubectl get pod nginx-demo -o jsonpath='{.metadata.uid}{"\n"}'
f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl run nginx-demo --image=nginx
Error from server (AlreadyExists): pods "nginx-demo" already exists

$ kubectl create configmap nginx-demo
configmap/nginx-demo created

$ kubectl run My_Pod --image=nginx
The Pod "My_Pod" is invalid:
* metadata.name: Invalid value: "My_Pod": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
* spec.containers[0].name: Invalid value: "My_Pod": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

$ kubectl create configmap my.config
configmap/my.config created

$ kubectl create configmap My.Config
error: failed to create configmap: ConfigMap "My.Config" is invalid: metadata.name: Invalid value: "My.Config": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

$ kubectl create configmap aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
error: failed to create configmap: ConfigMap "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is invalid: metadata.name: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 253 characters

$ kubectl run a.b --image=nginx
The Pod "a.b" is invalid: spec.containers[0].name: Invalid value: "a.b": must not contain dots

$ kubectl create service clusterip 1svc --tcp=80
error: failed to create ClusterIP service: Service "1svc" is invalid: metadata.name: Invalid value: "1svc": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')

$ kubectl create service clusterip svc.a --tcp=80
error: failed to create ClusterIP service: Service "svc.a" is invalid: metadata.name: Invalid value: "svc.a": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')

$ kubectl create service clusterip aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa --tcp=80
error: failed to create ClusterIP service: Service "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is invalid: [metadata.name: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 63 characters, metadata.labels: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 63 characters, spec.selector: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 63 characters]

$ kubectl create namespace Team-A
The Namespace "Team-A" is invalid: metadata.name: Invalid value: "Team-A": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

$ kubectl create role .. --verb=get --resource=pods
The Role ".." is invalid: metadata.name: Invalid value: "..": may not be '..'

$ kubectl create role a%b --verb=get --resource=pods
The Role "a%b" is invalid: metadata.name: Invalid value: "a%b": may not contain '%'

$ kubectl create -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: a/b
rules: []
EOF
The Role "a/b" is invalid: metadata.name: Invalid value: "a/b": may not contain '/'

$ kubectl create -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: ..
rules: []
EOF
The Role ".." is invalid: metadata.name: Invalid value: "..": may not be '..'

$ kubectl create -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: My_Role
rules: []
EOF
role.rbac.authorization.k8s.io/My_Role created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: My_Pod
spec:
  containers:
  - name: nginx
    image: nginx
EOF
The Pod "My_Pod" is invalid: metadata.name: Invalid value: "My_Pod": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

$ kubectl create -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  generateName: nginx-
spec:
  containers:
  - name: nginx
    image: nginx
EOF
pod/nginx-sn96l created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata: {}
EOF
The ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required
