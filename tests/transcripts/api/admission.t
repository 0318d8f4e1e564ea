# Admission: what the API server's plugins add to an object, and what
# they refuse, on the way in. Priority: every cluster has the two system
# classes.
$ kubectl get priorityclass
NAME                      VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
system-cluster-critical   2000000000   false            2s    PreemptLowerPriority
system-node-critical      2000001000   false            2s    PreemptLowerPriority

# A class that does not exist: the ReplicaSet's pods are refused before
# their names are generated, so the message names the prefix.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      priorityClassName: urgent
      containers:
      - name: web
        image: nginx
EOF
deployment.apps/web created

$ sim settle
settled after 21 steps and 5m27s of virtual time

$ kubectl get events --field-selector reason=FailedCreate
LAST SEEN   TYPE      REASON         OBJECT                      MESSAGE
0s          Warning   FailedCreate   replicaset/web-5bf464d5bd   Error creating: pods "web-5bf464d5bd-" is forbidden: no PriorityClass with name urgent was found

$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: urgent
value: 1000
globalDefault: true
EOF
priorityclass.scheduling.k8s.io/urgent created

# One global default at most; a pod may not state its own priority.
$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: also-default
value: 10
globalDefault: true
EOF
Error from server (Forbidden): error when creating "STDIN": priorityclasses.scheduling.k8s.io "also-default" is forbidden: PriorityClass urgent is already marked as default. Only one default can exist

$ kubectl run stated --image=nginx --overrides='{"spec":{"priority":5}}'
Error from server (Forbidden): pods "stated" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name

$ kubectl run plain --image=nginx
pod/plain created

$ kubectl get pod plain -o jsonpath='{.spec.priorityClassName} {.spec.priority} {.spec.preemptionPolicy}'
urgent 1000 PreemptLowerPriority

# Every namespace gets a default ServiceAccount and the root CA bundle
# (the serviceaccount controller and root-ca-cert-publisher).
$ kubectl create namespace team
namespace/team created

$ sim settle
settled after 26 steps and 5m32s of virtual time

$ kubectl get serviceaccounts,configmaps -n team
NAME                     SECRETS   AGE
serviceaccount/default   0         5m32s

NAME                         DATA   AGE
configmap/kube-root-ca.crt   1      5m32s

$ kubectl get configmap kube-root-ca.crt -n team -o jsonpath='{.metadata.annotations.kubernetes\.io/description}'
Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.

$ kubectl delete serviceaccount default -n team
serviceaccount "default" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get serviceaccount default -n team -o name
serviceaccount/default

# ServiceAccount admission: a pod may only name an account that exists.
$ kubectl run web --image=nginx -n team --overrides='{"spec":{"serviceAccountName":"robot"}}'
Error from server (Forbidden): pods "web" is forbidden: error looking up service account team/robot: serviceaccount "robot" not found

$ kubectl create serviceaccount robot --dry-run=client -o yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  creationTimestamp: null
  name: robot

$ kubectl create serviceaccount robot -n team
serviceaccount/robot created

$ kubectl run web --image=nginx -n team --overrides='{"spec":{"serviceAccountName":"robot"}}'
pod/web created

$ kubectl get pod web -n team -o jsonpath='{.spec.serviceAccountName} {.spec.serviceAccount}'
robot robot

# LimitRanger fills in what a LimitRange defaults, says so in an
# annotation, and refuses every bound a pod breaks at once.
$ kubectl create namespace limited
namespace/limited created

$ kubectl apply -n limited -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
spec:
  limits:
  - type: Container
    default:
      cpu: 500m
      memory: 256Mi
    defaultRequest:
      cpu: 250m
      memory: 128Mi
    max:
      cpu: "1"
  - type: Pod
    max:
      memory: 1Gi
EOF
limitrange/limits created

$ kubectl run small --image=nginx -n limited
pod/small created

$ kubectl get pod small -n limited -o jsonpath='{.metadata.annotations.kubernetes\.io/limit-ranger}'
LimitRanger plugin set: cpu, memory request for container small; cpu, memory limit for container small

$ kubectl run big --image=nginx -n limited --overrides='{"spec":{"containers":[{"name":"big","image":"nginx","resources":{"limits":{"cpu":"2","memory":"2Gi"}}}]}}'
Error from server (Forbidden): pods "big" is forbidden: [maximum cpu usage per Container is 1, but limit is 2, maximum memory usage per Pod is 1Gi, but limit is 2Gi]

# ResourceQuota: a compute quota needs every container to state what it
# tracks; past its limits a create is refused.
$ kubectl create namespace counted
namespace/counted created

$ kubectl apply -n counted -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
spec:
  hard:
    pods: "1"
    memory: 1Gi
EOF
resourcequota/compute created

$ kubectl run nomem --image=nginx -n counted
Error from server (Forbidden): pods "nomem" is forbidden: failed quota: compute: must specify memory for: nomem

$ kubectl run one --image=nginx -n counted --overrides='{"spec":{"containers":[{"name":"one","image":"nginx","resources":{"requests":{"memory":"100Mi"}}}]}}'
pod/one created

$ kubectl run two --image=nginx -n counted --overrides='{"spec":{"containers":[{"name":"two","image":"nginx","resources":{"requests":{"memory":"100Mi"}}}]}}'
Error from server (Forbidden): pods "two" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=1, limited: pods=1
