# --save-config on the create generators records the object as the
# last-applied configuration, encoded from its typed form (fields in
# declaration order, creationTimestamp: null, a trailing newline). Outputs
# are kubectl v1.32's for the same commands; its `create service`
# generators ignore the flag.
$ kubectl create deployment x --image=nginx --save-config --dry-run=client -o yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"x","creationTimestamp":null,"labels":{"app":"x"}},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"x"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"x"}},"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{}}]}},"strategy":{}},"status":{}}
  creationTimestamp: null
  labels:
    app: x
  name: x
spec:
  replicas: 1
  selector:
    matchLabels:
      app: x
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: x
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}

$ kubectl create configmap c --from-literal=a=b -n foo --save-config --dry-run=client -o json
{
    "kind": "ConfigMap",
    "apiVersion": "v1",
    "metadata": {
        "name": "c",
        "namespace": "foo",
        "creationTimestamp": null,
        "annotations": {
            "kubectl.kubernetes.io/last-applied-configuration": "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"c\",\"namespace\":\"foo\",\"creationTimestamp\":null},\"data\":{\"a\":\"b\"}}\n"
        }
    },
    "data": {
        "a": "b"
    }
}

$ kubectl create service clusterip s --tcp=80 --save-config --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: s
  name: s
spec:
  ports:
  - name: "80"
    port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: s
  type: ClusterIP
status:
  loadBalancer: {}

$ kubectl create job j --image=busybox --save-config --dry-run=client -o yaml
apiVersion: batch/v1
kind: Job
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"kind":"Job","apiVersion":"batch/v1","metadata":{"name":"j","creationTimestamp":null},"spec":{"template":{"metadata":{"creationTimestamp":null},"spec":{"containers":[{"name":"j","image":"busybox","resources":{}}],"restartPolicy":"Never"}}},"status":{}}
  creationTimestamp: null
  name: j
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - image: busybox
        name: j
        resources: {}
      restartPolicy: Never
status: {}

$ kubectl create cronjob cj --image=busybox --schedule="*/1 * * * *" --save-config --dry-run=client -o yaml
apiVersion: batch/v1
kind: CronJob
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"kind":"CronJob","apiVersion":"batch/v1","metadata":{"name":"cj","creationTimestamp":null},"spec":{"schedule":"*/1 * * * *","jobTemplate":{"metadata":{"name":"cj","creationTimestamp":null},"spec":{"template":{"metadata":{"creationTimestamp":null},"spec":{"containers":[{"name":"cj","image":"busybox","resources":{}}],"restartPolicy":"OnFailure"}}}}},"status":{}}
  creationTimestamp: null
  name: cj
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: cj
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - image: busybox
            name: cj
            resources: {}
          restartPolicy: OnFailure
  schedule: '*/1 * * * *'
status: {}

$ kubectl create secret generic s --from-literal=k=v --save-config --dry-run=client -o yaml
apiVersion: v1
data:
  k: dg==
kind: Secret
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"kind":"Secret","apiVersion":"v1","metadata":{"name":"s","creationTimestamp":null},"data":{"k":"dg=="}}
  creationTimestamp: null
  name: s

$ kubectl create namespace n --save-config --dry-run=client -o yaml
apiVersion: v1
kind: Namespace
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"kind":"Namespace","apiVersion":"v1","metadata":{"name":"n","creationTimestamp":null},"spec":{},"status":{}}
  creationTimestamp: null
  name: "n"
spec: {}
status: {}
