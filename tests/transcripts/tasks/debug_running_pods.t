# kubernetes.io's "Debug Running Pods", line by line. The page applies
# https://k8s.io/examples/application/nginx-with-request.yaml; transcripts
# never download, so it comes from a here-document with the same text.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          limits:
            memory: "128Mi"
            cpu: "500m"
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65f5b5d945-2bcp5   1/1     Running   0          4s
nginx-deployment-65f5b5d945-jjhv7   1/1     Running   0          4s

$ kubectl describe pod nginx-deployment-65f5b5d945-jjhv7
Name:             nginx-deployment-65f5b5d945-jjhv7
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app=nginx
                  pod-template-hash=65f5b5d945
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:           10.244.1.2
Controlled By:  ReplicaSet/nginx-deployment-65f5b5d945
Containers:
  nginx:
    Container ID:   containerd://7e575440333a93c9c260259100c316eba337d08bd918acb0f155ef1530c38853
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      cpu:     500m
      memory:  128Mi
    Requests:
      cpu:        500m
      memory:     128Mi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-rn27c:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   Guaranteed
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/nginx-deployment-65f5b5d945-jjhv7 to kubeplay-worker
  Normal  Pulling    3s    kubelet            Pulling image "nginx"
  Normal  Pulled     0s    kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    0s    kubelet            Created container nginx
  Normal  Started    0s    kubelet            Started container nginx

$ kubectl get events --namespace=my-namespace
No resources found in my-namespace namespace.

$ kubectl delete deployment nginx-deployment
deployment.apps "nginx-deployment" deleted

# "Example debugging using ephemeral containers": pause has no shell.
$ kubectl run ephemeral-demo --image=registry.k8s.io/pause:3.1 --restart=Never
pod/ephemeral-demo created

$ sim settle
settled after 16 steps and 2s of virtual time

# The page's error is the runtime's: pause has no sh. The playground
# knows no pause image's file list, so it says that instead.
$ kubectl exec -it ephemeral-demo -- sh
error: (playground) the playground does not know which programs registry.k8s.io/pause:3.1 contains; it runs wget, curl and nslookup in the busybox, alpine, curlimages/curl, nginx, httpd, redis, ubuntu, debian, nicolaka/netshoot, agnhost and kubernetes-bootcamp images, and nslookup and dig in jessie-dnsutils (dig in nicolaka/netshoot and agnhost too)

# kubectl v1.32 warns about the default profile, which the page's older
# output predates. --target joins the pause container's PID namespace:
# its /pause is PID 1 in the debugger's ps.
$ kubectl debug -it ephemeral-demo --image=busybox:1.28 --target=ephemeral-demo
Targeting container "ephemeral-demo". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-wck5b.
If you don't see a command prompt, try pressing enter.

$ ps
PID   USER     TIME  COMMAND
    1 root      0:00 /pause
    6 root      0:00 sh
    7 root      0:00 ps

$ exit

$ kubectl describe pod ephemeral-demo
Name:             ephemeral-demo
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker2/172.18.0.4
Start Time:       Wed, 01 Jan 2025 00:00:06 +0000
Labels:           run=ephemeral-demo
Annotations:      <none>
Status:           Running
IP:               10.244.2.3
IPs:
  IP:  10.244.2.3
Containers:
  ephemeral-demo:
    Container ID:   containerd://13e4ac7b31d713d4dcdac6640b6035d6dced5d4740788e7e552923a51449de8c
    Image:          registry.k8s.io/pause:3.1
    Image ID:       registry.k8s.io/pause@sha256:c61ca940067aab9add56c3666a258e59278a654ed6f6ed3c401fa08ea5a60dcb
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:07 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-2fllr (ro)
Ephemeral Containers:
  debugger-wck5b:
    Container ID:   containerd://9e9312bed4e1fafd488ed9ec49f63943a16743db281733efbf3b76ca71682814
    Image:          busybox:1.28
    Image ID:       docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
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
  kube-api-access-2fllr:
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
  Normal  Scheduled  3s    default-scheduler  Successfully assigned default/ephemeral-demo to kubeplay-worker2
  Normal  Pulling    2s    kubelet            Pulling image "registry.k8s.io/pause:3.1"
  Normal  Pulled     2s    kubelet            Successfully pulled image "registry.k8s.io/pause:3.1" in 512ms (512ms including waiting). Image size: 316399 bytes.
  Normal  Created    2s    kubelet            Created container ephemeral-demo
  Normal  Started    2s    kubelet            Started container ephemeral-demo
  Normal  Pulling    1s    kubelet            Pulling image "busybox:1.28"
  Normal  Pulled     1s    kubelet            Successfully pulled image "busybox:1.28" in 587ms (587ms including waiting). Image size: 2186092 bytes.
  Normal  Created    1s    kubelet            Created container debugger-wck5b
  Normal  Started    1s    kubelet            Started container debugger-wck5b

$ kubectl delete pod ephemeral-demo
pod "ephemeral-demo" deleted

# "Copying a Pod while adding a new container"
$ kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
pod/myapp created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl debug myapp -it --image=ubuntu --share-processes --copy-to=myapp-debug
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-5nj2c.
If you don't see a command prompt, try pressing enter.

