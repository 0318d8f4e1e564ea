# kubernetes.io's "Concepts → Containers → Runtime Class", line by line.
#
# Setup step 1 configures a handler in each node's CRI (containerd's
# config.toml runtimes table): node configuration the simulated nodes do
# not have. kind's containerd knows runc (and test-handler, a second runc
# for the conformance tests).
#
# Step 2: the page's RuntimeClass. It is cluster-wide, in node.k8s.io.
$ kubectl apply -f - <<EOF
# RuntimeClass is defined in the node.k8s.io API group
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  # The name the RuntimeClass will be referenced by.
  # RuntimeClass is a non-namespaced resource.
  name: myclass
# The name of the corresponding CRI configuration
handler: myconfiguration
EOF
runtimeclass.node.k8s.io/myclass created

$ kubectl api-resources --api-group=node.k8s.io
NAME             SHORTNAMES   APIVERSION       NAMESPACED   KIND
runtimeclasses                node.k8s.io/v1   false        RuntimeClass

$ kubectl get runtimeclasses
NAME      HANDLER           AGE
myclass   myconfiguration   0s

# The handler is a DNS label and cannot change.
$ kubectl patch runtimeclass myclass -p '{"handler":"runc"}'
The RuntimeClass "myclass" is invalid: handler: Invalid value: "runc": field is immutable

$ kubectl create -f - <<EOF
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: bad
handler: My_Configuration
EOF
The RuntimeClass "bad" is invalid: handler: Invalid value: "My_Configuration": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')

# Usage: a pod names the class in runtimeClassName.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mypod
spec:
  runtimeClassName: myclass
  containers:
  - name: app
    image: nginx
EOF
pod/mypod created

$ kubectl get pod mypod -o jsonpath='{.spec.runtimeClassName}{"\n"}'
myclass

# The pod is bound, but its kubelet asks containerd for the handler
# myconfiguration, which kind's containerd lacks: the sandbox is never
# made, and the pod worker retries every 10s (FailedCreatePodSandBox each
# time, aggregated by the event recorder).
$ sim settle
settled after 2 steps and 0s of virtual time

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:02Z (6 steps ran)

$ kubectl get pod mypod
NAME    READY   STATUS              RESTARTS   AGE
mypod   0/1     ContainerCreating   0          60s

$ kubectl get pod mypod -o jsonpath='{.status.containerStatuses[0].state}{"\n"}{.status.conditions[0]}{"\n"}'
{"waiting":{"reason":"ContainerCreating"}}
{"lastProbeTime":null,"lastTransitionTime":"2025-01-01T00:00:02Z","status":"False","type":"PodReadyToStartContainers"}

$ kubectl describe pod mypod | grep -A10 ^Events:
Events:
  Type     Reason                  Age               From               Message
  ----     ------                  ----              ----               -------
  Normal   Scheduled               60s               default-scheduler  Successfully assigned default/mypod to kubeplay-worker
  Warning  FailedCreatePodSandBox  0s (x7 over 60s)  kubelet            Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "myconfiguration" is configured

$ kubectl get events --field-selector involvedObject.name=mypod
LAST SEEN   TYPE      REASON                   OBJECT      MESSAGE
60s         Normal    Scheduled                pod/mypod   Successfully assigned default/mypod to kubeplay-worker
0s          Warning   FailedCreatePodSandBox   pod/mypod   Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "myconfiguration" is configured

# A class whose handler is runc runs its pods as usual.
$ kubectl apply -f - <<EOF
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: runc
handler: runc
EOF
runtimeclass.node.k8s.io/runc created

$ kubectl run plain --image=nginx --overrides='{"spec":{"runtimeClassName":"runc"}}'
pod/plain created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod plain
NAME    READY   STATUS    RESTARTS   AGE
plain   1/1     Running   0          4s

# With its class deleted, the kubelet cannot look the handler up at all.
$ kubectl delete runtimeclass myclass
runtimeclass.node.k8s.io "myclass" deleted

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:16Z (1 steps ran)

$ kubectl get events --field-selector involvedObject.name=mypod,reason=FailedCreatePodSandBox
LAST SEEN   TYPE      REASON                   OBJECT      MESSAGE
14s         Warning   FailedCreatePodSandBox   pod/mypod   Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "myconfiguration" is configured
4s          Warning   FailedCreatePodSandBox   pod/mypod   Failed to create pod sandbox: runtimeclasses.node.k8s.io "myclass" not found

$ kubectl delete pod mypod plain --now
pod "mypod" deleted
pod "plain" deleted

# A pod naming a class that does not exist is refused at admission.
$ kubectl run other --image=nginx --overrides='{"spec":{"runtimeClassName":"nosuchclass"}}'
Error from server (Forbidden): pods "other" is forbidden: pod rejected: RuntimeClass "nosuchclass" not found

# Scheduling: a class's nodeSelector and tolerations are merged into its
# pods at admission, so they land only on nodes that have the handler.
# No kind node carries this label, so the pod stays Pending.
$ kubectl apply -f - <<EOF
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
scheduling:
  nodeSelector:
    runtime: gvisor
  tolerations:
  - key: runtime
    operator: Equal
    value: gvisor
    effect: NoSchedule
EOF
runtimeclass.node.k8s.io/gvisor created

$ kubectl run sandboxed --image=nginx --overrides='{"spec":{"runtimeClassName":"gvisor"}}'
pod/sandboxed created

$ kubectl get pod sandboxed -o jsonpath='{.spec.nodeSelector}{"\n"}{.spec.tolerations[2]}{"\n"}'
{"runtime":"gvisor"}
{"effect":"NoSchedule","key":"runtime","operator":"Equal","value":"gvisor"}

# A pod's own nodeSelector may not contradict its class's.
$ kubectl run clash --image=nginx --overrides='{"spec":{"runtimeClassName":"gvisor","nodeSelector":{"runtime":"kata"}}}'
Error from server (Forbidden): pods "clash" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[runtime] = gvisor; pod.spec.nodeSelector[runtime] = kata

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod sandboxed
NAME        READY   STATUS    RESTARTS   AGE
sandboxed   0/1     Pending   0          0s

$ kubectl describe runtimeclass gvisor
Name:         gvisor
Namespace:
Labels:       <none>
Annotations:  <none>
API Version:  node.k8s.io/v1
Handler:      runsc
Kind:         RuntimeClass
Metadata:
  Creation Timestamp:  2025-01-01T00:01:16Z
  Resource Version:    405
  UID:                 683222ce-0f77-4bb3-83c8-76b47b516531
Scheduling:
  Node Selector:
    Runtime:  gvisor
  Tolerations:
    Effect:    NoSchedule
    Key:       runtime
    Operator:  Equal
    Value:     gvisor
Events:        <none>

$ kubectl explain runtimeclass.scheduling
GROUP:      node.k8s.io
KIND:       RuntimeClass
VERSION:    v1

FIELD: scheduling <Scheduling>


DESCRIPTION:
    Which nodes have this runtime; admission merges it into the pod's node
    selector and tolerations.
    Where pods of a runtime class may run.

FIELDS:
  nodeSelector	<map[string]string>
    Labels a node must have; merged into the pod's nodeSelector, and a pod
    stating another value for a key is refused.

  tolerations	<[]Toleration>
    Tolerations added to the pod's own.
