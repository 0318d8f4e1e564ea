# kubernetes.io's "Concepts → Storage → Persistent Volumes", line by line,
# on the playground's kind cluster (its default StorageClass `standard`
# provisions rancher.io/local-path volumes when a pod needs the claim).
# Transcripts never download: the page's manifests are here-documents.
#
# A statically provisioned volume, as on the page (nfs here is only a
# source the playground records; nothing mounts it).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv0003
spec:
  capacity:
    storage: 5Gi
  volumeMode: Filesystem
  accessModes:
    - ReadWriteOnce
  persistentVolumeReclaimPolicy: Recycle
  storageClassName: slow
  mountOptions:
    - hard
    - nfsvers=4.1
  nfs:
    path: /tmp
    server: 172.17.0.2
EOF
persistentvolume/pv0003 created

# Pending until the volume controller first sees it.
$ kubectl get pv
NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS    CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv0003   5Gi        RWO            Recycle          Pending           slow           <unset>                          0s

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pv
NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv0003   5Gi        RWO            Recycle          Available           slow           <unset>                          0s

# The claim of the page, bound to the volume because the class and size fit.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: myclaim
spec:
  accessModes:
    - ReadWriteOnce
  volumeMode: Filesystem
  resources:
    requests:
      storage: 4Gi
  storageClassName: slow
EOF
persistentvolumeclaim/myclaim created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv
NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM             STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv0003   5Gi        RWO            Recycle          Bound    default/myclaim   slow           <unset>                          0s

$ kubectl get pvc
NAME      STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
myclaim   Bound    pv0003   5Gi        RWO            slow           <unset>                 0s

# Storage Object in Use Protection: both carry a protection finalizer.
$ kubectl describe pvc myclaim
Name:          myclaim
Namespace:     default
StorageClass:  slow
Status:        Bound
Volume:        pv0003
Labels:        <none>
Annotations:   pv.kubernetes.io/bind-completed: yes
               pv.kubernetes.io/bound-by-controller: yes
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      5Gi
Access Modes:  RWO
VolumeMode:    Filesystem
Used By:       <none>
Events:        <none>

$ kubectl describe pv pv0003
Name:            pv0003
Labels:          <none>
Annotations:     pv.kubernetes.io/bound-by-controller: yes
Finalizers:      [kubernetes.io/pv-protection]
StorageClass:    slow
Status:          Bound
Claim:           default/myclaim
Reclaim Policy:  Recycle
Access Modes:    RWO
VolumeMode:      Filesystem
Capacity:        5Gi
Node Affinity:   <none>
Message:
Source:
    Type:      NFS (an NFS mount that lasts the lifetime of a pod)
    Server:    172.17.0.2
    Path:      /tmp
    ReadOnly:  false
Events:        <none>

# A pod uses the claim as a volume.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mypod
spec:
  containers:
    - name: myfrontend
      image: nginx
      volumeMounts:
      - mountPath: "/var/www/html"
        name: mypd
  volumes:
    - name: mypd
      persistentVolumeClaim:
        claimName: myclaim
EOF
pod/mypod created

$ sim settle
settled after 6 steps and 4s of virtual time

# Deleting a claim in use: it stays, Terminating, until the pod is gone.
$ kubectl delete pvc myclaim --wait=false
persistentvolumeclaim "myclaim" deleted

$ kubectl get pvc
NAME      STATUS        VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
myclaim   Terminating   pv0003   5Gi        RWO            slow           <unset>                 4s

$ kubectl describe pvc myclaim | grep -E '^(Status|Finalizers|Used By)'
Status:        Terminating (lasts 0s)
Finalizers:    [kubernetes.io/pvc-protection]
Used By:       mypod

$ kubectl delete pod mypod
pod "mypod" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

# The claim is gone and the volume Released. Recycle is deprecated: a
# real cluster would run a recycler pod to scrub the NFS share (and fail
# here, as nothing serves 172.17.0.2); the playground runs no recycler,
# so the volume stays Released.
$ kubectl get pvc
No resources found in default namespace.

$ kubectl get pv
NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM             STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv0003   5Gi        RWO            Recycle          Released   default/myclaim   slow           <unset>                          4s

# Retain: a released volume keeps its data and its claimRef.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: retained
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany"]
  persistentVolumeReclaimPolicy: Retain
  storageClassName: manual
  hostPath:
    path: /mnt/data
