# An Event written through events.k8s.io/v1 is stored as the core Event
# (note → message, regarding → involvedObject, reportingController →
# reportingComponent), read back in either group's shape.
$ kubectl create -f - <<EOF
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: backup-done
eventTime: "2025-01-01T00:00:01.000000Z"
reportingController: example.com/backup-operator
reportingInstance: backup-operator-7c9f
action: Backup
reason: Completed
type: Normal
note: nightly backup finished
regarding:
  apiVersion: v1
  kind: ConfigMap
  name: backup-config
  namespace: default
EOF
event.events.k8s.io/backup-done created

$ kubectl get events.events.k8s.io backup-done -o yaml
action: Backup
apiVersion: events.k8s.io/v1
deprecatedFirstTimestamp: null
deprecatedLastTimestamp: null
deprecatedSource: {}
eventTime: "2025-01-01T00:00:01.000000Z"
kind: Event
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: backup-done
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
note: nightly backup finished
reason: Completed
regarding:
  apiVersion: v1
  kind: ConfigMap
  name: backup-config
  namespace: default
reportingController: example.com/backup-operator
reportingInstance: backup-operator-7c9f
type: Normal

$ kubectl get event backup-done -o yaml
action: Backup
apiVersion: v1
eventTime: "2025-01-01T00:00:01.000000Z"
firstTimestamp: null
involvedObject:
  apiVersion: v1
  kind: ConfigMap
  name: backup-config
  namespace: default
kind: Event
lastTimestamp: null
message: nightly backup finished
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: backup-done
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
reason: Completed
reportingComponent: example.com/backup-operator
reportingInstance: backup-operator-7c9f
source: {}
type: Normal

$ kubectl get events --field-selector reason=Completed
LAST SEEN   TYPE     REASON      OBJECT                    MESSAGE
1s          Normal   Completed   configmap/backup-config   nightly backup finished

$ kubectl events --for configmap/backup-config
LAST SEEN   TYPE     REASON      OBJECT                    MESSAGE
1s          Normal   Completed   ConfigMap/backup-config   nightly backup finished

# The group's own rules: an event time, the reporting fields, an action
# and a reason are required, the type is Normal or Warning, and the core
# fields it deprecates must be left unset.
$ kubectl create -f - <<EOF
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: incomplete
type: Info
deprecatedCount: 3
deprecatedSource:
  component: kubelet
regarding:
  kind: ConfigMap
  name: backup-config
  namespace: default
EOF
The Event "incomplete" is invalid:
* eventTime: Required value
* type: Invalid value: "": has invalid value: Info
* count: Invalid value: "": needs to be unset
* source: Invalid value: "": needs to be unset

$ kubectl create -f - <<EOF
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: almost
eventTime: "2025-01-01T00:00:01.000000Z"
reportingController: example.com/backup-operator
reportingInstance: backup-operator-7c9f
reason: Completed
type: Warning
series:
  count: 1
regarding:
  kind: ConfigMap
  name: backup-config
  namespace: default
EOF
The Event "almost" is invalid:
* action: Required value
* series.count: Invalid value: "": should be at least 2
* series.lastObservedTime: Required value

# A core v1 Event skips those rules, as the API server keeps them for
# compatibility.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: Event
metadata:
  name: legacy
involvedObject:
  kind: ConfigMap
  name: backup-config
  namespace: default
reason: Completed
message: done the old way
type: Info
EOF
event/legacy created

$ kubectl get events.v1.events.k8s.io legacy -o jsonpath='{.note} {.regarding.name} {.type}{"\n"}'
done the old way backup-config Info

# Changing an Event through the group is not modelled.
$ kubectl apply -f - <<EOF
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: backup-done
eventTime: "2025-01-01T00:00:01.000000Z"
reportingController: example.com/backup-operator
reportingInstance: backup-operator-7c9f
action: Backup
reason: Completed
type: Normal
note: nightly backup finished again
regarding:
  apiVersion: v1
  kind: ConfigMap
  name: backup-config
  namespace: default
EOF
Warning: resource events/backup-done is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
(playground) an Event written as events.k8s.io/v1 is created here, but changing one through that group is not modelled: apply it as apiVersion v1 (message, involvedObject, reportingComponent)
