# kubernetes.io "Configure Quality of Service for Pods", line by line.
# Transcripts never download: the page's manifests
# (https://k8s.io/examples/pods/qos/qos-pod*.yaml) are here-documents.
# The page shows an excerpt of each -o yaml; after the first, grep picks it.
$ kubectl create namespace qos-example
namespace/qos-example created

# Guaranteed: every container has equal CPU and memory requests and limits.
$ kubectl apply --namespace=qos-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: qos-demo
  namespace: qos-example
spec:
  containers:
  - name: qos-demo-ctr
    image: nginx
    resources:
      limits:
        memory: "200Mi"
        cpu: "700m"
      requests:
        memory: "200Mi"
        cpu: "700m"
EOF
pod/qos-demo created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl get pod qos-demo --namespace=qos-example --output=yaml
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"qos-demo","namespace":"qos-example"},"spec":{"containers":[{"image":"nginx","name":"qos-demo-ctr","resources":{"limits":{"cpu":"700m","memory":"200Mi"},"requests":{"cpu":"700m","memory":"200Mi"}}}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: qos-demo
  namespace: qos-example
  resourceVersion: "385"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: qos-demo-ctr
    resources:
      limits:
        cpu: 700m
        memory: 200Mi
      requests:
        cpu: 700m
        memory: 200Mi
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-8gqwd
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker
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
  - name: kube-api-access-8gqwd
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
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://32169fe65961e82824531e0da37257b638cc256bf371567b0f584890f70cbd48
    image: docker.io/library/nginx:latest
    imageID: docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    name: qos-demo-ctr
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:06Z"
  hostIP: 172.18.0.3
  hostIPs:
  - ip: 172.18.0.3
  phase: Running
  podIP: 10.244.1.2
  podIPs:
  - ip: 10.244.1.2
  qosClass: Guaranteed
  startTime: "2025-01-01T00:00:02Z"

$ kubectl delete pod qos-demo --namespace=qos-example
pod "qos-demo" deleted

# Burstable.
$ kubectl apply --namespace=qos-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: qos-demo-2
  namespace: qos-example
spec:
  containers:
  - name: qos-demo-2-ctr
    image: nginx
    resources:
      limits:
        memory: "200Mi"
      requests:
        memory: "100Mi"
EOF
pod/qos-demo-2 created

$ kubectl get pod qos-demo-2 --namespace=qos-example --output=yaml | grep -A6 -e "resources:" -e "qosClass"
    resources:
      limits:
        memory: 200Mi
      requests:
        memory: 100Mi
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
--
  qosClass: Burstable

$ kubectl delete pod qos-demo-2 --namespace=qos-example
pod "qos-demo-2" deleted

# BestEffort.
$ kubectl apply --namespace=qos-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: qos-demo-3
  namespace: qos-example
spec:
  containers:
  - name: qos-demo-3-ctr
    image: nginx
EOF
pod/qos-demo-3 created

$ kubectl get pod qos-demo-3 --namespace=qos-example --output=yaml | grep -e "resources:" -e "qosClass"
    resources: {}
  qosClass: BestEffort

$ kubectl delete pod qos-demo-3 --namespace=qos-example
pod "qos-demo-3" deleted

# Two containers, one with a memory request: Burstable.
$ kubectl apply --namespace=qos-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: qos-demo-4
  namespace: qos-example
spec:
  containers:

  - name: qos-demo-4-ctr-1
    image: nginx
    resources:
      requests:
        memory: "200Mi"

  - name: qos-demo-4-ctr-2
    image: redis
EOF
pod/qos-demo-4 created

$ kubectl get pod qos-demo-4 --namespace=qos-example --output=yaml | grep -e "qosClass"
  qosClass: Burstable

$ kubectl get pod qos-demo-4 -n qos-example -o jsonpath='{ .status.qosClass}{"\n"}'
Burstable

$ kubectl delete namespace qos-example
namespace "qos-example" deleted
