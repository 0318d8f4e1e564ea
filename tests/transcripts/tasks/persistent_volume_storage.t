# kubernetes.io's "Configure a Pod to Use a PersistentVolume for Storage",
# line by line. The page opens a shell on minikube's one node; this
# cluster is kind-shaped, so the node's shell is a node debugging pod
# (the node's files under /host) on kubeplay-worker, and the page's pod
# gets a nodeSelector for that node: with three workers it could land on
# another one, whose /mnt/data would be empty.
$ minikube ssh
(playground) there is no minikube node to ssh into: the cluster is kind-shaped, not minikube; kubectl debug node/kubeplay-worker -it --image=busybox opens a shell on a node, with the node's files under /host

$ kubectl debug node/kubeplay-worker -it --image=busybox
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-n5tjb with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ mkdir /host/mnt/data

$ echo 'Hello from Kubernetes storage' > /host/mnt/data/index.html

$ cat /host/mnt/data/index.html
Hello from Kubernetes storage

$ exit

# pods/storage/pv-volume.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: PersistentVolume
metadata:
  name: task-pv-volume
  labels:
    type: local
spec:
  storageClassName: manual
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
  hostPath:
    path: "/mnt/data"
EOF
persistentvolume/task-pv-volume created

# The PersistentVolume controller marks a new volume Available at once;
# here that takes a step of the simulation.
$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl get pv task-pv-volume
NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
task-pv-volume   10Gi       RWO            Retain           Available           manual         <unset>                          2s

# pods/storage/pv-claim.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: task-pv-claim
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 3Gi
EOF
persistentvolumeclaim/task-pv-claim created

# The control plane binds the claim to the volume a moment later.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv task-pv-volume
NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
task-pv-volume   10Gi       RWO            Retain           Bound    default/task-pv-claim   manual         <unset>                          2s

$ kubectl get pvc task-pv-claim
NAME            STATUS   VOLUME           CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
task-pv-claim   Bound    task-pv-volume   10Gi       RWO            manual         <unset>                 0s

# pods/storage/pv-pod.yaml (with the nodeSelector, see above)
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: task-pv-pod
spec:
  nodeSelector:
    kubernetes.io/hostname: kubeplay-worker
  volumes:
    - name: task-pv-storage
      persistentVolumeClaim:
        claimName: task-pv-claim
  containers:
    - name: task-pv-container
      image: nginx
      ports:
        - containerPort: 80
          name: "http-server"
      volumeMounts:
        - mountPath: "/usr/share/nginx/html"
          name: task-pv-storage
EOF
pod/task-pv-pod created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl get pod task-pv-pod
NAME          READY   STATUS    RESTARTS   AGE
task-pv-pod   1/1     Running   0          4s

$ kubectl exec -it task-pv-pod -- /bin/bash

# Be sure to run these 3 commands inside the root shell that comes from
# running "kubectl exec" in the previous step.
$ apt update
Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]
Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]
Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [13.5 kB]
Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [246 kB]
Fetched 9306 kB in 1s (7038 kB/s)
Reading package lists... Done

$ apt install curl
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
curl is already the newest version (7.88.1-10+deb12u12).
0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.

# nginx serves the node's /mnt/data: the file written on the node.
$ curl http://localhost/
Hello from Kubernetes storage

$ ls /usr/share/nginx/html
index.html

$ exit
exit

# Clean up.
$ kubectl delete pod task-pv-pod
pod "task-pv-pod" deleted

$ kubectl delete pvc task-pv-claim
persistentvolumeclaim "task-pv-claim" deleted

$ kubectl delete pv task-pv-volume
persistentvolume "task-pv-volume" deleted

$ kubectl debug node/kubeplay-worker -it --image=busybox
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-sn96l with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ rm /host/mnt/data/index.html

# The page's `sudo rmdir`: the debugging pod runs as root. rmdir
# refuses a directory that is not empty.
$ rmdir /host/mnt
rmdir: '/host/mnt': Directory not empty

$ rmdir /host/mnt/data

$ ls /host/mnt

$ exit
