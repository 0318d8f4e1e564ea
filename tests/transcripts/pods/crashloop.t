# A container that exits 1 is restarted with back-off: CrashLoopBackOff.
$ kubectl run crasher --image=busybox:1.36 -- /bin/sh -c "exit 1"
pod/crasher created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (7 steps ran)

$ kubectl get pods
NAME      READY   STATUS   RESTARTS     AGE
crasher   0/1     Error    1 (3s ago)   5s

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:07Z (8 steps ran)

$ kubectl get pods
NAME      READY   STATUS             RESTARTS      AGE
crasher   0/1     CrashLoopBackOff   3 (31s ago)   65s

$ sim advance 5m
advanced 5m to 2025-01-01T00:06:07Z (32 steps ran)

$ kubectl get pods
NAME      READY   STATUS             RESTARTS      AGE
crasher   0/1     CrashLoopBackOff   6 (48s ago)   6m5s

$ kubectl describe pod crasher
Name:             crasher
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=crasher
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  crasher:
    Container ID:  containerd://b65a4a1992515b8b80f1ad4cf3b4aa4f5d1748477613a5a41a67a56cfbd134ab
    Image:         busybox:1.36
    Image ID:      docker.io/library/busybox@sha256:65996d941d0eea8d2c7f5554ecfa58f491f7446f2f22e76f6b2ea060f76f4216
    Port:          <none>
    Host Port:     <none>
    Args:
      /bin/sh
      -c
      exit 1
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:05:19 +0000
      Finished:     Wed, 01 Jan 2025 00:05:19 +0000
    Ready:          False
    Restart Count:  6
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
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
  Type     Reason     Age                   From               Message
  ----     ------     ----                  ----               -------
  Normal   Scheduled  6m5s                  default-scheduler  Successfully assigned default/crasher to kubeplay-worker3
  Normal   Pulling    6m4s                  kubelet            Pulling image "busybox:1.36"
  Normal   Pulled     6m3s                  kubelet            Successfully pulled image "busybox:1.36" in 587ms (587ms including waiting). Image size: 2175611 bytes.
  Normal   Created    4m50s (x5 over 6m3s)  kubelet            Created container crasher
  Normal   Started    4m50s (x5 over 6m3s)  kubelet            Started container crasher
  Normal   Pulled     4m50s (x4 over 6m3s)  kubelet            Container image "busybox:1.36" already present on machine
  Warning  BackOff    58s (x31 over 6m2s)   kubelet            Back-off restarting failed container crasher in pod crasher_default(f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba)
