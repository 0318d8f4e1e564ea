# kubernetes.io's tutorial "Restrict a Container's Syscalls with seccomp",
# line by line. Transcripts never download: the profiles and manifests the
# page fetches with curl are here-documents. The page's own kind cluster
# (kind.yaml mounts ./profiles at /var/lib/kubelet/seccomp/profiles on its
# one node), `docker ps`/`docker exec` and the host's /var/log/syslog are
# outside a cluster; the playground's cluster is already there, with three
# workers, and the profiles reach its nodes below through a hostPath volume.
$ mkdir ./profiles

$ cat <<EOF > profiles/audit.json
{
    "defaultAction": "SCMP_ACT_LOG"
}
EOF

$ cat <<EOF > profiles/violation.json
{
    "defaultAction": "SCMP_ACT_ERRNO"
}
EOF

# fine-grained.json, abridged: the playground does not read a profile's
# rules, only whether the file is on the node.
$ cat <<EOF > profiles/fine-grained.json
{
    "defaultAction": "SCMP_ACT_ERRNO",
    "architectures": [
        "SCMP_ARCH_X86_64",
        "SCMP_ARCH_X86",
        "SCMP_ARCH_X32"
    ],
    "syscalls": [
        {
            "names": [
                "accept4",
                "epoll_wait",
                "pselect6",
                "futex",
                "madvise",
                "epoll_ctl",
                "getsockname",
                "setsockopt",
                "vfork",
                "mmap",
                "read",
                "write",
                "close",
                "arch_prctl",
                "sched_getaffinity",
                "munmap",
                "brk",
                "rt_sigaction",
                "rt_sigprocmask",
                "sigaltstack",
                "gettid",
                "clone",
                "bind",
                "socket",
                "openat",
                "readlinkat",
                "exit_group",
                "epoll_create1",
                "listen",
                "rt_sigreturn",
                "sched_yield",
                "clock_gettime",
                "connect",
                "dup2",
                "epoll_pwait",
                "execve",
                "exit",
                "fcntl",
                "getpid",
                "getuid",
                "ioctl",
                "mprotect",
                "nanosleep",
                "open",
                "poll",
                "recvfrom",
                "sendto",
                "set_tid_address",
                "setitimer",
                "writev"
            ],
            "action": "SCMP_ACT_ALLOW"
        }
    ]
}
EOF

$ ls profiles
audit.json
fine-grained.json
violation.json

# "Create Pod that uses the container runtime default seccomp profile":
# pods/security/seccomp/ga/default-pod.yaml.
$ cat <<EOF > default-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: default-pod
  labels:
    app.kubernetes.io/name: default-pod
spec:
  securityContext:
    seccompProfile:
      type: RuntimeDefault
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    args:
    - "-text=just made some more syscalls!"
    securityContext:
      allowPrivilegeEscalation: false
EOF

$ kubectl apply -f default-pod.yaml
pod/default-pod created

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:22Z (5 steps ran)

$ kubectl get pod default-pod
NAME          READY   STATUS    RESTARTS   AGE
default-pod   1/1     Running   0          20s

$ kubectl delete pod default-pod --wait --now
pod "default-pod" deleted

# pods/security/seccomp/ga/audit-pod.yaml, before any profile is on the
# nodes (on the page's cluster kind.yaml put them there first): containerd
# cannot read the Localhost profile, and the kubelet reports its error.
$ cat <<EOF > audit-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: audit-pod
  labels:
    app.kubernetes.io/name: audit-pod
spec:
  securityContext:
    seccompProfile:
      type: Localhost
      localhostProfile: profiles/audit.json
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    args:
    - "-text=just made some syscalls!"
    securityContext:
      allowPrivilegeEscalation: false
EOF

$ kubectl apply -f audit-pod.yaml
pod/audit-pod created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:32Z (6 steps ran)

$ kubectl get pod/audit-pod
NAME        READY   STATUS                 RESTARTS   AGE
audit-pod   0/1     CreateContainerError   0          10s

$ kubectl get pod audit-pod -o jsonpath='{.status.containerStatuses[0].state.waiting.message}{"\n"}'
failed to create containerd container: cannot load seccomp profile "/var/lib/kubelet/seccomp/profiles/audit.json": open /var/lib/kubelet/seccomp/profiles/audit.json: no such file or directory

$ kubectl get events --field-selector involvedObject.name=audit-pod,reason=Failed
LAST SEEN   TYPE      REASON   OBJECT          MESSAGE
6s          Warning   Failed   pod/audit-pod   Error: failed to create containerd container: cannot load seccomp profile "/var/lib/kubelet/seccomp/profiles/audit.json": open /var/lib/kubelet/seccomp/profiles/audit.json: no such file or directory

# kind's extraMounts, the playground's way: a DaemonSet mounts each node's
# /var/lib/kubelet/seccomp, and kubectl cp copies ./profiles into it.
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: seccomp-profiles
spec:
  selector:
    matchLabels:
      app: seccomp-profiles
  template:
    metadata:
      labels:
        app: seccomp-profiles
    spec:
      containers:
      - name: copier
        image: busybox:1.36
        command: ["sleep", "infinity"]
        volumeMounts:
        - name: seccomp
          mountPath: /seccomp
      volumes:
      - name: seccomp
        hostPath:
          path: /var/lib/kubelet/seccomp
EOF
daemonset.apps/seccomp-profiles created

