# kubernetes.io's "Debug a StatefulSet", line by line. The page assumes
# a StatefulSet whose pods have app=myapp: this one.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: myapp
spec:
  clusterIP: None
  selector:
    app: myapp
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: myapp
spec:
  serviceName: myapp
  replicas: 2
  selector:
    matchLabels:
      app: myapp
  template:
    metadata:
      labels:
        app: myapp
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
service/myapp created
statefulset.apps/myapp created

$ sim settle
settled after 32 steps and 8s of virtual time

$ kubectl get pods -l app=myapp
NAME      READY   STATUS    RESTARTS   AGE
myapp-0   1/1     Running   0          8s
myapp-1   1/1     Running   0          4s

# "Pods listed are in Unknown or Terminating state for an extended period
# of time": the node of myapp-0 stops answering; after the taint's five
# minutes the pod is evicted, but no kubelet confirms it stopped.
$ kubectl get pod myapp-0 -o jsonpath='{.spec.nodeName}{"\n"}'
kubeplay-worker3

$ sim node fail kubeplay-worker3
node kubeplay-worker3 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 6m
advanced 6m to 2025-01-01T00:06:10Z (20 steps ran)

$ kubectl get pods -l app=myapp
NAME      READY   STATUS        RESTARTS   AGE
myapp-0   1/1     Terminating   0          6m8s
myapp-1   1/1     Running       0          6m4s

# What "Deleting StatefulSet Pods" says to do once the node is known to
# be gone: force the deletion, and the controller makes myapp-0 again
# elsewhere. READY stays 1/1 until then: no kubelet updates the statuses.
$ kubectl delete pods myapp-0 --grace-period=0 --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "myapp-0" force deleted

$ sim settle
settled after 19 steps and 4s of virtual time

$ kubectl get pods -l app=myapp -o wide
NAME      READY   STATUS    RESTARTS   AGE    IP           NODE               NOMINATED NODE   READINESS GATES
myapp-0   1/1     Running   0          4s     10.244.2.3   kubeplay-worker2   <none>           <none>
myapp-1   1/1     Running   0          6m8s   10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl delete statefulset,svc myapp
statefulset.apps "myapp" deleted
service "myapp" deleted
