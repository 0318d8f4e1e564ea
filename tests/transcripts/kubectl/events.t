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
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-fw95r
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-mvn5z
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-l9lb4
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-qjq8z
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-skbhn
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-484w7
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-cd88m
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-pk9x7
  Normal  SuccessfulCreate  14s                replicaset-controller  Created pod: web-549bd4fcdb-g6bw4
  Normal  SuccessfulCreate  14s (x3 over 14s)  replicaset-controller  (combined from similar events): Created pod: web-549bd4fcdb-n5n52

$ kubectl get events --field-selector involvedObject.kind=ReplicaSet
LAST SEEN   TYPE     REASON             OBJECT                      MESSAGE
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-fw95r
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-mvn5z
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-l9lb4
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-qjq8z
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-skbhn
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-484w7
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-cd88m
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-pk9x7
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   Created pod: web-549bd4fcdb-g6bw4
14s         Normal   SuccessfulCreate   replicaset/web-549bd4fcdb   (combined from similar events): Created pod: web-549bd4fcdb-n5n52

$ kubectl get events web-549bd4fcdb.1816687f378c943e -o yaml
apiVersion: v1
count: 3
eventTime: null
firstTimestamp: "2025-01-01T00:00:02Z"
involvedObject:
  apiVersion: apps/v1
  kind: ReplicaSet
  name: web-549bd4fcdb
  namespace: default
  resourceVersion: "140"
  uid: 13671a14-1437-4ab9-b5c1-a86ff40ff011
kind: Event
lastTimestamp: "2025-01-01T00:00:02Z"
message: '(combined from similar events): Created pod: web-549bd4fcdb-n5n52'
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: web-549bd4fcdb.1816687f378c943e
  namespace: default
  resourceVersion: "167"
  uid: 7e8f9ffe-f47c-403d-b8d3-c5488144dac5
reason: SuccessfulCreate
reportingComponent: ""
reportingInstance: ""
source:
  component: replicaset-controller
type: Normal

$ kubectl get events -o wide --field-selector involvedObject.name=web-549bd4fcdb-4229t
LAST SEEN   TYPE     REASON      OBJECT                     SUBOBJECT   SOURCE                                                        MESSAGE                                                                                                     FIRST SEEN   COUNT   NAME
14s         Normal   Scheduled   pod/web-549bd4fcdb-4229t               default-scheduler, default-scheduler-kubeplay-control-plane   Successfully assigned default/web-549bd4fcdb-4229t to kubeplay-worker                                       14s          1       web-549bd4fcdb-4229t.1816687f378c944a
13s         Normal   Pulling     pod/web-549bd4fcdb-4229t               kubelet, kubeplay-worker                                      Pulling image "nginx:1.27"                                                                                  13s          1       web-549bd4fcdb-4229t.1816687f73275e56
0s          Normal   Pulled      pod/web-549bd4fcdb-4229t               kubelet, kubeplay-worker                                      Successfully pulled image "nginx:1.27" in 3.448s (13.792s including waiting). Image size: 73700069 bytes.   0s           1       web-549bd4fcdb-4229t.18166882a9389674
0s          Normal   Created     pod/web-549bd4fcdb-4229t               kubelet, kubeplay-worker                                      Created container nginx                                                                                     0s           1       web-549bd4fcdb-4229t.18166882a9389675
0s          Normal   Started     pod/web-549bd4fcdb-4229t               kubelet, kubeplay-worker                                      Started container nginx                                                                                     0s           1       web-549bd4fcdb-4229t.18166882a9389676

$ kubectl get events web-549bd4fcdb-4229t.1816687f378c944a -o yaml
action: Binding
apiVersion: v1
eventTime: "2025-01-01T00:00:02.000000Z"
firstTimestamp: null
involvedObject:
  apiVersion: v1
  kind: Pod
  name: web-549bd4fcdb-4229t
  namespace: default
  resourceVersion: "162"
  uid: 433e7c16-bc23-4859-a446-14716e919445
kind: Event
lastTimestamp: null
message: Successfully assigned default/web-549bd4fcdb-4229t to kubeplay-worker
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: web-549bd4fcdb-4229t.1816687f378c944a
  namespace: default
  resourceVersion: "189"
  uid: 7706e091-385c-42a9-b81d-243ac54a66a8
reason: Scheduled
reportingComponent: default-scheduler
reportingInstance: default-scheduler-kubeplay-control-plane
source: {}
type: Normal

$ kubectl get events nothere -o yaml
Error from server (NotFound): events "nothere" not found

$ sim advance 60m
advanced 60m to 2025-01-01T01:00:16Z (2 steps ran)

$ kubectl get events --field-selector involvedObject.kind=ReplicaSet -o name
event/web-549bd4fcdb.1816687f378c9435
event/web-549bd4fcdb.1816687f378c9436
event/web-549bd4fcdb.1816687f378c9437
event/web-549bd4fcdb.1816687f378c9438
event/web-549bd4fcdb.1816687f378c9439
event/web-549bd4fcdb.1816687f378c943a
event/web-549bd4fcdb.1816687f378c943b
event/web-549bd4fcdb.1816687f378c943c
event/web-549bd4fcdb.1816687f378c943d
event/web-549bd4fcdb.1816687f378c943e

$ sim advance 61s
advanced 61s to 2025-01-01T01:01:17Z (0 steps ran)

$ kubectl get events
No resources found in default namespace.
