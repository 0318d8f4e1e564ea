# kubectl describe statefulset, daemonset and cronjob: the pages of
# kubectl 1.32's describers (describeStatefulSet, describeDaemonSet,
# describeCronJob), not the generic field dump.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  labels: {tier: data}
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: c
        image: nginx
        ports:
        - containerPort: 80
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
EOF
statefulset.apps/db created

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
      - name: a
        image: busybox
        command: [sleep, "3600"]
EOF
daemonset.apps/agent created

$ kubectl create cronjob tick --image=busybox --schedule="*/1 * * * *" -- date
cronjob.batch/tick created

$ sim advance 70s
advanced 70s to 2025-01-01T00:01:12Z (66 steps ran)

$ kubectl describe sts db
Name:               db
Namespace:          default
CreationTimestamp:  Wed, 01 Jan 2025 00:00:02 +0000
Selector:           app=db
Labels:             tier=data
Annotations:        <none>
Replicas:           2 desired | 2 total
Update Strategy:    RollingUpdate
  Partition:        0
Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=db
  Containers:
   c:
    Image:         nginx
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Volume Claims:
  Name:          data
  StorageClass:  
  Labels:        <none>
  Annotations:   <none>
  Capacity:      1Gi
  Access Modes:  [ReadWriteOnce]
Events:
  Type    Reason            Age   From                    Message
  ----    ------            ----  ----                    -------
  Normal  SuccessfulCreate  70s   statefulset-controller  create Claim data-db-0 Pod db-0 in StatefulSet db success
  Normal  SuccessfulCreate  70s   statefulset-controller  create Pod db-0 in StatefulSet db successful
  Normal  SuccessfulCreate  65s   statefulset-controller  create Claim data-db-1 Pod db-1 in StatefulSet db success
  Normal  SuccessfulCreate  65s   statefulset-controller  create Pod db-1 in StatefulSet db successful

$ kubectl describe ds agent
Name:           agent
Namespace:      default
Selector:       app=agent
Node-Selector:  <none>
Labels:         <none>
Annotations:    deprecated.daemonset.template.generation: 1
Desired Number of Nodes Scheduled: 3
Current Number of Nodes Scheduled: 3
Number of Nodes Scheduled with Up-to-date Pods: 3
Number of Nodes Scheduled with Available Pods: 3
Number of Nodes Misscheduled: 0
Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=agent
  Containers:
   a:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      sleep
      3600
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                  Message
  ----    ------            ----  ----                  -------
  Normal  SuccessfulCreate  70s   daemonset-controller  Created pod: agent-58ljc
  Normal  SuccessfulCreate  70s   daemonset-controller  Created pod: agent-422k9
  Normal  SuccessfulCreate  70s   daemonset-controller  Created pod: agent-4dfjb

$ kubectl describe cj tick
Name:                          tick
Namespace:                     default
Labels:                        <none>
Annotations:                   <none>
Schedule:                      */1 * * * *
Concurrency Policy:            Allow
Suspend:                       False
Successful Job History Limit:  3
Failed Job History Limit:      1
Starting Deadline Seconds:     <unset>
Selector:                      <unset>
Parallelism:                   <unset>
Completions:                   <unset>
Pod Template:
  Labels:  <none>
  Containers:
   tick:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      date
    Environment:     <none>
    Mounts:          <none>
  Volumes:           <none>
  Node-Selectors:    <none>
  Tolerations:       <none>
Last Schedule Time:  Wed, 01 Jan 2025 00:01:00 +0000
Active Jobs:         <none>
Events:
  Type    Reason            Age   From                Message
  ----    ------            ----  ----                -------
  Normal  SuccessfulCreate  11s   cronjob-controller  Created job tick-28928161
  Normal  SawCompletedJob   9s    cronjob-controller  Saw completed job: tick-28928161, status: Complete
