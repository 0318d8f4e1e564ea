# Storage object in use protection: a claim a scheduled pod uses stays
# Terminating after it is deleted, until the pod is gone; a Bound volume
# is held the same way until its claim goes and it is Released.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
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
      claimName: data
EOF
persistentvolumeclaim/data created
pod/app created

$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl get pvc data -o jsonpath='{.metadata.finalizers}{"\n"}'
["kubernetes.io/pvc-protection"]

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWO            Delete           Bound    default/data   standard       <unset>                          4s

$ kubectl get pv -o jsonpath='{.items[0].metadata.finalizers}{"\n"}'
["kubernetes.io/pv-protection"]

$ kubectl delete pvc data --wait=false
persistentvolumeclaim "data" deleted

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pvc
NAME   STATUS        VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
data   Terminating   pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWO            standard       <unset>                 4s

$ kubectl get pv -o custom-columns=STATUS:.status.phase,CLAIM:.spec.claimRef.name
STATUS   CLAIM
Bound    data

$ kubectl delete pod app
pod "app" deleted

$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get pvc,pv
No resources found

# A volume made by hand, and a claim that asks for it with no class.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: manual
spec:
  capacity:
    storage: 2Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /mnt/data
EOF
persistentvolume/manual created

$ kubectl get pv manual -o jsonpath='{.status.phase} {.status.lastPhaseTransitionTime}{"\n"}'
Pending 2025-01-01T00:00:06Z

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pv manual -o jsonpath='{.status.phase} {.status.lastPhaseTransitionTime} {.metadata.finalizers}{"\n"}'
Available 2025-01-01T00:00:06Z ["kubernetes.io/pv-protection"]

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:06Z (0 steps ran)

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: static
spec:
  storageClassName: ""
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/static created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv manual -o jsonpath='{.status.phase} {.status.lastPhaseTransitionTime}{"\n"}'
Bound 2025-01-01T00:01:06Z

$ kubectl delete pv manual --wait=false
persistentvolume "manual" deleted

$ kubectl get pv
NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS        CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
manual   2Gi        RWO            Retain           Terminating   default/static                  <unset>                          60s

$ kubectl delete pvc static
persistentvolumeclaim "static" deleted

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pv
No resources found
