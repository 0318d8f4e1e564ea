# Events as the recorders write them. The replicaset controller's
# recorder combines the tenth and later "Created pod" events about one
# ReplicaSet into one event (client-go's EventAggregator: 10 distinct
# messages in 10 minutes); the scheduler's events go through the
# events.k8s.io API (an action and eventTime, no count, source {}); and
# every event expires an hour after its last write (kube-apiserver's
# --event-ttl), the writes of one minute sharing an etcd lease of an hour
# and a minute.
$ kubectl create deployment web --image=nginx:1.27 --replicas=12
deployment.apps/web created

$ sim settle
settled after 75 steps and 14s of virtual time

$ kubectl describe rs
Name:           web-549bd4fcdb
Namespace:      default
Selector:       app=web,pod-template-hash=549bd4fcdb
Labels:         app=web
                pod-template-hash=549bd4fcdb
Annotations:    deployment.kubernetes.io/desired-replicas: 12
                deployment.kubernetes.io/max-replicas: 15
                deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/web
Replicas:       12 current / 12 desired
Pods Status:    12 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=web
           pod-template-hash=549bd4fcdb
  Containers:
   nginx:
    Image:         nginx:1.27
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age                From                   Message
  ----    ------            ----               ----                   -------
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-jjhv7
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-2bcp5
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-2jj9z
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-cjdrv
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-mgpb4
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-dpppm
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-72qw9
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-hspwx
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-lmwvd
  Normal  SuccessfulCreate  14s (x3 over 14s)  replicaset-controller  (combined from similar events): Created pod: web-549bd4fcdb-8w7fv

$ kubectl get events --field-selector involvedObject.kind=ReplicaSet
LAST SEEN   TYPE     REASON             OBJECT                      MESSAGE
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-jjhv7
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-2bcp5
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-2jj9z
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-cjdrv
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-mgpb4
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-dpppm
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-72qw9
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-hspwx
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-lmwvd
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   (combined from similar events): Created pod: web-549bd4fcdb-8w7fv

$ kubectl get events web-549bd4fcdb.1816687f378c9450 -o yaml
apiVersion: v1
count: 3
eventTime: null
firstTimestamp: "2025-01-01T00:00:02Z"
involvedObject:
  apiVersion: apps/v1
  kind: ReplicaSet
  name: web-549bd4fcdb
  namespace: default
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
kind: Event
lastTimestamp: "2025-01-01T00:00:02Z"
message: '(combined from similar events): Created pod: web-549bd4fcdb-8w7fv'
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: web-549bd4fcdb.1816687f378c9450
  namespace: default
  resourceVersion: "402"
  uid: 12998871-bccf-48fb-9a60-6a9794785c1b
reason: SuccessfulCreate
reportingComponent: ""
reportingInstance: ""
source:
  component: replicaset-controller
type: Normal

$ kubectl get events -o wide --field-selector involvedObject.name=web-549bd4fcdb-2bcp5
LAST SEEN   TYPE     REASON      OBJECT                     SUBOBJECT                SOURCE                                                        MESSAGE                                                                                                    FIRST SEEN   COUNT   NAME
14s         Normal   Scheduled   pod/web-549bd4fcdb-2bcp5                            default-scheduler, default-scheduler-kubeplay-control-plane   Successfully assigned default/web-549bd4fcdb-2bcp5 to kubeplay-worker                                      14s          1       web-549bd4fcdb-2bcp5.1816687f378c9454
13s         Normal   Pulling     pod/web-549bd4fcdb-2bcp5   spec.containers{nginx}   kubelet, kubeplay-worker                                      Pulling image "nginx:1.27"                                                                                 13s          1       web-549bd4fcdb-2bcp5.1816687f73275e60
10s         Normal   Pulled      pod/web-549bd4fcdb-2bcp5   spec.containers{nginx}   kubelet, kubeplay-worker                                      Successfully pulled image "nginx:1.27" in 3.448s (3.448s including waiting). Image size: 73700069 bytes.   10s          1       web-549bd4fcdb-2bcp5.1816688040abac6e
10s         Normal   Created     pod/web-549bd4fcdb-2bcp5   spec.containers{nginx}   kubelet, kubeplay-worker                                      Created container nginx                                                                                    10s          1       web-549bd4fcdb-2bcp5.1816688040abac6f
10s         Normal   Started     pod/web-549bd4fcdb-2bcp5   spec.containers{nginx}   kubelet, kubeplay-worker                                      Started container nginx                                                                                    10s          1       web-549bd4fcdb-2bcp5.1816688040abac70

