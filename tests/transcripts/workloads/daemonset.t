# One pod per worker, none on the tainted control plane; a new node gains one.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: busybox
        command: ["sleep", "infinity"]
EOF
daemonset.apps/agent created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   3         3         3       3            3           <none>          2s

$ kubectl get pods -l app=agent -o wide
NAME          READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
agent-956rh   1/1     Running   0          2s    10.244.2.3   kubeplay-worker2   <none>           <none>
agent-g46q7   1/1     Running   0          2s    10.244.3.2   kubeplay-worker3   <none>           <none>
agent-sgkwf   1/1     Running   0          2s    10.244.1.2   kubeplay-worker    <none>           <none>

$ sim node add kubeplay-worker4 --label disk=ssd
node kubeplay-worker4 added

$ sim settle
settled after 31 steps and 2s of virtual time

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   4         4         4       4            4           <none>          4s

$ kubectl get pods -l app=agent -o wide
NAME          READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
agent-956rh   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
agent-9g7ff   1/1     Running   0          2s    10.244.4.2   kubeplay-worker4   <none>           <none>
agent-g46q7   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
agent-sgkwf   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ sim node add kubeplay-worker4
error: node "kubeplay-worker4" already exists
