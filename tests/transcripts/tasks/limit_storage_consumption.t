# Limit Storage Consumption (kubernetes.io task): a LimitRange bounds each
# claim's storage request, a ResourceQuota the namespace's claim count and
# total requested storage. The page shows the two objects only; the
# claims here are the ones its text says are rejected, with the
# admission errors kube-apiserver v1.32 words.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: storagelimits
spec:
  limits:
  - type: PersistentVolumeClaim
    max:
      storage: 2Gi
    min:
      storage: 1Gi
EOF
limitrange/storagelimits created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: storagequota
spec:
  hard:
    persistentvolumeclaims: "5"
    requests.storage: "5Gi"
EOF
resourcequota/storagequota created

# The quota controller fills in what is used.
$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl describe limitrange storagelimits
Name:                  storagelimits
Namespace:             default
Type                   Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio
----                   --------  ---  ---  ---------------  -------------  -----------------------
PersistentVolumeClaim  storage   1Gi  2Gi  -                -              -

$ kubectl describe quota storagequota
Name:                   storagequota
Namespace:              default
Resource                Used  Hard
--------                ----  ----
persistentvolumeclaims  0     5
requests.storage        0     5Gi

# "a PVC requesting 10Gi of storage would be rejected because it exceeds
# the 2Gi max"; and one below the minimum.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: too-big
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 10Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "too-big" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 10Gi

$ kubectl create -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: too-small
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 500Mi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "too-small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi

# "cannot have 3 PVCs where each has 2Gi": the third goes over 5Gi.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-1
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 2Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-2
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 2Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim-3
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 2Gi
EOF
persistentvolumeclaim/claim-1 created
persistentvolumeclaim/claim-2 created
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "claim-3" is forbidden: exceeded quota: storagequota, requested: requests.storage=2Gi, used: requests.storage=4Gi, limited: requests.storage=5Gi

$ kubectl get quota storagequota
NAME           REQUEST                                                  LIMIT   AGE
storagequota   persistentvolumeclaims: 2/5, requests.storage: 4Gi/5Gi           0s

# "a 6th PVC in the namespace would be rejected because it exceeds the
# maximum count of 5": with 1Gi claims, after the 2Gi two are gone.
$ kubectl delete pvc claim-1 claim-2
persistentvolumeclaim "claim-1" deleted
persistentvolumeclaim "claim-2" deleted

$ kubectl create -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-1
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-2
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-3
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-4
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-5
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: one-6
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/one-1 created
persistentvolumeclaim/one-2 created
persistentvolumeclaim/one-3 created
persistentvolumeclaim/one-4 created
persistentvolumeclaim/one-5 created
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "one-6" is forbidden: exceeded quota: storagequota, requested: persistentvolumeclaims=1,requests.storage=1Gi, used: persistentvolumeclaims=5,requests.storage=5Gi, limited: persistentvolumeclaims=5,requests.storage=5Gi

$ kubectl get pvc
NAME    STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
one-1   Pending                                      standard       <unset>                 0s
one-2   Pending                                      standard       <unset>                 0s
one-3   Pending                                      standard       <unset>                 0s
one-4   Pending                                      standard       <unset>                 0s
one-5   Pending                                      standard       <unset>                 0s

$ kubectl describe quota storagequota
Name:                   storagequota
Namespace:              default
Resource                Used  Hard
--------                ----  ----
persistentvolumeclaims  5     5
requests.storage        5Gi   5Gi
