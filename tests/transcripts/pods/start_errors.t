# A command the image does not have, in the images whose contents the
# playground knows: Alpine and its -alpine variants (Alpine's busybox
# applets and base packages), Debian and Ubuntu and the official images'
# Debian variants (bookworm's required packages plus what each image
# installs). runc's init finds no such program: containerd fails the
# start, the container is Terminated with reason StartError and exit code
# 128, and the kubelet reports RunContainerError, then backs off.
#
# ubuntu has no ping (iputils-ping is not in the image).
$ kubectl run pinger --image=ubuntu:24.04 -- ping -c 1 web
pod/pinger created

# nginx (Debian) has no ps (procps), and the command replaces its
# entrypoint.
$ kubectl run ps --image=nginx:1.27 --restart=Never --command -- ps aux
pod/ps created

# Alpine has no bash, python:slim no curl.
$ kubectl run ash --image=alpine:3.20 --restart=Never -- bash -c 'echo hi'
pod/ash created

$ kubectl run fetch --image=python:3.12-slim --restart=Never -- curl -s http://web
pod/fetch created

# What the images do have starts: Alpine's busybox has ps and wget,
# nginx's Debian image curl, python:slim pip.
$ kubectl run aps --image=alpine:3.20 --restart=Never -- ps
pod/aps created

$ kubectl run pip --image=python:3.12-slim --restart=Never -- pip --version
pod/pip created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (34 steps ran)

$ kubectl get pods
NAME     READY   STATUS              RESTARTS     AGE
aps      0/1     Completed           0            10s
ash      0/1     StartError          0            10s
fetch    0/1     StartError          0            10s
pinger   0/1     RunContainerError   1 (7s ago)   10s
pip      0/1     Completed           0            10s
ps       0/1     StartError          0            10s

$ kubectl get pod ps ash fetch -o jsonpath='{range .items[*]}{.status.containerStatuses[0].state.terminated.exitCode} {.status.containerStatuses[0].state.terminated.message}{"\n"}{end}'
128 failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "ps": executable file not found in $PATH: unknown
128 failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "bash": executable file not found in $PATH: unknown
128 failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "curl": executable file not found in $PATH: unknown

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:12Z (8 steps ran)

$ kubectl get pod pinger
NAME     READY   STATUS             RESTARTS      AGE
pinger   0/1     CrashLoopBackOff   3 (35s ago)   70s

$ kubectl describe pod pinger
Name:             pinger
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=pinger
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  pinger:
    Container ID:  containerd://4acd98a3c4cc6ba0b9b3d397381ff8f7d31ae51700436ef052395a2c209cc910
    Image:         ubuntu:24.04
    Image ID:      docker.io/library/ubuntu@sha256:d1a574fd2f295fc6b48677030ff5e547243f07eb42d3ebac85ddd6806ee4c1bd
    Port:          <none>
    Host Port:     <none>
    Args:
      ping
      -c
      1
      web
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       StartError
      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "ping": executable file not found in $PATH: unknown
      Exit Code:    128
      Started:      Thu, 01 Jan 1970 00:00:00 +0000
      Finished:     Wed, 01 Jan 2025 00:00:36 +0000
    Ready:          False
    Restart Count:  3
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
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  70s                default-scheduler  Successfully assigned default/pinger to kubeplay-worker3
  Normal   Pulling    69s                kubelet            Pulling image "ubuntu:24.04"
  Normal   Pulled     67s                kubelet            Successfully pulled image "ubuntu:24.04" in 1.692s (1.692s including waiting). Image size: 29816613 bytes.
  Normal   Created    35s (x4 over 67s)  kubelet            Created container pinger
  Warning  Failed     35s (x4 over 67s)  kubelet            Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "ping": executable file not found in $PATH: unknown
  Normal   Pulled     35s (x3 over 67s)  kubelet            Container image "ubuntu:24.04" already present on machine
  Warning  BackOff    4s (x7 over 66s)   kubelet            Back-off restarting failed container pinger in pod pinger_default(f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba)

# It never ran, so it printed nothing.
$ kubectl logs pinger

$ kubectl logs pinger --previous

# An image with an ENTRYPOINT runs its args: for nginx (1.19 and later)
# that is /docker-entrypoint.sh, which execs them. The container starts,
# dash's exec finds no such program and the container exits 127, its
# line in the log. nginx:alpine's busybox ash words it its own way.
$ kubectl run entry --image=nginx:1.27 --restart=Never -- foo
pod/entry created

$ kubectl run entry-alpine --image=nginx:1.27-alpine --restart=Never -- bash
pod/entry-alpine created

