# A one-word image is Docker Hub's official image of that name
# (docker.io/library/NAME). nginxx is none: Docker Hub refuses the
# anonymous pull token for it, containerd reports "pull access denied",
# and the kubelet goes ErrImagePull, then ImagePullBackOff, as for a tag
# that does not exist (image_pull_backoff.t follows the back-off longer).
$ kubectl run web --image=nginxx
pod/web created

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:05Z (4 steps ran)

$ kubectl get pods
NAME   READY   STATUS         RESTARTS   AGE
web    0/1     ErrImagePull   0          3s

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:15Z (2 steps ran)

$ kubectl get pods
NAME   READY   STATUS             RESTARTS   AGE
web    0/1     ImagePullBackOff   0          13s

$ kubectl describe pod web
Name:             web
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=web
Annotations:      <none>
Status:           Pending
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  web:
    Container ID:
    Image:          nginxx
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
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  13s               default-scheduler  Successfully assigned default/web to kubeplay-worker3
  Normal   BackOff    11s               kubelet            Back-off pulling image "nginxx"
  Warning  Failed     11s               kubelet            Error: ImagePullBackOff
  Normal   Pulling    1s (x2 over 12s)  kubelet            Pulling image "nginxx"
  Warning  Failed     0s (x2 over 11s)  kubelet            Failed to pull image "nginxx": failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
  Warning  Failed     0s (x2 over 11s)  kubelet            Error: ErrImagePull

# The waiting message carries the failed pull's error since v1.32.
$ kubectl get pod web -o jsonpath='{.status.containerStatuses[0].state.waiting.message}{"\n"}'
Back-off pulling image "nginxx": ErrImagePull: failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed

# The fix: the image's real name. A pod's image may change in place; the
# container never ran, so nothing is killed: the kubelet pulls and starts.
$ kubectl set image pod/web web=nginx
pod/web image updated

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:25Z (4 steps ran)

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
web    1/1     Running   0          23s

$ kubectl describe pod web | sed -n '/^Events:/,$p'
Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  23s                default-scheduler  Successfully assigned default/web to kubeplay-worker3
  Normal   BackOff    21s                kubelet            Back-off pulling image "nginxx"
  Warning  Failed     21s                kubelet            Error: ImagePullBackOff
  Normal   Pulling    11s (x2 over 22s)  kubelet            Pulling image "nginxx"
  Warning  Failed     10s (x2 over 21s)  kubelet            Failed to pull image "nginxx": failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
  Warning  Failed     10s (x2 over 21s)  kubelet            Error: ErrImagePull
  Normal   Pulling    10s                kubelet            Pulling image "nginx"
  Normal   Pulled     6s                 kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal   Created    6s                 kubelet            Created container web
  Normal   Started    6s                 kubelet            Started container web

# Pulled again after two minutes, the event recorder's spam filter (25
# events per object and source, one more every 5 minutes) has used up the
# kubelet's budget for the pod: the fix's events are dropped, though the
# pod runs.
$ kubectl run late --image=nginxx
pod/late created

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:25Z (18 steps ran)

$ kubectl set image pod/late late=nginx
pod/late image updated

$ sim advance 10s
advanced 10s to 2025-01-01T00:02:35Z (4 steps ran)

$ kubectl get pod late
NAME   READY   STATUS    RESTARTS   AGE
late   1/1     Running   0          2m10s

$ kubectl get events --field-selector involvedObject.name=late -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
REASON      COUNT    MESSAGE
Scheduled   <none>   Successfully assigned default/late to kubeplay-worker
Pulling     4        Pulling image "nginxx"
Failed      4        Failed to pull image "nginxx": failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
Failed      4        Error: ErrImagePull
BackOff     7        Back-off pulling image "nginxx"
Failed      6        Error: ImagePullBackOff
