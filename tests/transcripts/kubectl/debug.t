# kubectl debug's client-side checks (Complete, then Validate) come before
# anything is read from the cluster.
$ kubectl debug web
error: you must specify --image when not using --copy-to.

$ kubectl debug web --image=busybox --replace
error: --replace may only be used with --copy-to.

$ kubectl debug web --image=busybox -t
error: -i/--stdin is required for containers with -t/--tty=true

$ kubectl debug web --image=busybox --profile=custom
error: unknown profile: custom

$ kubectl debug web --image=busybox --env=FOO
error: invalid argument "FOO" for "--env" flag: FOO must be formatted as key=value
See 'kubectl debug --help' for usage.

$ kubectl debug --image=busybox --profile=general
error: NAME or filename is required for debug

$ kubectl debug web --copy-to=web-copy --image=busybox --target=web
error: --target is incompatible with --copy-to. Use --share-processes instead.

$ kubectl debug web --image=busybox --profile=general
Error from server (NotFound): pods "web" not found

# An ephemeral container joins a running pod through its
# ephemeralcontainers subresource. Without -c it is named debugger- and
# five random characters; the default legacy profile is deprecated.
$ kubectl run web --image=nginx --labels=app=web
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl debug web --image=busybox --target=web
Targeting container "web". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-sd6f6.

