# Who bound what, as the PV controller marks it (upstream pv_controller.go
# bind): pv.kubernetes.io/bound-by-controller goes on whichever side the
# controller chose, bind-completed on every bound claim.

# A claim that names its volume (spec.volumeName set by the user): the
# volume is the controller's doing, the claim is not.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-pre
spec:
  storageClassName: ""
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce", "ReadOnlyMany"]
  hostPath:
    path: /mnt/pre
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-pre
spec:
  storageClassName: ""
  volumeName: pv-pre
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolume/pv-pre created
persistentvolumeclaim/claim-pre created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pvc claim-pre
NAME        STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
claim-pre   Bound    pv-pre   1Gi        RWO,ROX                       <unset>                 0s

$ kubectl describe pvc claim-pre
Name:          claim-pre
Namespace:     default
StorageClass:
Status:        Bound
Volume:        pv-pre
Labels:        <none>
Annotations:   pv.kubernetes.io/bind-completed: yes
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      1Gi
Access Modes:  RWO,ROX
VolumeMode:    Filesystem
Used By:       <none>
Events:        <none>

$ kubectl get pv pv-pre -o jsonpath='{.metadata.annotations}{"\n"}{.spec.claimRef.name}{"\n"}'
{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolume\",\"metadata\":{\"annotations\":{},\"name\":\"pv-pre\"},\"spec\":{\"accessModes\":[\"ReadWriteOnce\",\"ReadOnlyMany\"],\"capacity\":{\"storage\":\"1Gi\"},\"hostPath\":{\"path\":\"/mnt/pre\"},\"storageClassName\":\"\"}}\n","pv.kubernetes.io/bound-by-controller":"yes"}
claim-pre

# A volume pre-bound to a claim by name (claimRef without a uid): the
# claim is the controller's doing, the volume is not.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-reserved
spec:
  storageClassName: ""
  capacity:
    storage: 5Gi
  accessModes: ["ReadWriteOnce"]
  claimRef:
    namespace: default
    name: claim-reserved
  hostPath:
    path: /mnt/reserved
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-small
spec:
  storageClassName: ""
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /mnt/small
EOF
persistentvolume/pv-reserved created
persistentvolume/pv-small created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv
NAME          CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM                    STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv-pre        1Gi        RWO,ROX        Retain           Bound       default/claim-pre                       <unset>                          0s
pv-reserved   5Gi        RWO            Retain           Available   default/claim-reserved                  <unset>                          0s
pv-small      1Gi        RWO            Retain           Available                                           <unset>                          0s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-reserved
spec:
  storageClassName: ""
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/claim-reserved created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv
NAME          CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM                    STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv-pre        1Gi        RWO,ROX        Retain           Bound       default/claim-pre                       <unset>                          0s
pv-reserved   5Gi        RWO            Retain           Bound       default/claim-reserved                  <unset>                          0s
pv-small      1Gi        RWO            Retain           Available                                           <unset>                          0s

$ kubectl get pvc claim-reserved -o jsonpath='{.metadata.annotations}{"\n"}'
{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolumeClaim\",\"metadata\":{\"annotations\":{},\"name\":\"claim-reserved\",\"namespace\":\"default\"},\"spec\":{\"accessModes\":[\"ReadWriteOnce\"],\"resources\":{\"requests\":{\"storage\":\"1Gi\"}},\"storageClassName\":\"\"}}\n","pv.kubernetes.io/bind-completed":"yes","pv.kubernetes.io/bound-by-controller":"yes"}

$ kubectl get pv pv-reserved -o jsonpath='{.metadata.annotations}{"\n"}'
{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolume\",\"metadata\":{\"annotations\":{},\"name\":\"pv-reserved\"},\"spec\":{\"accessModes\":[\"ReadWriteOnce\"],\"capacity\":{\"storage\":\"5Gi\"},\"claimRef\":{\"name\":\"claim-reserved\",\"namespace\":\"default\"},\"hostPath\":{\"path\":\"/mnt/reserved\"},\"storageClassName\":\"\"}}\n"}

