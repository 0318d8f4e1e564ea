# Task "Configure Minimum and Maximum CPU Constraints for a Namespace",
# line by line; the page's manifests as here-documents (a transcript
# cannot download https://k8s.io/examples/admin/resource/).
$ kubectl create namespace constraints-cpu-example
namespace/constraints-cpu-example created

# admin/resource/cpu-constraints.yaml
$ kubectl apply --namespace=constraints-cpu-example -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: cpu-min-max-demo-lr
spec:
  limits:
  - max:
      cpu: "800m"
    min:
      cpu: "200m"
    type: Container
EOF
limitrange/cpu-min-max-demo-lr created

$ kubectl get limitrange cpu-min-max-demo-lr --output=yaml --namespace=constraints-cpu-example
apiVersion: v1
kind: LimitRange
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"LimitRange","metadata":{"annotations":{},"name":"cpu-min-max-demo-lr","namespace":"constraints-cpu-example"},"spec":{"limits":[{"max":{"cpu":"800m"},"min":{"cpu":"200m"},"type":"Container"}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: cpu-min-max-demo-lr
  namespace: constraints-cpu-example
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  limits:
  - default:
      cpu: 800m
    defaultRequest:
      cpu: 800m
    max:
      cpu: 800m
    min:
      cpu: 200m
    type: Container

# admin/resource/cpu-constraints-pod.yaml
$ kubectl apply --namespace=constraints-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-cpu-demo
spec:
  containers:
  - name: constraints-cpu-demo-ctr
    image: nginx
    resources:
      limits:
        cpu: "800m"
      requests:
        cpu: "500m"
EOF
pod/constraints-cpu-demo created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl get pod constraints-cpu-demo --namespace=constraints-cpu-example
NAME                   READY   STATUS    RESTARTS   AGE
constraints-cpu-demo   1/1     Running   0          4s

$ kubectl get pod constraints-cpu-demo --output=yaml --namespace=constraints-cpu-example | grep -A5 '    resources:'
    resources:
      limits:
        cpu: 800m
      requests:
        cpu: 500m
    terminationMessagePath: /dev/termination-log

$ kubectl delete pod constraints-cpu-demo --namespace=constraints-cpu-example
pod "constraints-cpu-demo" deleted

# admin/resource/cpu-constraints-pod-2.yaml: over the maximum.
$ kubectl apply --namespace=constraints-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-cpu-demo-2
spec:
  containers:
  - name: constraints-cpu-demo-2-ctr
    image: nginx
    resources:
      limits:
        cpu: "1.5"
      requests:
        cpu: "500m"
EOF
Error from server (Forbidden): error when creating "STDIN": pods "constraints-cpu-demo-2" is forbidden: maximum cpu usage per Container is 800m, but limit is 1500m

# admin/resource/cpu-constraints-pod-3.yaml: under the minimum.
$ kubectl apply --namespace=constraints-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-cpu-demo-3
spec:
  containers:
  - name: constraints-cpu-demo-3-ctr
    image: nginx
    resources:
      limits:
        cpu: "800m"
      requests:
        cpu: "100m"
EOF
Error from server (Forbidden): error when creating "STDIN": pods "constraints-cpu-demo-3" is forbidden: minimum cpu usage per Container is 200m, but request is 100m

# admin/resource/cpu-constraints-pod-4.yaml: the LimitRange's defaults.
$ kubectl apply --namespace=constraints-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-cpu-demo-4
spec:
  containers:
  - name: constraints-cpu-demo-4-ctr
    image: vish/stress
EOF
pod/constraints-cpu-demo-4 created

$ kubectl get pod constraints-cpu-demo-4 --namespace=constraints-cpu-example --output=yaml | grep -A5 '    resources:'
    resources:
      limits:
        cpu: 800m
      requests:
        cpu: 800m
    terminationMessagePath: /dev/termination-log

$ kubectl delete namespace constraints-cpu-example
namespace "constraints-cpu-example" deleted
