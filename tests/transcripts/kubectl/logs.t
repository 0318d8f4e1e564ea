$ kubectl run web --image=nginx:1.27.3
pod/web created

$ kubectl logs web
Error from server (BadRequest): container "web" in pod "web" is waiting to start: ContainerCreating

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hello
spec:
  containers:
  - name: main
    image: busybox
    command: ["sh", "-c", "echo hello from the playground; sleep 3600"]
  - name: sidecar
    image: busybox
    command: ["sleep", "3600"]
EOF
pod/hello created

$ kubectl logs hello
Defaulted container "main" out of: main, sidecar
Error from server (BadRequest): container "main" in pod "hello" is waiting to start: ContainerCreating

$ sim settle
settled after 11 steps and 4s of virtual time

$ kubectl logs hello
Defaulted container "main" out of: main, sidecar
hello from the playground

$ kubectl logs hello -c main
hello from the playground

$ kubectl logs hello sidecar

$ kubectl logs hello -c nope
error: container nope is not valid for pod hello

$ kubectl logs hello --previous
Defaulted container "main" out of: main, sidecar
Error from server (BadRequest): previous terminated container "main" in pod "hello" not found

$ kubectl logs hello --all-containers
hello from the playground

$ kubectl logs web --tail=1
2025/01/01 00:00:06 [notice] 1#1: start worker processes

$ kubectl logs web --tail=2 --prefix
[pod/web/web] 2025/01/01 00:00:06 [notice] 1#1: nginx/1.27.3
[pod/web/web] 2025/01/01 00:00:06 [notice] 1#1: start worker processes

$ kubectl logs nope
error: error from server (NotFound): pods "nope" not found in namespace "default"

$ kubectl logs
error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.
POD or TYPE/NAME is a required argument for the logs command
See 'kubectl logs -h' for help and examples

$ kubectl logs web -c a b
error: only one of -c or an inline [CONTAINER] arg is allowed

$ kubectl run old --image=nginx:1.14.2
pod/old created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl logs old
