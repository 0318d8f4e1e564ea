# Task "Advertise Extended Resources for a Node", line by line, on the
# playground's kind cluster (v1.32). The page's curl is split over lines
# with backslashes, as here.
$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

# Start a proxy (in the background: the playground has one terminal).
$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

# The JSON patch adds four dongles to the node's capacity, through the
# status subresource (`~1` is the JSON Pointer escape of `/`). The API
# server answers with the node as stored, pretty-printed for curl; the
# playground keeps no managedFields, which a real answer lists in its
# metadata. (`-s`: piped, curl would print its progress meter.)
$ curl --header "Content-Type: application/json-patch+json" \
> --request PATCH \
> --data '[{"op": "add", "path": "/status/capacity/example.com~1dongle", "value": "4"}]' \
> http://localhost:8001/api/v1/nodes/kubeplay-worker/status -s | sed -n '/"capacity"/,/}/p'
    "capacity": {
      "cpu": "4",
      "ephemeral-storage": "100Gi",
      "example.com/dongle": "4",
      "memory": "8Gi",
      "pods": "110"
    },

# The kubelet's next status update copies the new capacity into
# allocatable, which the scheduler counts.
$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl describe node kubeplay-worker | sed -n '/^Capacity:/,/^System Info:/p'
Capacity:
  cpu:                 4
  ephemeral-storage:   100Gi
  example.com/dongle:  4
  memory:              8Gi
  pods:                110
Allocatable:
  cpu:                 4
  ephemeral-storage:   100Gi
  example.com/dongle:  4
  memory:              8Gi
  pods:                110
System Info:

# Without the Content-Type, curl sends a form, which the patch handler
# refuses.
$ curl --request PATCH --data '[]' http://localhost:8001/api/v1/nodes/kubeplay-worker/status
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json",
  "reason": "UnsupportedMediaType",
  "code": 415
}

# The same patch with kubectl, on another node.
$ kubectl patch node kubeplay-worker2 --subresource=status --type=json -p '[{"op": "add", "path": "/status/capacity/example.com~1dongle", "value": "4"}]'
node/kubeplay-worker2 patched

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get node kubeplay-worker2 -o jsonpath='{.status.allocatable.example\.com/dongle}{"\n"}'
4

# "Clean up": remove the advertisements. Right after the patch the node
# still lists the dongles once, as allocatable, until the kubelet's
# next status update.
$ curl --header "Content-Type: application/json-patch+json" \
> --request PATCH \
> --data '[{"op": "remove", "path": "/status/capacity/example.com~1dongle"}]' \
> http://localhost:8001/api/v1/nodes/kubeplay-worker/status -s | grep -c dongle
1

$ kubectl patch node kubeplay-worker2 --subresource=status --type=json -p '[{"op": "remove", "path": "/status/capacity/example.com~1dongle"}]'
node/kubeplay-worker2 patched

$ sim settle
settled after 2 steps and 0s of virtual time

# No output: gone from capacity and, after the kubelet's update, from
# allocatable.
$ kubectl describe node kubeplay-worker | grep dongle

$ kubectl describe node kubeplay-worker2 | grep dongle

# Removing it again: the JSON patch fails on the missing member.
$ curl --header "Content-Type: application/json-patch+json" \
> --request PATCH \
> --data '[{"op": "remove", "path": "/status/capacity/example.com~1dongle"}]' \
> http://localhost:8001/api/v1/nodes/kubeplay-worker/status
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "the server rejected our request due to an error in our request",
  "reason": "Invalid",
  "details": {
    "causes": [
      {
        "reason": "UnexpectedServerResponse",
        "message": "error in remove for path: '/status/capacity/example.com~1dongle': Unable to remove nonexistent key: example.com/dongle: missing value"
      }
    ]
  },
  "code": 422
}

$ kill %1
[1]+  Terminated              kubectl proxy
