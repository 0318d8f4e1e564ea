# alijahnas/CKA-practice-exercises, storage.md, each exercise's commands
# in order. `sim settle` stands for the seconds a learner waits.

# A pod mounting a hostPath directory. The page makes the directory and
# its file on the node it is logged into, from /home/ubuntu; this
# terminal is not a node (it has no /home/ubuntu), so the file is made
# from the pod, in the node's directory the volume is.
$ cat <<EOF > pv-pod.yml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: pv-pod
  name: pv-pod
spec:
  containers:
  - image: busybox:latest
    name: pv-pod
    args:
      - sleep
      - "3600"
    volumeMounts:
    - name: data
      mountPath: "/data"
  volumes:
  - name: data
    hostPath:
      path: "/home/ubuntu/data/"
EOF

$ mkdir /home/ubuntu/data
mkdir: cannot create directory ‘/home/ubuntu/data’: No such file or directory

$ touch data/file
touch: cannot touch ‘data/file’: No such file or directory

$ kubectl apply -f pv-pod.yml
pod/pv-pod created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec pv-pod -- ls /data

$ kubectl exec pv-pod -- touch /data/file

$ kubectl exec pv-pod -- ls /data
file

# A PersistentVolume on a hostPath, a claim for it, and pods using the
# claim: a file written by the first pod outlives it.
$ cat <<EOF > pv-data.yml
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-data
spec:
  storageClassName: "local"
  capacity:
    storage: 1Gi
  accessModes:
    - ReadWriteOnce
  hostPath:
    path: "/home/ubuntu/data"

EOF

$ cat <<EOF > pvc-data.yml
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: pvc-data
spec:
  storageClassName: "local"
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi

EOF

$ cat <<EOF > pvc-pod.yml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: pvc-pod
  name: pvc-pod
spec:
  containers:
  - image: busybox:latest
    name: pvc-pod
    args:
      - sleep
      - "3600"
    volumeMounts:
    - name: data
      mountPath: "/data"
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: pvc-data

EOF

$ kubectl apply -f pv-data.yml
persistentvolume/pv-data created

$ kubectl apply -f pvc-data.yml
persistentvolumeclaim/pvc-data created

$ kubectl apply -f pvc-pod.yml
pod/pvc-pod created

$ sim settle
settled after 9 steps and 2s of virtual time

# v1.32 adds the VOLUMEATTRIBUTESCLASS column the page's older kubectl
# lacks.
$ kubectl get pv
NAME      CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM              STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv-data   1Gi        RWO            Retain           Bound    default/pvc-data   local          <unset>                          2s

$ kubectl get pvc
NAME       STATUS   VOLUME    CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
pvc-data   Bound    pv-data   1Gi        RWO            local          <unset>                 2s

# A hostPath volume is the directory of whichever node the pod runs on:
# pvc-pod landed on another node than pv-pod, whose file is not here.
$ kubectl get pods -o wide
NAME      READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
pv-pod    1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
pvc-pod   1/1     Running   0          2s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl exec pvc-pod -- ls /data/

$ kubectl exec pvc-pod -- touch /data/file2

$ kubectl delete -f pvc-pod.yml
pod "pvc-pod" deleted

# Copy the pvc-pod.yml and change the name of the pod to pvc-pod-2.
$ sed 's/pvc-pod$/pvc-pod-2/' pvc-pod.yml > pvc-pod-2.yml

$ kubectl apply -f pvc-pod-2.yml
pod/pvc-pod-2 created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME        READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
pv-pod      1/1     Running   0          36s   10.244.3.2   kubeplay-worker3   <none>           <none>
pvc-pod-2   1/1     Running   0          2s    10.244.1.3   kubeplay-worker    <none>           <none>

$ kubectl exec pvc-pod-2 -- ls /data/
file2
