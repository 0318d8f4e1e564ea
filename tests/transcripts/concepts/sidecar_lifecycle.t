# Sidecar containers' lifecycle, past the page's two examples: start
# order with regular init containers and startup probes, the READY and
# STATUS columns (kubectl's printPod counts a started sidecar's readiness
# and every init container in Init:N/M), and restarts whatever the pod's
# restartPolicy.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: mixed
spec:
  initContainers:
  - name: proxy
    image: nginx:1.25
    restartPolicy: Always
    readinessProbe:
      httpGet: {port: 80}
      periodSeconds: 2
  - name: wait-db
    image: busybox:1.28
    command: ['sh', '-c', 'until nslookup mydb; do echo waiting for mydb; sleep 2; done']
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
EOF
pod/mixed created

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:04Z (3 steps ran)

$ kubectl get pod mixed
NAME    READY   STATUS     RESTARTS   AGE
mixed   0/2     Init:0/2   0          2s

# The sidecar has started (no startup probe: a running process is
# enough), so the regular init container runs; the sidecar is ready once
# its readiness probe passes.
$ sim advance 8s
advanced 8s to 2025-01-01T00:00:12Z (5 steps ran)

$ kubectl get pod mixed
NAME    READY   STATUS     RESTARTS   AGE
mixed   1/2     Init:1/2   0          10s

$ kubectl get pod mixed -o jsonpath='{range .status.initContainerStatuses[*]}{.name}: started={.started} ready={.ready}{"\n"}{end}'
proxy: started=true ready=true
wait-db: started=true ready=false

$ kubectl create service clusterip mydb --tcp=80
service/mydb created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pod mixed
NAME    READY   STATUS    RESTARTS   AGE
mixed   2/2     Running   0          12s

# A sidecar restarts when it exits, even in a pod that never restarts its
# containers; the app container keeps running.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: flaky-sidecar
spec:
  restartPolicy: Never
  initContainers:
  - name: helper
    image: busybox:1.28
    restartPolicy: Always
    command: ['sh', '-c', 'sleep 5; exit 1']
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
EOF
pod/flaky-sidecar created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:44Z (13 steps ran)

$ kubectl get pod flaky-sidecar
NAME            READY   STATUS       RESTARTS      AGE
flaky-sidecar   1/2     Init:Error   2 (17s ago)   30s

$ kubectl get pod flaky-sidecar -o jsonpath='{.status.initContainerStatuses[0].restartCount} {.status.initContainerStatuses[0].lastState.terminated.exitCode} {.status.phase}{"\n"}'
2 1 Running

# A startup probe holds the next container back until it passes: the app
# starts only once the sidecar has started.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: slow-sidecar
spec:
  initContainers:
  - name: proxy
    image: nginx:1.25
    restartPolicy: Always
    startupProbe:
      httpGet: {port: 80}
      initialDelaySeconds: 10
      periodSeconds: 5
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
EOF
pod/slow-sidecar created

$ sim advance 8s
advanced 8s to 2025-01-01T00:00:52Z (5 steps ran)

$ kubectl get pod slow-sidecar
NAME           READY   STATUS     RESTARTS   AGE
slow-sidecar   0/2     Init:0/1   0          8s

$ sim settle
settled after 8 steps and 17s of virtual time

$ kubectl get pod slow-sidecar
NAME           READY   STATUS    RESTARTS   AGE
slow-sidecar   2/2     Running   0          25s

$ kubectl get events --field-selector involvedObject.name=slow-sidecar,reason=Started -o custom-columns=FIELD:.involvedObject.fieldPath,TIME:.lastTimestamp
FIELD                        TIME
spec.initContainers{proxy}   2025-01-01T00:00:49Z
spec.containers{app}         2025-01-01T00:00:59Z

# Termination: the app container first, then the sidecars in reverse
# order, each waiting (within the grace period) for the ones after it
# (kuberuntime's terminationOrdering). nginx stops at once on SIGTERM;
# `sleep` as PID 1 ignores it and is killed when the grace period ends.
# So `first`, an nginx, gets SIGTERM only once `second` is gone, 20 s
# later. The finalizer keeps the pod to show the times.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: ordered
  finalizers: [example.com/hold]
spec:
  terminationGracePeriodSeconds: 20
  initContainers:
  - name: first
    image: nginx:1.25
    restartPolicy: Always
  - name: second
    image: busybox:1.28
    restartPolicy: Always
    command: ['sleep', '3600']
  containers:
  - name: app
    image: nginx:1.25
EOF
pod/ordered created

$ sim settle
settled after 7 steps and 6s of virtual time

$ kubectl delete pod ordered --wait=false
pod "ordered" deleted

$ sim settle
settled after 5 steps and 20s of virtual time

$ kubectl get pod ordered -o jsonpath='{range .status.containerStatuses[*]}{.name}: {.state.terminated.exitCode} {.state.terminated.finishedAt}{"\n"}{end}{range .status.initContainerStatuses[*]}{.name}: {.state.terminated.exitCode} {.state.terminated.finishedAt}{"\n"}{end}'
app: 0 2025-01-01T00:01:17Z
first: 0 2025-01-01T00:01:37Z
second: 137 2025-01-01T00:01:37Z

$ kubectl get pod ordered -o jsonpath='{.metadata.deletionTimestamp}{"\n"}'
2025-01-01T00:01:37Z

$ kubectl patch pod ordered --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'
pod/ordered patched
