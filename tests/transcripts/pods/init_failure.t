# An init container that fails: with restartPolicy Always it is restarted
# with the crash back-off (Init:Error, then Init:CrashLoopBackOff) and the
# app container never starts; with restartPolicy Never the pod fails at
# once (phase Failed, STATUS Init:Error).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: badinit
spec:
  initContainers:
  - name: setup
    image: busybox:1.36
    command: ['sh', '-c', 'echo setting up; exit 1']
  containers:
  - name: app
    image: nginx:1.25
---
apiVersion: v1
kind: Pod
metadata:
  name: badinit-never
spec:
  restartPolicy: Never
  initContainers:
  - name: setup
    image: busybox:1.36
    command: ['sh', '-c', 'exit 2']
  containers:
  - name: app
    image: nginx:1.25
EOF
pod/badinit created
pod/badinit-never created

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:05Z (14 steps ran)

$ kubectl get pods
NAME            READY   STATUS       RESTARTS     AGE
badinit         0/1     Init:Error   1 (1s ago)   3s
badinit-never   0/1     Init:Error   0            3s

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:15Z (1 steps ran)

$ kubectl get pods
NAME            READY   STATUS                  RESTARTS      AGE
badinit         0/1     Init:CrashLoopBackOff   1 (11s ago)   13s
badinit-never   0/1     Init:Error              0             13s

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:15Z (7 steps ran)

$ kubectl get pods
NAME            READY   STATUS                  RESTARTS      AGE
badinit         0/1     Init:CrashLoopBackOff   3 (39s ago)   73s
badinit-never   0/1     Init:Error              0             73s

$ kubectl get pod badinit-never -o jsonpath='{.status.phase} {.status.initContainerStatuses[0].state.terminated.exitCode}{"\n"}'
Failed 2

$ kubectl describe pod badinit
Name:             badinit
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           <none>
Annotations:      <none>
Status:           Pending
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Init Containers:
  setup:
    Container ID:  containerd://0c0c75032dbe0e6d78fa6bd60a11ea5067b5d70c35f0642a0c5a4eeb33bc715c
    Image:         busybox:1.36
    Image ID:      docker.io/library/busybox@sha256:65996d941d0eea8d2c7f5554ecfa58f491f7446f2f22e76f6b2ea060f76f4216
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo setting up; exit 1
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:00:36 +0000
      Finished:     Wed, 01 Jan 2025 00:00:36 +0000
    Ready:          False
    Restart Count:  3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Containers:
  app:
    Container ID:
    Image:          nginx:1.25
    Image ID:
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 False
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
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  73s                default-scheduler  Successfully assigned default/badinit to kubeplay-worker
  Normal   Pulling    72s                kubelet            Pulling image "busybox:1.36"
  Normal   Pulled     71s                kubelet            Successfully pulled image "busybox:1.36" in 587ms (587ms including waiting). Image size: 2175611 bytes.
  Normal   Created    39s (x4 over 71s)  kubelet            Created container setup
  Normal   Started    39s (x4 over 71s)  kubelet            Started container setup
  Normal   Pulled     39s (x3 over 71s)  kubelet            Container image "busybox:1.36" already present on machine
  Warning  BackOff    8s (x7 over 70s)   kubelet            Back-off restarting failed container setup in pod badinit_default(f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba)
