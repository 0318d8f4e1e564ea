$ kubectl create deployment web --image=nginx:1.14.2 --replicas=2
deployment.apps/web created

$ kubectl rollout status deployment/web --timeout=1m
Waiting for deployment spec update to be observed...
Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 0 of 2 updated replicas are available...
deployment "web" successfully rolled out

$ kubectl rollout pause deployment/web
deployment.apps/web paused

$ kubectl rollout pause deployment/web
error: deployments.apps "web" is already paused

$ kubectl set image deployment/web nginx=nginx:1.16.1
deployment.apps/web image updated

$ kubectl rollout status deployment/web --watch=false
Waiting for deployment spec update to be observed...

$ kubectl rollout undo deployment/web
error: no rollout history found for deployment "web"

$ kubectl rollout restart deployment/web
error: deployments.apps "web" can't restart paused deployment (run rollout resume first)

$ kubectl rollout resume deployment/web
deployment.apps/web resumed

$ kubectl rollout resume deployment/web
error: deployments.apps "web" is not paused

$ kubectl rollout status deployment/web
Waiting for deployment spec update to be observed...
Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...
deployment "web" successfully rolled out

$ kubectl rollout restart deployment/web
deployment.apps/web restarted

$ kubectl get deployment web -o jsonpath='{.spec.template.metadata.annotations}'
{"kubectl.kubernetes.io/restartedAt":"2025-01-01T00:00:15Z"}

$ kubectl rollout status deployment/web
Waiting for deployment spec update to be observed...
Waiting for deployment "web" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...
deployment "web" successfully rolled out

$ kubectl rollout history deployment/web
deployment.apps/web
REVISION  CHANGE-CAUSE
1         <none>
2         <none>
3         <none>

$ kubectl rollout undo deployment/web --to-revision=1 --dry-run=client
deployment.apps/web Pod Template:
  Labels:	app=web
	pod-template-hash=fb598b484
  Containers:
   nginx:
    Image:	nginx:1.14.2
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>
 (dry run)

$ kubectl rollout undo deployment/web --to-revision=1
deployment.apps/web rolled back

$ kubectl rollout status deployment/web --revision=9
error: desired revision (9) is different from the running revision (3)

$ kubectl rollout history deployment/web --revision=-1
error: revision must be a positive integer: -1

# Setting the previous image back by hand, then undo before the controller
# made a new revision: the template already matches, and kubectl names the
# revision it was asked for (0: the previous one).
$ kubectl create deployment api --image=nginx:1.25.5
deployment.apps/api created

$ sim settle
settled after 65 steps and 4s of virtual time

$ kubectl set image deployment/api nginx=nginx:1.26.3
deployment.apps/api image updated

$ sim settle
settled after 25 steps and 4s of virtual time

$ kubectl set image deployment/api nginx=nginx:1.25.5
deployment.apps/api image updated

$ kubectl rollout undo deployment/api
deployment.apps/api skipped rollback (current template already matches revision 0)

$ kubectl rollout undo deployment/api --to-revision=1
deployment.apps/api skipped rollback (current template already matches revision 1)

$ sim settle
settled after 25 steps and 4s of virtual time

# A paused Deployment is not rolled back, but a client dry run still shows
# the template (kubectl prints it before checking).
$ kubectl rollout pause deployment/api
deployment.apps/api paused

$ kubectl rollout undo deployment/api
error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again

$ kubectl rollout undo deployment/api --dry-run=client
deployment.apps/api Pod Template:
  Labels:	app=api
	pod-template-hash=79667b89d8
  Containers:
   nginx:
    Image:	nginx:1.26.3
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>
 (dry run)

$ kubectl rollout resume deployment/api
deployment.apps/api resumed

# restartedAt has whole seconds, and virtual time stands still between
# commands: a second restart would be an empty patch, which kubectl refuses.
$ kubectl rollout restart deployment/api
deployment.apps/api restarted

$ kubectl rollout restart deployment/api
error: failed to create patch for api: if restart has already been triggered within the past second, please wait before attempting to trigger another

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:33Z (10 steps ran)

$ kubectl rollout restart deployment/api
deployment.apps/api restarted

$ kubectl create configmap c --from-literal=a=b
configmap/c created

$ kubectl rollout status configmap/c
error: no status viewer has been implemented for ConfigMap

$ kubectl rollout pause configmap/c
error: configmaps "c" pausing is not supported

$ kubectl rollout status deployment/nope
Error from server (NotFound): deployments.apps "nope" not found

$ kubectl rollout status
error: required resource not specified

$ kubectl rollout
Manage the rollout of a resource

Usage:
  kubectl rollout [command] [flags]

Commands:
  history   View rollout history
  pause     Mark the provided resource as paused
  restart   Restart a resource
  resume    Resume a paused resource
  status    Show the status of the rollout
  undo      Undo a previous rollout

(playground) a short summary; the kubectl reference documentation has each command's full help.

$ kubectl rollout sideways deployment/web
error: unknown command "sideways deployment/web"
See 'kubectl rollout -h' for help and examples
