# Task "Configure Minimum and Maximum Memory Constraints for a
# Namespace", line by line; the page's manifests as here-documents (a
# transcript cannot download https://k8s.io/examples/admin/resource/).
$ kubectl create namespace constraints-mem-example
namespace/constraints-mem-example created

# admin/resource/memory-constraints.yaml
$ kubectl apply --namespace=constraints-mem-example -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: mem-min-max-demo-lr
spec:
  limits:
  - max:
      memory: 1Gi
    min:
      memory: 500Mi
    type: Container
EOF
limitrange/mem-min-max-demo-lr created

# The defaults the API server filled in are the maximum.
$ kubectl get limitrange mem-min-max-demo-lr --namespace=constraints-mem-example --output=yaml
apiVersion: v1
kind: LimitRange
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"LimitRange","metadata":{"annotations":{},"name":"mem-min-max-demo-lr","namespace":"constraints-mem-example"},"spec":{"limits":[{"max":{"memory":"1Gi"},"min":{"memory":"500Mi"},"type":"Container"}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: mem-min-max-demo-lr
  namespace: constraints-mem-example
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  limits:
  - default:
      memory: 1Gi
    defaultRequest:
      memory: 1Gi
    max:
      memory: 1Gi
    min:
      memory: 500Mi
    type: Container

# admin/resource/memory-constraints-pod.yaml
$ kubectl apply --namespace=constraints-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo
spec:
  containers:
  - name: constraints-mem-demo-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
      requests:
        memory: "600Mi"
EOF
pod/constraints-mem-demo created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl get pod constraints-mem-demo --namespace=constraints-mem-example
NAME                   READY   STATUS    RESTARTS   AGE
constraints-mem-demo   1/1     Running   0          4s

$ kubectl get pod constraints-mem-demo --output=yaml --namespace=constraints-mem-example | grep -A5 '    resources:'
    resources:
      limits:
        memory: 800Mi
      requests:
        memory: 600Mi
    terminationMessagePath: /dev/termination-log

$ kubectl delete pod constraints-mem-demo --namespace=constraints-mem-example
pod "constraints-mem-demo" deleted

# admin/resource/memory-constraints-pod-2.yaml: over the maximum. The
# page's file name in the error is the manifest's; here it is STDIN.
$ kubectl apply --namespace=constraints-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-2
spec:
  containers:
  - name: constraints-mem-demo-2-ctr
    image: nginx
    resources:
      limits:
        memory: "1.5Gi"
      requests:
        memory: "800Mi"
EOF
Error from server (Forbidden): error when creating "STDIN": pods "constraints-mem-demo-2" is forbidden: maximum memory usage per Container is 1Gi, but limit is 1536Mi

# admin/resource/memory-constraints-pod-3.yaml: under the minimum.
$ kubectl apply --namespace=constraints-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-3
spec:
  containers:
  - name: constraints-mem-demo-3-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
      requests:
        memory: "100Mi"
EOF
Error from server (Forbidden): error when creating "STDIN": pods "constraints-mem-demo-3" is forbidden: minimum memory usage per Container is 500Mi, but request is 100Mi

# admin/resource/memory-constraints-pod-4.yaml: neither, so both are the
# LimitRange's defaults.
$ kubectl apply --namespace=constraints-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-4
spec:
  containers:
  - name: constraints-mem-demo-4-ctr
    image: nginx
EOF
pod/constraints-mem-demo-4 created

$ kubectl get pod constraints-mem-demo-4 --namespace=constraints-mem-example --output=yaml | grep -A5 '    resources:'
    resources:
      limits:
        memory: 1Gi
      requests:
        memory: 1Gi
    terminationMessagePath: /dev/termination-log

$ kubectl delete pod constraints-mem-demo-4 --namespace=constraints-mem-example
pod "constraints-mem-demo-4" deleted

$ kubectl delete namespace constraints-mem-example
namespace "constraints-mem-example" deleted