EOF
persistentvolume/retained created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: keep
spec:
  accessModes: ["ReadWriteMany"]
  storageClassName: manual
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/keep created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pv retained
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
retained   1Gi        RWO,ROX,RWX    Retain           Bound    default/keep   manual         <unset>                          0s

$ kubectl delete pvc keep
persistentvolumeclaim "keep" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pv retained
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
retained   1Gi        RWO,ROX,RWX    Retain           Released   default/keep   manual         <unset>                          0s

# Deleting a volume that is still bound waits for its claim.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: bound-pv
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOncePod"]
  storageClassName: manual2
  hostPath:
    path: /mnt/other
EOF
persistentvolume/bound-pv created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: single
spec:
  accessModes: ["ReadWriteOncePod"]
  storageClassName: manual2
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/single created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl delete pv bound-pv --wait=false
persistentvolume "bound-pv" deleted

$ kubectl get pv bound-pv
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS        CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
bound-pv   1Gi        RWOP           Retain           Terminating   default/single   manual2        <unset>                          0s

$ kubectl delete pvc single
persistentvolumeclaim "single" deleted

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv bound-pv
Error from server (NotFound): persistentvolumes "bound-pv" not found

# Dynamic provisioning by the default class: the claim waits for its first
# consumer (WaitForFirstConsumer), then gets a volume with policy Delete.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: dynamic
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/dynamic created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pvc dynamic
NAME      STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
dynamic   Pending                                      standard       <unset>                 0s

$ kubectl describe pvc dynamic | tail -4
Events:
  Type    Reason                Age   From                         Message
  ----    ------                ----  ----                         -------
  Normal  WaitForFirstConsumer  0s    persistentvolume-controller  waiting for first consumer to be created before binding

$ kubectl run consumer --image=nginx --overrides='{"spec":{"volumes":[{"name":"d","persistentVolumeClaim":{"claimName":"dynamic"}}],"containers":[{"name":"consumer","image":"nginx","volumeMounts":[{"name":"d","mountPath":"/data"}]}]}}'
pod/consumer created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl get pvc dynamic
NAME      STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
dynamic   Bound    pvc-fb465872-256b-4f44-b4c6-2df7bb1f834c   1Gi        RWO            standard       <unset>                 2s

# Expanding a claim needs allowVolumeExpansion on its class; kind's
# standard class does not set it.
$ kubectl patch pvc dynamic -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'
Error from server (Forbidden): persistentvolumeclaims "dynamic" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize

# Shrinking is never allowed.
$ kubectl patch pvc dynamic -p '{"spec":{"resources":{"requests":{"storage":"500Mi"}}}}'
The PersistentVolumeClaim "dynamic" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity

# Raw block volumes.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: block-pv
spec:
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
  volumeMode: Block
  persistentVolumeReclaimPolicy: Retain
  storageClassName: block
  local:
    path: /dev/xvdf
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values:
          - kubeplay-worker
EOF
persistentvolume/block-pv created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: block-pvc
spec:
  accessModes:
    - ReadWriteOnce
  volumeMode: Block
  storageClassName: block
  resources:
    requests:
      storage: 10Gi
EOF
persistentvolumeclaim/block-pvc created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pv block-pv -o wide
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM               STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE   VOLUMEMODE
block-pv   10Gi       RWO            Retain           Bound    default/block-pvc   block          <unset>                          0s    Block

$ kubectl get pvc block-pvc -o wide
NAME        STATUS   VOLUME     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE   VOLUMEMODE
block-pvc   Bound    block-pv   10Gi       RWO            block          <unset>                 0s    Block

# The claim's mode is immutable.
$ kubectl patch pvc block-pvc -p '{"spec":{"volumeMode":"Filesystem"}}'
The PersistentVolumeClaim "block-pvc" is invalid:
* spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims
  core.PersistentVolumeClaimSpec{
- 	volumeMode: "Block"
+ 	volumeMode: "Filesystem"
  }

* volumeMode: Invalid value: "Filesystem": field is immutable

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM               STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
block-pv                                   10Gi       RWO            Retain           Bound      default/block-pvc   block          <unset>                          0s
pv0003                                     5Gi        RWO            Recycle          Released   default/myclaim     slow           <unset>                          6s
pvc-fb465872-256b-4f44-b4c6-2df7bb1f834c   1Gi        RWO            Delete           Bound      default/dynamic     standard       <unset>                          2s
retained                                   1Gi        RWO,ROX,RWX    Retain           Released   default/keep        manual         <unset>                          2s
