# `sim cache-lag`: the controllers of kube-controller-manager read informer
# caches that lag the API server. A ReplicaSet scaled up while its first
# pods start is woken again (by the kubelet's updates of those pods)
# before the pods it just created reach its cache: it still sees 2 pods
# for 5 replicas, and only its expectations (3 creations not yet seen)
# keep it from creating 3 more. Once they arrive it has 5, as it should.
$ sim cache-lag
cache lag: off (every controller sees each change as soon as it is written)

$ sim cache-lag 1s
cache lag set to 1s: the controllers of kube-controller-manager see each change 1s after it is written and read the cluster as it was 1s before

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
deployment.apps/web created

$ sim step 6
#2 2025-01-01T00:00:03Z deployment-controller deployment/web -n default
    Deployment web: created ReplicaSet web-549bd4fcdb with 2 replicas for the changed pod template (revision 1) — rolling update: up to 3 pods may exist (2 replicas + maxSurge 1)
    event Normal ScalingReplicaSet: Scaled up replica set web-549bd4fcdb from 0 to 2
#3 2025-01-01T00:00:04Z deployment-controller deployment/web -n default (no change)
    Deployment web: ReplicaSet web-549bd4fcdb has the current template and all 2 replicas
#4 2025-01-01T00:00:04Z replicaset-controller replicaset/web-549bd4fcdb -n default
    ReplicaSet web-549bd4fcdb has 0 active pods for 2 replicas: created web-549bd4fcdb-jjhv7, web-549bd4fcdb-2bcp5 (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: web-549bd4fcdb-jjhv7
    event Normal SuccessfulCreate: Created pod: web-549bd4fcdb-2bcp5
#5 2025-01-01T00:00:04Z default-scheduler pod/web-549bd4fcdb-jjhv7 -n default
    web-549bd4fcdb-jjhv7 fits on 3 of the 4 nodes examined; kubeplay-worker scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web-549bd4fcdb-jjhv7 to kubeplay-worker
#6 2025-01-01T00:00:04Z default-scheduler pod/web-549bd4fcdb-2bcp5 -n default
    web-549bd4fcdb-2bcp5 fits on 3 of the 4 nodes examined; kubeplay-worker3 scored best (692), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web-549bd4fcdb-2bcp5 to kubeplay-worker3
#7 2025-01-01T00:00:04Z kubelet pod/web-549bd4fcdb-jjhv7 -n default
    kubelet on kubeplay-worker, pod web-549bd4fcdb-jjhv7: admits the pod (phase Pending) and starts setting it up

$ sim advance 2500ms
advanced 2s to 2025-01-01T00:00:06Z (7 steps ran)

$ kubectl scale deployment web --replicas=5
deployment.apps/web scaled

$ sim step 20 --changes-only
#17 2025-01-01T00:00:07Z deployment-controller deployment/web -n default
    Deployment web: scaled up ReplicaSet web-549bd4fcdb from 2 to 5 — it was scaled to 5, and web-549bd4fcdb is its only active ReplicaSet
    event Normal ScalingReplicaSet: Scaled up replica set web-549bd4fcdb from 2 to 5
#18 2025-01-01T00:00:08Z kubelet pod/web-549bd4fcdb-jjhv7 -n default
    kubelet on kubeplay-worker, pod web-549bd4fcdb-jjhv7: pulled nginx:1.27 in 3.448s; started container nginx
    event Normal Pulled: Successfully pulled image "nginx:1.27" in 3.448s (3.448s including waiting). Image size: 73700069 bytes.
    event Normal Created: Created container nginx
    event Normal Started: Started container nginx
#19 2025-01-01T00:00:08Z kubelet pod/web-549bd4fcdb-2bcp5 -n default
    kubelet on kubeplay-worker3, pod web-549bd4fcdb-2bcp5: pulled nginx:1.27 in 3.448s; started container nginx
    event Normal Pulled: Successfully pulled image "nginx:1.27" in 3.448s (3.448s including waiting). Image size: 73700069 bytes.
    event Normal Created: Created container nginx
    event Normal Started: Started container nginx
#20 2025-01-01T00:00:08Z kubelet node/kubeplay-worker
    kubelet on kubeplay-worker reports 11 images
#21 2025-01-01T00:00:08Z kubelet node/kubeplay-worker3
    kubelet on kubeplay-worker3 reports 11 images
#23 2025-01-01T00:00:08Z replicaset-controller replicaset/web-549bd4fcdb -n default
    ReplicaSet web-549bd4fcdb has 2 active pods for 5 replicas: created web-549bd4fcdb-4vqvt, web-549bd4fcdb-f7h8c, web-549bd4fcdb-ntd6s (slow start: batches of 1, 2, 4, …)
    event Normal SuccessfulCreate: Created pod: web-549bd4fcdb-4vqvt
    event Normal SuccessfulCreate: Created pod: web-549bd4fcdb-f7h8c
    event Normal SuccessfulCreate: Created pod: web-549bd4fcdb-ntd6s
#24 2025-01-01T00:00:08Z default-scheduler pod/web-549bd4fcdb-4vqvt -n default
    web-549bd4fcdb-4vqvt fits on 3 of the 4 nodes examined; kubeplay-worker2 scored best (689), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web-549bd4fcdb-4vqvt to kubeplay-worker2
#25 2025-01-01T00:00:08Z default-scheduler pod/web-549bd4fcdb-f7h8c -n default
    web-549bd4fcdb-f7h8c fits on 3 of the 4 nodes examined; kubeplay-worker scored best (690), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web-549bd4fcdb-f7h8c to kubeplay-worker
#26 2025-01-01T00:00:08Z default-scheduler pod/web-549bd4fcdb-ntd6s -n default
    web-549bd4fcdb-ntd6s fits on 3 of the 4 nodes examined; kubeplay-worker3 scored best (690), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web-549bd4fcdb-ntd6s to kubeplay-worker3
#27 2025-01-01T00:00:08Z kubelet pod/web-549bd4fcdb-4vqvt -n default
    kubelet on kubeplay-worker2, pod web-549bd4fcdb-4vqvt: admits the pod (phase Pending) and starts setting it up
#28 2025-01-01T00:00:08Z kubelet pod/web-549bd4fcdb-f7h8c -n default
    kubelet on kubeplay-worker, pod web-549bd4fcdb-f7h8c: admits the pod (phase Pending) and starts setting it up
#29 2025-01-01T00:00:08Z kubelet pod/web-549bd4fcdb-ntd6s -n default
    kubelet on kubeplay-worker3, pod web-549bd4fcdb-ntd6s: admits the pod (phase Pending) and starts setting it up
#30 2025-01-01T00:00:09Z replicaset-controller replicaset/web-549bd4fcdb -n default
    ReplicaSet web-549bd4fcdb has 2 active pods for 5 replicas; waiting to observe 3 of 3 pod creations before acting again (its cache may not show them yet); status brought up to date
#31 2025-01-01T00:00:09Z kubelet pod/web-549bd4fcdb-4vqvt -n default
    kubelet on kubeplay-worker2, pod web-549bd4fcdb-4vqvt: created the pod sandbox (IP 10.244.2.3); pulling nginx:1.27
    event Normal Pulling: Pulling image "nginx:1.27"
#32 2025-01-01T00:00:09Z kubelet pod/web-549bd4fcdb-f7h8c -n default
    kubelet on kubeplay-worker, pod web-549bd4fcdb-f7h8c: created the pod sandbox (IP 10.244.1.3); started container nginx
    event Normal Pulled: Container image "nginx:1.27" already present on machine
    event Normal Created: Created container nginx
    event Normal Started: Started container nginx
#33 2025-01-01T00:00:09Z kubelet pod/web-549bd4fcdb-ntd6s -n default
    kubelet on kubeplay-worker3, pod web-549bd4fcdb-ntd6s: created the pod sandbox (IP 10.244.3.3); started container nginx
    event Normal Pulled: Container image "nginx:1.27" already present on machine
    event Normal Created: Created container nginx
    event Normal Started: Started container nginx
#34 2025-01-01T00:00:09Z replicaset-controller replicaset/web-549bd4fcdb -n default
    ReplicaSet web-549bd4fcdb has 5 active pods for 5 replicas: nothing to create or delete; status brought up to date
#36 2025-01-01T00:00:10Z deployment-controller deployment/web -n default
    Deployment web: ReplicaSet web-549bd4fcdb has the current template and all 5 replicas
#38 2025-01-01T00:00:10Z kubelet pod/web-549bd4fcdb-f7h8c -n default
    kubelet on kubeplay-worker, pod web-549bd4fcdb-f7h8c: nothing is due
#39 2025-01-01T00:00:10Z kubelet pod/web-549bd4fcdb-ntd6s -n default
    kubelet on kubeplay-worker3, pod web-549bd4fcdb-ntd6s: nothing is due

$ sim settle
settled after 37 steps and 5s of virtual time

$ kubectl get deployment,replicaset,pods
NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/web   5/5     5            5           13s

NAME                             DESIRED   CURRENT   READY   AGE
replicaset.apps/web-549bd4fcdb   5         5         5       12s

NAME                       READY   STATUS    RESTARTS   AGE
pod/web-549bd4fcdb-2bcp5   1/1     Running   0          11s
pod/web-549bd4fcdb-4vqvt   1/1     Running   0          7s
pod/web-549bd4fcdb-f7h8c   1/1     Running   0          7s
pod/web-549bd4fcdb-jjhv7   1/1     Running   0          11s
pod/web-549bd4fcdb-ntd6s   1/1     Running   0          7s

$ sim cache-lag
cache lag: 1s (the deployment, replicaset, replicationcontroller, statefulset, daemonset, job, cronjob, ttl-after-finished, horizontal-pod-autoscaler, disruption, endpoints and endpointslice controllers; the scheduler, the kubelets and the other controllers see changes at once)

$ sim cache-lag 0
cache lag off: every controller sees each change as soon as it is written

$ sim cache-lag 2m
error: invalid cache lag "2m": want a duration from 0s to 1m
See 'sim help' for the simulator commands.

$ sim cache-lag 300
error: time: missing unit in duration "300"
See 'sim help' for the simulator commands.
