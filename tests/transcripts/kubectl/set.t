$ kubectl create deployment web --image=nginx:1.14.2
deployment.apps/web created

$ kubectl set image deployment/web nginx=nginx:1.16.1
deployment.apps/web image updated

$ kubectl set image deployment/web nginx=nginx:1.16.1

$ kubectl set image deployment/web redis=redis:7
error: unable to find container named "redis"

$ kubectl set image deployment/web '*=nginx:1.17'
deployment.apps/web image updated

$ kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].image}'
nginx:1.17

$ kubectl set image deployment/web
error: at least one image update is required

$ kubectl set resources deployment web --limits=cpu=200m,memory=512Mi --requests=cpu=100m
deployment.apps/web resource requirements updated

$ kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].resources}'
{"limits":{"cpu":"200m","memory":"512Mi"},"requests":{"cpu":"100m"}}

$ kubectl set resources deployment web --limits=cpu=200m

$ kubectl set resources deployment web -c foo --limits=cpu=1
error: unable to find container named foo

$ kubectl set resources deployment web
error: you must specify an update to requests or limits (in the form of --requests/--limits)

$ kubectl set env deployment/web MODE=dev LEVEL=3
deployment.apps/web env updated

$ kubectl set env deployment/web --list
# Deployment web, container nginx
MODE=dev
LEVEL=3

$ kubectl set env deployment/web MODE=prod --overwrite=false
error: deployment.apps/web
 'MODE' already has a value (dev), and --overwrite is false

$ kubectl set env deployment/web MODE-
deployment.apps/web env updated

$ kubectl set env deployment/web --list
# Deployment web, container nginx
LEVEL=3

$ kubectl create configmap cfg --from-literal=log.level=debug
configmap/cfg created

$ kubectl set env deployment/web --from=configmap/cfg --prefix=APP_
deployment.apps/web env updated

$ kubectl set env deployment/web --list
# Deployment web, container nginx
LEVEL=3
# APP_LOG_LEVEL from configmap cfg, key log.level

$ kubectl set env deployment/web -c foo A=1
Warning: Deployment/web does not have any containers matching "foo"

$ kubectl set env deployment/web

$ kubectl create service clusterip svc --tcp=80
service/svc created

$ kubectl set image service/svc x=y
error: service/svc the object is not a pod or does not have a pod template: *v1.Service

# --local edits the file's objects without the cluster and prints them as
# kubectl's typed structs do (creationTimestamp: null, strategy: {},
# resources: {}, status: {}, no namespace the file does not give); these
# outputs are kubectl v1.32's for the same file.
$ kubectl set image --local -f - nginx=nginx:1.16 -o yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14
EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  name: web
spec:
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.16
        name: nginx
        resources: {}
status: {}

$ kubectl set image --local -f - nginx=nginx:1.16 -o json <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14
EOF
{
    "kind": "Deployment",
    "apiVersion": "apps/v1",
    "metadata": {
        "name": "web",
        "creationTimestamp": null
    },
    "spec": {
        "selector": {
            "matchLabels": {
                "app": "web"
            }
        },
        "template": {
            "metadata": {
                "creationTimestamp": null,
                "labels": {
                    "app": "web"
                }
            },
            "spec": {
                "containers": [
                    {
                        "name": "nginx",
                        "image": "nginx:1.16",
                        "resources": {}
                    }
                ]
            }
        },
        "strategy": {}
    },
    "status": {}
}

$ kubectl set image deployment/web nginx=nginx:2 --local -o yaml
error: you must specify resources by --filename when --local is set.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'

$ kubectl set resources deployment/web --limits=cpu=1 --local
error: you must specify resources by --filename when --local is set.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'

$ kubectl set env deployment/web A=1 --local
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

$ kubectl set env -f - --local -o yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
