# Change the Reclaim Policy of a PersistentVolume (kubernetes.io task).
# Three claims of kind's default class, provisioned once a pod uses them
# (local-path binds WaitForFirstConsumer), then one volume's policy
# changed to Retain. The table has v1.32's columns (with
# VOLUMEATTRIBUTESCLASS); the class is kind's `standard`, not `manual`.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim1
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 4Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim2
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 4Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: claim3
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 4Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: user
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - {name: one, mountPath: /one}
    - {name: two, mountPath: /two}
    - {name: three, mountPath: /three}
  volumes:
  - {name: one, persistentVolumeClaim: {claimName: claim1}}
  - {name: two, persistentVolumeClaim: {claimName: claim2}}
  - {name: three, persistentVolumeClaim: {claimName: claim3}}
EOF
persistentvolumeclaim/claim1 created
persistentvolumeclaim/claim2 created
persistentvolumeclaim/claim3 created
pod/user created

$ kubectl wait --for=condition=Ready pod/user
pod/user condition met

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-321a63d5-408c-4a84-ab00-cc40f5ecd8eb   4Gi        RWO            Delete           Bound    default/claim2   standard       <unset>                          2s
pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7   4Gi        RWO            Delete           Bound    default/claim3   standard       <unset>                          2s
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   4Gi        RWO            Delete           Bound    default/claim1   standard       <unset>                          2s

$ kubectl patch pv $(kubectl get pvc claim3 -o jsonpath='{.spec.volumeName}') -p '{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}'
persistentvolume/pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7 patched

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-321a63d5-408c-4a84-ab00-cc40f5ecd8eb   4Gi        RWO            Delete           Bound    default/claim2   standard       <unset>                          2s
pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7   4Gi        RWO            Retain           Bound    default/claim3   standard       <unset>                          2s
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   4Gi        RWO            Delete           Bound    default/claim1   standard       <unset>                          2s

# Deleting the claims: the Delete volumes go with theirs, the Retain one
# is Released and keeps its data.
# busybox's sleep ignores SIGTERM: the pod takes its 30s grace period.
$ kubectl delete pod user
pod "user" deleted

$ kubectl delete pvc claim1 claim2 claim3
persistentvolumeclaim "claim1" deleted
persistentvolumeclaim "claim2" deleted
persistentvolumeclaim "claim3" deleted

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:44Z (5 steps ran)

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7   4Gi        RWO            Retain           Released   default/claim3   standard       <unset>                          42s
