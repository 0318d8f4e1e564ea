# Task "Namespaces Walkthrough", line by line. The page's cluster was
# fresh, with only `default`; kind also has its system namespaces.
$ kubectl get namespaces
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# The page's admin/namespace-dev.json and admin/namespace-prod.json,
# written here (a transcript cannot download them).
$ cat > namespace-dev.json <<EOF
{
  "apiVersion": "v1",
  "kind": "Namespace",
  "metadata": {
    "name": "development",
    "labels": {
      "name": "development"
    }
  }
}
EOF

$ kubectl create -f namespace-dev.json
namespace/development created

$ cat > namespace-prod.json <<EOF
{
  "apiVersion": "v1",
  "kind": "Namespace",
  "metadata": {
    "name": "production",
    "labels": {
      "name": "production"
    }
  }
}
EOF

$ kubectl create -f namespace-prod.json
namespace/production created

# Since v1.21 every namespace also carries kubernetes.io/metadata.name.
$ kubectl get namespaces --show-labels
NAME                 STATUS   AGE   LABELS
default              Active   2s    kubernetes.io/metadata.name=default
development          Active   0s    kubernetes.io/metadata.name=development,name=development
kube-node-lease      Active   2s    kubernetes.io/metadata.name=kube-node-lease
kube-public          Active   2s    kubernetes.io/metadata.name=kube-public
kube-system          Active   2s    kubernetes.io/metadata.name=kube-system
local-path-storage   Active   2s    kubernetes.io/metadata.name=local-path-storage
production           Active   0s    kubernetes.io/metadata.name=production,name=production

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config current-context
kind-kubeplay

# The page copies its cluster and user names from the current context;
# here they are kind's.
$ kubectl config set-context dev --namespace=development --cluster=kind-kubeplay --user=kind-kubeplay
Context "dev" created.

$ kubectl config set-context prod --namespace=production --cluster=kind-kubeplay --user=kind-kubeplay
Context "prod" created.

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    namespace: development
    user: kind-kubeplay
  name: dev
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
- context:
    cluster: kind-kubeplay
    namespace: production
    user: kind-kubeplay
  name: prod
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config use-context dev
Switched to context "dev".

$ kubectl config current-context
dev

# admin/snowflake-deployment.yaml
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: snowflake
  name: snowflake
spec:
  replicas: 2
  selector:
    matchLabels:
      app: snowflake
  template:
    metadata:
      labels:
        app: snowflake
    spec:
      containers:
      - image: registry.k8s.io/serve_hostname
        imagePullPolicy: Always
        name: snowflake
EOF
deployment.apps/snowflake created

$ sim settle
settled after 28 steps and 3s of virtual time

$ kubectl get deployment
NAME        READY   UP-TO-DATE   AVAILABLE   AGE
snowflake   2/2     2            2           3s

# The page selects run=snowflake, a label from the days of `kubectl run`
# making Deployments; the manifest labels its pods app=snowflake.
$ kubectl get pods -l run=snowflake
No resources found in development namespace.

$ kubectl get pods -l app=snowflake
NAME                         READY   STATUS    RESTARTS   AGE
snowflake-5f9f949f49-5rkn4   1/1     Running   0          3s
snowflake-5f9f949f49-jmbf6   1/1     Running   0          3s

$ kubectl config use-context prod
Switched to context "prod".

$ kubectl get deployment
No resources found in production namespace.

$ kubectl get pods
No resources found in production namespace.

# The page's k8s.gcr.io image moved to registry.k8s.io.
$ kubectl create deployment cattle --image=registry.k8s.io/serve_hostname
deployment.apps/cattle created

$ kubectl scale deployment cattle --replicas=5
deployment.apps/cattle scaled

$ sim settle
settled after 43 steps and 6s of virtual time

$ kubectl get deployment
NAME     READY   UP-TO-DATE   AVAILABLE   AGE
cattle   5/5     5            5           6s

# `kubectl create deployment` labels its pods app=cattle.
$ kubectl get pods -l run=cattle
No resources found in production namespace.

$ kubectl get pods -l app=cattle
NAME                      READY   STATUS    RESTARTS   AGE
cattle-796fdb5644-5n8fl   1/1     Running   0          6s
cattle-796fdb5644-j9mdh   1/1     Running   0          6s
cattle-796fdb5644-pck4p   1/1     Running   0          6s
cattle-796fdb5644-rvp7f   1/1     Running   0          6s
cattle-796fdb5644-wck5b   1/1     Running   0          6s

# The brief's variant: a Deployment made with --replicas.
$ kubectl create deployment snowflake --image=registry.k8s.io/serve_hostname --replicas=2
deployment.apps/snowflake created

$ kubectl get deployment
NAME        READY   UP-TO-DATE   AVAILABLE   AGE
cattle      5/5     5            5           6s
snowflake   0/2     0            0           0s
