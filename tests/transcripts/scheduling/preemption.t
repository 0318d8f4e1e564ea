# A high-priority pod preempts a low-priority one when nothing else fits.
$ kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: low
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000000
EOF
priorityclass.scheduling.k8s.io/low created
priorityclass.scheduling.k8s.io/high created

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
spec:
  replicas: 3
  selector:
    matchLabels:
      app: batch
  template:
    metadata:
      labels:
        app: batch
    spec:
      priorityClassName: low
      containers:
      - name: work
        image: busybox
        command: ["sleep", "3600"]
        resources:
          requests:
            cpu: "3"
EOF
deployment.apps/batch created

$ sim settle
settled after 30 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
batch-5b56868b98-5rkn4   1/1     Running   0          2s    10.244.1.2   kubeplay-worker    <none>           <none>
batch-5b56868b98-jmbf6   1/1     Running   0          2s    10.244.3.2   kubeplay-worker3   <none>           <none>
batch-5b56868b98-rzrgs   1/1     Running   0          2s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: high
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "3"
EOF
pod/urgent created

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:06Z (8 steps ran)

$ kubectl get pod urgent -o jsonpath='{.status.nominatedNodeName}{"\n"}'
kubeplay-worker2

$ sim settle
settled after 9 steps and 32s of virtual time

$ kubectl get pods -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE     READINESS GATES
batch-5b56868b98-5n8fl   0/1     Pending   0          34s   <none>       <none>             <none>             <none>
batch-5b56868b98-5rkn4   1/1     Running   0          36s   10.244.1.2   kubeplay-worker    <none>             <none>
batch-5b56868b98-jmbf6   1/1     Running   0          36s   10.244.3.2   kubeplay-worker3   <none>             <none>
urgent                   1/1     Running   0          34s   10.244.2.4   kubeplay-worker2   kubeplay-worker2   <none>

$ kubectl get events --field-selector reason=Preempted
LAST SEEN   TYPE     REASON      OBJECT                       MESSAGE
34s         Normal   Preempted   pod/batch-5b56868b98-rzrgs   Preempted by pod 102c0e55-482b-4aa9-9947-3cafd4ae6053 on node kubeplay-worker2
