# kubernetes.io's "Concepts → Scheduling, Preemption and Eviction → Pod
# Overhead", line by line. Transcripts never download: the page's
# manifests are here-documents.
#
# The page starts with a RuntimeClass for the Kata Containers Firecracker
# handler. kind installs no RuntimeClass and no kata runtime, and the
# playground does not serve the RuntimeClass kind at all.
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
error: error parsing STDIN: document 1, line 2, column 7: no matches for kind "RuntimeClass" in version "node.k8s.io/v1"
(playground) a real cluster serves RuntimeClass as node.k8s.io/v1; the simulated cluster does not model it

# So the page's pod is refused by the RuntimeClass admission plugin, as a
# real cluster refuses a pod naming a class it lacks.
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
Error from server (Forbidden): error when creating "STDIN": pods "test-pod" is forbidden: pod rejected: RuntimeClass "kata-fc" not found

# Overhead is the RuntimeClass's to set: a pod may not state its own.
$ kubectl run o --image=nginx --overrides='{"spec":{"overhead":{"cpu":"250m","memory":"120Mi"}}}'
Error from server (Forbidden): pods "o" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead

# Without the class the pod runs, and the node counts only its
# containers' requests (limits, as requests default to them).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: test-pod
spec:
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

$ sim settle
settled after 7 steps and 4s of virtual time

$ kubectl get pod test-pod -o jsonpath='{.spec.containers[*].resources.limits}{"\n"}'
{"cpu":"500m","memory":"100Mi"} {"cpu":"1500m","memory":"100Mi"}

$ kubectl get pod test-pod -o jsonpath='{.spec.overhead}{"\n"}'

$ kubectl describe node $(kubectl get pod test-pod -o jsonpath='{.spec.nodeName}') | grep test-pod -B2
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  default                     test-pod            2 (50%)       2 (50%)     200Mi (2%)       200Mi (2%)     4s
