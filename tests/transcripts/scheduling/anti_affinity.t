# Required anti-affinity on hostname: 4 replicas, 3 schedulable workers ⇒
# one stays Pending.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: spread
spec:
  replicas: 4
  selector:
    matchLabels:
      app: spread
  template:
    metadata:
      labels:
        app: spread
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchLabels:
                app: spread
            topologyKey: kubernetes.io/hostname
      containers:
      - name: nginx
        image: nginx
EOF
deployment.apps/spread created

$ sim settle
settled after 28 steps and 4s of virtual time

$ kubectl get pods -o wide
NAME                      READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
spread-68d76c88c4-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
spread-68d76c88c4-2jj9z   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>
spread-68d76c88c4-cjdrv   0/1     Pending   0          4s    <none>       <none>             <none>           <none>
spread-68d76c88c4-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl get events --field-selector reason=FailedScheduling
LAST SEEN   TYPE      REASON             OBJECT                        MESSAGE
4s          Warning   FailedScheduling   pod/spread-68d76c88c4-cjdrv   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
