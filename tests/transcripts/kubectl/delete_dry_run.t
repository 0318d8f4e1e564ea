# delete names a forced deletion "force deleted" whatever the dry run
# (delete.go's PrintObj adds the dry-run suffix to either word), and with
# -n warns once before a cluster-scoped object.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl delete deployment web --force --dry-run=client
deployment.apps "web" force deleted (dry run)
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.

$ kubectl delete deployment web --grace-period=0 --force --dry-run=server
deployment.apps "web" force deleted (server dry run)
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.

$ kubectl delete deployment web --dry-run=client -o name
deployment.apps/web

$ kubectl delete namespace default -n kube-system --dry-run=client
namespace "default" deleted (dry run)
warning: deleting cluster-scoped resources, not scoped to the provided namespace
