# A container whose command is not in its image: runc's init cannot find
# it, so containerd fails the start. The container exists, Terminated with
# reason StartError and exit code 128, and never started.
$ kubectl run busybox --image=busybox --restart=Never -- notexist
pod/busybox created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod busybox
NAME      READY   STATUS       RESTARTS   AGE
busybox   0/1     StartError   0          2s

$ kubectl describe pod busybox
Name:             busybox
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=busybox
Annotations:      <none>
Status:           Failed
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  busybox:
    Container ID:  containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:         busybox
    Image ID:      docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:          <none>
    Host Port:     <none>
    Args:
      notexist
    State:          Terminated
      Reason:       StartError
      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown
      Exit Code:    128
      Started:      Thu, 01 Jan 1970 00:00:00 +0000
      Finished:     Wed, 01 Jan 2025 00:00:03 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   False
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-sf7xb:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age   From               Message
  ----     ------     ----  ----               -------
  Normal   Scheduled  2s    default-scheduler  Successfully assigned default/busybox to kubeplay-worker3
  Normal   Pulling    1s    kubelet            Pulling image "busybox"
  Normal   Pulled     0s    kubelet            Successfully pulled image "busybox" in 585ms (585ms including waiting). Image size: 2132246 bytes.
  Normal   Created    0s    kubelet            Created container busybox
  Warning  Failed     0s    kubelet            Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown

$ kubectl get pod busybox -o jsonpath='{.status.containerStatuses[0].state}'
{"terminated":{"containerID":"containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6","exitCode":128,"finishedAt":"2025-01-01T00:00:03Z","message":"failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: \"notexist\": executable file not found in $PATH: unknown","reason":"StartError","startedAt":"1970-01-01T00:00:00Z"}}

$ kubectl logs busybox

$ kubectl get events --field-selector reason=Failed
LAST SEEN   TYPE      REASON   OBJECT        MESSAGE
0s          Warning   Failed   pod/busybox   Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown

# With restartPolicy Always the kubelet retries with back-off, as for any
# container that fails.
$ kubectl run always --image=busybox -- /bin/notexist
pod/always created

$ sim advance 4s
advanced 4s to 2025-01-01T00:00:08Z (7 steps ran)

$ kubectl get pod always
NAME     READY   STATUS              RESTARTS     AGE
always   0/1     RunContainerError   1 (1s ago)   4s

$ kubectl get pod always -o jsonpath='{.status.containerStatuses[0].state.waiting}'
{"message":"failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: \"/bin/notexist\": stat /bin/notexist: no such file or directory: unknown","reason":"RunContainerError"}

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:08Z (9 steps ran)

$ kubectl get pod always
NAME     READY   STATUS             RESTARTS      AGE
always   0/1     CrashLoopBackOff   3 (28s ago)   64s

$ kubectl get pod always -o jsonpath='{.status.containerStatuses[0].lastState.terminated.message}'
failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/bin/notexist": stat /bin/notexist: no such file or directory: unknown

# A directory, and a file that is not a program.
$ kubectl run dir --image=busybox --restart=Never --command -- /bin
pod/dir created

$ kubectl run plain --image=busybox --restart=Never --command -- /etc/passwd
pod/plain created

# bash is not in busybox.
$ kubectl run bash --image=busybox:1.36 --restart=Never -- bash -c 'echo hi'
pod/bash created

# Only the first word is looked up: a shell's script is the shell's to
# run (see the end). And other images are not judged: their command is
# taken to exist.
$ kubectl run shell --image=busybox --restart=Never -- sh -c 'sleep 1; echo done'
pod/shell created

$ kubectl run other --image=myorg/myapp:1.0 --restart=Never --command -- notexist
pod/other created

$ sim settle
settled after 33 steps and 14s of virtual time

$ kubectl get pods
NAME      READY   STATUS              RESTARTS     AGE
always    0/1     RunContainerError   4 (1s ago)   78s
bash      0/1     StartError          0            14s
busybox   0/1     StartError          0            80s
dir       0/1     StartError          0            14s
other     1/1     Running             0            14s
plain     0/1     StartError          0            14s
shell     0/1     Completed           0            14s

$ kubectl get pod dir plain bash -o jsonpath='{range .items[*]}{.status.containerStatuses[0].state.terminated.message}{"\n"}{end}'
failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/bin": is a directory: unknown
failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/etc/passwd": permission denied: unknown
failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "bash": executable file not found in $PATH: unknown

# It printed nothing, nor did the runs before the last.
$ kubectl logs bash

$ kubectl logs always --previous

# kubectl run -i waits for the pod, then says how it ended (the
# terminated state's reason and message) and exits with its code.
$ kubectl run -it --rm tmp --image=busybox --restart=Never -- notexist
pod "tmp" deleted
pod default/tmp terminated (StartError)
failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown

$ echo $?
128

# An init container fails the same way; the pod's restarts retry it.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: initbad
spec:
  initContainers:
  - name: init
    image: busybox
    command: ["notexist"]
  containers:
  - name: app
    image: busybox
    command: ["sleep", "3600"]
EOF
pod/initbad created

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:54Z (15 steps ran)

$ kubectl get pod initbad
NAME      READY   STATUS                  RESTARTS      AGE
initbad   0/1     Init:CrashLoopBackOff   2 (16s ago)   30s

# Inside a script it is busybox's ash that looks the name up: the
# container starts, `sh: notexist: not found` goes to stderr, and the
# command's status is 127, which the script carries on with.
$ kubectl run notfound --image=busybox --restart=Never -- sh -c 'echo start; notexist'
pod/notfound created

$ kubectl run recovers --image=busybox --restart=Never -- sh -c 'notexist; echo $?'
pod/recovers created

$ kubectl run handles --image=busybox --restart=Never -- sh -c 'notexist || exit 3'
pod/handles created

$ kubectl run nobash --image=busybox --restart=Never -- sh -c 'sleep 1 && bash -c "echo hi"'
pod/nobash created

$ kubectl run crashes --image=busybox -- sh -c 'date; notexist'
pod/crashes created

$ sim advance 30s
advanced 30s to 2025-01-01T00:02:24Z (42 steps ran)

$ kubectl get pod notfound recovers handles nobash crashes
NAME       READY   STATUS             RESTARTS      AGE
notfound   0/1     Error              0             30s
recovers   0/1     Completed          0             30s
handles    0/1     Error              0             30s
nobash     0/1     Error              0             30s
crashes    0/1     CrashLoopBackOff   2 (16s ago)   30s

$ kubectl get pod notfound handles nobash -o jsonpath='{range .items[*]}{.metadata.name} {.status.phase} {.status.containerStatuses[0].state.terminated.reason} {.status.containerStatuses[0].state.terminated.exitCode}{"\n"}{end}'
notfound Failed Error 127
handles Failed Error 3
nobash Failed Error 127

$ kubectl get pod crashes -o jsonpath='{.status.containerStatuses[0].lastState.terminated.exitCode}'
127

$ sim advance 1m
advanced 60s to 2025-01-01T00:03:24Z (26 steps ran)

$ kubectl get pod crashes
NAME      READY   STATUS             RESTARTS      AGE
crashes   0/1     CrashLoopBackOff   4 (13s ago)   90s
