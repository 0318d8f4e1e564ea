# kubernetes.io "Using sysctls in a Kubernetes Cluster"
# (tasks/administer-cluster/sysctl-cluster.md), as far as it runs on the
# playground's kind cluster (v1.32). `sudo sysctl -a` and the kubelet's
# --allowed-unsafe-sysctls flag are the node's business, out of kubectl's
# reach: a kind node's kubelet allows no unsafe sysctl. The page's
# PodSecurityPolicy section is history (the API was removed in v1.25).
#
# "Setting Sysctls for a Pod": the page's pod sets the safe
# kernel.shm_rmid_forced and the unsafe net.core.somaxconn and
# kernel.msgmax. Its "..." is a container of our choosing here.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sysctl-example
spec:
  securityContext:
    sysctls:
    - name: kernel.shm_rmid_forced
      value: "0"
    - name: net.core.somaxconn
      value: "1024"
    - name: kernel.msgmax
      value: "65536"
  containers:
  - name: app
    image: busybox:1.28
    command: ["sleep", "3600"]
EOF
pod/sysctl-example created

# Scheduled, but the node's kubelet refuses it at admission: it fails
# without running, naming the first sysctl not allowed.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod sysctl-example
NAME             READY   STATUS            RESTARTS   AGE
sysctl-example   0/1     SysctlForbidden   0          0s

$ kubectl describe pod sysctl-example | grep -E '^(Status|Reason|Message):'
Status:           Failed
Reason:           SysctlForbidden
Message:          Pod was rejected: forbidden sysctl: "net.core.somaxconn" not allowlisted

$ kubectl get events --field-selector involvedObject.name=sysctl-example
LAST SEEN   TYPE      REASON            OBJECT               MESSAGE
0s          Normal    Scheduled         pod/sysctl-example   Successfully assigned default/sysctl-example to kubeplay-worker3
0s          Warning   SysctlForbidden   pod/sysctl-example   forbidden sysctl: "net.core.somaxconn" not allowlisted

# Safe sysctls only: the pod runs.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sysctl-safe
spec:
  securityContext:
    sysctls:
    - name: kernel.shm_rmid_forced
      value: "1"
    - name: net.ipv4.ip_local_port_range
      value: "1024 65535"
  containers:
  - name: app
    image: busybox:1.28
    command: ["sleep", "3600"]
EOF
pod/sysctl-safe created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod sysctl-safe
NAME          READY   STATUS    RESTARTS   AGE
sysctl-safe   1/1     Running   0          2s

# A network sysctl, safe or not, is refused when the pod uses the host's
# network namespace (setting it would change the node's): the API server
# says so since v1.27, before any kubelet sees the pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sysctl-host-net
spec:
  hostNetwork: true
  securityContext:
    sysctls:
    - name: net.ipv4.tcp_syncookies
      value: "1"
  containers:
  - name: app
    image: busybox:1.28
    command: ["sleep", "3600"]
EOF
The Pod "sysctl-host-net" is invalid: spec.securityContext.sysctls[0].name: Invalid value: "net.ipv4.tcp_syncookies": may not be specified when 'hostNetwork' is true

# A name that is no sysctl name is the API server's to refuse.
$ kubectl run bad-sysctl --image=busybox:1.28 --overrides='{"apiVersion": "v1", "spec": {"securityContext": {"sysctls": [{"name": "kernel.shm rmid", "value": "1"}]}}}' -- sleep 3600
The Pod "bad-sysctl" is invalid: spec.securityContext.sysctls[0].name: Invalid value: "kernel.shm rmid": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$

$ kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,REASON:.status.reason,MESSAGE:.status.message
NAME             PHASE     REASON            MESSAGE
sysctl-example   Failed    SysctlForbidden   Pod was rejected: forbidden sysctl: "net.core.somaxconn" not allowlisted
sysctl-safe      Running   <none>            <none>
