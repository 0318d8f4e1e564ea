# A step's whole record: when, which controller, which object, what it
# observed and desired, its writes with their field changes, its events
# and why. `sim explain step N` shows one; `-v` shows them in `sim trace`
# and `sim step`.
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

$ sim step 4
#2 2025-01-01T00:00:02Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: created ReplicaSet nginx-deployment-65c97d6c5c with 3 replicas for the changed pod template (revision 1) — rolling update: up to 4 pods may exist (3 replicas + maxSurge 1)
    event Normal ScalingReplicaSet: Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
#3 2025-01-01T00:00:02Z deployment-controller deployment/nginx-deployment -n default (no change)
    Deployment nginx-deployment: ReplicaSet nginx-deployment-65c97d6c5c has the current template and all 3 replicas
#4 2025-01-01T00:00:02Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 0 active pods for 3 replicas: created nginx-deployment-65c97d6c5c-jjhv7, nginx-deployment-65c97d6c5c-2bcp5, nginx-deployment-65c97d6c5c-2jj9z (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-jjhv7
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2bcp5
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2jj9z
#5 2025-01-01T00:00:02Z default-scheduler pod/nginx-deployment-65c97d6c5c-jjhv7 -n default
    nginx-deployment-65c97d6c5c-jjhv7 fits on 3 of the 4 nodes examined; kubeplay-worker scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/nginx-deployment-65c97d6c5c-jjhv7 to kubeplay-worker

$ sim explain step 1
#1 2025-01-01T00:00:02Z kubectl deployment/nginx-deployment -n default
    kubectl apply: deployment.apps/nginx-deployment did not exist, so it was created
    observed: no deployment/nginx-deployment
    desired: deployment/nginx-deployment created
    create deployment/nginx-deployment -n default

$ sim explain step 4
#4 2025-01-01T00:00:02Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 0 active pods for 3 replicas: created nginx-deployment-65c97d6c5c-jjhv7, nginx-deployment-65c97d6c5c-2bcp5, nginx-deployment-65c97d6c5c-2jj9z (slow start: batches of 1, 2, 4, …)
    observed: 0 active pods match app=nginx,pod-template-hash=65c97d6c5c
    desired: 3 replicas
    create pod/nginx-deployment-65c97d6c5c-jjhv7 -n default
    create pod/nginx-deployment-65c97d6c5c-2bcp5 -n default
    create pod/nginx-deployment-65c97d6c5c-2jj9z -n default
    update status replicaset/nginx-deployment-65c97d6c5c -n default
        status.observedGeneration: ∅ → 1
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-jjhv7
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2bcp5
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2jj9z

$ sim step -v
#6 2025-01-01T00:00:02Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 3 replicas: nothing to create or delete; status brought up to date
    observed: 3 active pods match app=nginx,pod-template-hash=65c97d6c5c
    desired: 3 replicas
    update status replicaset/nginx-deployment-65c97d6c5c -n default
        status.replicas: 0 → 3
        status.fullyLabeledReplicas: ∅ → 3

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl scale deployment nginx-deployment --replicas=2
deployment.apps/nginx-deployment scaled

$ sim trace -v --last 1
#29 2025-01-01T00:00:06Z kubectl deployment/nginx-deployment -n default
    kubectl scale deployment.apps/nginx-deployment --replicas=2
    observed: deployment/nginx-deployment with spec.replicas=3
    desired: spec.replicas=2
    update deployment/nginx-deployment -n default
        spec.replicas: 3 → 2

$ sim step 2 -v --changes-only
#30 2025-01-01T00:00:06Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: scaled down ReplicaSet nginx-deployment-65c97d6c5c from 3 to 2 — it was scaled to 2, and nginx-deployment-65c97d6c5c is its only active ReplicaSet
    observed: nginx-deployment-65c97d6c5c (new) 3/3 available
    desired: 2 replicas of the current template
    update replicaset/nginx-deployment-65c97d6c5c -n default
        metadata.annotations.deployment.kubernetes.io/desired-replicas: 3 → 2
        metadata.annotations.deployment.kubernetes.io/max-replicas: 4 → 3
        spec.replicas: 3 → 2
    update status deployment/nginx-deployment -n default
        status.observedGeneration: 1 → 2
    event Normal ScalingReplicaSet: Scaled down replica set nginx-deployment-65c97d6c5c from 3 to 2
#32 2025-01-01T00:00:06Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 3 active pods for 2 replicas: deleted nginx-deployment-65c97d6c5c-2bcp5 (ready most recently), chosen as the pods that matter least
    observed: 3 active pods match app=nginx,pod-template-hash=65c97d6c5c
    desired: 2 replicas
    delete pod/nginx-deployment-65c97d6c5c-2bcp5 -n default
        metadata.deletionTimestamp: ∅ → 2025-01-01T00:00:36Z
        metadata.deletionGracePeriodSeconds: ∅ → 30
    update status replicaset/nginx-deployment-65c97d6c5c -n default
        status.observedGeneration: 1 → 2
    event Normal SuccessfulDelete: Deleted pod: nginx-deployment-65c97d6c5c-2bcp5

$ sim explain step 99
error: there is no step 99: 32 steps are recorded

$ sim explain step x
error: invalid step number "x": want a positive whole number
See 'sim help' for the simulator commands.
