$ kubectl run nginx --image=nginx --port=80 --env=MODE=dev --labels=app=web,tier=fe --dry-run=client -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    app: web
    tier: fe
  name: nginx
spec:
  containers:
  - env:
    - name: MODE
      value: dev
    image: nginx
    name: nginx
    ports:
    - containerPort: 80
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl run box --image=busybox --restart=Never --dry-run=client -o json -- sleep 5
{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "box",
        "creationTimestamp": null,
        "labels": {
            "run": "box"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "box",
                "image": "busybox",
                "args": [
                    "sleep",
                    "5"
                ],
                "resources": {}
            }
        ],
        "restartPolicy": "Never",
        "dnsPolicy": "ClusterFirst"
    },
    "status": {}
}

$ kubectl run box --image=busybox --command --dry-run=client -o yaml -- sleep 5
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: box
  name: box
spec:
  containers:
  - command:
    - sleep
    - "5"
    image: busybox
    name: box
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl run web --image=nginx --port=80 --expose
service/web created
pod/web created

$ kubectl run web --image=nginx
Error from server (AlreadyExists): pods "web" already exists

$ kubectl run bad --image=nginx --restart=Sometimes
error: invalid restart policy: Sometimes
See 'kubectl run -h' for help and examples

$ kubectl run bad --image=nginx --expose
error: --port must be set when exposing a service
See 'kubectl run -h' for help and examples

$ kubectl create deployment api --image=nginx --port=8080
deployment.apps/api created

$ kubectl expose deployment api --port=80 --target-port=8080 --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: api
  name: api
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 8080
  selector:
    app: api
status:
  loadBalancer: {}

$ kubectl expose deployment api --port=80 --target-port=8080
service/api exposed

$ kubectl expose deployment api --name=api-np --type=NodePort --port=80
service/api-np exposed

$ kubectl get service api -o jsonpath='{.spec.selector}'
{"app":"api"}

$ kubectl expose deployment nope --port=80
Error from server (NotFound): deployments.apps "nope" not found

$ kubectl create configmap c --from-literal=a=b
configmap/c created

$ kubectl expose configmap c --port=80
error: cannot expose a ConfigMap

$ kubectl run p --image=nginx --rm
error: --rm should only be used for attached containers
See 'kubectl run -h' for help and examples

$ kubectl run p --image=nginx --image-pull-policy=Sometimes
error: invalid image pull policy: Sometimes
See 'kubectl run -h' for help and examples

$ kubectl run p --image=nginx --env==1 --dry-run=client -o yaml
error: invalid env: =1

$ kubectl run p --image=nginx --env=1A=b --dry-run=client -o yaml
error: invalid env: 1A=b

$ kubectl run p --image=nginx --privileged --dry-run=client -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: p
  name: p
spec:
  containers:
  - image: nginx
    name: p
    resources: {}
    securityContext:
      privileged: true
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl run p --image=nginx --port=80 --expose --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  name: p
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    run: p
status:
  loadBalancer: {}
---
---
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: p
  name: p
spec:
  containers:
  - image: nginx
    name: p
    ports:
    - containerPort: 80
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl run p --image=nginx --overrides='{"spec":{"containers":[{"name":"p","image":"busybox"}],"nodeSelector":{"a":"b"}}}' --dry-run=client -o json
{
    "kind": "Pod",
    "apiVersion": "v1",
    "metadata": {
        "name": "p",
        "creationTimestamp": null,
        "labels": {
            "run": "p"
        }
    },
    "spec": {
        "containers": [
            {
                "name": "p",
                "image": "busybox",
                "resources": {}
            }
        ],
        "restartPolicy": "Always",
        "dnsPolicy": "ClusterFirst",
        "nodeSelector": {
            "a": "b"
        }
    },
    "status": {}
}

$ kubectl run p --image=nginx --overrides='{"spec":{"containers":[{"name":"p","image":"busybox"}]}}' --override-type=strategic --dry-run=client -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: p
  name: p
spec:
  containers:
  - image: busybox
    name: p
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ kubectl run p --image=nginx --overrides='[{"op":"add","path":"/spec/nodeName","value":"n1"}]' --override-type=json --dry-run=client -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: p
  name: p
spec:
  containers:
  - image: nginx
    name: p
    resources: {}
  dnsPolicy: ClusterFirst
  nodeName: n1
  restartPolicy: Always
status: {}

$ kubectl run p --image=nginx --overrides='nope' --dry-run=client -o yaml
error: Invalid JSON Patch

$ kubectl run p --image=nginx --overrides='{}' --override-type=bogus --dry-run=client -o yaml
error: invalid override type: bogus
