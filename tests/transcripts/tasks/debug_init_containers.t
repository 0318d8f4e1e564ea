# kubernetes.io's "Debug Init Containers", line by line. The page names
# no manifest: <pod-name> here is a pod whose second init container
# takes a while (Init:1/2), and nginx one whose second init container
# fails (Init:Error, then Init:CrashLoopBackOff).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
spec:
  initContainers:
  - name: init-1
    image: busybox:1.28
    command: ['sh', '-c', 'echo init-1 done']
  - name: init-2
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 60']
  containers:
  - name: myapp
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
EOF
pod/myapp-pod created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (7 steps ran)

$ kubectl get pod myapp-pod
NAME        READY   STATUS     RESTARTS   AGE
myapp-pod   0/1     Init:1/2   0          10s

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:12Z (2 steps ran)

$ kubectl get pod myapp-pod
NAME        READY   STATUS    RESTARTS   AGE
myapp-pod   1/1     Running   0          70s

$ kubectl delete pod myapp-pod --now
pod "myapp-pod" deleted

# The page suggests `set -x` so a script's log shows each command; the
# playground's shell does not trace yet, so this script echoes instead.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  initContainers:
  - name: init-1
    image: busybox:1.28
    command: ['sh', '-c', 'echo init-1 done']
  - name: init-2
    image: busybox:1.28
    command: ['sh', '-c', 'echo checking config; test -f /config/app.conf']
  containers:
  - name: nginx
    image: nginx
EOF
pod/nginx created

$ sim advance 6s
advanced 6s to 2025-01-01T00:01:20Z (9 steps ran)

$ kubectl get pod nginx
NAME    READY   STATUS       RESTARTS     AGE
nginx   0/1     Init:Error   1 (4s ago)   6s

$ sim advance 1m
advanced 60s to 2025-01-01T00:02:20Z (8 steps ran)

$ kubectl get pod nginx
NAME    READY   STATUS                  RESTARTS      AGE
nginx   0/1     Init:CrashLoopBackOff   3 (31s ago)   66s

$ kubectl describe pod nginx
Name:             nginx
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:01:14 +0000
Labels:           <none>
Annotations:      <none>
Status:           Pending
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Init Containers:
  init-1:
    Container ID:  containerd://0c5a4eeb33bc715c91bb24931bcf6d6acee7802ff1eca593920d65800d2bf892
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo init-1 done
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:01:15 +0000
      Finished:     Wed, 01 Jan 2025 00:01:15 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-f2nsz (ro)
  init-2:
    Container ID:  containerd://4fae99080af73c881c2e5a7dffcc1580b5942bd56abc3936a2e9dc6631d2176f
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo checking config; test -f /config/app.conf
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:01:49 +0000
      Finished:     Wed, 01 Jan 2025 00:01:49 +0000
    Ready:          False
    Restart Count:  3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-f2nsz (ro)
Containers:
  nginx:
    Container ID:
    Image:          nginx
    Image ID:
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-f2nsz (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 False
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-f2nsz:
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
  Normal   Scheduled  66s                default-scheduler  Successfully assigned default/nginx to kubeplay-worker
  Normal   Pulling    65s                kubelet            Pulling image "busybox:1.28"
  Normal   Pulled     64s                kubelet            Successfully pulled image "busybox:1.28" in 587ms (587ms including waiting). Image size: 2186092 bytes.
  Normal   Created    64s                kubelet            Created container init-1
  Normal   Started    64s                kubelet            Started container init-1
  Normal   Pulled     31s (x4 over 64s)  kubelet            Container image "busybox:1.28" already present on machine
  Normal   Created    31s (x4 over 64s)  kubelet            Created container init-2
  Normal   Started    31s (x4 over 64s)  kubelet            Started container init-2
  Warning  BackOff    0s (x7 over 62s)   kubelet            Back-off restarting failed container init-2 in pod nginx_default(a48b5a0f-6058-424d-96e9-685d49e8e576)

$ kubectl get pod nginx --template '{{.status.initContainerStatuses}}'
[map[containerID:containerd://0c5a4eeb33bc715c91bb24931bcf6d6acee7802ff1eca593920d65800d2bf892 image:docker.io/library/busybox:1.28 imageID:docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d name:init-1 ready:true restartCount:0 started:false state:map[terminated:map[containerID:containerd://0c5a4eeb33bc715c91bb24931bcf6d6acee7802ff1eca593920d65800d2bf892 exitCode:0 finishedAt:2025-01-01T00:01:15Z reason:Completed startedAt:2025-01-01T00:01:15Z]]] map[containerID:containerd://4fae99080af73c881c2e5a7dffcc1580b5942bd56abc3936a2e9dc6631d2176f image:docker.io/library/busybox:1.28 imageID:docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d lastState:map[terminated:map[containerID:containerd://4fae99080af73c881c2e5a7dffcc1580b5942bd56abc3936a2e9dc6631d2176f exitCode:1 finishedAt:2025-01-01T00:01:49Z reason:Error startedAt:2025-01-01T00:01:49Z]] name:init-2 ready:false restartCount:3 started:false state:map[waiting:map[message:back-off 40s restarting failed container=init-2 pod=nginx_default(a48b5a0f-6058-424d-96e9-685d49e8e576) reason:CrashLoopBackOff]]]]

# A container in CrashLoopBackOff: the kubelet serves its last run's log.
$ kubectl logs nginx -c init-2
checking config

$ kubectl logs nginx -c init-1
init-1 done

$ kubectl delete pod nginx --now
pod "nginx" deleted
