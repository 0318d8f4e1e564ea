# Task "Configure Default Memory Requests and Limits for a Namespace",
# line by line. The page applies its manifests from
# https://k8s.io/examples/admin/resource/, which a transcript cannot
# download: each is a here-document here.
$ kubectl create namespace default-mem-example
namespace/default-mem-example created

# admin/resource/memory-defaults.yaml
$ kubectl apply --namespace=default-mem-example -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: mem-limit-range
spec:
  limits:
  - default:
      memory: 512Mi
    defaultRequest:
      memory: 256Mi
    type: Container
EOF
limitrange/mem-limit-range created

# admin/resource/memory-defaults-pod.yaml: no request, no limit.
$ kubectl apply --namespace=default-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-mem-demo
spec:
  containers:
  - name: default-mem-demo-ctr
    image: nginx
EOF
pod/default-mem-demo created

$ kubectl get pod default-mem-demo --output=yaml --namespace=default-mem-example
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"default-mem-demo","namespace":"default-mem-example"},"spec":{"containers":[{"image":"nginx","name":"default-mem-demo-ctr"}]}}
    kubernetes.io/limit-ranger: 'LimitRanger plugin set: memory request for container
      default-mem-demo-ctr; memory limit for container default-mem-demo-ctr'
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: default-mem-demo
  namespace: default-mem-example
  resourceVersion: "376"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: default-mem-demo-ctr
    resources:
      limits:
        memory: 512Mi
      requests:
        memory: 256Mi
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-mgnfc
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-mgnfc
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  phase: Pending
  qosClass: Burstable

$ kubectl delete pod default-mem-demo --namespace=default-mem-example
pod "default-mem-demo" deleted

# admin/resource/memory-defaults-pod-2.yaml (its container's name is
# misspelt on the page too): a limit and no request, so the request is
# the limit.
$ kubectl apply --namespace=default-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-mem-demo-2
spec:
  containers:
  - name: defalt-mem-demo-2-ctr
    image: nginx
    resources:
      limits:
        memory: "1Gi"
EOF
pod/default-mem-demo-2 created

# The page shows the resources of this output.
$ kubectl get pod default-mem-demo-2 --output=yaml --namespace=default-mem-example | grep -A5 '    resources:'
    resources:
      limits:
        memory: 1Gi
      requests:
        memory: 1Gi
    terminationMessagePath: /dev/termination-log

# admin/resource/memory-defaults-pod-3.yaml: a request and no limit.
$ kubectl apply --namespace=default-mem-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: default-mem-demo-3
spec:
  containers:
  - name: default-mem-demo-3-ctr
    image: nginx
    resources:
      requests:
        memory: "128Mi"
EOF
pod/default-mem-demo-3 created

$ kubectl get pod default-mem-demo-3 --output=yaml --namespace=default-mem-example | grep -A5 '    resources:'
    resources:
      limits:
        memory: 512Mi
      requests:
        memory: 128Mi
    terminationMessagePath: /dev/termination-log

$ kubectl describe limitrange mem-limit-range --namespace=default-mem-example
Name:       mem-limit-range
Namespace:  default-mem-example
Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio
----        --------  ---  ---  ---------------  -------------  -----------------------
Container   memory    -    -    256Mi            512Mi          -

$ kubectl delete namespace default-mem-example
namespace "default-mem-example" deleted
