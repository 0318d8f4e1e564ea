# dgkanatsios/CKAD-exercises, g.state.md.

# Define volumes
# Create a two container busybox pod, each busybox will run the 'sleep
# 3600' command. Make both pods mount an emptyDir at '/etc/foo'. Connect
# to the second busybox, write the first column of '/etc/passwd' file to
# '/etc/foo/passwd'. Connect to the first busybox and write
# '/etc/foo/passwd' file to standard output. Delete pod.
$ kubectl run busybox --image=busybox --restart=Never -o yaml --dry-run -- /bin/sh -c 'sleep 3600' > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

# The exercise's YAML as printed: its last two lines, indented under
# `status: {}`, are not YAML.
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  dnsPolicy: ClusterFirst
  restartPolicy: Never
  containers:
  - args:
    - /bin/sh
    - -c
    - sleep 3600
    image: busybox
    imagePullPolicy: IfNotPresent
    name: busybox
    resources: {}
    volumeMounts: #
    - name: myvolume #
      mountPath: /etc/foo #
  - args:
    - /bin/sh
    - -c
    - sleep 3600
    image: busybox
    name: busybox2 # don't forget to change the name during copy paste!!!
    volumeMounts: #
    - name: myvolume #
      mountPath: /etc/foo #
  volumes: #
  - name: myvolume #
    emptyDir: {} #
status: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
EOF

$ kubectl create -f pod.yaml
error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 35: did not find expected key
(playground) at document 1, line 36, column 3

# Without them.
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  dnsPolicy: ClusterFirst
  restartPolicy: Never
  containers:
  - args:
    - /bin/sh
    - -c
    - sleep 3600
    image: busybox
    imagePullPolicy: IfNotPresent
    name: busybox
    resources: {}
    volumeMounts: #
    - name: myvolume #
      mountPath: /etc/foo #
  - args:
    - /bin/sh
    - -c
    - sleep 3600
    image: busybox
    name: busybox2 # don't forget to change the name during copy paste!!!
    volumeMounts: #
    - name: myvolume #
      mountPath: /etc/foo #
  volumes: #
  - name: myvolume #
    emptyDir: {} #
status: {}
EOF

$ kubectl create -f pod.yaml
pod/busybox created

$ kubectl wait --for=condition=Ready pod/busybox
pod/busybox condition met

# Connect to the second container
$ kubectl exec -it busybox -c busybox2 -- /bin/sh

$ cat /etc/passwd | cut -f 1 -d ':' > /etc/foo/passwd

$ cat /etc/foo/passwd
root
daemon
bin
sys
sync
mail
www-data
operator
nobody

$ exit

# Connect to the first container
$ kubectl exec -it busybox -c busybox -- /bin/sh

$ mount | grep foo
/dev/sda1 on /etc/foo type ext4 (rw,relatime)

$ cat /etc/foo/passwd
root
daemon
bin
sys
sync
mail
www-data
operator
nobody

$ exit

$ kubectl delete po busybox
pod "busybox" deleted

# Create a PersistentVolume of 20GB, called 'myvolume' accessMode
# 'ReadWriteOnce' and 'ReadWriteMany', storageClassName 'normal' on
# hostPath '/etc/foo'. Save it on pv.yaml, add it to the cluster. Show the
# PersistentVolumes residing on the cluster (the exercise's YAML says 10Gi)
$ cat <<EOF > pv.yaml
kind: PersistentVolume
apiVersion: v1
metadata:
  name: myvolume
spec:
  storageClassName: normal
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
    - ReadWriteMany
  hostPath:
    path: /etc/foo
EOF

$ kubectl create -f pv.yaml
persistentvolume/myvolume created

$ kubectl get pv
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS    CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
myvolume   10Gi       RWO,RWX        Retain           Pending           normal         <unset>                          0s

# Create a PersistentVolumeClaim for this storage class, called mypvc, a
# request of 4GB and save it on pvc.yaml. The exercise's claim asks for
# class "manual", which no volume and no StorageClass has: it stays
# Pending, not Bound as the exercise says.
$ cat <<EOF > pvc.yaml
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: mypvc
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 4Gi
EOF

$ kubectl create -f pvc.yaml
persistentvolumeclaim/mypvc created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pvc
NAME    STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
mypvc   Pending                                      manual         <unset>                 0s

