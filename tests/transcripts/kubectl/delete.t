$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl create configmap a --from-literal=k=v
configmap/a created

$ kubectl create configmap b --from-literal=k=v
configmap/b created

$ kubectl create configmap c --from-literal=k=v
configmap/c created

$ kubectl run solo --image=nginx
pod/solo created

$ sim settle
settled after 30 steps and 7s of virtual time

$ kubectl delete configmap --all --dry-run=client
configmap "a" deleted (dry run)
configmap "b" deleted (dry run)
configmap "c" deleted (dry run)
configmap "kube-root-ca.crt" deleted (dry run)

$ kubectl delete configmap --all --dry-run=server
configmap "a" deleted (server dry run)
configmap "b" deleted (server dry run)
configmap "c" deleted (server dry run)
configmap "kube-root-ca.crt" deleted (server dry run)

$ kubectl delete configmap a b
configmap "a" deleted
configmap "b" deleted

$ kubectl delete configmap a
Error from server (NotFound): configmaps "a" not found

$ kubectl delete configmap a --ignore-not-found

$ kubectl delete configmap -l app=none
No resources found

$ kubectl delete configmap --all -o name
configmap/c
configmap/kube-root-ca.crt

# A running pod goes gracefully; delete waits (in virtual time) until it is gone.
$ kubectl delete pod solo
pod "solo" deleted

$ kubectl get pod solo
Error from server (NotFound): pods "solo" not found

$ kubectl delete deployment web --cascade=orphan
deployment.apps "web" deleted

$ kubectl get deployments
No resources found in default namespace.

$ kubectl get replicasets -o name
replicaset.apps/web-797596b896

$ kubectl delete replicasets --all --cascade=foreground --wait=false
replicaset.apps "web-797596b896" deleted

$ kubectl get replicasets -o jsonpath='{.items[*].metadata.finalizers}'
["foregroundDeletion"]

$ sim settle
settled after 15 steps and 0s of virtual time

$ kubectl get replicasets
No resources found in default namespace.

$ kubectl delete deployment web --cascade=sideways
error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan"

$ kubectl delete deployment web --cascade=false
warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.
Error from server (NotFound): deployments.apps "web" not found

$ kubectl delete pods --all --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
No resources found

$ kubectl delete pods --all --force --grace-period=5
error: --force and --grace-period greater than 0 cannot be specified together

$ kubectl delete pods x --now --grace-period=3
error: --now and --grace-period cannot be specified together

$ kubectl delete pods
error: resource(s) were provided, but no name was specified

$ kubectl delete
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

$ kubectl delete pods -o yaml x
error: unexpected -o output mode: yaml. We only support '-o name'
