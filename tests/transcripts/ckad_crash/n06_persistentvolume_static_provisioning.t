# bmuschko/ckad-crash-course, exercises/06-persistentvolume-static-provisioning
# (the course's newest numbering), the solution's commands in order; the
# manifests are the solution's, written with here-documents.
$ cat <<'EOF' > pv.yaml
kind: PersistentVolume
apiVersion: v1
metadata:
  name: pv
spec:
  capacity:
    storage: 512Mi
  accessModes:
    - ReadWriteMany
  hostPath:
    path: /data/config
EOF

$ kubectl create -f pv.yaml
persistentvolume/pv created

$ sim settle
settled after 1 steps and 0s of virtual time

# v1.32 prints VOLUMEATTRIBUTESCLASS where the solution's older kubectl
# printed REASON; kind's default StorageClass does not apply to a PV.
$ kubectl get pv
NAME   CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv     512Mi      RWX            Retain           Available                          <unset>                          0s

$ cat <<'EOF' > pvc.yaml
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: pvc
spec:
  accessModes:
    - ReadWriteMany
  storageClassName: ""
  resources:
    requests:
      storage: 256Mi
EOF

$ kubectl create -f pvc.yaml
persistentvolumeclaim/pvc created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pvc
NAME   STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
pvc    Bound    pv       512Mi      RWX                           <unset>                 0s

$ cat <<'EOF' > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - image: nginx:1.21.6
    name: app
    volumeMounts:
    - mountPath: "/data/app/config"
      name: configpvc
  volumes:
  - name: configpvc
    persistentVolumeClaim:
      claimName: pvc
  restartPolicy: Never
EOF

$ kubectl create -f pod.yaml
pod/app created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl exec app -it -- /bin/sh

$ cd /data/app/config

$ ls -l
total 0

$ touch test.txt

$ ls -l
total 0
-rw-r--r-- 1 root root 0 Jan  1 00:00 test.txt

$ exit
