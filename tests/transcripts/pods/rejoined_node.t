# A pod bound to a node name whose node is gone (removed moments ago, before
# pod GC's 40 s quarantine ran out) waits Pending; when a node of that name
# joins, its kubelet lists the pods bound to it and runs them, as a real
# kubelet does at start. Found by the chaos run.
$ sim node add edge
node edge added

$ sim node remove edge
node edge removed

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: edge
  containers:
  - name: main
    image: nginx:1.25
EOF
pod/web created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (5 steps ran)

$ kubectl get pods -o wide
NAME   READY   STATUS    RESTARTS   AGE   IP       NODE   NOMINATED NODE   READINESS GATES
web    0/1     Pending   0          10s   <none>   edge   <none>           <none>

$ sim node add edge
node edge added

$ sim settle
settled after 26 steps and 30s of virtual time

$ kubectl get pods -o wide
NAME   READY   STATUS    RESTARTS   AGE   IP           NODE   NOMINATED NODE   READINESS GATES
web    1/1     Running   0          40s   10.244.4.2   edge   <none>           <none>