# A claim asking for a volume another claim holds waits, with the reason.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-late
spec:
  storageClassName: ""
  volumeName: pv-pre
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/claim-late created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl describe pvc claim-late
Name:          claim-late
Namespace:     default
StorageClass:
Status:        Pending
Volume:        pv-pre
Labels:        <none>
Annotations:   <none>
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      0
Access Modes:
VolumeMode:    Filesystem
Used By:       <none>
Events:
  Type     Reason         Age   From                         Message
  ----     ------         ----  ----                         -------
  Warning  FailedBinding  0s    persistentvolume-controller  volume "pv-pre" already bound to a different claim.

# kind's default class: rancher.io/local-path, WaitForFirstConsumer. The
# provisioner's volume already names the claim, so only the claim is
# marked bound-by-controller; the scheduler's selected-node is on it.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-dyn
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: nginx
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: claim-dyn
EOF
persistentvolumeclaim/claim-dyn created
pod/app created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl describe pvc claim-dyn
Name:          claim-dyn
Namespace:     default
StorageClass:  standard
Status:        Bound
Volume:        pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb
Labels:        <none>
Annotations:   pv.kubernetes.io/bind-completed: yes
               pv.kubernetes.io/bound-by-controller: yes
               volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path
               volume.kubernetes.io/selected-node: kubeplay-worker3
               volume.kubernetes.io/storage-provisioner: rancher.io/local-path
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      1Gi
Access Modes:  RWO
VolumeMode:    Filesystem
Used By:       app
Events:
  Type    Reason                 Age   From                                          Message
  ----    ------                 ----  ----                                          -------
  Normal  WaitForFirstConsumer   4s    persistentvolume-controller                   waiting for first consumer to be created before binding
  Normal  ExternalProvisioning   4s    persistentvolume-controller                   Waiting for a volume to be created either by the external provisioner 'rancher.io/local-path' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.
  Normal  Provisioning           4s    rancher.io/local-path_local-path-provisioner  External provisioner is provisioning volume for claim "default/claim-dyn"
  Normal  ProvisioningSucceeded  4s    rancher.io/local-path_local-path-provisioner  Successfully provisioned volume pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb

$ kubectl get pvc claim-dyn -o yaml
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"annotations":{},"name":"claim-dyn","namespace":"default"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}
    pv.kubernetes.io/bind-completed: "yes"
    pv.kubernetes.io/bound-by-controller: "yes"
    volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path
    volume.kubernetes.io/selected-node: kubeplay-worker3
    volume.kubernetes.io/storage-provisioner: rancher.io/local-path
  creationTimestamp: "2025-01-01T00:00:02Z"
  finalizers:
  - kubernetes.io/pvc-protection
  name: claim-dyn
  namespace: default
  resourceVersion: "403"
  uid: 0f584890-f70c-4d48-a86b-2d79d5476dbb
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
  storageClassName: standard
  volumeMode: Filesystem
  volumeName: pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb
status:
  accessModes:
  - ReadWriteOnce
  capacity:
    storage: 1Gi
  phase: Bound

$ kubectl get pv pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb -o yaml
apiVersion: v1
kind: PersistentVolume
metadata:
  annotations:
    local.path.provisioner/selected-node: kubeplay-worker3
    pv.kubernetes.io/provisioned-by: rancher.io/local-path
  creationTimestamp: "2025-01-01T00:00:02Z"
  finalizers:
  - kubernetes.io/pv-protection
  name: pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb
  resourceVersion: "401"
  uid: 7e575440-333a-43c9-8260-259100c316eb
spec:
  accessModes:
  - ReadWriteOnce
  capacity:
    storage: 1Gi
  claimRef:
    apiVersion: v1
    kind: PersistentVolumeClaim
    name: claim-dyn
    namespace: default
    resourceVersion: "395"
    uid: 0f584890-f70c-4d48-a86b-2d79d5476dbb
  hostPath:
    path: /var/local-path-provisioner/pvc-0f584890-f70c-4d48-a86b-2d79d5476dbb_default_claim-dyn
    type: DirectoryOrCreate
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values:
          - kubeplay-worker3
  persistentVolumeReclaimPolicy: Delete
  storageClassName: standard
  volumeMode: Filesystem
status:
  lastPhaseTransitionTime: "2025-01-01T00:00:02Z"
  phase: Bound
