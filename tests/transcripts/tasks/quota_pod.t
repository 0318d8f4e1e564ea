# Task "Configure a Pod Quota for a Namespace", line by line; the page's
# manifests as here-documents (a transcript cannot download
# https://k8s.io/examples/admin/resource/).
$ kubectl create namespace quota-pod-example
namespace/quota-pod-example created

# admin/resource/quota-pod.yaml
$ kubectl apply --namespace=quota-pod-example -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: pod-demo
spec:
  hard:
    pods: "2"
EOF
resourcequota/pod-demo created

$ kubectl get resourcequota pod-demo --namespace=quota-pod-example --output=yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"ResourceQuota","metadata":{"annotations":{},"name":"pod-demo","namespace":"quota-pod-example"},"spec":{"hard":{"pods":"2"}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: pod-demo
  namespace: quota-pod-example
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  hard:
    pods: "2"
status: {}

# admin/resource/quota-pod-deployment.yaml: three replicas, two allowed.
$ kubectl apply --namespace=quota-pod-example -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: pod-quota-demo
spec:
  selector:
    matchLabels:
      purpose: quota-demo
  replicas: 3
  template:
    metadata:
      labels:
        purpose: quota-demo
    spec:
      containers:
      - name: pod-quota-demo
        image: nginx
EOF
deployment.apps/pod-quota-demo created

$ sim settle
settled after 39 steps and 5m12s of virtual time

# The page's message names the pod by its generateName prefix, as the
# API server of 2021 did; v1.32 generates the name before validating
# admission, so the quota's refusal names the pod in full.
$ kubectl get deployment pod-quota-demo --namespace=quota-pod-example --output=yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"pod-quota-demo","namespace":"quota-pod-example"},"spec":{"replicas":3,"selector":{"matchLabels":{"purpose":"quota-demo"}},"template":{"metadata":{"labels":{"purpose":"quota-demo"}},"spec":{"containers":[{"image":"nginx","name":"pod-quota-demo"}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: pod-quota-demo
  namespace: quota-pod-example
  resourceVersion: "423"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      purpose: quota-demo
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        purpose: quota-demo
    spec:
      containers:
      - image: nginx
        imagePullPolicy: Always
        name: pod-quota-demo
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:02Z"
    message: Deployment does not have minimum availability.
    reason: MinimumReplicasUnavailable
    status: "False"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:02Z"
    message: 'pods "pod-quota-demo-5ff7bcc477-rzrgs" is forbidden: exceeded quota:
      pod-demo, requested: pods=1, used: pods=2, limited: pods=2'
    reason: FailedCreate
    status: "True"
    type: ReplicaFailure
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:06Z"
    message: ReplicaSet "pod-quota-demo-5ff7bcc477" is progressing.
    reason: ReplicaSetUpdated
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 2
  replicas: 2
  unavailableReplicas: 1
  updatedReplicas: 2

$ kubectl get pods --namespace=quota-pod-example
NAME                              READY   STATUS    RESTARTS   AGE
pod-quota-demo-5ff7bcc477-5rkn4   1/1     Running   0          5m12s
pod-quota-demo-5ff7bcc477-jmbf6   1/1     Running   0          5m12s

$ kubectl get resourcequota --namespace=quota-pod-example
NAME       REQUEST     LIMIT   AGE
pod-demo   pods: 2/2           5m12s

$ kubectl delete namespace quota-pod-example
namespace "quota-pod-example" deleted
