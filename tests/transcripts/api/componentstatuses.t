# ComponentStatus (v1, deprecated since v1.19): the API server probes the
# scheduler, the controller manager and etcd at each read. Nothing is
# stored; every request warns that the API is deprecated.
$ kubectl get cs
Warning: v1 ComponentStatus is deprecated in v1.19+
NAME                 STATUS    MESSAGE   ERROR
scheduler            Healthy   ok
controller-manager   Healthy   ok
etcd-0               Healthy   ok

$ kubectl get componentstatuses -o wide
Warning: v1 ComponentStatus is deprecated in v1.19+
NAME                 STATUS    MESSAGE   ERROR
scheduler            Healthy   ok
controller-manager   Healthy   ok
etcd-0               Healthy   ok

$ kubectl get cs etcd-0 -o yaml
Warning: v1 ComponentStatus is deprecated in v1.19+
apiVersion: v1
conditions:
- message: ok
  status: "True"
  type: Healthy
kind: ComponentStatus
metadata:
  creationTimestamp: null
  name: etcd-0

$ kubectl get cs -o yaml
Warning: v1 ComponentStatus is deprecated in v1.19+
apiVersion: v1
items:
- apiVersion: v1
  conditions:
  - message: ok
    status: "True"
    type: Healthy
  kind: ComponentStatus
  metadata:
    creationTimestamp: null
    name: scheduler
- apiVersion: v1
  conditions:
  - message: ok
    status: "True"
    type: Healthy
  kind: ComponentStatus
  metadata:
    creationTimestamp: null
    name: controller-manager
- apiVersion: v1
  conditions:
  - message: ok
    status: "True"
    type: Healthy
  kind: ComponentStatus
  metadata:
    creationTimestamp: null
    name: etcd-0
kind: List
metadata:
  resourceVersion: ""

$ kubectl get cs scheduler -o json
Warning: v1 ComponentStatus is deprecated in v1.19+
{
    "apiVersion": "v1",
    "conditions": [
        {
            "message": "ok",
            "status": "True",
            "type": "Healthy"
        }
    ],
    "kind": "ComponentStatus",
    "metadata": {
        "creationTimestamp": null,
        "name": "scheduler"
    }
}

$ kubectl get componentstatus controller-manager -o name
Warning: v1 ComponentStatus is deprecated in v1.19+
componentstatus/controller-manager

$ kubectl get cs kube-proxy
Warning: v1 ComponentStatus is deprecated in v1.19+
Error from server: Component not found: kube-proxy

$ kubectl describe cs scheduler
Warning: v1 ComponentStatus is deprecated in v1.19+
Name:         scheduler
Namespace:
Labels:       <none>
Annotations:  <none>
API Version:  v1
Conditions:
  Message:  ok
  Status:   True
  Type:     Healthy
Kind:       ComponentStatus
Metadata:
  Creation Timestamp:  <nil>
Events:                <none>

$ kubectl get cs -l tier=control-plane
Warning: v1 ComponentStatus is deprecated in v1.19+
No resources found

$ kubectl api-resources --api-group= | grep -w ComponentStatus
componentstatuses        cs           v1           false        ComponentStatus

$ kubectl api-resources --verbs=list -o name | grep component
componentstatuses

$ kubectl explain componentstatus
KIND:       ComponentStatus
VERSION:    v1

DESCRIPTION:
    The health of one control plane component (the scheduler, the controller
    manager, each etcd), probed by the API server at each read and never stored.
    Deprecated since v1.19: read the components' own health endpoints instead.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (v1).

  conditions	<[]ComponentCondition>
    What the probe found: one Healthy condition.

  kind	<string>
    The kind of object (ComponentStatus).

  metadata	<ObjectMeta>
    The component's name.

$ kubectl explain cs.conditions
KIND:       ComponentStatus
VERSION:    v1

FIELD: conditions <[]ComponentCondition>


DESCRIPTION:
    What the probe found: one Healthy condition.
    One finding of a component's health probe.

FIELDS:
  error	<string>
    Why the probe could not tell, when it could not.

  message	<string>
    What the component answered.

  status	<string> -required-
    True, False or Unknown.

  type	<string> -required-
    Healthy, the only type.

$ kubectl delete cs scheduler
Error from server (MethodNotAllowed): the server does not allow this method on the requested resource

$ kubectl label cs scheduler tier=control-plane
Error from server (MethodNotAllowed): the server does not allow this method on the requested resource

$ kubectl get cs -A
Warning: v1 ComponentStatus is deprecated in v1.19+
NAME                 STATUS    MESSAGE   ERROR
scheduler            Healthy   ok
controller-manager   Healthy   ok
etcd-0               Healthy   ok

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ComponentStatus
metadata:
  name: my-component
conditions:
- type: Healthy
  status: "True"
EOF
Error from server (MethodNotAllowed): error when creating "STDIN": the server does not allow this method on the requested resource

$ kubectl get cs scheduler etcd-0
Warning: v1 ComponentStatus is deprecated in v1.19+
NAME        STATUS    MESSAGE   ERROR
scheduler   Healthy   ok
etcd-0      Healthy   ok
