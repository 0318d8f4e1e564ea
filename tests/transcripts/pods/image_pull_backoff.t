# A tag the registry lacks: ErrImagePull, then ImagePullBackOff, with the
# back-off doubling from 10 s.
$ kubectl run typo --image=nginx:1.91
pod/typo created

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:05Z (4 steps ran)

$ kubectl get pods
NAME   READY   STATUS         RESTARTS   AGE
typo   0/1     ErrImagePull   0          3s

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:10Z (0 steps ran)

$ kubectl get pods
NAME   READY   STATUS         RESTARTS   AGE
typo   0/1     ErrImagePull   0          8s

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:10Z (15 steps ran)

$ kubectl get pods
NAME   READY   STATUS             RESTARTS   AGE
typo   0/1     ImagePullBackOff   0          2m8s

$ kubectl describe pod typo
Name:             typo
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=typo
Annotations:      <none>
Status:           Pending
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  typo:
    Container ID:
    Image:          nginx:1.91
    Image ID:
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
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
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  2m8s                default-scheduler  Successfully assigned default/typo to kubeplay-worker3
  Normal   Pulling    54s (x4 over 2m7s)  kubelet            Pulling image "nginx:1.91"
  Warning  Failed     53s (x4 over 2m6s)  kubelet            Failed to pull image "nginx:1.91": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found
  Warning  Failed     53s (x4 over 2m6s)  kubelet            Error: ErrImagePull
  Warning  Failed     43s (x6 over 2m6s)  kubelet            Error: ImagePullBackOff
  Normal   BackOff    33s (x7 over 2m6s)  kubelet            Back-off pulling image "nginx:1.91"

# Since v1.32 the waiting message carries the pull's error
# (pkg/kubelet/images' prevPullErrMsg), where the BackOff event does not.
$ kubectl get pod typo -o jsonpath={.status.containerStatuses[0].state.waiting.message}
Back-off pulling image "nginx:1.91": ErrImagePull: rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found

$ sim explain pod typo
Pod default/typo: ImagePullBackOff, 0/1 ready, 0 restarts, phase Pending
  node: kubeplay-worker3
  container typo: waiting (ImagePullBackOff): Back-off pulling image "nginx:1.91": ErrImagePull: rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found
  recent events:
    54s ago Normal Pulling (x4): Pulling image "nginx:1.91"
    53s ago Warning Failed (x4): Failed to pull image "nginx:1.91": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found
    53s ago Warning Failed (x4): Error: ErrImagePull
    43s ago Warning Failed (x6): Error: ImagePullBackOff
    33s ago Normal BackOff (x7): Back-off pulling image "nginx:1.91"
Pod default/typo (scheduler default-scheduler)
Bound to kubeplay-worker3. As if it were pending now:
  kubeplay-control-plane       no   TaintToleration: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }
  kubeplay-worker              fits score 492  (TaintToleration 100×3, NodeResourcesFit 93×1, NodeResourcesBalancedAllocation 99×1, ImageLocality 0×1)
  kubeplay-worker2             fits score 489  (TaintToleration 100×3, NodeResourcesFit 91×1, NodeResourcesBalancedAllocation 98×1, ImageLocality 0×1)
  kubeplay-worker3             fits score 492  (TaintToleration 100×3, NodeResourcesFit 93×1, NodeResourcesBalancedAllocation 99×1, ImageLocality 0×1)
Best: kubeplay-worker, kubeplay-worker3
