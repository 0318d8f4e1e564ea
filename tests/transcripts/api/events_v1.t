# events.k8s.io/v1 Events: the newer API group serves the same stored
# Events as core v1, converted as the API server converts them
# (regarding, note, reportingController, the deprecated* fields).
# Discovery lists both groups, as a v1.32 cluster does.
$ kubectl api-resources --api-group=events.k8s.io
NAME     SHORTNAMES   APIVERSION         NAMESPACED   KIND
events   ev           events.k8s.io/v1   true         Event

$ kubectl api-resources | grep -w events
events                              ev           v1                                true         Event
events                              ev           events.k8s.io/v1                  true         Event

$ kubectl api-versions | grep events
events.k8s.io/v1

$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

# The table is the same printer in both groups.
$ kubectl get events.events.k8s.io
LAST SEEN   TYPE     REASON      OBJECT    MESSAGE
4s          Normal   Scheduled   pod/web   Successfully assigned default/web to kubeplay-worker3
3s          Normal   Pulling     pod/web   Pulling image "nginx"
0s          Normal   Pulled      pod/web   Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
0s          Normal   Created     pod/web   Created container web
0s          Normal   Started     pod/web   Started container web

$ kubectl get events.v1.events.k8s.io -o name
event.events.k8s.io/web.1816687f378c9446
event.events.k8s.io/web.1816687f73275e47
event.events.k8s.io/web.181668803c51c808
event.events.k8s.io/web.181668803c51c809
event.events.k8s.io/web.181668803c51c80a

# The scheduler records through events.k8s.io: an eventTime, an action,
# the reporting controller, and no deprecated fields.
$ kubectl get events.events.k8s.io --field-selector reason=Scheduled -o yaml
apiVersion: v1
items:
- action: Binding
  apiVersion: events.k8s.io/v1
  deprecatedFirstTimestamp: null
  deprecatedLastTimestamp: null
  deprecatedSource: {}
  eventTime: "2025-01-01T00:00:02.000000Z"
  kind: Event
  metadata:
    creationTimestamp: "2025-01-01T00:00:02Z"
    name: web.1816687f378c9446
    namespace: default
    resourceVersion: "376"
    uid: 6b00cc40-f5ec-48eb-bfb2-e731c4ff275d
  note: Successfully assigned default/web to kubeplay-worker3
  reason: Scheduled
  regarding:
    apiVersion: v1
    kind: Pod
    name: web
    namespace: default
    resourceVersion: "374"
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  reportingController: default-scheduler
  reportingInstance: default-scheduler-kubeplay-control-plane
  type: Normal
kind: List
metadata:
  resourceVersion: ""

# The kubelet records through core v1: its source, count and timestamps
# come back as deprecatedSource, deprecatedCount and
# deprecated{First,Last}Timestamp, and eventTime is null.
$ kubectl get ev.events.k8s.io --field-selector reason=Pulling -o json
{
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "events.k8s.io/v1",
            "deprecatedCount": 1,
            "deprecatedFirstTimestamp": "2025-01-01T00:00:03Z",
            "deprecatedLastTimestamp": "2025-01-01T00:00:03Z",
            "deprecatedSource": {
                "component": "kubelet",
                "host": "kubeplay-worker3"
            },
            "eventTime": null,
            "kind": "Event",
            "metadata": {
                "creationTimestamp": "2025-01-01T00:00:03Z",
                "name": "web.1816687f73275e47",
                "namespace": "default",
                "resourceVersion": "378",
                "uid": "ccff3330-a10f-43d7-a052-5b8c4365370d"
            },
            "note": "Pulling image \"nginx\"",
            "reason": "Pulling",
            "regarding": {
                "apiVersion": "v1",
                "fieldPath": "spec.containers{web}",
                "kind": "Pod",
                "name": "web",
                "namespace": "default",
                "resourceVersion": "377",
                "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba"
            },
            "reportingController": "kubelet",
            "reportingInstance": "kubeplay-worker3",
            "type": "Normal"
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}

