# A pod goes Pending → ContainerCreating (pulling nginx) → Running, with the
# kubelet's events in describe.
$ kubectl run web --image=nginx:1.25
pod/web created

$ sim step 2
#2 2025-01-01T00:00:02Z default-scheduler pod/web -n default
    web fits on 3 of the 4 nodes examined; kubeplay-worker3 scored best (492), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/web to kubeplay-worker3
#3 2025-01-01T00:00:02Z kubelet pod/web -n default
    kubelet on kubeplay-worker3, pod web: admits the pod (phase Pending) and starts setting it up

$ kubectl get pods
NAME   READY   STATUS              RESTARTS   AGE
web    0/1     ContainerCreating   0          0s

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:03Z (1 steps ran)

$ kubectl get pods
NAME   READY   STATUS              RESTARTS   AGE
web    0/1     ContainerCreating   0          1s

$ sim settle
settled after 2 steps and 3s of virtual time

$ kubectl get pods -o wide
NAME   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web    1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl describe pod web
Name:             web
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=web
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  web:
    Container ID:   containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:          nginx:1.25
    Image ID:       docker.io/library/nginx@sha256:24ba6e71b7bb3b9ba26de958d24dde3e545f9f8dbf95a25dce477dd44976b350
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
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
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/web to kubeplay-worker3
  Normal  Pulling    3s    kubelet            Pulling image "nginx:1.25"
  Normal  Pulled     0s    kubelet            Successfully pulled image "nginx:1.25" in 3.364s (3.364s including waiting). Image size: 71603647 bytes.
  Normal  Created    0s    kubelet            Created container web
  Normal  Started    0s    kubelet            Started container web
