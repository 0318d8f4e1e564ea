# Task "Configure Memory and CPU Quotas for a Namespace", line by line;
# the page's manifests as here-documents (a transcript cannot download
# https://k8s.io/examples/admin/resource/).
$ kubectl create namespace quota-mem-cpu-example
namespace/quota-mem-cpu-example created

# admin/resource/quota-mem-cpu.yaml
$ kubectl apply --namespace=quota-mem-cpu-example -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: mem-cpu-demo
spec:
  hard:
    requests.cpu: "1"
    requests.memory: 1Gi
    limits.cpu: "2"
    limits.memory: 2Gi
EOF
resourcequota/mem-cpu-demo created

$ kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"ResourceQuota","metadata":{"annotations":{},"name":"mem-cpu-demo","namespace":"quota-mem-cpu-example"},"spec":{"hard":{"limits.cpu":"2","limits.memory":"2Gi","requests.cpu":"1","requests.memory":"1Gi"}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: mem-cpu-demo
  namespace: quota-mem-cpu-example
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  hard:
    limits.cpu: "2"
    limits.memory: 2Gi
    requests.cpu: "1"
    requests.memory: 1Gi
status: {}

# admin/resource/quota-mem-cpu-pod.yaml
$ kubectl apply --namespace=quota-mem-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo
spec:
  containers:
  - name: quota-mem-cpu-demo-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
        cpu: "800m"
      requests:
        memory: "600Mi"
        cpu: "400m"
EOF
pod/quota-mem-cpu-demo created

$ sim settle
settled after 9 steps and 4s of virtual time

$ kubectl get pod quota-mem-cpu-demo --namespace=quota-mem-cpu-example
NAME                 READY   STATUS    RESTARTS   AGE
quota-mem-cpu-demo   1/1     Running   0          4s

$ kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"ResourceQuota","metadata":{"annotations":{},"name":"mem-cpu-demo","namespace":"quota-mem-cpu-example"},"spec":{"hard":{"limits.cpu":"2","limits.memory":"2Gi","requests.cpu":"1","requests.memory":"1Gi"}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: mem-cpu-demo
  namespace: quota-mem-cpu-example
  resourceVersion: "376"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  hard:
    limits.cpu: "2"
    limits.memory: 2Gi
    requests.cpu: "1"
    requests.memory: 1Gi
status:
  hard:
    limits.cpu: "2"
    limits.memory: 2Gi
    requests.cpu: "1"
    requests.memory: 1Gi
  used:
    limits.cpu: 800m
    limits.memory: 800Mi
    requests.cpu: 400m
    requests.memory: 600Mi

# The page's jq one-liner for the used amounts.
$ kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example -o jsonpath='{ .status.used }'
{"limits.cpu":"800m","limits.memory":"800Mi","requests.cpu":"400m","requests.memory":"600Mi"}

# admin/resource/quota-mem-cpu-pod-2.yaml: 600Mi + 700Mi of requests is
# over the 1Gi the quota allows. The page's error names the manifest's
# file; here it is STDIN.
$ kubectl apply --namespace=quota-mem-cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo-2
spec:
  containers:
  - name: quota-mem-cpu-demo-2-ctr
    image: redis
    resources:
      limits:
        memory: "1Gi"
        cpu: "800m"
      requests:
        memory: "700Mi"
        cpu: "400m"
EOF
Error from server (Forbidden): error when creating "STDIN": pods "quota-mem-cpu-demo-2" is forbidden: exceeded quota: mem-cpu-demo, requested: requests.memory=700Mi, used: requests.memory=600Mi, limited: requests.memory=1Gi

$ kubectl describe quota mem-cpu-demo --namespace=quota-mem-cpu-example
Name:            mem-cpu-demo
Namespace:       quota-mem-cpu-example
Resource         Used   Hard
--------         ----   ----
limits.cpu       800m   2
limits.memory    800Mi  2Gi
requests.cpu     400m   1
requests.memory  600Mi  1Gi

# A container without requests or limits may not run here at all.
$ kubectl run plain --image=nginx --namespace=quota-mem-cpu-example
Error from server (Forbidden): pods "plain" is forbidden: failed quota: mem-cpu-demo: must specify limits.cpu for: plain; limits.memory for: plain; requests.cpu for: plain; requests.memory for: plain

$ kubectl delete namespace quota-mem-cpu-example
namespace "quota-mem-cpu-example" deleted
