# Deleting a pod sets its deletionTimestamp: kubectl shows Terminating until
# the kubelet has stopped its containers and removed it. nginx exits as soon
# as it gets SIGTERM; `sleep` as PID 1 ignores SIGTERM and is killed when the
# grace period (30 s by default, or --grace-period) ends; a preStop hook runs
# first, within the grace period.
$ kubectl run web --image=nginx:1.25
pod/web created

$ kubectl run sleeper --image=busybox:1.36 -- sleep 3600
pod/sleeper created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: drainer
spec:
  terminationGracePeriodSeconds: 60
  containers:
  - name: app
    image: nginx:1.25
    lifecycle:
      preStop:
        exec:
          command: ["/bin/sh", "-c", "sleep 20"]
EOF
pod/drainer created

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl delete pod web sleeper drainer --wait=false
pod "web" deleted
pod "sleeper" deleted
pod "drainer" deleted

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
drainer   1/1     Terminating   0          4s
sleeper   1/1     Terminating   0          4s
web       1/1     Terminating   0          4s

$ kubectl get pod sleeper -o jsonpath='{.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds}{"\n"}'
2025-01-01T00:00:36Z 30

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:07Z (5 steps ran)

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
drainer   1/1     Terminating   0          5s
sleeper   1/1     Terminating   0          5s

# The name stays taken until the pod is gone; the registry says why.
$ kubectl run sleeper --image=busybox:1.36 -- sleep 3600
Error from server (AlreadyExists): object is being deleted: pods "sleeper" already exists

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:27Z (2 steps ran)

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
sleeper   1/1     Terminating   0          25s

$ sim advance 8s
advanced 8s to 2025-01-01T00:00:35Z (0 steps ran)

$ kubectl get pods
NAME      READY   STATUS        RESTARTS   AGE
sleeper   1/1     Terminating   0          33s

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:36Z (2 steps ran)

$ kubectl get pods
No resources found in default namespace.

$ kubectl get events --field-selector reason=Killing
LAST SEEN   TYPE     REASON    OBJECT        MESSAGE
30s         Normal   Killing   pod/drainer   Stopping container app
30s         Normal   Killing   pod/sleeper   Stopping container sleeper
30s         Normal   Killing   pod/web       Stopping container web

$ kubectl run quick --image=busybox:1.36 -- sleep 3600
pod/quick created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl delete pod quick --grace-period=5 --wait=false
pod "quick" deleted

$ sim advance 4s
advanced 4s to 2025-01-01T00:00:42Z (1 steps ran)

$ kubectl get pods
NAME    READY   STATUS        RESTARTS   AGE
quick   1/1     Terminating   0          6s

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:43Z (2 steps ran)

$ kubectl get pods
No resources found in default namespace.
