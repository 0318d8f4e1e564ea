# dgkanatsios/CKAD-exercises, e.observability.md.

# Liveness and readiness probes
# Create an nginx pod with a liveness probe that just runs the command
# 'ls'. Save its YAML in pod.yaml. Run it, check its probe status, delete it.
$ kubectl run nginx --image=nginx --restart=Never --dry-run -o yaml > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    livenessProbe: # our probe
      exec: # add this line
        command: # command definition
        - ls # ls command
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl describe pod nginx | grep -i liveness
    Liveness:     exec [ls] delay=0s timeout=1s period=10s #success=1 #failure=3

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (5 steps ran)

$ kubectl get po nginx
NAME    READY   STATUS    RESTARTS   AGE
nginx   1/1     Running   0          30s

$ kubectl delete -f pod.yaml
pod "nginx" deleted

# Modify the pod.yaml file so that liveness probe starts kicking in after 5
# seconds whereas the period of probing would be 10 seconds. Run it, check
# the probe, delete it.
$ kubectl explain pod.spec.containers.livenessProbe
KIND:       Pod
VERSION:    v1

FIELD: livenessProbe <Probe>


DESCRIPTION:
    A check that restarts the container when it fails.
    A health check the kubelet runs.

FIELDS:
  exec	<ExecAction>
    Run a command in the container; exit code 0 is healthy.

  failureThreshold	<integer>
    Failures in a row before the probe counts as failed (3).

  grpc	<GRPCAction>
    Call the gRPC health checking service.

  httpGet	<HTTPGetAction>
    Send an HTTP GET; a 2xx or 3xx answer is healthy.

  initialDelaySeconds	<integer>
    Seconds after the container starts before the first check.

  periodSeconds	<integer>
    Seconds between checks (10).

  successThreshold	<integer>
    Successes in a row before a failed probe counts as passing again (1).

  tcpSocket	<TCPSocketAction>
    Open a TCP connection; success is healthy.

  terminationGracePeriodSeconds	<integer>
    A grace period for kills caused by this probe, instead of the pod's.

  timeoutSeconds	<integer>
    Seconds before a check times out (1).

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    livenessProbe: 
      initialDelaySeconds: 5 # add this line
      periodSeconds: 10 # add this line as well
      exec:
        command:
        - ls
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl describe po nginx | grep -i liveness
    Liveness:     exec [ls] delay=5s timeout=1s period=10s #success=1 #failure=3

$ kubectl delete -f pod.yaml
pod "nginx" deleted

# Create an nginx pod (that includes port 80) with an HTTP readinessProbe
# on path '/' on port 80. Again, run it, check the readinessProbe, delete it.
$ kubectl run nginx --image=nginx --dry-run -o yaml --restart=Never --port=80 > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    ports:
      - containerPort: 80
    readinessProbe: # declare the readiness probe
      httpGet: # add this line
        path: / #
        port: 80 #
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl get po nginx -w
NAME    READY   STATUS    RESTARTS   AGE
nginx   0/1     Pending   0          0s
nginx   0/1     Pending   0          0s
nginx   0/1     ContainerCreating   0          0s
nginx   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl describe pod nginx | grep -i readiness
    Readiness:      http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3

$ kubectl delete -f pod.yaml
pod "nginx" deleted

# Logging
# Create a busybox pod that runs
# 'i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done'. Check its logs
$ kubectl run busybox --image=busybox --restart=Never -- /bin/sh -c 'i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done'
pod/busybox created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:39Z (7 steps ran)

# The loop never ends: kubectl would follow it until interrupted.
$ kubectl logs busybox -f
0: Wed Jan  1 00:00:36 UTC 2025
1: Wed Jan  1 00:00:37 UTC 2025
2: Wed Jan  1 00:00:38 UTC 2025
3: Wed Jan  1 00:00:39 UTC 2025
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl delete po busybox --now
pod "busybox" deleted

# Debugging
# Create a busybox pod that runs 'ls /notexist'. Determine if there's an
# error (of course there is), see it. In the end, delete the pod. busybox's
# ls exits 1: the pod fails.
$ kubectl run busybox --restart=Never --image=busybox -- /bin/sh -c 'ls /notexist'
pod/busybox created

# The exercise's garbled line: kubectl has no command "k".
$ kubectl k logs bulogs busybox
error: unknown command "k" for "kubectl"

Did you mean this?
	cp
	kustomize

$ sim settle
settled after 8 steps and 3s of virtual time

$ kubectl logs busybox
ls: /notexist: No such file or directory

$ kubectl describe po busybox
Name:             busybox
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:41 +0000
Labels:           run=busybox
Annotations:      <none>
Status:           Failed
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  busybox:
    Container ID:  containerd://d3bfee5adbf4094591c13c320fd52f71102c0e55482b8aa9d9473cafd4ae6053
    Image:         busybox
    Image ID:      docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:          <none>
    Host Port:     <none>
    Args:
      /bin/sh
      -c
      ls /notexist
    State:          Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:00:43 +0000
      Finished:     Wed, 01 Jan 2025 00:00:43 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-kcs22 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   False
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-kcs22:
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
  Normal  Scheduled  3s    default-scheduler  Successfully assigned default/busybox to kubeplay-worker
  Normal  Pulling    2s    kubelet            Pulling image "busybox"
  Normal  Pulled     1s    kubelet            Successfully pulled image "busybox" in 585ms (585ms including waiting). Image size: 2132246 bytes.
  Normal  Created    1s    kubelet            Created container busybox
  Normal  Started    1s    kubelet            Started container busybox

$ kubectl delete po busybox
pod "busybox" deleted

# Create a busybox pod that runs 'notexist'. Determine if there's an error
# (of course there is), see it. In the end, delete the pod forcefully with
# a 0 grace period
$ kubectl run busybox --restart=Never --image=busybox -- notexist
pod/busybox created

$ sim settle
settled after 6 steps and 2s of virtual time

# Nothing: the container never started. busybox has no program
# "notexist", so runc cannot exec it and containerd fails the start: the
# container is Terminated with reason StartError and exit code 128 (its
# start time the epoch), the pod Failed, and a Warning event Failed says
# why, which the grep below finds.
$ kubectl logs busybox

$ kubectl describe po busybox
Name:             busybox
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:44 +0000
Labels:           run=busybox
Annotations:      <none>
Status:           Failed
IP:               10.244.3.5
IPs:
  IP:  10.244.3.5
Containers:
  busybox:
    Container ID:  containerd://6f0bbf7798d55068db63ca86b76f60f8b6974790fa096000b29e10310af8f4e1
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
      Finished:     Wed, 01 Jan 2025 00:00:46 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-p7k4s (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   False
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-p7k4s:
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
  Normal   Pulled     0s    kubelet            Successfully pulled image "busybox" in 500ms (500ms including waiting). Image size: 2132246 bytes.
  Normal   Created    0s    kubelet            Created container busybox
  Warning  Failed     0s    kubelet            Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown

$ kubectl get events | grep error
0s          Warning   Failed      pod/busybox   Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "notexist": executable file not found in $PATH: unknown

$ kubectl delete po busybox --force --grace-period=0
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "busybox" force deleted

# Get CPU/memory utilization for nodes. A bare kind cluster has no
# metrics-server ("error: Metrics API not available"); the playground
# answers as if one were installed.
$ kubectl top nodes
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         43m          1%       290Mi           3%
kubeplay-worker3         42m          1%       275Mi           3%
