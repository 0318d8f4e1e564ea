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
    ReplicaSet nginx-deployment-65c97d6c5c has 0 active pods for 3 replicas: created nginx-deployment-65c97d6c5c-jjhv7, nginx-deployment-65c97d6c5c-2bcp5, nginx-deployment-65c97d6c5c-2jj9z (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-jjhv7
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2bcp5
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2jj9z
#5 2025-01-01T00:00:02Z default-scheduler pod/nginx-deployment-65c97d6c5c-jjhv7 -n default
    nginx-deployment-65c97d6c5c-jjhv7 fits on 3 of the 4 nodes examined; kubeplay-worker scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/nginx-deployment-65c97d6c5c-jjhv7 to kubeplay-worker

$ sim settle
settled after 23 steps and 4s of virtual time

$ sim trace --last 4
#25 2025-01-01T00:00:06Z kubelet node/kubeplay-worker2
    kubelet on kubeplay-worker2 reports 11 images
#26 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: every replica is updated and available: the rollout is complete — ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas
#27 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default (no change)
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 3 replicas: nothing to create or delete; status brought up to date
#28 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas

$ sim trace --last 4 --changes-only
#23 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 3 replicas: nothing to create or delete; status brought up to date
#24 2025-01-01T00:00:06Z kubelet node/kubeplay-worker3
    kubelet on kubeplay-worker3 reports 11 images
#25 2025-01-01T00:00:06Z kubelet node/kubeplay-worker2
    kubelet on kubeplay-worker2 reports 11 images
#26 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: every replica is updated and available: the rollout is complete — ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas

$ sim step --changes-only
nothing changed: 3 no-op steps ran, and no work is left

$ sim trace --last 0
error: --last must be a positive whole number
See 'sim help' for the simulator commands.

$ sim step 0
error: invalid step count "0": want a positive whole number
See 'sim help' for the simulator commands.
