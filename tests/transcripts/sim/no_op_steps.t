# A reconcile that changed nothing is still a step, marked "(no change)".
# `--changes-only` hides those steps from `sim trace`, and makes `sim step N`
# run until N steps changed something (the no-ops in between run too).
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
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
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim step 2
#2 2025-01-01T00:00:02Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: created ReplicaSet nginx-deployment-65c97d6c5c with 3 replicas for the changed pod template (revision 1) — rolling update: up to 4 pods may exist (3 replicas + maxSurge 1)
    event Normal ScalingReplicaSet: Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
#3 2025-01-01T00:00:02Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas

$ sim step 2 --changes-only
#4 2025-01-01T00:00:02Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 0 active pods for 3 replicas: created nginx-deployment-65c97d6c5c-fw95r, nginx-deployment-65c97d6c5c-mvn5z, nginx-deployment-65c97d6c5c-l9lb4 (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-fw95r
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-mvn5z
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-l9lb4
#5 2025-01-01T00:00:02Z default-scheduler pod/nginx-deployment-65c97d6c5c-fw95r -n default
    nginx-deployment-65c97d6c5c-fw95r fits on 3 of the 4 nodes examined; kubeplay-worker scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/nginx-deployment-65c97d6c5c-fw95r to kubeplay-worker

$ sim settle
settled after 23 steps and 4s of virtual time

$ sim trace --last 4
#25 2025-01-01T00:00:06Z kubelet node/kubeplay-worker3
    kubelet on kubeplay-worker3 reports 11 images
#26 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: every replica is updated and available: the rollout is complete — ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas
#27 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default (no change)
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 3 replicas: nothing to create or delete; status brought up to date
#28 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas

$ sim trace --last 4 --changes-only
#23 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 3 replicas: nothing to create or delete; status brought up to date
#24 2025-01-01T00:00:06Z kubelet node/kubeplay-worker2
    kubelet on kubeplay-worker2 reports 11 images
#25 2025-01-01T00:00:06Z kubelet node/kubeplay-worker3
    kubelet on kubeplay-worker3 reports 11 images
#26 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: every replica is updated and available: the rollout is complete — ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas

$ sim step --changes-only
nothing changed: 2 no-op steps ran, and no work is left

$ sim trace --last 0
error: --last must be a positive whole number
See 'sim help' for the simulator commands.

$ sim step 0
error: invalid step count "0": want a positive whole number
See 'sim help' for the simulator commands.

$ sim help
Simulator commands (playground only):
  sim time                                  show the virtual clock
  sim advance DURATION                      advance virtual time (500ms, 10s, 2m, 1h30m)
  sim settle [--timeout DURATION]           run until the cluster stops changing
  sim step [N] [--changes-only]             run N reconcile steps, explaining each (default 1); a step
                                              that changed nothing (no-op) counts as one; --changes-only
                                              runs until N steps changed something and shows only those
  sim seed N                                fix the random seed (before creating objects)
  sim node add NAME [--cpu Q] [--memory Q] [--pods N] [--label k=v]... [--taint k=v:Effect]...
  sim node fail|recover|remove NAME         break, repair or delete a node
  sim pod kill POD [-c CONTAINER] [-n NS]   kill a container (it restarts per restartPolicy)
  sim image missing IMAGE                   make pulls of IMAGE fail
  sim image behave IMAGE KEY=VALUE...       set how containers of IMAGE behave: ready-after=10s,
                                              crash-after=30s [exit-code=N], exit-after=5s,
                                              fail-readiness=true|false, missing=true|false, reset=true
  sim load TYPE/NAME cpu=Q [memory=Q]       put load on a workload (spread over its ready pods)
  sim trace [--last N] [--changes-only]     show what the controllers did (--changes-only: hide no-ops)
  sim curl [--from POD] [--count N] URL     send requests through Services
  sim explain pod NAME [-n NS]              explain a pod's scheduling and status
  sim traffic [svc/]NAME [RPS|--rps N] [--port P] [--from POD] [-n NS]
                                            send a steady stream of requests to a Service
  sim traffic stop [[svc/]NAME]             stop one stream (or all)
  sim traffic                               show requests per pod for each stream
