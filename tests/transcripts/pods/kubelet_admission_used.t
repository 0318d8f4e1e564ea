# Admission counts the requests of the pods the kubelet already runs: a
# second pod bound by hand finds 700m of the node's 1000m in use, the first
# pod's 600m and the 100m of kindnet, the DaemonSet pod every kind node runs.
$ sim node add small --cpu 1
node small added

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: first
spec:
  nodeName: small
  containers:
  - name: main
    image: nginx:1.25
    resources:
      requests:
        cpu: 600m
EOF
pod/first created

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: second
spec:
  nodeName: small
  containers:
  - name: main
    image: nginx:1.25
    resources:
      requests:
        cpu: 500m
        memory: 100Mi
EOF
pod/second created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pods -o wide
NAME     READY   STATUS     RESTARTS   AGE   IP           NODE    NOMINATED NODE   READINESS GATES
first    1/1     Running    0          4s    10.244.4.2   small   <none>           <none>
second   0/1     OutOfcpu   0          0s    <none>       small   <none>           <none>

$ kubectl get pod second -o jsonpath='{.status.message}{"\n"}'
Pod was rejected: Node didn't have enough resource: cpu, requested: 500, used: 700, capacity: 1000
