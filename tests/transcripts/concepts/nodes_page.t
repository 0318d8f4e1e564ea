# kubernetes.io "Concepts → Cluster Architecture → Nodes", line by line.
#
# "Management": the page's node.json, created by hand. A real cluster
# keeps such a Node NotReady until a kubelet of that name registers; in
# the playground every Node object is a simulated machine, so its kubelet
# starts posting status as soon as it is noticed.
$ kubectl create -f - <<EOF
{
  "kind": "Node",
  "apiVersion": "v1",
  "metadata": {
    "name": "10.240.79.157",
    "labels": {
      "name": "my-first-k8s-node"
    }
  }
}
EOF
node/10.240.79.157 created

$ kubectl create -f - <<EOF
{"kind": "Node", "apiVersion": "v1", "metadata": {"name": "10.240.79.157"}}
EOF
Error from server (AlreadyExists): error when creating "STDIN": nodes "10.240.79.157" already exists

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get nodes -l name=my-first-k8s-node
NAME            STATUS   ROLES    AGE   VERSION
10.240.79.157   Ready    <none>   0s

$ kubectl get node 10.240.79.157 -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\n"}{end}'
MemoryPressure=False KubeletHasSufficientMemory
DiskPressure=False KubeletHasNoDiskPressure
PIDPressure=False KubeletHasSufficientPID
Ready=True KubeletReady

$ kubectl delete node 10.240.79.157
node "10.240.79.157" deleted

# Node names follow the DNS subdomain rule.
$ kubectl create -f - <<EOF
{"kind": "Node", "apiVersion": "v1", "metadata": {"name": "My_Node"}}
EOF
The Node "My_Node" is invalid: metadata.name: Invalid value: "My_Node": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

# "Manual Node administration": cordon marks the node unschedulable; the
# node lifecycle controller adds the matching NoSchedule taint.
$ kubectl cordon kubeplay-worker
node/kubeplay-worker cordoned

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get nodes
NAME                     STATUS                     ROLES           AGE   VERSION
kubeplay-control-plane   Ready                      control-plane   2s    v1.32.0
kubeplay-worker          Ready,SchedulingDisabled   <none>          2s    v1.32.0
kubeplay-worker2         Ready                      <none>          2s    v1.32.0
kubeplay-worker3         Ready                      <none>          2s    v1.32.0

$ kubectl get node kubeplay-worker -o jsonpath='{.spec.unschedulable} {.spec.taints}{"\n"}'
true [{"effect":"NoSchedule","key":"node.kubernetes.io/unschedulable","timeAdded":"2025-01-01T00:00:02Z"}]

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get node kubeplay-worker -o jsonpath='{.spec.unschedulable} {.spec.taints}{"\n"}'

# "Node status": conditions as kubectl describe node lists them.
$ kubectl describe node kubeplay-worker | sed -n '/^Conditions:/,/^Addresses:/p'
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Wed, 01 Jan 2025 00:00:00 +0000   Wed, 01 Jan 2025 00:00:00 +0000   KubeletReady                 kubelet is posting ready status
Addresses:

# "Heartbeats": one Lease per node in kube-node-lease, which its kubelet
# renews.
$ kubectl get leases -n kube-node-lease
NAME                     HOLDER                   AGE
kubeplay-control-plane   kubeplay-control-plane   2s
kubeplay-worker          kubeplay-worker          2s
kubeplay-worker2         kubeplay-worker2         2s
kubeplay-worker3         kubeplay-worker3         2s

$ kubectl get namespace kube-node-lease
NAME              STATUS   AGE
kube-node-lease   Active   2s

# A kubelet that stops posting status: after the 50 s node-monitor grace
# period the node goes Unknown (NotReady) and is tainted unreachable. Its
# pods keep their last reported status: nobody is there to change it.
$ kubectl create deployment web --image=nginx --replicas=4
deployment.apps/web created

$ sim settle
settled after 35 steps and 7s of virtual time

$ sim node fail kubeplay-worker2
node kubeplay-worker2 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 60s
advanced 60s to 2025-01-01T00:01:09Z (21 steps ran)

$ kubectl get node kubeplay-worker2
NAME               STATUS     ROLES    AGE   VERSION
kubeplay-worker2   NotReady   <none>   69s   v1.32.0

$ kubectl get node kubeplay-worker2 -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\n"}{end}'
MemoryPressure=Unknown NodeStatusUnknown
DiskPressure=Unknown NodeStatusUnknown
PIDPressure=Unknown NodeStatusUnknown
Ready=Unknown NodeStatusUnknown

$ kubectl get node kubeplay-worker2 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\n"}{end}'
node.kubernetes.io/unreachable:NoSchedule
node.kubernetes.io/unreachable:NoExecute

$ kubectl get pods -o wide --field-selector spec.nodeName=kubeplay-worker2
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-jrv7s   1/1     Running   0          67s   10.244.2.3   kubeplay-worker2   <none>           <none>

# "Non-graceful node shutdown handling": the out-of-service taint tells
# the control plane the node is really down, so its pods are deleted at
# once instead of after the 300 s unreachable toleration, and replaced.
$ kubectl taint nodes kubeplay-worker2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute
node/kubeplay-worker2 tainted

$ sim settle
settled after 48 steps and 4m50s of virtual time

$ kubectl get pods -o wide --field-selector spec.nodeName=kubeplay-worker2
No resources found in default namespace.

$ kubectl get deployment web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    4/4     4            4           5m57s
