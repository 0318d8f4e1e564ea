# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Finalizers",
# line by line: an object with finalizers is only marked for deletion
# (deletionTimestamp) until its controllers remove them; the commands
# follow the Kubernetes blog's "Using Finalizers to Control Deletion".
$ kubectl create configmap mymap
configmap/mymap created

$ kubectl patch configmap/mymap --type json --patch='[ { "op": "add", "path": "/metadata/finalizers", "value": ["kubernetes"] } ]'
configmap/mymap patched

$ kubectl delete configmap/mymap --wait=false
configmap "mymap" deleted

$ kubectl get configmap/mymap -o yaml
apiVersion: v1
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  deletionGracePeriodSeconds: 0
  deletionTimestamp: "2025-01-01T00:00:02Z"
  finalizers:
  - kubernetes
  name: mymap
  namespace: default
  resourceVersion: "376"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl patch configmap/mymap --type json --patch='[ { "op": "remove", "path": "/metadata/finalizers" } ]'
configmap/mymap patched

$ kubectl get configmap/mymap
Error from server (NotFound): configmaps "mymap" not found

$ kubectl create configmap held
configmap/held created

$ kubectl patch configmap held -p '{"metadata":{"finalizers":["example.com/hold"]}}'
configmap/held patched

# kubectl delete waits for the object to go; with a finalizer nobody
# removes, it gives up after --timeout.
$ kubectl delete configmap held --timeout=10s
configmap "held" deleted
error: timed out waiting for the condition on configmaps/held

$ kubectl get cm held -o jsonpath='{.metadata.deletionTimestamp} {.metadata.finalizers}{"\n"}'
2025-01-01T00:00:02Z ["example.com/hold"]

$ kubectl label cm held a=b
configmap/held labeled

# Once deletion has started no finalizer may be added; the others may
# still be removed.
$ kubectl patch configmap held -p '{"metadata":{"finalizers":["example.com/hold","example.com/other"]}}'
The ConfigMap "held" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/other"}

$ kubectl patch configmap held --type=merge -p '{"metadata":{"finalizers":null}}'
configmap/held patched

$ kubectl get cm held
Error from server (NotFound): configmaps "held" not found

# A finalizer name must be qualified (example.com/name) unless it is a
# standard one such as kubernetes.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: badfin
  finalizers:
  - foo
EOF
The ConfigMap "badfin" is invalid: metadata.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified

# Built-in finalizers: a PersistentVolumeClaim in use carries
# kubernetes.io/pvc-protection, and a ReplicaSet deleted in the foreground
# foregroundDeletion (see garbage_collection.t).
$ kubectl create -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/data created

$ kubectl get pvc data -o jsonpath='{.metadata.finalizers}{"\n"}'
["kubernetes.io/pvc-protection"]
