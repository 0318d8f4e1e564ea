# kubernetes.io's "Concepts → Storage → Storage Classes", line by line, on
# the playground's kind cluster, whose one StorageClass, `standard`, is the
# default (rancher.io/local-path, WaitForFirstConsumer). Transcripts never
# download: the page's manifests are here-documents.
$ kubectl get storageclass
NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

$ kubectl describe storageclass standard
Name:                  standard
IsDefaultClass:        Yes
Annotations:           storageclass.kubernetes.io/is-default-class=true
Provisioner:           rancher.io/local-path
Parameters:            <none>
AllowVolumeExpansion:  <unset>
MountOptions:          <none>
ReclaimPolicy:         Delete
VolumeBindingMode:     WaitForFirstConsumer
Events:                <none>

# The page's example class (its provisioner is a CSI driver the cluster
# does not run: claims of this class would wait forever).
$ kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: low-latency
  annotations:
    storageclass.kubernetes.io/is-default-class: "false"
provisioner: csi-driver.example-vendor.example
reclaimPolicy: Retain # default value is Delete
allowVolumeExpansion: true
mountOptions:
  - discard # this might enable UNMAP / TRIM at the block storage layer
volumeBindingMode: WaitForFirstConsumer
parameters:
  guaranteedReadWriteLatency: "true" # provider-specific
EOF
storageclass.storage.k8s.io/low-latency created

$ kubectl get storageclass
NAME                 PROVISIONER                         RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
low-latency          csi-driver.example-vendor.example   Retain          WaitForFirstConsumer   true                   0s
standard (default)   rancher.io/local-path               Delete          WaitForFirstConsumer   false                  2s

$ kubectl describe storageclass low-latency
Name:            low-latency
IsDefaultClass:  No
Annotations:     kubectl.kubernetes.io/last-applied-configuration={"allowVolumeExpansion":true,"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"false"},"name":"low-latency"},"mountOptions":["discard"],"parameters":{"guaranteedReadWriteLatency":"true"},"provisioner":"csi-driver.example-vendor.example","reclaimPolicy":"Retain","volumeBindingMode":"WaitForFirstConsumer"}
,storageclass.kubernetes.io/is-default-class=false
Provisioner:           csi-driver.example-vendor.example
Parameters:            guaranteedReadWriteLatency=true
AllowVolumeExpansion:  True
MountOptions:
  discard
ReclaimPolicy:      Retain
VolumeBindingMode:  WaitForFirstConsumer
Events:             <none>

# Only allowVolumeExpansion (and metadata) may change.
$ kubectl patch storageclass low-latency -p '{"reclaimPolicy":"Delete"}'
The StorageClass "low-latency" is invalid: reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.

$ kubectl patch storageclass low-latency -p '{"allowVolumeExpansion":false}'
storageclass.storage.k8s.io/low-latency patched

# Local volumes: no provisioner, and WaitForFirstConsumer.
$ kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local-storage
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
EOF
storageclass.storage.k8s.io/local-storage created

$ kubectl get sc local-storage
NAME            PROVISIONER                    RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
local-storage   kubernetes.io/no-provisioner   Delete          WaitForFirstConsumer   false                  0s

# Changing the default: mark standard as not default and another one as
# the default.
$ kubectl patch storageclass standard -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"false"}}}'
storageclass.storage.k8s.io/standard patched

$ kubectl patch storageclass low-latency -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}'
storageclass.storage.k8s.io/low-latency patched

$ kubectl get storageclass
NAME                    PROVISIONER                         RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
local-storage           kubernetes.io/no-provisioner        Delete          WaitForFirstConsumer   false                  0s
low-latency (default)   csi-driver.example-vendor.example   Retain          WaitForFirstConsumer   false                  0s
standard                rancher.io/local-path               Delete          WaitForFirstConsumer   false                  2s

# A claim without a class now gets low-latency.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim1
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/claim1 created

$ kubectl get pvc claim1
NAME     STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
claim1   Pending                                      low-latency    <unset>                 0s

# An invalid reclaim policy or binding mode is refused.
$ kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: bad
provisioner: example.com/x
reclaimPolicy: Recycle
volumeBindingMode: Later
EOF
The StorageClass "bad" is invalid:
* reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"
* volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"
