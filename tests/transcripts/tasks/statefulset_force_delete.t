# kubernetes.io's "Force Delete StatefulSet Pods", line by line, on the
# StatefulSet Basics tutorial's web StatefulSet (https://k8s.io/examples/
# application/web/web.yaml, written from a here-document: transcripts
# never download).
$ cat <<EOF > web.yaml
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.7
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
EOF

$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 38 steps and 7s of virtual time

# "Delete Pods": a graceful deletion; the controller makes web-0 again.
$ kubectl delete pods web-0
pod "web-0" deleted

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-1   1/1     Running   0          3s
web-0   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

# "Pods running on an unreachable Node enter the 'Terminating' or
# 'Unknown' state": web-1's node stops answering. Once it is NotReady its
# pods are marked not ready; 300 s later (the unreachable taint's
# toleration) they are evicted, which only sets their deletion
# timestamp: no kubelet confirms the end, so they stay. (The page's
# "Unknown" is what kubectl prints for a deleted pod whose status reason
# is NodeLost; v1.32's taint-based eviction sets none, so the
# pod shows Terminating.)
$ kubectl get pod web-1 -o jsonpath='{.spec.nodeName}{"\n"}'
kubeplay-worker3

$ sim node fail kubeplay-worker3
node kubeplay-worker3 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 6m
advanced 6m to 2025-01-01T00:06:11Z (20 steps ran)

$ kubectl get pods -l app=nginx -o wide
NAME    READY   STATUS        RESTARTS   AGE    IP           NODE               NOMINATED NODE   READINESS GATES
web-0   1/1     Running       0          6m2s   10.244.1.3   kubeplay-worker    <none>           <none>
web-1   1/1     Terminating   0          6m5s   10.244.3.2   kubeplay-worker3   <none>           <none>

# A graceful delete cannot finish either: kubectl waits for a deletion
# that never comes.
$ kubectl delete pods web-1 --timeout=10s
pod "web-1" deleted
error: timed out waiting for the condition on pods/web-1

# "Force Deletion".
$ kubectl delete pods web-1 --grace-period=0 --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "web-1" force deleted

# The name is free: a moment later the controller has created web-1
# again. Its claim's volume is a local-path directory on the unreachable
# node, so it cannot be scheduled anywhere else.
$ sleep 1

$ kubectl get pods -l app=nginx -o wide
NAME    READY   STATUS    RESTARTS   AGE     IP           NODE              NOMINATED NODE   READINESS GATES
web-0   1/1     Running   0          6m13s   10.244.1.3   kubeplay-worker   <none>           <none>
web-1   0/1     Pending   0          1s      <none>       <none>            <none>           <none>

$ kubectl describe pod web-1 | sed -n '/^Events:/,$p'
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  1s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 2 node(s) had volume node affinity conflict. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

# "If even after these commands the pod is stuck on Unknown state": the
# patch that drops its finalizers (it has none here).
$ kubectl patch pod web-0 -p '{"metadata":{"finalizers":null}}'
pod/web-0 patched (no change)

# The node comes back: web-1 starts on it.
$ sim node recover kubeplay-worker3
node kubeplay-worker3 recovered: its kubelet is running again

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          6m13s
web-1   0/1     Pending   0          1s
web-1   0/1     Pending   0          1s
web-1   0/1     ContainerCreating   0          1s
web-1   1/1     Running             0          3s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted
