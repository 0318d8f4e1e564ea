# kubectl create's generators print what kubectl v1.32 prints with
# --dry-run=client (typed objects: creationTimestamp: null, resources: {}).
$ kubectl create deployment x --image=nginx --image=redis --port=80 -r 3 --dry-run=client -o json
{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "x",
        "creationTimestamp": null,
        "labels": {
            "app": "x"
        }
    },
    "spec": {
        "replicas": 3,
        "selector": {
            "matchLabels": {
                "app": "x"
            }
        },
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "app": "x"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx",
                        "ports": [
                            {
                                "containerPort": 80
                            }
                        ],
                        "resources": {}
                    },
                    {
                        "name": "redis",
                        "image": "redis",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}

$ kubectl create deployment x --image=busybox -n foo --dry-run=client -o yaml -- sleep 10
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: x
  name: x
  namespace: foo
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
      - command:
        - sleep
        - "10"
        image: busybox
        name: busybox
        resources: {}
status: {}

$ kubectl create service nodeport x --tcp=80:8080 --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: x
  name: x
spec:
  ports:
  - name: 80-8080
    port: 80
    protocol: TCP
    targetPort: 8080
  selector:
    app: x
  type: NodePort
status:
  loadBalancer: {}

$ kubectl create service clusterip x --clusterip=None --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: x
  name: x
spec:
  clusterIP: None
  selector:
    app: x
  type: ClusterIP
status:
  loadBalancer: {}

$ kubectl create service externalname x --external-name=a.b.c --dry-run=client -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: x
  name: x
spec:
  externalName: a.b.c
  selector:
    app: x
  type: ExternalName
status:
  loadBalancer: {}

$ kubectl create job j --image=busybox --dry-run=client -o json -- echo hi
{
    "kind": "Job",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "j",
        "creationTimestamp": null
    },
    "spec": {
        "template": {
            "metadata": {
                "creationTimestamp": null
            },
            "spec": {
                "containers": [
                    {
                        "name": "j",
                        "image": "busybox",
                        "command": [
                            "echo",
                            "hi"
                        ],
                        "resources": {}
                    }
                ],
                "restartPolicy": "Never"
            }
        }
    },
    "status": {}
}

$ kubectl create cronjob c --image=busybox --schedule='*/1 * * * *' --restart=OnFailure --dry-run=client -o json -- date
{
    "kind": "CronJob",
    "apiVersion": "batch/v1",
    "metadata": {
        "name": "c",
        "creationTimestamp": null
    },
    "spec": {
        "schedule": "*/1 * * * *",
        "jobTemplate": {
            "metadata": {
                "name": "c",
                "creationTimestamp": null
            },
            "spec": {
                "template": {
                    "metadata": {
                        "creationTimestamp": null
                    },
                    "spec": {
                        "containers": [
                            {
                                "name": "c",
                                "image": "busybox",
                                "command": [
                                    "date"
                                ],
                                "resources": {}
                            }
                        ],
                        "restartPolicy": "OnFailure"
                    }
                }
            }
        }
    },
    "status": {}
}

$ kubectl create namespace n --dry-run=client -o json
{
    "kind": "Namespace",
    "apiVersion": "v1",
    "metadata": {
        "name": "n",
        "creationTimestamp": null
    },
    "spec": {},
    "status": {}
}

$ kubectl create configmap cm --from-literal=a=1 --from-literal=b=x -n foo --dry-run=client -o json
{
    "kind": "ConfigMap",
    "apiVersion": "v1",
    "metadata": {
        "name": "cm",
        "namespace": "foo",
        "creationTimestamp": null
    },
    "data": {
        "a": "1",
        "b": "x"
    }
}

$ kubectl create secret generic s --from-literal=a=1 --dry-run=client -o yaml
apiVersion: v1
data:
  a: MQ==
kind: Secret
metadata:
  creationTimestamp: null
  name: s

$ kubectl create deployment x --image=nginx --dry-run=client
deployment.apps/x created (dry run)

$ kubectl create deployment x --image=nginx --dry-run=client -o name
deployment.apps/x

# For real now.
$ kubectl create deployment web --image=nginx:1.14.2 --replicas=2
deployment.apps/web created

$ kubectl create deployment web --image=nginx
error: failed to create deployment: deployments.apps "web" already exists

$ kubectl create deployment web2 --image=nginx --dry-run=server
deployment.apps/web2 created (server dry run)

$ kubectl get deployment web2
Error from server (NotFound): deployments.apps "web2" not found

$ kubectl create service clusterip web --tcp=80
service/web created

$ kubectl create namespace dev
namespace/dev created

$ kubectl create configmap settings -n dev --from-literal=mode=fast
configmap/settings created

$ kubectl get configmap settings -n dev -o jsonpath='{.data.mode}'
fast

$ kubectl create secret generic creds --from-literal=password=hunter2
secret/creds created

$ kubectl get secret creds -o jsonpath='{.data.password}'
aHVudGVyMg==

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: from-file
data:
  k: v
EOF
configmap/from-file created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: from-file
EOF
Error from server (AlreadyExists): error when creating "STDIN": configmaps "from-file" already exists

# The registry validates before storage finds the name taken: an invalid
# object is refused as invalid whether or not its name is free.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: from-file
data:
  bad key: v
EOF
The ConfigMap "from-file" is invalid: data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')

$ kubectl create -f - -n dev <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: elsewhere
  namespace: default
EOF
error: the namespace from the provided object "default" does not match the namespace "dev". You must pass '--namespace=default' to perform this operation.

# Errors kubectl reports before sending anything.
$ kubectl create deployment nope
error: required flag(s) "image" not set

$ kubectl create service clusterip nope
error: at least one tcp port specifier must be provided

$ kubectl create configmap dup --from-literal=a=1 --from-literal=a=2
error: cannot add key "a", another key by that name already exists in Data for ConfigMap "dup"

$ kubectl create job j
error: either --image or --from must be specified

$ kubectl create deployment a b --image=nginx
error: exactly one NAME is required, got 2
See 'kubectl create deployment -h' for help and examples

$ kubectl create configmap cm --from-literal='a b=1' --dry-run=client -o yaml
error: "a b" is not a valid key name for a ConfigMap: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')

$ kubectl create configmap cm --from-literal=ok=1 --from-literal=..x=2 --from-literal=ok=3 --dry-run=client -o yaml
error: "..x" is not a valid key name for a ConfigMap: must not start with '..'

$ kubectl create secret generic s --from-literal='a b=1' --dry-run=client -o yaml
error: "a b" is not valid key name for a Secret a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')

$ kubectl create secret generic s --from-literal=.=1 --dry-run=client -o yaml
error: "." is not valid key name for a Secret must not be '.'
