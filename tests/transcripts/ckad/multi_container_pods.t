# dgkanatsios/CKAD-exercises, b.multi_container_pods.md.

# Create a Pod with two containers, both with image busybox and command
# "echo hello; sleep 3600". Connect to the second container and run 'ls'.
# v1.32 takes the bare --dry-run as client, with its warning.
$ kubectl run busybox --image=busybox --restart=Never -o yaml --dry-run -- /bin/sh -c 'echo hello;sleep 3600' > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  containers:
  - args:
    - /bin/sh
    - -c
    - echo hello;sleep 3600
    image: busybox
    name: busybox
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}

# The exercise's YAML as printed: the second container repeats the name
# and asks for an image "busybox2".
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  containers:
  - args:
    - /bin/sh
    - -c
    - echo hello;sleep 3600
    image: busybox
    imagePullPolicy: IfNotPresent
    name: busybox
    resources: {}
  - args:
    - /bin/sh
    - -c
    - echo hello;sleep 3600
    image: busybox2
    name: busybox
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
The Pod "busybox" is invalid: spec.containers[1].name: Duplicate value: "busybox"

# What the exercise means: a second container named busybox2.
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  containers:
  - args:
    - /bin/sh
    - -c
    - echo hello;sleep 3600
    image: busybox
    imagePullPolicy: IfNotPresent
    name: busybox
    resources: {}
  - args:
    - /bin/sh
    - -c
    - echo hello;sleep 3600
    image: busybox
    name: busybox2
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/busybox created

$ kubectl exec -it busybox -c busybox2 -- /bin/sh
Error from server (BadRequest): pod busybox does not have a host assigned

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec -it busybox -c busybox2 -- /bin/sh

$ ls
bin    etc    lib    proc   sys    usr
dev    home   lib64  root   tmp    var

$ exit

$ kubectl logs busybox -c busybox2
hello

$ kubectl logs busybox
Defaulted container "busybox" out of: busybox, busybox2
hello

$ kubectl delete po busybox
pod "busybox" deleted
