# kubernetes.io's "Command line tool (kubectl)" overview
# (reference/kubectl/_index), line by line: syntax, namespaces, the
# operations table's commands, resource types, output options and the
# common operations' examples, on the playground's kind cluster.

# Syntax: TYPE is case-insensitive, singular, plural or short; NAME is not.
$ kubectl run pod1 --image=nginx
pod/pod1 created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod pod1
NAME   READY   STATUS    RESTARTS   AGE
pod1   1/1     Running   0          4s

$ kubectl get pods pod1
NAME   READY   STATUS    RESTARTS   AGE
pod1   1/1     Running   0          4s

$ kubectl get po pod1
NAME   READY   STATUS    RESTARTS   AGE
pod1   1/1     Running   0          4s

$ kubectl get POD pod1
NAME   READY   STATUS    RESTARTS   AGE
pod1   1/1     Running   0          4s

$ kubectl get pod POD1
Error from server (NotFound): pods "POD1" not found

# Several resources by type and name, or from files.
$ kubectl run example-pod1 --image=nginx
pod/example-pod1 created

$ kubectl run example-pod2 --image=nginx
pod/example-pod2 created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: ReplicationController
metadata:
  name: example-rc1
spec:
  replicas: 1
  selector:
    app: example1
  template:
    metadata:
      labels:
        app: example1
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
replicationcontroller/example-rc1 created

$ sim settle
settled after 19 steps and 7s of virtual time

$ kubectl get pod example-pod1 example-pod2
NAME           READY   STATUS    RESTARTS   AGE
example-pod1   1/1     Running   0          7s
example-pod2   1/1     Running   0          7s

$ kubectl get pod/example-pod1 replicationcontroller/example-rc1
NAME               READY   STATUS    RESTARTS   AGE
pod/example-pod1   1/1     Running   0          7s

NAME                                DESIRED   CURRENT   READY   AGE
replicationcontroller/example-rc1   1         1         1       7s

$ kubectl run pod2 --image=nginx --dry-run=client -o yaml > pod.yaml

$ kubectl apply -f pod.yaml
pod/pod2 created

$ kubectl get -f ./pod.yaml
NAME   READY   STATUS    RESTARTS   AGE
pod2   0/1     Pending   0          0s

$ kubectl help | head -3
kubectl controls the Kubernetes cluster manager

Usage:

# POD_NAMESPACE only counts for kubectl running inside a pod (in-cluster
# config); on a workstation the context's namespace applies.
$ POD_NAMESPACE=Seattle kubectl get pods -o name
pod/example-pod1
pod/example-pod2
pod/example-rc1-4dfjb
pod/pod1
pod/pod2

$ kubectl create namespace seattle
namespace/seattle created

$ kubectl config set-context --current --namespace=seattle
Context "kind-kubeplay" modified.

$ kubectl get pods
No resources found in seattle namespace.

$ kubectl get pods --namespace default -o name | head -1
pod/example-pod1

$ kubectl config set-context --current --namespace=default
Context "kind-kubeplay" modified.

# Operations. v1.32 has no alpha commands; its help says so.
$ kubectl alpha
No alpha commands are available in this version of kubectl

# The group/versions the playground serves (a real v1.32 cluster also
# lists admissionregistration.k8s.io/v1 and the other unserved groups).
$ kubectl api-versions | head -3
admissionregistration.k8s.io/v1
apiextensions.k8s.io/v1
apiregistration.k8s.io/v1

# convert is the kubectl-convert plugin, not installed on a kind machine.
$ kubectl convert -f pod.yaml
error: unknown command "convert" for "kubectl"

# kubectl lists the global flags, each with a description under it.
$ kubectl options
The following options can be passed to any command:

    --as='':
    --as-group=[]:
    --as-uid='':
    --cache-dir='/root/.kube/cache':
    --certificate-authority='':
    --client-certificate='':
    --client-key='':
    --cluster='':
    --context='':
    --disable-compression=false:
    --insecure-skip-tls-verify=false:
    --kubeconfig='':
    --log-flush-frequency=5s:
    --match-server-version=false:
    -n, --namespace='':
    --password='':
    --profile='none':
    --profile-output='profile.pprof':
    --request-timeout='0':
    -s, --server='':
    --tls-server-name='':
    --token='':
    --user='':
    --username='':
    -v, --v=0:
    --vmodule=:
    --warnings-as-errors=false:
(playground) the flags and their defaults, without kubectl's description of each (the kubectl reference documentation has them)

