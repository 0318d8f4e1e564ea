# How restartPolicy decides what happens when a container exits: Never
# leaves it terminated (Completed for exit 0 with phase Succeeded, Error
# for a non-zero exit with phase Failed); OnFailure restarts only failures,
# with the crash back-off; Always restarts even a clean exit.
$ kubectl run ok-never --image=busybox:1.36 --restart=Never -- sh -c "sleep 5"
pod/ok-never created

$ kubectl run fail-never --image=busybox:1.36 --restart=Never -- sh -c "sleep 5; exit 3"
pod/fail-never created

$ kubectl run ok-onfailure --image=busybox:1.36 --restart=OnFailure -- sh -c "sleep 5"
pod/ok-onfailure created

$ kubectl run fail-onfailure --image=busybox:1.36 --restart=OnFailure -- sh -c "sleep 5; exit 3"
pod/fail-onfailure created

$ kubectl run ok-always --image=busybox:1.36 -- sh -c "sleep 5"
pod/ok-always created

$ sim advance 6s
advanced 6s to 2025-01-01T00:00:08Z (26 steps ran)

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
fail-never       1/1     Running   0          6s
fail-onfailure   1/1     Running   0          6s
ok-always        1/1     Running   0          6s
ok-never         1/1     Running   0          6s
ok-onfailure     1/1     Running   0          6s

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:13Z (10 steps ran)

$ kubectl get pods
NAME             READY   STATUS      RESTARTS     AGE
fail-never       0/1     Error       0            11s
fail-onfailure   1/1     Running     1 (3s ago)   11s
ok-always        1/1     Running     1 (4s ago)   11s
ok-never         0/1     Completed   0            11s
ok-onfailure     0/1     Completed   0            11s

$ kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,EXIT:.status.containerStatuses[0].state.terminated.exitCode,REASON:.status.containerStatuses[0].state.terminated.reason
NAME             PHASE       EXIT     REASON
fail-never       Failed      3        Error
fail-onfailure   Running     <none>   <none>
ok-always        Running     <none>   <none>
ok-never         Succeeded   0        Completed
ok-onfailure     Succeeded   0        Completed

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:13Z (18 steps ran)

$ kubectl get pods
NAME             READY   STATUS             RESTARTS      AGE
fail-never       0/1     Error              0             71s
fail-onfailure   0/1     CrashLoopBackOff   3 (15s ago)   71s
ok-always        0/1     CrashLoopBackOff   3 (16s ago)   71s
ok-never         0/1     Completed          0             71s
ok-onfailure     0/1     Completed          0             71s

$ kubectl describe pod fail-never
Name:             fail-never
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=fail-never
Annotations:      <none>
Status:           Failed
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  fail-never:
    Container ID:  containerd://1a67a56cfbd134ab0c0c75032dbe0e6d78fa6bd60a11ea5067b5d70c35f0642a
    Image:         busybox:1.36
    Image ID:      docker.io/library/busybox@sha256:65996d941d0eea8d2c7f5554ecfa58f491f7446f2f22e76f6b2ea060f76f4216
    Port:          <none>
    Host Port:     <none>
    Args:
      sh
      -c
      sleep 5; exit 3
    State:          Terminated
      Reason:       Error
      Exit Code:    3
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
      Finished:     Wed, 01 Jan 2025 00:00:08 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8gqwd (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   False
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-8gqwd:
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
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  71s   default-scheduler  Successfully assigned default/fail-never to kubeplay-worker3
  Normal  Pulling    70s   kubelet            Pulling image "busybox:1.36"
  Normal  Pulled     69s   kubelet            Successfully pulled image "busybox:1.36" in 587ms (587ms including waiting). Image size: 2175611 bytes.
  Normal  Created    69s   kubelet            Created container fail-never
  Normal  Started    69s   kubelet            Started container fail-never
