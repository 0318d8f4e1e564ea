# kubectl set serviceaccount: the --local output is what kubectl v1.32
# prints for the same manifest; on the cluster it edits the pod template
# (and sends the edit even when nothing changes, as kubectl does), and a
# refused patch reads as kubectl words it.
$ kubectl set sa --local -f - mysa -o yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 2
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
      - image: nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
status: {}
EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 2
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
      - image: nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
      serviceAccountName: mysa
status: {}

$ kubectl set sa --local -f - mysa <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 2
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
      - image: nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
status: {}
EOF
deployment.apps/web serviceaccount updated

$ kubectl create deployment web --image=nginx --replicas=1
deployment.apps/web created

$ kubectl create serviceaccount builder
serviceaccount/builder created

$ kubectl set serviceaccount deployment web builder
deployment.apps/web serviceaccount updated

$ kubectl set sa deploy/web builder
deployment.apps/web serviceaccount updated

$ kubectl set sa deploy web
error: resource(s) were provided, but no name was specified

$ kubectl run solo --image=nginx
pod/solo created

$ kubectl set sa pod/solo builder
error: failed to patch ServiceAccountName Pod "solo" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)
  core.PodSpec{
- 	serviceAccountName: "default"
+ 	serviceAccountName: "builder"
  }

$ kubectl set image deploy/web nginx=
error: failed to patch image update to pod template: Deployment.apps "web" is invalid: spec.template.spec.containers[0].image: Required value

$ kubectl set sa deploy/nope builder
Error from server (NotFound): deployments.apps "nope" not found

$ sim settle
settled after 21 steps and 4s of virtual time

$ kubectl get deploy web -o jsonpath='{.spec.template.spec.serviceAccountName}'
builder

$ kubectl rollout history deploy/web
deployment.apps/web 
REVISION  CHANGE-CAUSE
1         <none>

