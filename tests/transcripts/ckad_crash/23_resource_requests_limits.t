# bmuschko/ckad-crash-course, exercises/23-resource-requests-limits (the
# course's later numbering), the solution's commands in order; pod.yaml
# is the solution's file. The image is the course's own Node.js app;
# nothing here needs what it runs.
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: hello
spec:
  containers:
  - image: bmuschko/nodejs-hello-world:1.0.0
    name: hello
    ports:
    - name: nodejs-port
      containerPort: 3000
    volumeMounts:
    - name: log-volume
      mountPath: "/var/log"
    resources:
      requests:
        cpu: 100m
        memory: 500Mi
        ephemeral-storage: 1Gi
      limits:
        memory: 500Mi
        ephemeral-storage: 2Gi
  volumes:
  - name: log-volume
    emptyDir: {}
EOF

$ kubectl apply -f pod.yaml
pod/hello created

# kind's nodes here: one control plane and three workers (the solution's
# minikube had two).
$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

$ sim settle
settled after 5 steps and 14s of virtual time

$ kubectl get pod hello -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
hello   1/1     Running   0          14s   10.244.3.2   kubeplay-worker3   <none>           <none>

# The solution's "memory: 500M" request is a typo for the manifest's 500Mi.
$ kubectl describe pod hello | grep -A7 Limits:
    Limits:
      ephemeral-storage:  2Gi
      memory:             500Mi
    Requests:
      cpu:                100m
      ephemeral-storage:  1Gi
      memory:             500Mi
    Environment:          <none>
