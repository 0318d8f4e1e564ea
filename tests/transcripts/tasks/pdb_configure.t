# kubernetes.io's "Specifying a Disruption Budget for your Application",
# line by line: the zk-pdb manifest (policy/zookeeper-pod-disruption-
# budget-minavailable.yaml) as a here-document, first with no zookeeper
# pods, then with three.
$ kubectl apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: zookeeper
EOF
poddisruptionbudget.policy/zk-pdb created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get poddisruptionbudgets
NAME     MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
zk-pdb   2               N/A               0                     0s

# Three matching pods (the page's "say, 3"): a StatefulSet of three
# zookeeper stand-ins.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: zk
spec:
  serviceName: zk-hs
  replicas: 3
  selector:
    matchLabels:
      app: zookeeper
  template:
    metadata:
      labels:
        app: zookeeper
    spec:
      containers:
      - name: zk
        image: registry.k8s.io/pause:3.9
EOF
statefulset.apps/zk created

$ sim settle
settled after 40 steps and 6s of virtual time

$ kubectl get poddisruptionbudgets
NAME     MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
zk-pdb   2               N/A               1                     6s

$ kubectl get poddisruptionbudgets zk-pdb -o yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"annotations":{},"name":"zk-pdb","namespace":"default"},"spec":{"minAvailable":2,"selector":{"matchLabels":{"app":"zookeeper"}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: zk-pdb
  namespace: default
  resourceVersion: "418"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: zookeeper
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:08Z"
    message: ""
    observedGeneration: 1
    reason: SufficientPods
    status: "True"
    type: DisruptionAllowed
  currentHealthy: 3
  desiredHealthy: 2
  disruptionsAllowed: 1
  expectedPods: 3
  observedGeneration: 1

# The maxUnavailable form of the same budget: both allow one disruption
# of three pods.
$ kubectl delete pdb zk-pdb
poddisruptionbudget.policy "zk-pdb" deleted

$ kubectl apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app: zookeeper
EOF
poddisruptionbudget.policy/zk-pdb created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get poddisruptionbudgets
NAME     MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
zk-pdb   N/A             1                 1                     0s

$ kubectl describe pdb zk-pdb
Name:             zk-pdb
Namespace:        default
Max unavailable:  1
Selector:         app=zookeeper
Status:
    Allowed disruptions:  1
    Current:              3
    Desired:              2
    Total:                3
Events:                   <none>