$ kubectl get pod web -o jsonpath='{.spec.ephemeralContainers}'
[{"image":"busybox","imagePullPolicy":"Always","name":"debugger-sd6f6","resources":{},"targetContainerName":"web","terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}]

# busybox's sh finds no terminal on its stdin and exits at once.
$ sim settle
settled after 4 steps and 1s of virtual time

$ kubectl get pod web -o jsonpath='{.status.ephemeralContainerStatuses[0].state}'
{"terminated":{"containerID":"containerd://c941f80f548dd8ac0c693a1768f4a72bc34979fc05f3db7b47129996885a0b29","exitCode":0,"finishedAt":"2025-01-01T00:00:06Z","reason":"Completed","startedAt":"2025-01-01T00:00:06Z"}}

# -it keeps stdin open: the shell runs, and kubectl waits for it to start
# before attaching; the terminal then types into it until exit.
$ kubectl debug -it web --image=busybox -c shell --profile=general
If you don't see a command prompt, try pressing enter.

$ hostname
web

$ exit
Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c shell -i -t' if it is still running

$ kubectl get pod web -o jsonpath='{range .spec.ephemeralContainers[*]}{.name} {.securityContext} {.stdin} {.tty}{"\n"}{end}'
debugger-sd6f6
shell {"capabilities":{"add":["SYS_PTRACE"]}} true true

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
web    1/1     Running   0          7s

$ kubectl logs web -c shell

$ kubectl describe pod web
Name:             web
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=web
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  web:
    Container ID:   containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Ephemeral Containers:
  debugger-sd6f6:
    Container ID:   containerd://c941f80f548dd8ac0c693a1768f4a72bc34979fc05f3db7b47129996885a0b29
    Image:          busybox
    Image ID:       docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:           <none>
    Host Port:      <none>
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
      Finished:     Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:         <none>
  shell:
    Container ID:   containerd://9970723a22d9670b683222ce0f773bb383c876b47b516531d9b868359917d29c
    Image:          busybox
    Image ID:       docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:08 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:         <none>
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
  Normal  Scheduled  7s    default-scheduler  Successfully assigned default/web to kubeplay-worker3
  Normal  Pulling    6s    kubelet            Pulling image "nginx"
  Normal  Pulled     3s    kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    3s    kubelet            Created container web
  Normal  Started    3s    kubelet            Started container web
  Normal  Pulling    3s    kubelet            Pulling image "busybox"
  Normal  Pulled     2s    kubelet            Successfully pulled image "busybox" in 585ms (585ms including waiting). Image size: 2132246 bytes.
  Normal  Created    2s    kubelet            Created container debugger-sd6f6
  Normal  Started    2s    kubelet            Started container debugger-sd6f6
  Normal  Pulling    1s    kubelet            Pulling image "busybox"
  Normal  Pulled     1s    kubelet            Successfully pulled image "busybox" in 500ms (500ms including waiting). Image size: 2132246 bytes.
  Normal  Created    1s    kubelet            Created container shell
  Normal  Started    1s    kubelet            Started container shell

# A name must be unique among all the pod's containers.
$ kubectl debug web --image=busybox -c web --profile=general
The Pod "web" is invalid: spec.ephemeralContainers[2].name: Duplicate value: "web"

# --copy-to makes a new pod: the copy keeps the spec (not the node, nor,
# with the general profile, labels and probes), adds the debugger and
# shares the process namespace.
$ kubectl debug web --copy-to=web-copy --image=busybox --profile=general -- sleep 3600
Defaulting debug container name to debugger-km428.

$ kubectl get pod web-copy -o jsonpath='{.metadata.labels} {.spec.shareProcessNamespace} {range .spec.containers[*]}{.name}={.image} {end}'
 true web=nginx debugger-km428=busybox

# Changing an existing container's image, on the same node, replacing the
# original pod.
$ kubectl debug web --copy-to=web-fixed --set-image=web=nginx:1.27 --same-node --replace --profile=general

$ sim settle
settled after 12 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME        READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-copy    2/2     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>
web-fixed   1/1     Running   0          4s    10.244.3.3   kubeplay-worker3   <none>           <none>

# node/NAME runs a pod in the node's host namespaces with its file system
# at /host, tolerating every taint (the control plane's too).
$ kubectl debug node/kubeplay-control-plane -it --image=busybox --profile=sysadmin
Creating debugging pod node-debugger-kubeplay-control-plane-bbqmv with container debugger on node kubeplay-control-plane.
If you don't see a command prompt, try pressing enter.

$ hostname
kubeplay-control-plane

$ exit

$ kubectl get pods -o wide
NAME                                         READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
node-debugger-kubeplay-control-plane-bbqmv   1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>
web-copy                                     2/2     Running   0          6s    10.244.1.2   kubeplay-worker          <none>           <none>
web-fixed                                    1/1     Running   0          6s    10.244.3.3   kubeplay-worker3         <none>           <none>

$ kubectl get pod node-debugger-kubeplay-control-plane-bbqmv -o jsonpath='{.spec.nodeName} {.spec.hostNetwork} {.spec.hostPID} {.spec.hostIPC} {.spec.restartPolicy} {.spec.tolerations} {.spec.volumes[0]} {.spec.containers[0].volumeMounts[0]} {.spec.containers[0].securityContext}'
kubeplay-control-plane true true true Never [{"operator":"Exists"}] {"hostPath":{"path":"/","type":""},"name":"host-root"} {"mountPath":"/host","name":"host-root"} {"privileged":true}

$ kubectl debug node/kubeplay-worker --image=busybox --profile=baseline -q -- sleep 60

$ kubectl debug node/kubeplay-worker9 --image=busybox --profile=general
Error from server (NotFound): nodes "kubeplay-worker9" not found

# Other kinds are looked up, then refused.
$ kubectl create deployment api --image=nginx
deployment.apps/api created

$ kubectl debug deployment/api --image=busybox --profile=general
error: "apps/v1, Kind=Deployment" not supported by debug

# --all-containers reads init, app, then ephemeral containers, as
# LogsForObject walks them.
$ kubectl run greet --image=nginx
pod/greet created

$ sim settle
settled after 30 steps and 63s of virtual time

$ kubectl debug greet --image=busybox -c hello -- echo hi
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".

$ sim settle
settled after 3 steps and 1s of virtual time

$ kubectl logs greet --all-containers --prefix
[pod/greet/greet] /docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
[pod/greet/greet] /docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
[pod/greet/greet] /docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
[pod/greet/greet] 10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
[pod/greet/greet] 10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
[pod/greet/greet] /docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
[pod/greet/greet] /docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
[pod/greet/greet] /docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
[pod/greet/greet] /docker-entrypoint.sh: Configuration complete; ready for start up
[pod/greet/greet] 2025/01/01 00:00:17 [notice] 1#1: using the "epoll" event method
[pod/greet/greet] 2025/01/01 00:00:17 [notice] 1#1: nginx/1.29.1
[pod/greet/greet] 2025/01/01 00:00:17 [notice] 1#1: start worker processes
[pod/greet/hello] hi