$ kubectl get events web-549bd4fcdb-2bcp5.1816687f378c9454 -o yaml
action: Binding
apiVersion: v1
eventTime: "2025-01-01T00:00:02.000000Z"
firstTimestamp: null
involvedObject:
  apiVersion: v1
  kind: Pod
  name: web-549bd4fcdb-2bcp5
  namespace: default
  resourceVersion: "381"
  uid: 24531e0d-a372-47b6-b8cc-256bf371567b
kind: Event
lastTimestamp: null
message: Successfully assigned default/web-549bd4fcdb-2bcp5 to kubeplay-worker
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: web-549bd4fcdb-2bcp5.1816687f378c9454
  namespace: default
  resourceVersion: "408"
  uid: 2c0c6fa0-5be7-4f63-93bf-ee5adbf40945
reason: Scheduled
reportingComponent: default-scheduler
reportingInstance: default-scheduler-kubeplay-control-plane
source: {}
type: Normal

# kubectl events -o prints the same events, oldest first, as one EventList
# (an empty list is still "No events found").
$ kubectl events --for pod/web-549bd4fcdb-2bcp5 -o name
event/web-549bd4fcdb-2bcp5.1816687f378c9454
event/web-549bd4fcdb-2bcp5.1816687f73275e60
event/web-549bd4fcdb-2bcp5.1816688040abac6e
event/web-549bd4fcdb-2bcp5.1816688040abac6f
event/web-549bd4fcdb-2bcp5.1816688040abac70

$ kubectl events --for rs/web-549bd4fcdb --types=normal -o jsonpath='{.kind}{.metadata}{"\n"}{range .items[*]}{.count}{" "}{.message}{"\n"}{end}'
EventList{}
1 Created pod: web-549bd4fcdb-jjhv7
1 Created pod: web-549bd4fcdb-2bcp5
1 Created pod: web-549bd4fcdb-2jj9z
1 Created pod: web-549bd4fcdb-cjdrv
1 Created pod: web-549bd4fcdb-mgpb4
1 Created pod: web-549bd4fcdb-dpppm
1 Created pod: web-549bd4fcdb-72qw9
1 Created pod: web-549bd4fcdb-hspwx
1 Created pod: web-549bd4fcdb-lmwvd
3 (combined from similar events): Created pod: web-549bd4fcdb-8w7fv

$ kubectl events --for pod/web-549bd4fcdb-2bcp5 --types=Warning -o json
No events found in default namespace.

$ kubectl get events nothere -o yaml
Error from server (NotFound): events "nothere" not found

$ sim advance 60m
advanced 60m to 2025-01-01T01:00:16Z (3 steps ran)

$ kubectl get events --field-selector involvedObject.kind=ReplicaSet -o name
event/web-549bd4fcdb.1816687f378c9447
event/web-549bd4fcdb.1816687f378c9448
event/web-549bd4fcdb.1816687f378c9449
event/web-549bd4fcdb.1816687f378c944a
event/web-549bd4fcdb.1816687f378c944b
event/web-549bd4fcdb.1816687f378c944c
event/web-549bd4fcdb.1816687f378c944d
event/web-549bd4fcdb.1816687f378c944e
event/web-549bd4fcdb.1816687f378c944f
event/web-549bd4fcdb.1816687f378c9450

$ sim advance 61s
advanced 61s to 2025-01-01T01:01:17Z (0 steps ran)

$ kubectl get events
No resources found in default namespace.
