# kubernetes.io's "kubectl Usage Conventions" (reference/kubectl/
# conventions), line by line: the machine-oriented output forms for
# scripts, a fully-qualified type, and each generator of the page's list
# through `kubectl create … --dry-run=client -o yaml` (the client-side
# ones match the installed kubectl v1.32 byte for byte; role and
# clusterrole ask the server's discovery for their --resource, which the
# playground's cluster answers).
$ kubectl create job myjob --image=busybox:1.36 -- echo done
job.batch/myjob created

$ sim settle
settled after 13 steps and 3s of virtual time

# Fully-qualify the version: resource.version.group.
$ kubectl get jobs.v1.batch/myjob -o name
job.batch/myjob

$ kubectl get jobs.v1.batch/myjob -o json | head -3
{
    "apiVersion": "batch/v1",
    "kind": "Job",

$ kubectl get jobs.v1.batch/myjob -o yaml | head -2
apiVersion: batch/v1
kind: Job

$ kubectl get jobs.v1.batch/myjob -o go-template='{{.status.succeeded}}{{"\n"}}'
1

$ kubectl get jobs.v1.batch/myjob -o jsonpath='{.spec.template.spec.containers[0].image}'
busybox:1.36

# kubectl run with a version-specific tag, previewed with --dry-run.
$ kubectl run nginx --image=nginx:1.27.3 --dry-run=client -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx:1.27.3
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

# The page's bare --dry-run is deprecated but still taken (as client),
# and so are the old boolean values; `kubectl create` alone wants -f or -k.
$ kubectl create --dry-run -o yaml
error: must specify one of -f and -k

$ kubectl create namespace staging --dry-run -o name
--dry-run is deprecated and can be replaced with --dry-run=client.
namespace/staging

$ kubectl create namespace staging --dry-run=true -o name
--dry-run=true is deprecated (boolean value) and can be replaced with --dry-run=client.
namespace/staging

$ kubectl create namespace staging --dry-run=false -o name
--dry-run=false is deprecated (boolean value) and can be replaced with --dry-run=none.
namespace/staging

$ kubectl get namespace staging -o name
namespace/staging

# Generators
$ kubectl create clusterrole pod-reader --verb=get,list --resource=pods --dry-run=client -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  creationTimestamp: null
  name: pod-reader
rules:
- apiGroups:
  - ""
  resources:
  - pods
  verbs:
  - get
  - list

$ kubectl create clusterrolebinding pod-reader-binding --clusterrole=pod-reader --user=jane --dry-run=client -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  creationTimestamp: null
  name: pod-reader-binding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: pod-reader
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: jane

$ kubectl create configmap app-config --from-literal=mode=demo --dry-run=client -o yaml
apiVersion: v1
data:
  mode: demo
kind: ConfigMap
metadata:
  creationTimestamp: null
  name: app-config

$ kubectl create cronjob hello --image=busybox:1.28 --schedule="*/1 * * * *" --dry-run=client -o yaml
apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: hello
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: hello
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - image: busybox:1.28
            name: hello
            resources: {}
          restartPolicy: OnFailure
  schedule: '*/1 * * * *'
status: {}

$ kubectl create deployment nginx --image=nginx:1.27.3 --dry-run=client -o yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: nginx
  name: nginx
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.27.3
        name: nginx
        resources: {}
status: {}

$ kubectl create job pi --image=perl:5.34.0 --dry-run=client -o yaml -- perl -Mbignum=bpi -wle "print bpi(2000)"
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  name: pi
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - command:
        - perl
        - -Mbignum=bpi
        - -wle
        - print bpi(2000)
        image: perl:5.34.0
        name: pi
        resources: {}
      restartPolicy: Never
status: {}

$ kubectl create namespace staging --dry-run=client -o yaml
apiVersion: v1
kind: Namespace
metadata:
  creationTimestamp: null
  name: staging
spec: {}
status: {}

$ kubectl create poddisruptionbudget my-pdb --selector=app=nginx --min-available=1 --dry-run=client -o yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  creationTimestamp: null
  name: my-pdb
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: nginx
status:
  currentHealthy: 0
  desiredHealthy: 0
  disruptionsAllowed: 0
  expectedPods: 0

$ kubectl create priorityclass high-priority --value=1000 --description="high priority" --dry-run=client -o yaml
apiVersion: scheduling.k8s.io/v1
description: high priority
kind: PriorityClass
metadata:
  creationTimestamp: null
  name: high-priority
preemptionPolicy: PreemptLowerPriority
value: 1000

$ kubectl create quota my-quota --hard=cpu=1,memory=1G,pods=2 --dry-run=client -o yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  creationTimestamp: null
  name: my-quota
spec:
  hard:
    cpu: "1"
    memory: 1G
    pods: "2"
status: {}

$ kubectl create role pod-reader --verb=get --verb=list --resource=pods --dry-run=client -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  creationTimestamp: null
  name: pod-reader
rules:
- apiGroups:
  - ""
  resources:
  - pods
  verbs:
  - get
  - list

$ kubectl create rolebinding admin-binding --clusterrole=admin --user=jane --dry-run=client -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  creationTimestamp: null
  name: admin-binding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: admin
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: jane

$ kubectl create secret generic db-user --from-literal=username=admin --dry-run=client -o yaml
apiVersion: v1
data:
  username: YWRtaW4=
kind: Secret
metadata:
  creationTimestamp: null
  name: db-user

$ kubectl create service clusterip my-svc --tcp=5678:8080 --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: my-svc
  name: my-svc
spec:
  ports:
  - name: 5678-8080
    port: 5678
    protocol: TCP
    targetPort: 8080
  selector:
    app: my-svc
  type: ClusterIP
status:
  loadBalancer: {}

$ kubectl create serviceaccount builder --dry-run=client -o yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  creationTimestamp: null
  name: builder

# kubectl apply creates or updates.
$ kubectl create deployment nginx --image=nginx:1.27.3 --dry-run=client -o yaml > nginx.yaml

$ kubectl apply -f nginx.yaml
deployment.apps/nginx created

$ kubectl set image -f nginx.yaml nginx=nginx:1.27.4 --local -o yaml > nginx-v2.yaml

$ kubectl apply -f nginx-v2.yaml
deployment.apps/nginx configured

$ kubectl get deploy nginx -o jsonpath='{.spec.template.spec.containers[0].image}'
nginx:1.27.4