# The same Event read through core v1.
$ kubectl get events --field-selector reason=Pulling -o yaml
apiVersion: v1
items:
- apiVersion: v1
  count: 1
  eventTime: null
  firstTimestamp: "2025-01-01T00:00:03Z"
  involvedObject:
    apiVersion: v1
    fieldPath: spec.containers{web}
    kind: Pod
    name: web
    namespace: default
    resourceVersion: "377"
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  kind: Event
  lastTimestamp: "2025-01-01T00:00:03Z"
  message: Pulling image "nginx"
  metadata:
    creationTimestamp: "2025-01-01T00:00:03Z"
    name: web.1816687f73275e47
    namespace: default
    resourceVersion: "378"
    uid: ccff3330-a10f-43d7-a052-5b8c4365370d
  reason: Pulling
  reportingComponent: kubelet
  reportingInstance: kubeplay-worker3
  source:
    component: kubelet
    host: kubeplay-worker3
  type: Normal
kind: List
metadata:
  resourceVersion: ""

$ kubectl get events.events.k8s.io -o jsonpath='{range .items[*]}{.reason}{"\t"}{.regarding.kind}/{.regarding.name}{"\t"}{.reportingController}{"\n"}{end}'
Scheduled	Pod/web	default-scheduler
Pulling	Pod/web	kubelet
Pulled	Pod/web	kubelet
Created	Pod/web	kubelet
Started	Pod/web	kubelet

$ kubectl get events.events.k8s.io -o custom-columns=REASON:.reason,NOTE:.note
REASON      NOTE
Scheduled   Successfully assigned default/web to kubeplay-worker3
Pulling     Pulling image "nginx"
Pulled      Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
Created     Created container web
Started     Started container web

$ kubectl describe events.events.k8s.io web.1816687f73275e47
Name:                        web.1816687f73275e47
Namespace:                   default
Labels:                      <none>
Annotations:                 <none>
API Version:                 events.k8s.io/v1
Deprecated Count:            1
Deprecated First Timestamp:  2025-01-01T00:00:03Z
Deprecated Last Timestamp:   2025-01-01T00:00:03Z
Deprecated Source:
  Component:  kubelet
  Host:       kubeplay-worker3
Event Time:   <nil>
Kind:         Event
Metadata:
  Creation Timestamp:  2025-01-01T00:00:03Z
  Resource Version:    378
  UID:                 ccff3330-a10f-43d7-a052-5b8c4365370d
Note:                  Pulling image "nginx"
Reason:                Pulling
Regarding:
  API Version:         v1
  Field Path:          spec.containers{web}
  Kind:                Pod
  Name:                web
  Namespace:           default
  Resource Version:    377
  UID:                 f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Reporting Controller:  kubelet
Reporting Instance:    kubeplay-worker3
Type:                  Normal
Events:                <none>

# The API server's own encoding of the group's list.
$ kubectl get --raw /apis/events.k8s.io/v1/namespaces/default/events | head -c 420
{"kind":"EventList","apiVersion":"events.k8s.io/v1","metadata":{"resourceVersion":"383"},"items":[{"metadata":{"name":"web.1816687f378c9446","namespace":"default","uid":"6b00cc40-f5ec-48eb-bfb2-e731c4ff275d","resourceVersion":"376","creationTimestamp":"2025-01-01T00:00:02Z"},"eventTime":"2025-01-01T00:00:02.000000Z","reportingController":"default-scheduler","reportingInstance":"default-scheduler-kubeplay-control-plan

# A group the server does not have.
$ kubectl get events.v1beta1.events.k8s.io
error: the server doesn't have a resource type "events"

# Writing through the group stores the core Event (see events_v1_create.t).
$ kubectl apply -f - <<EOF
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: hello
eventTime: "2025-01-01T00:00:06.000000Z"
reportingController: example.com/hello
reportingInstance: hello-1
action: Greet
reason: Hello
note: hello
type: Normal
regarding:
  kind: Pod
  name: web
  namespace: default
EOF
event.events.k8s.io/hello created

# Deleting through the group deletes the one stored Event.
$ kubectl delete events.events.k8s.io --field-selector reason=Scheduled
event.events.k8s.io "web.1816687f378c9446" deleted

$ kubectl get events --field-selector reason=Scheduled
No resources found in default namespace.
