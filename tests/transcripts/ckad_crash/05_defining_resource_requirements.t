# bmuschko/ckad-crash-course, exercises/05-defining-resource-requirements,
# the solution's commands in order; rq.yaml is the exercise's file and
# pod.yaml the solution's, written with here-documents.
$ kubectl create namespace rq-demo
namespace/rq-demo created

$ cat <<EOF > rq.yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: app
spec:
  hard:
    pods: "2"
    requests.cpu: "2"
    requests.memory: 500Mi
EOF

$ kubectl create -f rq.yaml --namespace=rq-demo
resourcequota/app created

# The quota controller fills in the status a moment after the create;
# before that describe shows the table's header only.
$ sim settle
settled after 5 steps and 0s of virtual time

$ kubectl describe quota --namespace=rq-demo
Name:            app
Namespace:       rq-demo
Resource         Used  Hard
--------         ----  ----
pods             0     2
requests.cpu     0     2
requests.memory  0     500Mi

$ kubectl run mypod --image=nginx -o yaml --dry-run=client --restart=Never > pod.yaml

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: mypod
  name: mypod
spec:
  containers:
  - image: nginx
    name: mypod
    resources:
      requests:
        memory: "1G"
        cpu: "400m"
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml --namespace=rq-demo
Error from server (Forbidden): error when creating "pod.yaml": pods "mypod" is forbidden: exceeded quota: app, requested: requests.memory=1G, used: requests.memory=0, limited: requests.memory=500Mi

# "Lower the memory settings to less than 500Mi (e.g. 500M)".
$ sed -i 's/1G/500M/' pod.yaml

$ kubectl create -f pod.yaml --namespace=rq-demo
pod/mypod created

# The solution shows 500M used. kubectl v1.32's describe reprints a used
# figure in its hard limit's format when they differ: 500M in binary SI
# is 500000000 (not a whole number of Ki).
$ kubectl describe quota --namespace=rq-demo
Name:            app
Namespace:       rq-demo
Resource         Used       Hard
--------         ----       ----
pods             1          2
requests.cpu     400m       2
requests.memory  500000000  500Mi
