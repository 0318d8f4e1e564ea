# kubernetes.io's kubectl Quick Reference, part 5: "Interacting with
# Nodes and cluster", "Resource types", "Formatting output" and "Kubectl
# output verbosity and debugging", line by line on the playground's kind
# cluster. my-node is kubeplay-worker; web is a Deployment with a pod on
# it besides kind's DaemonSet pods.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl cordon kubeplay-worker
node/kubeplay-worker cordoned

$ kubectl drain kubeplay-worker
node/kubeplay-worker already cordoned
error: unable to drain node "kubeplay-worker" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv, continuing command...
There are pending nodes to be drained:
 kubeplay-worker
error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv

$ kubectl drain kubeplay-worker --ignore-daemonsets
node/kubeplay-worker already cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-fghbd, kube-system/kube-proxy-rm9bv
evicting pod default/web-797596b896-jjhv7
pod/web-797596b896-jjhv7 evicted
node/kubeplay-worker drained

$ kubectl get pods -o wide
NAME                   READY   STATUS              RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running             0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-2jj9z   1/1     Running             0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-dhc25   0/1     ContainerCreating   0          0s    <none>       kubeplay-worker3   <none>           <none>

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ kubectl top node
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         44m          1%       293Mi           3%
kubeplay-worker3         43m          1%       278Mi           3%

$ kubectl top node kubeplay-worker
NAME              CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-worker   42m          1%       275Mi           3%

$ kubectl cluster-info
Kubernetes control plane is running at https://127.0.0.1:6443
CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy

To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.

