# omkar-shelke25/cka-killercoda, create-daemonset: step1.md's solution
# (the scenario's setup makes nothing). Killercoda's controlplane is this
# cluster's kubeplay-control-plane.

# Step 1
$ kubectl create namespace project-tiger
namespace/project-tiger created

# Step 2
$ kubectl create deployment ds-important --image=httpd:2-alpine --namespace=project-tiger --dry-run=client -o yaml > ds-important.yaml

$ cat ds-important.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: ds-important
  name: ds-important
  namespace: project-tiger
spec:
  replicas: 1
  selector:
    matchLabels:
      app: ds-important
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: ds-important
    spec:
      containers:
      - image: httpd:2-alpine
        name: httpd
        resources: {}
status: {}

# Steps 3-4: the edited manifest. The toleration names no operator, so it
# is Equal with an empty value, which matches the control-plane taint
# (its value is empty too).
$ cat > ds-important.yaml <<'EOF'
apiVersion: apps/v1
kind: DaemonSet
metadata:
  creationTimestamp: null
  labels:
    id: ds-important
    uuid: 18426a0b-5f59-4e10-923f-c0e078e82462
  name: ds-important
  namespace: project-tiger
spec:
  selector:
    matchLabels:
      id: ds-important
      uuid: 18426a0b-5f59-4e10-923f-c0e078e82462
  template:
    metadata:
      creationTimestamp: null
      labels:
        id: ds-important
        uuid: 18426a0b-5f59-4e10-923f-c0e078e82462
    spec:
      containers:
      - image: httpd:2-alpine
        name: ds-important
        resources:
          requests:
            cpu: 10m
            memory: 10Mi
      tolerations:
      - effect: NoSchedule
        key: node-role.kubernetes.io/control-plane
EOF

# Step 5
$ kubectl apply -f ds-important.yaml
daemonset.apps/ds-important created

$ kubectl -n project-tiger rollout status daemonset ds-important
Waiting for daemon set spec update to be observed...
Waiting for daemon set "ds-important" rollout to finish: 0 of 4 updated pods are available...
daemon set "ds-important" successfully rolled out

# Step 6
$ kubectl get daemonset -n project-tiger
NAME           DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
ds-important   4         4         4       4            4           <none>          2s

$ kubectl get pods -n project-tiger -o wide
NAME                 READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
ds-important-2bcp5   1/1     Running   0          2s    10.244.1.2   kubeplay-worker          <none>           <none>
ds-important-2jj9z   1/1     Running   0          2s    10.244.2.3   kubeplay-worker2         <none>           <none>
ds-important-cjdrv   1/1     Running   0          2s    10.244.3.2   kubeplay-worker3         <none>           <none>
ds-important-jjhv7   1/1     Running   0          2s    10.244.0.4   kubeplay-control-plane   <none>           <none>

$ kubectl get pods -n project-tiger -o wide | grep control-plane | wc -l
1

$ kubectl describe daemonset ds-important -n project-tiger | grep -A 5 "Requests"
    Requests:
      cpu:         10m
      memory:      10Mi
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>

$ kubectl get daemonset ds-important -n project-tiger --show-labels
NAME           DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE   LABELS
ds-important   4         4         4       4            4           <none>          2s    id=ds-important,uuid=18426a0b-5f59-4e10-923f-c0e078e82462

# Step 7
$ kubectl get daemonset ds-important -n project-tiger -o jsonpath='{.spec.template.spec.tolerations}'
[{"effect":"NoSchedule","key":"node-role.kubernetes.io/control-plane"}]