$ kubectl get pv
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
myvolume   10Gi       RWO,RWX        Retain           Available           normal         <unset>                          0s

$ kubectl describe pvc mypvc | tail -4
Events:
  Type     Reason              Age   From                         Message
  ----     ------              ----  ----                         -------
  Warning  ProvisioningFailed  0s    persistentvolume-controller  storageclass.storage.k8s.io "manual" not found

# With the volume's class "normal" it binds.
$ kubectl delete pvc mypvc
persistentvolumeclaim "mypvc" deleted

$ sed -i 's/storageClassName: manual/storageClassName: normal/' pvc.yaml

$ kubectl create -f pvc.yaml
persistentvolumeclaim/mypvc created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pvc
NAME    STATUS   VOLUME     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
mypvc   Bound    myvolume   10Gi       RWO,RWX        normal         <unset>                 0s

$ kubectl get pv
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM           STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
myvolume   10Gi       RWO,RWX        Retain           Bound    default/mypvc   normal         <unset>                          0s

# Create a busybox pod with command 'sleep 3600', save it on pod.yaml.
# Mount the PersistentVolumeClaim to '/etc/foo'. Connect to the 'busybox'
# pod, and copy the '/etc/passwd' file to '/etc/foo'.
$ kubectl run busybox --image=busybox --restart=Never -o yaml --dry-run -- /bin/sh -c 'sleep 3600' > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

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
    - sleep 3600
    image: busybox
    imagePullPolicy: IfNotPresent
    name: busybox
    resources: {}
    volumeMounts: #
    - name: myvolume #
      mountPath: /etc/foo #
  dnsPolicy: ClusterFirst
  restartPolicy: Never
  volumes: #
  - name: myvolume #
    persistentVolumeClaim: #
      claimName: mypvc #
status: {}
EOF

$ kubectl create -f pod.yaml
pod/busybox created

$ kubectl wait --for=condition=Ready pod/busybox
pod/busybox condition met

$ kubectl exec busybox -it -- cp /etc/passwd /etc/foo/passwd

# Create a second pod which is identical with the one you just created.
# Connect to it and verify that '/etc/foo' contains the 'passwd' file.
# Delete pods to cleanup
$ sed -i 's/^  name: busybox$/  name: busybox2/' pod.yaml

$ kubectl create -f pod.yaml
pod/busybox2 created

$ kubectl wait --for=condition=Ready pod/busybox2
pod/busybox2 condition met

$ kubectl get po -o wide
NAME       READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
busybox    1/1     Running   0          4s    10.244.3.3   kubeplay-worker3   <none>           <none>
busybox2   1/1     Running   0          2s    10.244.1.2   kubeplay-worker    <none>           <none>

# The exercise expects 'passwd' on a one-node cluster. kind's three
# workers may put busybox2 on another node, whose /etc/foo (the volume is
# a hostPath) is empty, as here.
$ kubectl exec busybox2 -- ls /etc/foo

$ kubectl exec busybox -- ls /etc/foo
passwd

$ kubectl delete po busybox busybox2
pod "busybox" deleted
pod "busybox2" deleted

# Create a busybox pod with 'sleep 3600' as arguments. Copy '/etc/passwd'
# from the pod to your local folder. With "." for the destination kubectl
# writes the file to that path, a directory: name the file.
$ kubectl run busybox --image=busybox --restart=Never -- sleep 3600
pod/busybox created

$ kubectl wait --for=condition=Ready pod/busybox
pod/busybox condition met

$ kubectl cp busybox:/etc/passwd .
tar: removing leading '/' from member names
error: open .: is a directory

$ cat passwd
cat: passwd: No such file or directory

$ kubectl cp busybox:/etc/passwd passwd
tar: removing leading '/' from member names

$ cat passwd
root:x:0:0:root:/root:/bin/sh
daemon:x:1:1:daemon:/usr/sbin:/bin/false
bin:x:2:2:bin:/bin:/bin/false
sys:x:3:3:sys:/dev:/bin/false
sync:x:4:100:sync:/bin:/bin/sync
mail:x:8:8:mail:/var/spool/mail:/bin/false
www-data:x:33:33:www-data:/var/www:/bin/false
operator:x:37:37:Operator:/var:/bin/false
nobody:x:65534:65534:nobody:/home:/bin/false