$ kubectl rollout status ds/seccomp-profiles
Waiting for daemon set spec update to be observed...
Waiting for daemon set "seccomp-profiles" rollout to finish: 0 of 3 updated pods are available...
daemon set "seccomp-profiles" successfully rolled out

$ for p in $(kubectl get pods -l app=seccomp-profiles -o jsonpath='{.items[*].metadata.name}'); do kubectl cp profiles $p:/seccomp/profiles; done

$ kubectl exec ds/seccomp-profiles -- ls /seccomp/profiles
audit.json
fine-grained.json
violation.json

# The kubelet retries the container at its next sync, and now it starts.
$ sim advance 20s
advanced 20s to 2025-01-01T00:00:54Z (3 steps ran)

$ kubectl get pod/audit-pod
NAME        READY   STATUS    RESTARTS   AGE
audit-pod   1/1     Running   0          32s

$ kubectl expose pod audit-pod --type NodePort --port 5678
service/audit-pod exposed

$ kubectl get service audit-pod
NAME        TYPE       CLUSTER-IP       EXTERNAL-IP   PORT(S)          AGE
audit-pod   NodePort   10.108.188.112   <none>        5678:30936/TCP   0s

# `docker exec … curl localhost:NODEPORT` in the control-plane node: here
# curl runs in a pod, to the control-plane node's address (172.18.0.2) and
# the Service's node port.
$ kubectl run curl -it --rm --restart=Never --image=curlimages/curl -- curl -s http://172.18.0.2:$(kubectl get service audit-pod -o jsonpath='{.spec.ports[0].nodePort}')
If you don't see a command prompt, try pressing enter.
just made some syscalls!
pod "curl" deleted

$ kubectl delete service audit-pod --wait
service "audit-pod" deleted

$ kubectl delete pod audit-pod --wait --now
pod "audit-pod" deleted

# "Create Pod with a seccomp profile that causes violation".
$ cat <<EOF > violation-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: violation-pod
  labels:
    app.kubernetes.io/name: violation-pod
spec:
  securityContext:
    seccompProfile:
      type: Localhost
      localhostProfile: profiles/violation.json
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    args:
    - "-text=just made some syscalls!"
    securityContext:
      allowPrivilegeEscalation: false
EOF

$ kubectl apply -f violation-pod.yaml
pod/violation-pod created

$ sim advance 6s
advanced 6s to 2025-01-01T00:01:05Z (5 steps ran)

# (playground) the profile is on the node, so the container is created;
# the playground does not apply a profile's rules, so it runs, where on
# kind every syscall fails and the pod goes into CrashLoopBackOff.
$ kubectl get pod/violation-pod
NAME            READY   STATUS    RESTARTS   AGE
violation-pod   1/1     Running   0          6s

$ kubectl delete pod violation-pod --wait --now
pod "violation-pod" deleted

# "Create Pod with a seccomp profile that only allows necessary syscalls".
$ cat <<EOF > fine-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: fine-pod
  labels:
    app.kubernetes.io/name: fine-pod
spec:
  securityContext:
    seccompProfile:
      type: Localhost
      localhostProfile: profiles/fine-grained.json
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    args:
    - "-text=just made some syscalls!"
    securityContext:
      allowPrivilegeEscalation: false
EOF

$ kubectl apply -f fine-pod.yaml
pod/fine-pod created

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:35Z (5 steps ran)

$ kubectl get pod fine-pod
NAME       READY   STATUS    RESTARTS   AGE
fine-pod   1/1     Running   0          30s

$ kubectl expose pod fine-pod --type NodePort --port 5678
service/fine-pod exposed

$ kubectl get service fine-pod
NAME       TYPE       CLUSTER-IP      EXTERNAL-IP   PORT(S)          AGE
fine-pod   NodePort   10.101.59.104   <none>        5678:31842/TCP   0s

$ kubectl run curl -it --rm --restart=Never --image=curlimages/curl -- curl -s http://172.18.0.2:$(kubectl get service fine-pod -o jsonpath='{.spec.ports[0].nodePort}')
If you don't see a command prompt, try pressing enter.
just made some syscalls!
pod "curl" deleted

$ kubectl delete service fine-pod --wait
service "fine-pod" deleted

$ kubectl delete pod fine-pod --wait --now
pod "fine-pod" deleted

# What the API server refuses: a Localhost profile must name a relative
# file, and only a Localhost profile names one.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: bad-seccomp
spec:
  securityContext:
    seccompProfile:
      type: Localhost
      localhostProfile: /var/lib/kubelet/seccomp/profiles/audit.json
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    securityContext:
      seccompProfile:
        type: RuntimeDefault
        localhostProfile: profiles/audit.json
EOF
The Pod "bad-seccomp" is invalid:
* spec.containers[0].securityContext.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:"RuntimeDefault", LocalhostProfile:(*string)(0xc000012345)}: can only be set when seccomp type is Localhost
* spec.securityContext.seccompProfile.localhostProfile: Invalid value: "/var/lib/kubelet/seccomp/profiles/audit.json": must be a relative path

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: bad-seccomp
spec:
  securityContext:
    seccompProfile:
      localhostProfile: profiles/audit.json
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    securityContext:
      seccompProfile:
        type: Default
EOF
The Pod "bad-seccomp" is invalid:
* spec.containers[0].securityContext.seccompProfile.type: Unsupported value: "Default": supported values: "Localhost", "RuntimeDefault", "Unconfined"
* spec.securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set
* spec.securityContext.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:"", LocalhostProfile:(*string)(0xc000012345)}: can only be set when seccomp type is Localhost