$ kubectl completion bash
error: (playground) "kubectl completion" is not supported by the simulated cluster

# Resource types: the page's table is v1.25's (podsecuritypolicies,
# flowcontrol v1beta2); a v1.32 cluster serves more than the playground
# does (see resource_types.t).
$ kubectl api-resources --api-group=apps
NAME                  SHORTNAMES   APIVERSION   NAMESPACED   KIND
controllerrevisions                apps/v1      true         ControllerRevision
daemonsets            ds           apps/v1      true         DaemonSet
deployments           deploy       apps/v1      true         Deployment
replicasets           rs           apps/v1      true         ReplicaSet
statefulsets          sts          apps/v1      true         StatefulSet

$ kubectl get psp
error: the server doesn't have a resource type "psp"

$ kubectl get podtemplates
No resources found in default namespace.

# Output options.
$ kubectl run web-pod-13je7 --image=nginx
pod/web-pod-13je7 created

$ sim settle
settled after 13 steps and 4s of virtual time

$ kubectl get pod web-pod-13je7 -o yaml | head -5
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:14Z"
  labels:

$ kubectl get pods web-pod-13je7 -o custom-columns=NAME:.metadata.name,RSRC:.metadata.resourceVersion
NAME            RSRC
web-pod-13je7   433

$ cat > template.txt <<EOF
NAME          RSRC
metadata.name metadata.resourceVersion
EOF

$ kubectl get pods web-pod-13je7 -o custom-columns-file=template.txt
NAME            RSRC
web-pod-13je7   433

# Without the server's table kubectl prints only NAME and AGE.
$ kubectl get pods web-pod-13je7 --server-print=false
NAME            AGE
web-pod-13je7   4s

$ kubectl get pods --sort-by=.metadata.name -o name
pod/example-pod1
pod/example-pod2
pod/example-rc1-4dfjb
pod/pod1
pod/pod2
pod/web-pod-13je7

# Common operations: apply.
$ cat > example-service.yaml <<EOF
apiVersion: v1
kind: Service
metadata:
  name: example-service
spec:
  selector:
    app: example
  ports:
  - port: 80
EOF

$ kubectl apply -f example-service.yaml
service/example-service created

$ cat > example-controller.yaml <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: example-rc
  labels:
    app: example
spec:
  replicas: 2
  selector:
    app: example
  template:
    metadata:
      labels:
        app: example
    spec:
      containers:
      - name: nginx
        image: nginx
EOF

$ kubectl apply -f example-controller.yaml
replicationcontroller/example-rc created

$ mkdir -p configs

$ kubectl create configmap app-config --from-literal=mode=demo --dry-run=client -o yaml > configs/cm.yaml

$ kubectl create deployment app --image=nginx --dry-run=client -o yaml > configs/deploy.yml

$ kubectl apply -f configs
configmap/app-config created
deployment.apps/app created

$ sim settle
settled after 41 steps and 2s of virtual time

# get
$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
app-684b584999-4bp69   1/1     Running   0          2s
example-pod1           1/1     Running   0          14s
example-pod2           1/1     Running   0          14s
example-rc-tmn74       1/1     Running   0          2s
example-rc-vl8gh       1/1     Running   0          2s
example-rc1-4dfjb      1/1     Running   0          14s
pod1                   1/1     Running   0          18s
pod2                   1/1     Running   0          6s
web-pod-13je7          1/1     Running   0          6s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
app-684b584999-4bp69   1/1     Running   0          2s    10.244.1.5   kubeplay-worker    <none>           <none>
example-pod1           1/1     Running   0          14s   10.244.1.2   kubeplay-worker    <none>           <none>
example-pod2           1/1     Running   0          14s   10.244.3.3   kubeplay-worker3   <none>           <none>
example-rc-tmn74       1/1     Running   0          2s    10.244.1.4   kubeplay-worker    <none>           <none>
example-rc-vl8gh       1/1     Running   0          2s    10.244.2.4   kubeplay-worker2   <none>           <none>
example-rc1-4dfjb      1/1     Running   0          14s   10.244.1.3   kubeplay-worker    <none>           <none>
pod1                   1/1     Running   0          18s   10.244.3.2   kubeplay-worker3   <none>           <none>
pod2                   1/1     Running   0          6s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-pod-13je7          1/1     Running   0          6s    10.244.3.4   kubeplay-worker3   <none>           <none>

$ kubectl get replicationcontroller example-rc
NAME         DESIRED   CURRENT   READY   AGE
example-rc   2         2         2       2s

