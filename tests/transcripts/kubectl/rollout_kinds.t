# Which kinds each rollout subcommand serves, and how kubectl words the
# rest: history and undo pick their helper through a visitor that knows
# eight workload kinds (others fail in the visitor); status switches over
# group kinds.
$ kubectl create deployment web --image=nginx:1.25.5
deployment.apps/web created

$ kubectl create job once --image=busybox:1.37
job.batch/once created

$ kubectl create configmap settings --from-literal=a=b
configmap/settings created

$ sim settle
settled after 29 steps and 4s of virtual time

$ kubectl rollout history job/once
error: no history viewer has been implemented for "Job.batch"

$ kubectl rollout undo job/once
error: no rollbacker has been implemented for "Job.batch"

$ kubectl rollout status job/once
error: no status viewer has been implemented for Job.batch

$ kubectl rollout history configmap/settings
error: error retrieving history for "ConfigMap", no visitor method exists for { ConfigMap}

$ kubectl rollout undo configmap/settings
error: error retrieving rollbacker for "ConfigMap", no visitor method exists for { ConfigMap}

$ kubectl rollout resume job/once
error: jobs.batch "once" resuming is not supported

$ kubectl rollout restart job/once
error: jobs.batch "once" restarting is not supported

# Several failures make one aggregate: each on its own line, without the
# `error: ` a lone one gets (pause and restart word theirs with it).
$ kubectl rollout undo deployment/web job/once
no rollout history found for deployment "web"
no rollbacker has been implemented for "Job.batch"

$ kubectl rollout pause job/once deployment/nope
Error from server (NotFound): deployments.apps "nope" not found
error: jobs.batch "once" pausing is not supported

# pause, resume and restart say so when a selector matches nothing.
$ kubectl rollout restart deployment -l app=nothing
No resources found in default namespace.

$ kubectl rollout pause deployment -l app=nothing -n kube-system
No resources found in kube-system namespace.

$ kubectl rollout status deployment/web --revision=-1
error: revision must be a positive integer: -1

# -o prints what GetHistory returns: a Deployment's ReplicaSets, or the
# DaemonSet / StatefulSet with each revision applied.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: busybox:1.36
EOF
daemonset.apps/agent created

$ sim settle
settled after 35 steps and 14s of virtual time

$ kubectl set image ds agent agent=busybox:1.37
daemonset.apps/agent image updated

$ sim settle
settled after 41 steps and 14s of virtual time

$ kubectl rollout history ds agent -o jsonpath='{.kind}/{.metadata.name} {.spec.template.spec.containers[0].image}{"\n"}'
DaemonSet/agent busybox:1.36
DaemonSet/agent busybox:1.37

$ kubectl rollout history ds agent --revision=1 -o name
daemonset.apps/agent

$ kubectl rollout undo ds agent --dry-run=client
daemonset.apps/agent will roll back to Pod Template:
  Labels:	app=agent
  Containers:
   agent:
    Image:	busybox:1.36
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>
 (dry run)

$ kubectl rollout restart ds agent
daemonset.apps/agent restarted

# undo prints the object as kubectl fetched it, before rolling it back.
$ sim settle
settled after 37 steps and 14s of virtual time

$ kubectl rollout undo ds agent --to-revision=1 -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
busybox:1.37

$ kubectl get ds agent -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
busybox:1.36

# undo and history visit their arguments in order, so a lookup error falls
# between the others.
$ kubectl rollout undo deployment/web daemonset/nope job/once
no rollout history found for deployment "web"
Error from server (NotFound): daemonsets.apps "nope" not found
no rollbacker has been implemented for "Job.batch"
