# A value of the wrong JSON type: kubectl sends manifests untyped, so the
# API server's Go decoding refuses them, naming the innermost struct, the
# JSON path from the root (no list indexes, no map keys) and the Go type
# (sigs.k8s.io/json's UnmarshalTypeError, wrapped by the create handler's
# transformDecodeError). The playground's line under it names the place
# in the file. Other objects of the same input are still written, and the
# errors come after them, as apply prints every object's failure last.
$ cat <<EOF > web.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  debug: true
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web, tier: 1}
    spec:
      containers:
      - name: web
        image: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
EOF

$ kubectl apply -f web.yaml
service/web created
Error from server (BadRequest): error when creating "web.yaml": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal bool into Go struct field ConfigMap.data of type string
(playground) at document 1, line 6, column 10: data[debug]: expected string, got boolean true
Error from server (BadRequest): error when creating "web.yaml": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field ObjectMeta.spec.template.metadata.labels of type string
(playground) at document 2, line 18, column 32: spec.template.metadata.labels[tier]: expected string, got integer 1

$ echo $?
1

$ kubectl get configmap/settings deployment/web
Error from server (NotFound): configmaps "settings" not found
Error from server (NotFound): deployments.apps "web" not found

# The usual mistakes in a container: a port as a string, an environment
# variable's value as a number, a command as one string.
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: busybox
    command: sleep 3600
EOF

$ kubectl create -f pod.yaml
Error from server (BadRequest): error when creating "pod.yaml": Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field Container.spec.containers.command of type []string
(playground) at document 1, line 9, column 14: spec.containers[0].command: expected list, got string "sleep 3600"

$ sed -i 's/command: sleep 3600/command: [sleep, "3600"]\n    env:\n    - name: PORT\n      value: 8080/' pod.yaml

$ kubectl apply -f pod.yaml
Error from server (BadRequest): error when creating "pod.yaml": Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string
(playground) at document 1, line 12, column 14: spec.containers[0].env[0].value: expected string, got integer 8080

$ sed -i 's/value: 8080/value: "8080"\n    ports:\n    - containerPort: "8080"/' pod.yaml

$ kubectl replace -f pod.yaml
Error from server (BadRequest): error when replacing "pod.yaml": Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32
(playground) at document 1, line 14, column 22: spec.containers[0].ports[0].containerPort: expected integer, got string "8080"

# A client dry run sends nothing: real kubectl would print the manifest
# as written, which the playground's typed objects cannot hold.
$ kubectl create -f pod.yaml --dry-run=client -o name
error: error parsing pod.yaml: document 1, line 14, column 22: spec.containers[0].ports[0].containerPort: expected integer, got string "8080"

$ sed -i 's/containerPort: "8080"/containerPort: 8080/' pod.yaml

$ kubectl apply -f pod.yaml
pod/app created

# Applied again to an object that exists, the manifest becomes a patch,
# and the server's unstructured converter words the refusal (an Invalid
# error about the patch; runtime/converter.go's fromUnstructured). The
# patch is quoted as the server holds it once applied: the containers'
# merging list and its $setElementOrder are consumed (see api/strict_fields.t).
$ sed -i 's/containerPort: 8080/containerPort: 80.5/' pod.yaml

$ kubectl apply -f pod.yaml
The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{},\"name\":\"app\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"command\":[\"sleep\",\"3600\"],\"env\":[{\"name\":\"PORT\",\"value\":\"8080\"}],\"image\":\"busybox\",\"name\":\"app\",\"ports\":[{\"containerPort\":80.5}]}]}}\n]] spec:map[]]": cannot convert float64 to int32
(playground) at document 1, line 14, column 22: spec.containers[0].ports[0].containerPort: expected integer, got number 80.5
