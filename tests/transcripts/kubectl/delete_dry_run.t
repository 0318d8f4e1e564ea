# delete names a forced deletion "force deleted" whatever the dry run
# (delete.go's PrintObj adds the dry-run suffix to either word), and with
# -n warns once before a cluster-scoped object.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl delete deployment web --force --dry-run=client
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
deployment.apps "web" force deleted (dry run)

$ kubectl delete deployment web --grace-period=0 --force --dry-run=server
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
deployment.apps "web" force deleted (server dry run)

$ kubectl delete deployment web --dry-run=client -o name
deployment.apps/web

$ kubectl delete namespace default -n kube-system --dry-run=client
warning: deleting cluster-scoped resources, not scoped to the provided namespace
namespace "default" deleted (dry run)
