# NoSchedule keeps new pods off a node; NoExecute evicts running pods that
# do not tolerate it (after tolerationSeconds when they set it).
$ kubectl taint node kubeplay-worker dedicated=gpu:NoSchedule
node/kubeplay-worker tainted

$ kubectl create deployment web --image=nginx --replicas=4
deployment.apps/web created

$ sim settle
settled after 34 steps and 7s of virtual time

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2bcp5   1/1     Running   0          7s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          7s    10.244.3.3   kubeplay-worker3   <none>           <none>
web-797596b896-cjdrv   1/1     Running   0          7s    10.244.2.4   kubeplay-worker2   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          7s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: patient
spec:
  nodeName: kubeplay-worker2
  tolerations:
  - key: maintenance
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 60
  containers:
  - name: nginx
    image: nginx
EOF
pod/patient created

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl taint node kubeplay-worker2 maintenance=now:NoExecute
node/kubeplay-worker2 tainted

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:16Z (66 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
patient                1/1     Running   0          7s    10.244.2.5   kubeplay-worker2   <none>           <none>
web-797596b896-2jj9z   1/1     Running   0          14s   10.244.3.3   kubeplay-worker3   <none>           <none>
web-797596b896-6ntrw   1/1     Running   0          5s    10.244.3.4   kubeplay-worker3   <none>           <none>
web-797596b896-cqjng   1/1     Running   0          5s    10.244.3.5   kubeplay-worker3   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          14s   10.244.3.2   kubeplay-worker3   <none>           <none>

$ sim advance 60s
advanced 60s to 2025-01-01T00:01:16Z (4 steps ran)

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-2jj9z   1/1     Running   0          74s   10.244.3.3   kubeplay-worker3   <none>           <none>
web-797596b896-6ntrw   1/1     Running   0          65s   10.244.3.4   kubeplay-worker3   <none>           <none>
web-797596b896-cqjng   1/1     Running   0          65s   10.244.3.5   kubeplay-worker3   <none>           <none>
web-797596b896-jjhv7   1/1     Running   0          74s   10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    4/4     4            4           74s
