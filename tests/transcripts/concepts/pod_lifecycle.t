# kubernetes.io "Pod Lifecycle" (Concepts): what a reader can type for
# each section (the page itself shows manifests and prose, little output).

# "Pod phase" and "Container states": a pod waits in Pending while its
# image is pulled (container Waiting, ContainerCreating), then Running.
$ kubectl run lifecycle-demo --image=nginx:1.25
pod/lifecycle-demo created

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:03Z (3 steps ran)

$ kubectl get pod lifecycle-demo -o jsonpath='{.status.phase} {.status.containerStatuses[0].state}{"\n"}'
Pending {"waiting":{"reason":"ContainerCreating"}}

$ kubectl get pod lifecycle-demo -o jsonpath='{range .status.conditions[*]}{.type}={.status}{"\n"}{end}'
PodReadyToStartContainers=False
Initialized=True
Ready=False
ContainersReady=False
PodScheduled=True

$ sim settle
settled after 2 steps and 3s of virtual time

$ kubectl get pod lifecycle-demo -o jsonpath='{.status.phase} {.status.containerStatuses[0].state.running}{"\n"}'
Running {"startedAt":"2025-01-01T00:00:06Z"}

# "Pod conditions", in the order the kubelet writes them.
$ kubectl get pod lifecycle-demo -o jsonpath='{range .status.conditions[*]}{.type}={.status}{"\n"}{end}'
PodReadyToStartContainers=True
Initialized=True
Ready=True
ContainersReady=True
PodScheduled=True

# "Pod readiness": a readiness gate keeps the pod not ready until
# something sets its condition in the pod's status.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: gated
spec:
  readinessGates:
    - conditionType: "www.example.com/feature-1"
  containers:
  - name: app
    image: nginx:1.25
EOF
pod/gated created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod gated -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
gated   1/1     Running   0          4s    10.244.1.2   kubeplay-worker   <none>           0/1

$ kubectl describe pod gated | grep -A8 '^Readiness Gates'
Readiness Gates:
  Type                        Status
  www.example.com/feature-1   <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             True

$ kubectl get pod gated -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}: {.status.conditions[?(@.type=="Ready")].message}{"\n"}'
ReadinessGatesNotReady: corresponding condition of pod readiness gate "www.example.com/feature-1" does not exist.

$ kubectl patch pod gated --subresource=status --type=json -p '[{"op":"add","path":"/status/conditions/-","value":{"type":"www.example.com/feature-1","status":"True","lastProbeTime":null}}]'
pod/gated patched

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod gated -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
gated   1/1     Running   0          4s    10.244.1.2   kubeplay-worker   <none>           1/1

$ kubectl get pod gated -o jsonpath='{range .status.conditions[*]}{.type}={.status}{"\n"}{end}'
www.example.com/feature-1=True
PodReadyToStartContainers=True
Initialized=True
Ready=True
ContainersReady=True
PodScheduled=True

# "Container restart policy": a container that keeps failing is restarted
# with an exponential back-off (10 s, 20 s, 40 s, … capped at 5 minutes).
$ kubectl run crasher --image=busybox:1.28 -- sh -c 'exit 1'
pod/crasher created

$ sim advance 45s
advanced 45s to 2025-01-01T00:00:55Z (13 steps ran)

$ kubectl get pod crasher
NAME      READY   STATUS             RESTARTS      AGE
crasher   0/1     CrashLoopBackOff   3 (11s ago)   45s

$ kubectl describe pod crasher | grep -A12 '^    State:'
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:00:44 +0000
      Finished:     Wed, 01 Jan 2025 00:00:44 +0000
    Ready:          False
    Restart Count:  3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sx5pn (ro)
Conditions:

# "Termination of Pods": the default grace period is 30 s.
$ kubectl get pod lifecycle-demo -o jsonpath='{.spec.terminationGracePeriodSeconds}{"\n"}'
30

$ kubectl delete pod lifecycle-demo --wait=false
pod "lifecycle-demo" deleted

$ kubectl get pod lifecycle-demo -o jsonpath='{.metadata.deletionGracePeriodSeconds} {.metadata.deletionTimestamp}{"\n"}'
30 2025-01-01T00:01:25Z

$ kubectl get pod lifecycle-demo
NAME             READY   STATUS        RESTARTS   AGE
lifecycle-demo   1/1     Terminating   0          53s

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pod lifecycle-demo
Error from server (NotFound): pods "lifecycle-demo" not found

# "Forced Pod termination": --force alone means --grace-period=0 (kubectl
# turns a bare --grace-period=0 into 1); the API object goes at once,
# without waiting for the kubelet.
$ kubectl delete pod gated --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "gated" force deleted