# Flags too: the script puts no "nginx" before them (nginx/docker-nginx
# issue 466: "/docker-entrypoint.sh: 38: exec: -p: not found").
$ kubectl run flags --image=nginx:1.27 --restart=Never -- -g 'daemon off;'
pod/flags created

# An image without one looks the args up itself.
$ kubectl run noentry --image=httpd:2.4 --restart=Never -- foo
pod/noentry created

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:22Z (23 steps ran)

$ kubectl get pod entry entry-alpine flags noentry
NAME           READY   STATUS       RESTARTS   AGE
entry          0/1     Error        0          10s
entry-alpine   0/1     Error        0          10s
flags          0/1     Error        0          10s
noentry        0/1     StartError   0          10s

$ kubectl get pod entry entry-alpine -o jsonpath='{range .items[*]}{.status.containerStatuses[0].state.terminated.exitCode}{"\n"}{end}'
127
127

$ kubectl logs entry
/docker-entrypoint.sh: 47: exec: foo: not found

$ kubectl logs entry-alpine
/docker-entrypoint.sh: exec: line 47: bash: not found

$ kubectl logs flags
/docker-entrypoint.sh: 47: exec: -g: not found

# With restartPolicy Always it crashes and backs off; a container waiting
# to restart has its last run's log served.
$ kubectl run loop --image=nginx:1.27 -- foo
pod/loop created

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:52Z (11 steps ran)

$ kubectl get pod loop
NAME   READY   STATUS             RESTARTS      AGE
loop   0/1     CrashLoopBackOff   2 (17s ago)   30s

$ kubectl logs loop
/docker-entrypoint.sh: 47: exec: foo: not found

# Inside a script it is the image's shell that looks names up: the
# container starts, the shell prints its "not found" to stderr (which is
# in the log, in order with stdout), the command's status is 127 and the
# script goes on. dash (Debian's sh), bash and busybox ash each word it
# their own way.
$ kubectl run dash --image=debian:bookworm --restart=Never -- sh -c 'echo start; ps; echo status $?'
pod/dash created

$ kubectl run bash --image=ubuntu:24.04 --restart=Never -- bash -c 'echo start; ping -c 1 web; echo status $?'
pod/bash created

$ kubectl run ash-script --image=alpine:3.20 --restart=Never -- sh -c 'echo start; curl -s http://web || echo no curl'
pod/ash-script created

$ kubectl run busybox --image=busybox:1.36 --restart=Never -- sh -c 'echo start; notexist; echo status $?'
pod/busybox created

$ kubectl run fails --image=nginx:1.27 --restart=Never -- sh -c 'echo start; netstat -tlnp'
pod/fails created

$ sim advance 10s
advanced 10s to 2025-01-01T00:02:02Z (32 steps ran)

$ kubectl get pod dash bash ash-script busybox fails
NAME         READY   STATUS      RESTARTS   AGE
dash         0/1     Completed   0          10s
bash         0/1     Completed   0          10s
ash-script   0/1     Completed   0          10s
busybox      0/1     Completed   0          10s
fails        0/1     Error       0          10s

$ kubectl logs dash
start
sh: 1: ps: not found
status 127

$ kubectl logs bash
start
bash: line 1: ping: command not found
status 127

$ kubectl logs ash-script
start
sh: curl: not found
no curl

$ kubectl logs busybox
start
sh: notexist: not found
status 127

$ kubectl logs fails
start
sh: 1: netstat: not found

# kubectl exec agrees: the same programs are missing there.
$ kubectl run web --image=nginx:1.27
pod/web created

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec web -- sh -c 'ps; echo $?'
sh: 1: ps: not found
127

$ kubectl exec web -- ping -c 1 web
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "089d8da73eb77ebd40368aa0be338954a49ed31aada3c6577986a60fdf5a35c1": OCI runtime exec failed: exec failed: unable to start container process: exec: "ping": executable file not found in $PATH: unknown

# Images the playground is not sure of are not judged: the full python
# image is buildpack-deps (curl, git, procps), and a user's own image is
# unknown.
$ kubectl run full --image=python:3.12 --restart=Never -- curl -s http://web
pod/full created

$ kubectl run mine --image=myorg/myapp:1.0 --restart=Never --command -- notexist
pod/mine created

$ sim advance 1m
advanced 60s to 2025-01-01T00:03:04Z (25 steps ran)

$ kubectl get pod full mine
NAME   READY   STATUS      RESTARTS   AGE
full   0/1     Completed   0          60s
mine   1/1     Running     0          60s