$ kubectl get rc,services
NAME                                DESIRED   CURRENT   READY   AGE
replicationcontroller/example-rc    2         2         2       2s
replicationcontroller/example-rc1   1         1         1       14s

NAME                      TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
service/example-service   ClusterIP   10.106.179.3   <none>        80/TCP    2s
service/kubernetes        ClusterIP   10.96.0.1      <none>        443/TCP   20s

$ kubectl get ds
No resources found in default namespace.

$ kubectl get ds -n kube-system
NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE
kindnet      4         4         4       4            4           kubernetes.io/os=linux   20s
kube-proxy   4         4         4       4            4           kubernetes.io/os=linux   20s

$ kubectl get pods --field-selector=spec.nodeName=server01
No resources found in default namespace.

$ kubectl get pods --field-selector=spec.nodeName=kubeplay-worker -o name
pod/app-684b584999-4bp69
pod/example-pod1
pod/example-rc-tmn74
pod/example-rc1-4dfjb

# describe
$ kubectl describe nodes kubeplay-worker | head -3
Name:               kubeplay-worker
Roles:              <none>
Labels:             beta.kubernetes.io/arch=amd64

$ kubectl describe pods/example-pod1 | head -3
Name:             example-pod1
Namespace:        default
Priority:         0

# A name prefix: every pod whose name starts with example-rc (the
# controller's, and example-rc1's).
$ kubectl describe pods example-rc | grep '^Name:'
Name:             example-rc-tmn74
Name:             example-rc-vl8gh
Name:             example-rc1-4dfjb

$ kubectl describe pods | grep -c '^Name:'
9

# delete
$ kubectl delete -f pod.yaml
pod "pod2" deleted

# The service carries no app label (only a selector), so only the
# controller's pods match, and the controller makes new ones.
$ kubectl delete pods,services -l app=example
pod "example-rc-tmn74" deleted
pod "example-rc-vl8gh" deleted

$ sim settle
settled after 15 steps and 1s of virtual time

$ kubectl delete pods --all
pod "app-684b584999-4bp69" deleted
pod "example-pod1" deleted
pod "example-pod2" deleted
pod "example-rc-55l72" deleted
pod "example-rc-mnwj4" deleted
pod "example-rc1-4dfjb" deleted
pod "pod1" deleted
pod "web-pod-13je7" deleted

# A pod for the rest of the page.
$ kubectl run my-pod --image=nginx
pod/my-pod created

$ sim settle
settled after 38 steps and 2s of virtual time

# exec
$ kubectl exec my-pod -- date
Wed Jan  1 00:00:25 UTC 2025

$ kubectl exec my-pod -c my-pod -- date
Wed Jan  1 00:00:25 UTC 2025

$ kubectl exec -ti my-pod -- /bin/bash

$ hostname
my-pod

$ exit
exit

# logs
$ kubectl logs my-pod | head -1
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration

$ kubectl logs -f my-pod | tail -1
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more
2025/01/01 00:00:24 [notice] 1#1: start worker processes

# diff: nothing to show for the live object itself; a change shows as a
# unified diff (its changed lines here).
$ kubectl get pod my-pod -o json > pod.json

$ kubectl diff -f pod.json

$ kubectl label -f pod.json --local -o json tier=front > pod-labelled.json

$ kubectl diff -f pod-labelled.json | grep '^[-+] '
+    tier: front

$ kubectl create service clusterip example-service --tcp=80:80 --dry-run=client -o yaml > service.yaml

$ cat service.yaml | kubectl diff -f - | grep '^[-+] '
+  labels:
+    app: example-service
-  - port: 80
+  - name: 80-80
+    port: 80
-    app: example
+    app: example-service

# Plugins: the playground's terminal has no chmod, sudo or PATH, so no
# plugin can be installed; kubectl finds none.
$ cat > kubectl-hello <<EOF
#!/bin/sh
echo "hello world"
EOF

$ chmod a+x ./kubectl-hello
chmod: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl hello
error: unknown command "hello" for "kubectl"

Did you mean this?
	help

$ kubectl plugin list
error: unable to find any kubectl plugins in your PATH

# The kubectl-whoami plugin's one command, run directly.
$ kubectl config view --template='{{ range .contexts }}{{ if eq .name "'$(kubectl config current-context)'" }}Current user: {{ printf "%s\n" .context.user }}{{ end }}{{ end }}'
Current user: kind-kubeplay
