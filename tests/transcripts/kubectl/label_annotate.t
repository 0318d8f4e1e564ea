$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl label deployment web tier=frontend
deployment.apps/web labeled

$ kubectl label deployment web app=other
error: 'app' already has a value (web), and --overwrite is false

$ kubectl label deployment web app=web
deployment.apps/web not labeled

$ kubectl label deployment web app=other --overwrite
deployment.apps/web labeled

$ kubectl label deployment web tier-
deployment.apps/web unlabeled

$ kubectl label deployment web tier-
label "tier" not found.
deployment.apps/web not labeled

$ kubectl label deployment web --list
app=other

$ kubectl label deployment web 'team=a b'
error: invalid label value: "team=a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')

$ kubectl label deployment web
error: at least one label update is required

$ kubectl label deployment web env=dev --dry-run=client -o jsonpath='{.metadata.labels}'
{"app":"other","env":"dev"}

$ kubectl label deployment web env=dev -o name
deployment.apps/web

$ kubectl get deployments --show-labels
NAME   READY   UP-TO-DATE   AVAILABLE   AGE   LABELS
web    0/1     0            0           0s    app=other,env=dev

$ kubectl annotate deployment web owner=alice
deployment.apps/web annotated

$ kubectl annotate deployment web owner=bob
error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (alice)

$ kubectl annotate deployment web owner=bob --overwrite
deployment.apps/web annotated

$ kubectl annotate deployment web owner-
deployment.apps/web annotated

$ kubectl annotate deployment web --list

$ kubectl label nodes --all disk=ssd
node/kubeplay-control-plane labeled
node/kubeplay-worker labeled
node/kubeplay-worker2 labeled
node/kubeplay-worker3 labeled

$ kubectl get nodes -l disk=ssd -o name
node/kubeplay-control-plane
node/kubeplay-worker
node/kubeplay-worker2
node/kubeplay-worker3

$ kubectl label deployment nope a=b
Error from server (NotFound): deployments.apps "nope" not found

$ kubectl label -f - tier=fe --local -o yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
apiVersion: v1
kind: Pod
metadata:
  labels:
    app: web
    tier: fe
  name: p
spec:
  containers:
  - image: nginx
    name: c

$ kubectl label -f - app- --local -o json <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "labels": {},
        "name": "p"
    },
    "spec": {
        "containers": [
            {
                "image": "nginx",
                "name": "c"
            }
        ]
    }
}

$ kubectl label -f - app=x --local <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
error: 'app' already has a value (web), and --overwrite is false

$ kubectl label -f - app=x --overwrite --local <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
pod/p labeled

$ kubectl annotate -f - note=hi --local -o yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
apiVersion: v1
kind: Pod
metadata:
  annotations:
    note: hi
  labels:
    app: web
  name: p
spec:
  containers:
  - image: nginx
    name: c

$ kubectl annotate -f - note=hi --local -o name <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    app: web
spec:
  containers:
  - name: c
    image: nginx
EOF
pod/p

$ kubectl label pod p a=b --local
error: can only use local files by -f pod.yaml or --filename=pod.json when --local=true is set

$ kubectl annotate pod p a=b --local
error: can only use local files by -f rsrc.yaml or --filename=rsrc.json when --local=true is set
