# Task "Assign Extended Resources to a Container", line by line, on the
# playground's kind cluster (v1.32). First, as the page asks, the node
# task: one worker advertises four example.com/dongle.
$ kubectl patch node kubeplay-worker --subresource=status --type=json -p '[{"op": "add", "path": "/status/capacity/example.com~1dongle", "value": "4"}]'
node/kubeplay-worker patched

$ sim settle
settled after 1 steps and 0s of virtual time

# pods/resource/extended-resource-pod.yaml: three dongles.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: extended-resource-demo
spec:
  containers:
  - name: extended-resource-demo-ctr
    image: nginx
    resources:
      requests:
        example.com/dongle: 3
      limits:
        example.com/dongle: 3
EOF
pod/extended-resource-demo created

$ sim settle
settled after 5 steps and 4s of virtual time

# Only the node with dongles fits it.
$ kubectl get pod extended-resource-demo -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
extended-resource-demo   1/1     Running   0          4s    10.244.1.2   kubeplay-worker   <none>           <none>

$ kubectl describe pod extended-resource-demo | sed -n '/Limits:/,/Environment:/p'
    Limits:
      example.com/dongle:  3
    Requests:
      example.com/dongle:  3
    Environment:           <none>

# pods/resource/extended-resource-pod-2.yaml: two more do not fit in the
# one dongle left.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: extended-resource-demo-2
spec:
  containers:
  - name: extended-resource-demo-2-ctr
    image: nginx
    resources:
      requests:
        example.com/dongle: 2
      limits:
        example.com/dongle: 2
EOF
pod/extended-resource-demo-2 created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl describe pod extended-resource-demo-2 | sed -n '/^Conditions:/,/^Volumes:/p;/^Events:/,$p'
Conditions:
  Type           Status
  PodScheduled   False
Volumes:
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  0s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient example.com/dongle. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl get pod extended-resource-demo-2
NAME                       READY   STATUS    RESTARTS   AGE
extended-resource-demo-2   0/1     Pending   0          0s

# The node's view: 3 of 4 dongles requested.
$ kubectl describe node kubeplay-worker | sed -n '/^Allocated resources:/,/^Events:/p'
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource            Requests   Limits
  --------            --------   ------
  cpu                 100m (2%)  0 (0%)
  memory              50Mi (0%)  0 (0%)
  ephemeral-storage   0 (0%)     0 (0%)
  example.com/dongle  3          3
Events:               <none>

# An extended resource cannot be overcommitted: a request must equal its
# limit.
$ kubectl run overcommit --image=nginx --overrides='{"spec":{"containers":[{"name":"c","image":"nginx","resources":{"requests":{"example.com/dongle":"1"},"limits":{"example.com/dongle":"2"}}}]}}'
The Pod "overcommit" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/dongle limit of 2

# Clean up. With the first pod gone its dongles are free again, and the
# scheduler, told of the deletion, places the waiting pod.
$ kubectl delete pod extended-resource-demo
pod "extended-resource-demo" deleted

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod extended-resource-demo-2 -o wide
NAME                       READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
extended-resource-demo-2   1/1     Running   0          3s    10.244.1.3   kubeplay-worker   <none>           <none>

$ kubectl delete pod extended-resource-demo-2
pod "extended-resource-demo-2" deleted
