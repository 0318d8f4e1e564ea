# Change the default StorageClass (kubernetes.io task). kind installs one
# class, `standard` (local-path-provisioner), marked default; the page's
# `gold` class is made here with the same provisioner. The table has
# v1.32's columns, not the page's three.
$ kubectl get storageclass
NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

$ kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: gold
provisioner: rancher.io/local-path
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
EOF
storageclass.storage.k8s.io/gold created

$ kubectl get storageclass
NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
gold                 rancher.io/local-path   Delete          WaitForFirstConsumer   false                  0s
standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

$ kubectl patch storageclass standard -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"false"}}}'
storageclass.storage.k8s.io/standard patched

# No default class: a claim without storageClassName gets none, and waits
# for a PersistentVolume without a class.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: no-class
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/no-class created

$ kubectl get pvc no-class
NAME       STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
no-class   Pending                                                     <unset>                 0s

$ kubectl patch storageclass gold -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}'
storageclass.storage.k8s.io/gold patched

$ kubectl get storageclass
NAME             PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
gold (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  0s
standard         rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

# The page says a claim without a class cannot be created while two
# classes are default; since v1.26 the API server picks the newest
# default class instead (gold, made after standard).
$ kubectl patch storageclass standard -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}'
storageclass.storage.k8s.io/standard patched

$ kubectl get storageclass
NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
gold (default)       rancher.io/local-path   Delete          WaitForFirstConsumer   false                  0s
standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim1
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/claim1 created

$ kubectl get pvc claim1 -o jsonpath='{.spec.storageClassName}{"\n"}'
gold

# The claim made while there was no default: since v1.28 the
# PersistentVolume controller gives such a claim the default class on its
# next claim resync (every 15s on kind); the playground's, as soon as a
# class is made default.
$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pvc no-class
NAME       STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
no-class   Pending                                      gold           <unset>                 0s

$ kubectl patch storageclass standard -p '{"metadata": {"annotations":{"storageclass.kubernetes.io/is-default-class":"false"}}}'
storageclass.storage.k8s.io/standard patched

$ kubectl get storageclass
NAME             PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
gold (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  0s
standard         rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s
