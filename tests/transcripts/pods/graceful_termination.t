# Graceful termination behind a Service. On delete the kubelet runs each
# container's preStop hook, then sends SIGTERM with what is left of the
# grace period, never less than 2 s (kuberuntime_container.go's
# killContainer); a hook that overruns is cut at the grace period. While
# the containers stop, the readiness probe keeps running (prober
# worker.go stops only liveness and startup probes on deletion), so the
# pod's Ready condition follows it. Its EndpointSlice endpoint is then
# ready=false, serving=<Ready>, terminating=true (endpointslice
# utils.go's podToEndpoint), and the Endpoints object drops it
# (ShouldPodBeInEndpoints). The finalizer keeps the pods after the
# kubelet's final delete, to show the status it wrote last: Succeeded
# for nginx, which exits 0 on SIGTERM; Failed for `sleep`, which ignores
# SIGTERM and is killed (exit code 137, reason Error).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
  finalizers: [example.com/hold]
spec:
  containers:
  - name: app
    image: nginx:1.25
    ports: [{containerPort: 80}]
    readinessProbe:
      httpGet: {port: 80}
      periodSeconds: 5
      failureThreshold: 1
    lifecycle:
      preStop:
        sleep:
          seconds: 15
---
apiVersion: v1
kind: Pod
metadata:
  name: sleeper
  labels: {app: web}
  finalizers: [example.com/hold]
spec:
  terminationGracePeriodSeconds: 20
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    lifecycle:
      preStop:
        exec:
          command: ["/bin/sh", "-c", "sleep 40"]
EOF
service/web created
pod/web created
pod/sleeper created

$ sim settle
settled after 21 steps and 4s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[0].endpoints[*]}{.targetRef.name} {.conditions}{"\n"}{end}'
sleeper {"ready":true,"serving":true,"terminating":false}
web {"ready":true,"serving":true,"terminating":false}

$ kubectl delete pod web sleeper --wait=false
pod "web" deleted
pod "sleeper" deleted

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:07Z (4 steps ran)

# Both are still Ready: they serve, but are no longer ready for new traffic.
$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
sleeper   1/1     Terminating   0          5s
web       1/1     Terminating   0          5s

$ kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[0].endpoints[*]}{.targetRef.name} {.conditions}{"\n"}{end}'
sleeper {"ready":false,"serving":true,"terminating":true}
web {"ready":false,"serving":true,"terminating":true}

$ kubectl get endpoints web
NAME   ENDPOINTS   AGE
web    <none>      5s

# The app starts failing its readiness checks while it drains: the next
# probe (every 5 s from the start at 00:00:06) makes web not Ready.
$ sim image behave nginx:1.25 fail-readiness=true
image nginx:1.25: fail-readiness=true

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:12Z (4 steps ran)

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
sleeper   1/1     Terminating   0          10s
web       0/1     Terminating   0          10s

$ kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[0].endpoints[*]}{.targetRef.name} {.conditions}{"\n"}{end}'
sleeper {"ready":false,"serving":true,"terminating":true}
web {"ready":false,"serving":false,"terminating":true}

# web: the 15 s preStop sleep from 00:00:06, then SIGTERM; nginx exits 0.
$ sim advance 10s
advanced 10s to 2025-01-01T00:00:22Z (6 steps ran)

$ kubectl get pod web -o jsonpath='{.status.phase} {.status.containerStatuses[0].state.terminated.exitCode} {.status.containerStatuses[0].state.terminated.reason} {.status.containerStatuses[0].state.terminated.finishedAt}{"\n"}'
Succeeded 0 Completed 2025-01-01T00:00:21Z

# sleeper: its hook is cut at the 20 s grace period (00:00:26), then 2 s
# more after SIGTERM, then SIGKILL.
$ sim advance 10s
advanced 10s to 2025-01-01T00:00:32Z (4 steps ran)

$ kubectl get pod sleeper -o jsonpath='{.status.phase} {.status.containerStatuses[0].state.terminated.exitCode} {.status.containerStatuses[0].state.terminated.reason} {.status.containerStatuses[0].state.terminated.finishedAt}{"\n"}'
Failed 137 Error 2025-01-01T00:00:28Z

$ kubectl get events --field-selector reason=Killing
LAST SEEN   TYPE     REASON    OBJECT        MESSAGE
26s         Normal   Killing   pod/sleeper   Stopping container app
26s         Normal   Killing   pod/web       Stopping container app

$ kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[0].endpoints[*]}{.targetRef.name} {.conditions}{"\n"}{end}'
