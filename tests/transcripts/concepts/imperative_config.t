# kubernetes.io task "Imperative Management of Kubernetes Objects Using
# Configuration Files", line by line, with Object Management's nginx.yaml
# and redis.yaml as local files.
$ cat > nginx.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
EOF

$ cat > redis.yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: redis
spec:
  containers:
  - name: redis
    image: redis
EOF

# "How to create objects", and creating again is an error.
$ kubectl create -f nginx.yaml -f redis.yaml
deployment.apps/nginx created
pod/redis created

$ kubectl create -f nginx.yaml
Error from server (AlreadyExists): error when creating "nginx.yaml": deployments.apps "nginx" already exists

$ sim settle
settled after 31 steps and 6s of virtual time

# "How to update objects": replace drops what the file does not say, so a
# change made imperatively (scale) is lost.
$ kubectl scale deployment nginx --replicas=3
deployment.apps/nginx scaled

$ cat > nginx.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1
EOF

$ kubectl replace -f nginx.yaml
deployment.apps/nginx replaced

$ kubectl get -f nginx.yaml -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}{"\n"}'
2 nginx:1.16.1

# "How to view an object".
$ kubectl get -f nginx.yaml -f redis.yaml
NAME                    READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/nginx   2/2     2            2           6s

NAME        READY   STATUS    RESTARTS   AGE
pod/redis   1/1     Running   0          6s

# "Migrating from imperative commands to imperative object
# configuration": export the live object, then replace from the file.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl get deployment/web -o yaml > deployment_web.yaml

$ sed -i -e 's/replicas: 1/replicas: 2/' -e '/^status:/,$d' deployment_web.yaml

$ tail -3 deployment_web.yaml
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30

$ kubectl replace -f deployment_web.yaml
deployment.apps/web replaced

$ kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
2

# replace of an object that does not exist, and --force (delete, then
# create).
$ kubectl delete deployment web
deployment.apps "web" deleted

$ kubectl replace -f deployment_web.yaml
Error from server (NotFound): error when replacing "deployment_web.yaml": deployments.apps "web" not found

$ kubectl replace --force -f redis.yaml
pod "redis" deleted
pod/redis replaced

# "How to delete objects".
$ kubectl delete -f nginx.yaml -f redis.yaml
deployment.apps "nginx" deleted
pod "redis" deleted

$ kubectl delete -f nginx.yaml
Error from server (NotFound): error when deleting "nginx.yaml": deployments.apps "nginx" not found

$ kubectl delete -f nginx.yaml --ignore-not-found

# "Defining controller selectors and PodTemplate labels": the page's
# example label, as written, has slashes in its value, which no label
# value may have, so the API server refuses it in the selector and in the
# template alike.
$ kubectl create -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  selector:
    matchLabels:
      controller-selector: "apps/v1/deployment/nginx"
  template:
    metadata:
      labels:
        controller-selector: "apps/v1/deployment/nginx"
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
The Deployment "nginx" is invalid:
* spec.selector.matchLabels: Invalid value: "apps/v1/deployment/nginx": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')
* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"controller-selector":"apps/v1/deployment/nginx"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: invalid label selector