# The ubuntu image has no ps (procps is not in it).
$ ps ax
bash: ps: command not found

$ exit
exit

# Not on the page: with busybox's ps the copy's shared namespace shows
# the sandbox's /pause (run as the pause image's user, 65535, which
# busybox's /etc/passwd does not name), myapp's sleep and the debugger's
# shell.
$ kubectl debug myapp -it --image=busybox:1.28 --share-processes --copy-to=myapp-debug2 --profile=general
Defaulting debug container name to debugger-hbsjc.
If you don't see a command prompt, try pressing enter.

$ ps ax
PID   USER     TIME  COMMAND
    1 65535     0:00 /pause
    7 root      0:00 sleep 1d
   12 root      0:00 sh
   13 root      0:00 ps ax

$ exit

$ kubectl get pod myapp-debug2 -o jsonpath='{.spec.shareProcessNamespace}{"\n"}'
true

$ kubectl delete pod myapp myapp-debug myapp-debug2
pod "myapp" deleted
pod "myapp-debug" deleted
pod "myapp-debug2" deleted

# "Copying a Pod while changing its command": a crashing container.
$ kubectl run --image=busybox:1.28 myapp -- false
pod/myapp created

# A minute on, it waits out its back-off, as on the page.
$ sim advance 1m
advanced 60s to 2025-01-01T00:02:17Z (15 steps ran)

$ kubectl describe pod myapp | sed -n '/^Containers:/,/Exit Code/p'
Containers:
  myapp:
    Container ID:  containerd://57d33f1c8f4d82ebc033177e4afce1209545bf6a1ddd1e5444b9910757c5e360
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Args:
      false
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1

$ kubectl debug myapp -it --copy-to=myapp-debug --container=myapp -- sh
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
If you don't see a command prompt, try pressing enter.

$ ls /
bin    etc    lib    proc   sys    usr
dev    home   lib64  root   tmp    var

$ exit
Session ended, resume using 'kubectl attach myapp-debug -c myapp -i -t' command when the pod is running

$ kubectl delete pod myapp myapp-debug
pod "myapp" deleted
pod "myapp-debug" deleted

# "Copying a Pod while changing container images"
$ kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
pod/myapp created

$ kubectl debug myapp --copy-to=myapp-debug --set-image=*=ubuntu
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pod myapp-debug -o jsonpath='{.spec.containers[*].image}{"\n"}'
ubuntu

$ kubectl delete pod myapp myapp-debug
pod "myapp" deleted
pod "myapp-debug" deleted

# "Debugging via a shell on the node": the node's root is at /host.
$ kubectl debug node/kubeplay-worker -it --image=ubuntu
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-lq2gv with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ ls /host
bin   dev  home  lib	media  opt   root  sbin  sys  usr
boot  etc  kind  lib64	mnt    proc  run   srv	 tmp  var

# The playground runs no chroot: the page warns it may fail anyway
# without --profile=sysadmin.
$ chroot /host
error: (playground) the simulated containers run no programs: kubectl exec answers only env, printenv [NAME...], hostname, id, cat, ls, echo, printf, head, tail, wc, mkdir, touch, rm, mv, chmod, rmdir, test, [, date, grep, egrep, fgrep, sort, uniq, cut, tr, rev, wget, curl, nslookup and dig, alone or in a sh -c script (not "chroot /host")

$ exit
exit

$ kubectl delete pod node-debugger-kubeplay-worker-lq2gv
pod "node-debugger-kubeplay-worker-lq2gv" deleted

# "Applying a Static Profile"
$ kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
pod/myapp created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl debug -it myapp --image=busybox:1.28 --target=myapp --profile=sysadmin
Targeting container "myapp". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
Defaulting debug container name to debugger-29jzm.
If you don't see a command prompt, try pressing enter.

# The playground keeps no /proc/PID/status.
$ grep Cap /proc/$$/status
error: (playground) the playground does not know what /proc/1/status holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

$ exit

$ kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].securityContext}'
{"privileged":true}

$ kubectl delete pod myapp
pod "myapp" deleted

# "Applying Custom Profile"
$ kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
pod/myapp created

$ sim settle
settled after 5 steps and 2s of virtual time

$ cat > custom-profile.yaml <<EOF
env:
- name: ENV_VAR_1
  value: value_1
- name: ENV_VAR_2
  value: value_2
securityContext:
  capabilities:
    add:
    - NET_ADMIN
    - SYS_TIME
EOF

$ kubectl debug -it myapp --image=busybox:1.28 --target=myapp --profile=general --custom=custom-profile.yaml
Targeting container "myapp". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
Defaulting debug container name to debugger-xgtdx.
If you don't see a command prompt, try pressing enter.

$ exit

$ kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].env}'
[{"name":"ENV_VAR_1","value":"value_1"},{"name":"ENV_VAR_2","value":"value_2"}]

$ kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].securityContext}'
{"capabilities":{"add":["NET_ADMIN","SYS_TIME"]}}

$ kubectl delete pod myapp
pod "myapp" deleted
