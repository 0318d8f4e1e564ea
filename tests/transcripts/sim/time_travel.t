# Time travel from the terminal: jump to a step and the whole cluster is as
# it was then; the later steps stay recorded (sim forward replays them) until
# something changes the cluster, which starts a new future.
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

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running   0          4s
nginx-deployment-65c97d6c5c-2jj9z   1/1     Running   0          4s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running   0          4s

$ sim jump 3
at step 3 of 28 (2025-01-01T00:00:02Z); steps 4-28 stay recorded: sim forward replays them, a change starts a new future

$ kubectl get pods
No resources found in default namespace.

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   0/3     0            0           0s

$ sim forward 2
#4 2025-01-01T00:00:02Z replicaset-controller replicaset/nginx-deployment-65c97d6c5c -n default
    ReplicaSet nginx-deployment-65c97d6c5c has 0 active pods for 3 replicas: created nginx-deployment-65c97d6c5c-jjhv7, nginx-deployment-65c97d6c5c-2bcp5, nginx-deployment-65c97d6c5c-2jj9z (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-jjhv7
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2bcp5
    event Normal SuccessfulCreate: Created pod: nginx-deployment-65c97d6c5c-2jj9z
#5 2025-01-01T00:00:02Z default-scheduler pod/nginx-deployment-65c97d6c5c-jjhv7 -n default
    nginx-deployment-65c97d6c5c-jjhv7 fits on 3 of the 4 nodes examined; kubeplay-worker scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/nginx-deployment-65c97d6c5c-jjhv7 to kubeplay-worker
at step 5 of 28 (2025-01-01T00:00:02Z); steps 6-28 stay recorded: sim forward replays them, a change starts a new future

$ sim back --changes-only
at step 4 of 28 (2025-01-01T00:00:02Z); steps 5-28 stay recorded: sim forward replays them, a change starts a new future

$ sim back 2
at step 2 of 28 (2025-01-01T00:00:02Z); steps 3-28 stay recorded: sim forward replays them, a change starts a new future

$ kubectl scale deployment nginx-deployment --replicas=1
deployment.apps/nginx-deployment scaled

$ sim trace
#1 2025-01-01T00:00:02Z kubectl deployment/nginx-deployment -n default
    kubectl apply: deployment.apps/nginx-deployment did not exist, so it was created
#2 2025-01-01T00:00:02Z deployment-controller deployment/nginx-deployment -n default
    Deployment nginx-deployment: created ReplicaSet nginx-deployment-65c97d6c5c with 3 replicas for the changed pod template (revision 1) — rolling update: up to 4 pods may exist (3 replicas + maxSurge 1)
    event Normal ScalingReplicaSet: Scaled up replica set nginx-deployment-65c97d6c5c from 0 to 3
#3 2025-01-01T00:00:02Z kubectl deployment/nginx-deployment -n default
    kubectl scale deployment.apps/nginx-deployment --replicas=1

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-6g9s2   1/1     Running   0          4s

$ sim forward
error: no recorded steps ahead: "sim step" runs new ones

$ sim jump 0
at step 0 of 19 (2025-01-01T00:00:02Z); steps 1-19 stay recorded: sim forward replays them, a change starts a new future

$ kubectl get deployments
No resources found in default namespace.

$ sim back
error: already at step 0, the earliest recorded

$ sim jump 99
error: there is no step 99: 19 steps are recorded
