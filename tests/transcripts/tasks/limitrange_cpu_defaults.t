# Task "Configure Default CPU Requests and Limits for a Namespace", line
# by line; the page's manifests (https://k8s.io/examples/admin/resource/)
# as here-documents, since a transcript cannot download them.
$ kubectl create namespace default-cpu-example
namespace/default-cpu-example created

# admin/resource/cpu-defaults.yaml
$ kubectl apply --namespace=default-cpu-example -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: cpu-limit-range
spec:
  limits:
  - default:
      cpu: 1
    defaultRequest:
      cpu: 0.5
    type: Container
EOF
limitrange/cpu-limit-range created

# admin/resource/cpu-defaults-pod.yaml
$ kubectl apply --namespace=default-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-cpu-demo
spec:
  containers:
  - name: default-cpu-demo-ctr
    image: nginx
EOF
pod/default-cpu-demo created

# The page shows the container's part of this output.
$ kubectl get pod default-cpu-demo --output=yaml --namespace=default-cpu-example | grep -A8 '^  containers:'
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: default-cpu-demo-ctr
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: 500m

# admin/resource/cpu-defaults-pod-2.yaml: a limit, no request.
$ kubectl apply --namespace=default-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-cpu-demo-2
spec:
  containers:
  - name: default-cpu-demo-2-ctr
    image: nginx
    resources:
      limits:
        cpu: "1"
EOF
pod/default-cpu-demo-2 created

$ kubectl get pod default-cpu-demo-2 --output=yaml --namespace=default-cpu-example | grep -A5 '    resources:'
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: "1"
    terminationMessagePath: /dev/termination-log

# admin/resource/cpu-defaults-pod-3.yaml: a request, no limit.
$ kubectl apply --namespace=default-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-cpu-demo-3
spec:
  containers:
  - name: default-cpu-demo-3-ctr
    image: nginx
    resources:
      requests:
        cpu: "0.75"
EOF
pod/default-cpu-demo-3 created

$ kubectl get pod default-cpu-demo-3 --output=yaml --namespace=default-cpu-example | grep -A5 '    resources:'
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: 750m
    terminationMessagePath: /dev/termination-log

$ kubectl delete namespace default-cpu-example
namespace "default-cpu-example" deleted
