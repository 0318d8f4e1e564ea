# persistentVolumeClaimRetentionPolicy Delete/Delete. Since v1.32 (PR
# #122499) the StatefulSet is the *controller* of the claims of pods in
# range; a pod being scaled away becomes its claims' controller instead, so
# the garbage collector deletes them with it; deleting the StatefulSet
# deletes the rest.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  selector:
    matchLabels:
      app: db
  serviceName: db
  replicas: 3
  persistentVolumeClaimRetentionPolicy:
    whenDeleted: Delete
    whenScaled: Delete
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: nginx
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
EOF
statefulset.apps/db created

$ sim settle
settled after 35 steps and 13s of virtual time

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
data-db-0   Bound    pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7   1Gi        RWO            standard       <unset>                 13s
data-db-1   Bound    pvc-d9b86835-9917-429c-a433-640427938072   1Gi        RWO            standard       <unset>                 8s
data-db-2   Bound    pvc-d9473caf-d4ae-4053-9e93-12bed4e1fafd   1Gi        RWO            standard       <unset>                 4s

$ kubectl get pvc data-db-2 -o jsonpath='{range .metadata.ownerReferences[*]}{.kind}/{.name} controller={.controller}{"\n"}{end}'
StatefulSet/db controller=true

$ kubectl scale statefulset db --replicas=2
statefulset.apps/db scaled

$ sim step 1
#38 2025-01-01T00:00:15Z statefulset-controller statefulset/db -n default
    StatefulSet db (OrderedReady): 3 pods, 3 ready, for 2 replicas: deleted db-2 (scaling down, highest ordinal first)
    event Normal SuccessfulDelete: delete Pod db-2 in StatefulSet db successful

$ kubectl get pvc data-db-2 -o jsonpath='{range .metadata.ownerReferences[*]}{.kind}/{.name} controller={.controller}{"\n"}{end}'
Pod/db-2 controller=true

$ kubectl scale statefulset db --replicas=1
statefulset.apps/db scaled

$ sim settle
settled after 24 steps and 0s of virtual time

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
data-db-0   Bound    pvc-bfb2e731-c4ff-475d-8cff-3330a10f93d7   1Gi        RWO            standard       <unset>                 13s

$ kubectl delete statefulset db
statefulset.apps "db" deleted

$ sim settle
settled after 12 steps and 0s of virtual time

$ kubectl get pvc
No resources found in default namespace.
