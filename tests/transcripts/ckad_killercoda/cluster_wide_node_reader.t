# omkar-shelke25/ckad-killercoda, Cluster-wide-Node-Reader: setup.sh, the
# hints' imperative commands in step1.md, then verify.sh's checks.
$ kubectl get ns monitoring >/dev/null 2>&1 || kubectl create namespace monitoring >/dev/null

$ kubectl -n monitoring apply -f - >/dev/null 2>&1 <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: node-inspector-ui
spec:
  replicas: 1
  selector:
    matchLabels:
      app: node-inspector-ui
  template:
    metadata:
      labels:
        app: node-inspector-ui
    spec:
      containers:
      - name: ui
        image: nginx:alpine
        ports:
        - containerPort: 80
EOF

$ kubectl -n monitoring rollout status deploy/node-inspector-ui --timeout=90s >/dev/null 2>&1 || true

# The solution (the hints' commands, each on one line).
$ kubectl create sa node-inspector-sa -n monitoring
serviceaccount/node-inspector-sa created

$ kubectl create clusterrole node-reader-crole --verb=get --verb=list --resource=nodes
clusterrole.rbac.authorization.k8s.io/node-reader-crole created

$ kubectl create clusterrolebinding node-inspector-crbinding --clusterrole node-reader-crole --serviceaccount monitoring:node-inspector-sa
clusterrolebinding.rbac.authorization.k8s.io/node-inspector-crbinding created

$ k set sa -n monitoring deployment/node-inspector-ui node-inspector-sa
deployment.apps/node-inspector-ui serviceaccount updated

$ kubectl auth can-i get nodes --as=system:serviceaccount:monitoring:node-inspector-sa
Warning: resource 'nodes' is not namespace scoped

yes

$ kubectl auth can-i list nodes --as=system:serviceaccount:monitoring:node-inspector-sa
Warning: resource 'nodes' is not namespace scoped

yes

$ kubectl auth can-i delete nodes --as=system:serviceaccount:monitoring:node-inspector-sa
Warning: resource 'nodes' is not namespace scoped

no

# verify.sh: the rules, the binding, the template and a pod's account,
# once the old pod has gone.
$ kubectl get clusterrole node-reader-crole -o yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  creationTimestamp: "2025-01-01T00:00:04Z"
  name: node-reader-crole
  resourceVersion: "399"
  uid: f155ef15-30c3-4853-bb46-5872256b5f44
rules:
- apiGroups:
  - ""
  resources:
  - nodes
  verbs:
  - get
  - list

$ kubectl get clusterrolebinding node-inspector-crbinding -o jsonpath='{.roleRef.kind} {.roleRef.name} {.roleRef.apiGroup}{"\n"}'
ClusterRole node-reader-crole rbac.authorization.k8s.io

$ kubectl get clusterrolebinding node-inspector-crbinding -o jsonpath='{range .subjects[*]}{.kind}{"|"}{.name}{"|"}{.namespace}{"\n"}{end}'
ServiceAccount|node-inspector-sa|monitoring

$ kubectl -n monitoring get deploy node-inspector-ui -o jsonpath='{.spec.template.spec.serviceAccountName}{"\n"}'
node-inspector-sa

$ kubectl -n monitoring rollout status deploy/node-inspector-ui
Waiting for deployment spec update to be observed...
Waiting for deployment "node-inspector-ui" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "node-inspector-ui" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "node-inspector-ui" rollout to finish: 1 old replicas are pending termination...
deployment "node-inspector-ui" successfully rolled out

$ sleep 30

$ kubectl -n monitoring get pods
NAME                                READY   STATUS    RESTARTS   AGE
node-inspector-ui-995cf687c-8cvzm   1/1     Running   0          32s

$ POD_NAME=$(kubectl -n monitoring get pods -l app=node-inspector-ui -o jsonpath='{.items[0].metadata.name}')

$ kubectl -n monitoring get pod "$POD_NAME" -o jsonpath='{.spec.serviceAccountName}{"\n"}'
node-inspector-sa
