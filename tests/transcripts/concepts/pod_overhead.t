# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction → Pod
# Overhead", line by line. Transcripts never download: the page's
# manifests are here-documents.
#
# The page starts with a RuntimeClass for the Kata Containers Firecracker
# handler, whose pods cost 120Mi and 250m beyond their containers.
$ kubectl apply -f - <<EOF
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: kata-fc
handler: kata-fc
overhead:
  podFixed:
    memory: "120Mi"
    cpu: "250m"
EOF
runtimeclass.node.k8s.io/kata-fc created

# The page's workload names the class.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: test-pod
spec:
  runtimeClassName: kata-fc
  containers:
  - name: busybox-ctr
    image: busybox:1.28
    stdin: true
    tty: true
    resources:
      limits:
        cpu: 500m
        memory: 100Mi
  - name: nginx-ctr
    image: nginx
    resources:
      limits:
        cpu: 1500m
        memory: 100Mi
EOF
pod/test-pod created

# The RuntimeClass admission plugin copied the class's overhead into the
# pod's spec.
$ kubectl get pod test-pod -o jsonpath='{.spec.overhead}'
{"cpu":"250m","memory":"120Mi"}

# kind's containerd has only the runc handler, so the kubelet cannot make
# this pod's sandbox: the pod stays ContainerCreating, retried every 10s.
# The scheduler's and the node's accounting below do not depend on that.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod test-pod
NAME       READY   STATUS              RESTARTS   AGE
test-pod   0/2     ContainerCreating   0          0s

$ kubectl describe pod test-pod | grep -A10 ^Events:
Events:
  Type     Reason                  Age   From               Message
  ----     ------                  ----  ----               -------
  Normal   Scheduled               0s    default-scheduler  Successfully assigned default/test-pod to kubeplay-worker
  Warning  FailedCreatePodSandBox  0s    kubelet            Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "kata-fc" is configured

# The node counts the containers' requests (their limits, as requests
# default to them) plus the overhead: 2250m CPU and 320Mi of memory.
$ kubectl describe node | grep test-pod -B2
  Namespace                   Name                CPU Requests  CPU Limits   Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------   ---------------  -------------  ---
  default                     test-pod            2250m (56%)   2250m (56%)  320Mi (3%)       320Mi (3%)     0s

# The page then looks at the pod's cgroups on the node (crictl, /sys/fs/
# cgroup): the simulated node has no container runtime to ask.
#
# Overhead is the RuntimeClass's to set: a pod may not state another...
$ kubectl run o --image=nginx --overrides='{"spec":{"runtimeClassName":"kata-fc","overhead":{"cpu":"1"}}}'
Error from server (Forbidden): pods "o" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead

# ...nor one without a class that defines it...
$ kubectl run o --image=nginx --overrides='{"spec":{"overhead":{"cpu":"250m","memory":"120Mi"}}}'
Error from server (Forbidden): pods "o" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead

# ...and a class must exist to be named.
$ kubectl run o --image=nginx --overrides='{"spec":{"runtimeClassName":"kata-qemu"}}'
Error from server (Forbidden): pods "o" is forbidden: pod rejected: RuntimeClass "kata-qemu" not found