$ kubectl cluster-info dump | head -8
{
    "kind": "NodeList",
    "apiVersion": "v1",
    "metadata": {
        "resourceVersion": "433"
    },
    "items": [
        {

$ kubectl cluster-info dump --output-directory=/path/to/cluster-state
Cluster info dumped to /path/to/cluster-state

$ ls /path/to/cluster-state /path/to/cluster-state/default
/path/to/cluster-state:
default
kube-system
nodes.json

/path/to/cluster-state/default:
daemonsets.json
deployments.json
events.json
pods.json
replicasets.json
replication-controllers.json
services.json
web-797596b896-2bcp5
web-797596b896-2jj9z
web-797596b896-dhc25

$ kubectl get nodes -o='custom-columns=NodeName:.metadata.name,TaintKey:.spec.taints[*].key,TaintValue:.spec.taints[*].value,TaintEffect:.spec.taints[*].effect'
NodeName                 TaintKey                                TaintValue   TaintEffect
kubeplay-control-plane   node-role.kubernetes.io/control-plane   <none>       NoSchedule
kubeplay-worker          node.kubernetes.io/unschedulable        <none>       NoSchedule
kubeplay-worker2         <none>                                  <none>       <none>
kubeplay-worker3         <none>                                  <none>       <none>

# There is no node foo; kubeplay-worker2 stands in for it.
$ kubectl taint nodes foo dedicated=special-user:NoSchedule
Error from server (NotFound): nodes "foo" not found

$ kubectl taint nodes kubeplay-worker2 dedicated=special-user:NoSchedule
node/kubeplay-worker2 tainted

# The same key and effect again needs --overwrite to take a new value.
$ kubectl taint nodes kubeplay-worker2 dedicated=other-user:NoSchedule
error: node kubeplay-worker2 already has dedicated taint(s) with same effect(s) and --overwrite is false

$ kubectl taint nodes kubeplay-worker2 dedicated=other-user:NoSchedule --overwrite
node/kubeplay-worker2 modified

$ kubectl get nodes -o='custom-columns=NodeName:.metadata.name,TaintKey:.spec.taints[*].key,TaintValue:.spec.taints[*].value,TaintEffect:.spec.taints[*].effect'
NodeName                 TaintKey                                TaintValue   TaintEffect
kubeplay-control-plane   node-role.kubernetes.io/control-plane   <none>       NoSchedule
kubeplay-worker          node.kubernetes.io/unschedulable        <none>       NoSchedule
kubeplay-worker2         dedicated                               other-user   NoSchedule
kubeplay-worker3         <none>                                  <none>       <none>

$ kubectl taint nodes kubeplay-worker2 dedicated-
node/kubeplay-worker2 untainted

# Resource types (the first lines of each list).
$ kubectl api-resources | head -6
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND
componentstatuses                   cs           v1                                false        ComponentStatus
configmaps                          cm           v1                                true         ConfigMap
endpoints                           ep           v1                                true         Endpoints
events                              ev           v1                                true         Event
limitranges                         limits       v1                                true         LimitRange

$ kubectl api-resources --namespaced=true | head -4
NAME                       SHORTNAMES   APIVERSION                     NAMESPACED   KIND
configmaps                 cm           v1                             true         ConfigMap
endpoints                  ep           v1                             true         Endpoints
events                     ev           v1                             true         Event

$ kubectl api-resources --namespaced=false | head -4
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND
componentstatuses                   cs           v1                                false        ComponentStatus
namespaces                          ns           v1                                false        Namespace
nodes                               no           v1                                false        Node

$ kubectl api-resources -o name | head -4
componentstatuses
configmaps
endpoints
events

$ kubectl api-resources -o wide | head -4
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND                               VERBS                                                        CATEGORIES
componentstatuses                   cs           v1                                false        ComponentStatus                    get,list
configmaps                          cm           v1                                true         ConfigMap                          create,delete,deletecollection,get,list,patch,update,watch
endpoints                           ep           v1                                true         Endpoints                          create,delete,deletecollection,get,list,patch,update,watch

$ kubectl api-resources --verbs=list,get | grep -c .
47

$ kubectl api-resources --verbs=list,get | head -4
NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND
componentstatuses                   cs           v1                                false        ComponentStatus
configmaps                          cm           v1                                true         ConfigMap
endpoints                           ep           v1                                true         Endpoints

# No extensions group on a v1.32 cluster: the header alone.
$ kubectl api-resources --api-group=extensions
NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND

$ kubectl api-resources --api-group=apps
NAME                  SHORTNAMES   APIVERSION   NAMESPACED   KIND
controllerrevisions                apps/v1      true         ControllerRevision
daemonsets            ds           apps/v1      true         DaemonSet
deployments           deploy       apps/v1      true         Deployment
replicasets           rs           apps/v1      true         ReplicaSet
statefulsets          sts          apps/v1      true         StatefulSet

# Formatting output: each form of the table, on the pods of web.
$ kubectl get pods -o=custom-columns=NAME:.metadata.name,NODE:.spec.nodeName
NAME                   NODE
web-797596b896-2bcp5   kubeplay-worker3
web-797596b896-2jj9z   kubeplay-worker2
web-797596b896-dhc25   kubeplay-worker3

$ cat > columns.txt <<EOF
NAME          IMAGE
metadata.name spec.containers[0].image
EOF

$ kubectl get pods -o=custom-columns-file=columns.txt
NAME                   IMAGE
web-797596b896-2bcp5   nginx
web-797596b896-2jj9z   nginx
web-797596b896-dhc25   nginx

$ kubectl get pods -o=go-template='{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}'
web-797596b896-2bcp5
web-797596b896-2jj9z
web-797596b896-dhc25

$ echo '{{range .items}}{{.metadata.name}} {{.status.podIP}}{{"\n"}}{{end}}' > pods.tmpl

$ kubectl get pods -o=go-template-file=pods.tmpl
web-797596b896-2bcp5 10.244.3.2
web-797596b896-2jj9z 10.244.2.3
web-797596b896-dhc25 <no value>

$ kubectl get deployment web -o=json | head -6
{
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {
        "annotations": {
            "deployment.kubernetes.io/revision": "1"

$ kubectl get deployment web -o=jsonpath='{.spec.replicas}{"\n"}'
3

$ echo '{.metadata.name} {.status.readyReplicas}{"\n"}' > web.jsonpath

$ kubectl get deployment web -o=jsonpath-file=web.jsonpath
web 2

$ kubectl get pods -o=name
pod/web-797596b896-2bcp5
pod/web-797596b896-2jj9z
pod/web-797596b896-dhc25

$ kubectl get deployment web -o=wide
NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES   SELECTOR
web    2/3     3            2           4s    nginx        nginx    app=web

$ kubectl get deployment web -o=yaml | head -6
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
  creationTimestamp: "2025-01-01T00:00:02Z"

$ kubectl get pods -A -o=custom-columns='DATA:spec.containers[*].image'
DATA
nginx
nginx
nginx
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/etcd:3.5.16-0
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
registry.k8s.io/kube-apiserver:v1.32.0
registry.k8s.io/kube-controller-manager:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-scheduler:v1.32.0
docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf

$ kubectl get pods --namespace default --output=custom-columns="NAME:.metadata.name,IMAGE:.spec.containers[*].image"
NAME                   IMAGE
web-797596b896-2bcp5   nginx
web-797596b896-2jj9z   nginx
web-797596b896-dhc25   nginx

# kind's CoreDNS is registry.k8s.io/coredns/coredns:v1.11.3, so the
# page's filter leaves every image in.
$ kubectl get pods -A -o=custom-columns='DATA:spec.containers[?(@.image!="registry.k8s.io/coredns:1.6.2")].image'
DATA
nginx
nginx
nginx
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/coredns/coredns:v1.11.3
registry.k8s.io/etcd:3.5.16-0
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
docker.io/kindest/kindnetd:v20241108-5c6d2daf
registry.k8s.io/kube-apiserver:v1.32.0
registry.k8s.io/kube-controller-manager:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-proxy:v1.32.0
registry.k8s.io/kube-scheduler:v1.32.0
docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf

$ kubectl get pods -A -o=custom-columns='DATA:spec.containers[?(@.image!="registry.k8s.io/coredns/coredns:v1.11.3")].image' | grep -c coredns
0

$ kubectl get pods -A -o=custom-columns='DATA:metadata.*' | head -2
DATA
2025-01-01T00:00:02Z,web-797596b896-,map[app:web pod-template-hash:797596b896],web-797596b896-2bcp5,default,[map[apiVersion:apps/v1 blockOwnerDeletion:true controller:true kind:ReplicaSet name:web-797596b896 uid:321a63d5-408c-4a84-ab00-cc40f5ecd8eb]],407,24531e0d-a372-47b6-b8cc-256bf371567b

# Verbosity: up to 5 kubectl logs nothing for a command that works;
# from 6 on each request, which the playground has none of to show.
$ kubectl get deployment web --v=0
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web --v=5
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web -v=6
(playground) -v=6: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web -v=7
(playground) -v=7: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web --v=8
(playground) -v=8: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web --v=9
(playground) -v=9: kubectl would log here each HTTP request it sends; the simulated cluster is reached without HTTP, so there are none to show
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     3            2           4s

$ kubectl get deployment web -v=x
error: invalid argument "x" for "-v, --v" flag: strconv.ParseInt: parsing "x": invalid syntax
See 'kubectl get --help' for usage.
