# bmuschko/ckad-crash-course, exercises/16-api-deprecation (the course's
# newest numbering), the solution's commands in order. deployment.yaml is
# the exercise's; the index holds no configmap.yaml, so it is written
# here as the candidate would find it: a ConfigMap named data-config with
# the two keys the solution's listing counts (their names are made up).
$ mkdir app && cd app
cd: (playground) the terminal stays in its one directory: name the files with their directory instead (DIR/FILE)

$ cat <<'EOF' > configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: data-config
data:
  dir: /etc/nginx
  file: nginx.conf
EOF

$ cat <<'EOF' > deployment.yaml
apiVersion: apps/v1beta2
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  template:
    metadata:
      labels:
        run: app
    spec:
      containers:
      - image: nginx:1.23.4
        name: nginx
        ports:
        - containerPort: 80
        envFrom:
        - configMapRef:
            name: data-config
EOF

# v1.32 has no apps/v1beta2 (removed in 1.16): kubectl applies the
# ConfigMap and then reports the Deployment it could not map, naming the
# file as filepath.Walk joins it ("deployment.yaml", not "./…").
$ kubectl apply -f ./
configmap/data-config created
error: resource mapping not found for name: "nginx" namespace: "" from "deployment.yaml": no matches for kind "Deployment" in version "apps/v1beta2"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: apps/v1beta2 was removed in Kubernetes v1.16; Deployment is served as apiVersion "apps/v1"

# v1.32 serves flowcontrol.apiserver.k8s.io at v1 only (v1beta3 went in
# 1.32) and no storage.k8s.io/v1beta1, unlike the solution's 1.26 list.
$ kubectl api-versions
admissionregistration.k8s.io/v1
apiextensions.k8s.io/v1
apiregistration.k8s.io/v1
apps/v1
authentication.k8s.io/v1
authorization.k8s.io/v1
autoscaling/v1
autoscaling/v2
batch/v1
certificates.k8s.io/v1
coordination.k8s.io/v1
discovery.k8s.io/v1
events.k8s.io/v1
flowcontrol.apiserver.k8s.io/v1
networking.k8s.io/v1
node.k8s.io/v1
policy/v1
rbac.authorization.k8s.io/v1
scheduling.k8s.io/v1
storage.k8s.io/v1
v1

# The candidate moves the Deployment to apps/v1, as the solution does.
$ sed -i 's#apps/v1beta2#apps/v1#' deployment.yaml

$ kubectl apply -f ./
configmap/data-config unchanged
The Deployment "nginx" is invalid:
* spec.selector: Required value
* spec.template.metadata.labels: Invalid value: map[string]string{"run":"app"}: `selector` does not match template `labels`

# The solution's deployment.yaml: the selector matching the template.
$ cat <<'EOF' > deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      run: app
  template:
    metadata:
      labels:
        run: app
    spec:
      containers:
      - image: nginx:1.23.4
        name: nginx
        ports:
        - containerPort: 80
        envFrom:
        - configMapRef:
            name: data-config
EOF

$ kubectl apply -f ./
configmap/data-config unchanged
deployment.apps/nginx created

$ sim settle
settled after 22 steps and 4s of virtual time

# Every namespace also holds kube-root-ca.crt, which the solution's
# listing leaves out.
$ kubectl get deployments,configmaps
NAME                    READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/nginx   2/2     2            2           4s

NAME                         DATA   AGE
configmap/data-config        2      4s
configmap/kube-root-ca.crt   1      6s
