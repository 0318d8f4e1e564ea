# kubernetes.io "Change the Access Mode of a PersistentVolume to
# ReadWriteOncePod" (tasks/administer-cluster/
# change-pv-access-mode-readwriteoncepod.md), line by line on the
# playground's kind cluster (v1.32). The page's claim and Deployment
# (cat-pictures-pvc.yaml, cat-pictures-writer-deployment.yaml) are
# written to files first. kind's StorageClass provisions the claim (its
# volume is named after the claim's uid, as the page's note says
# dynamic provisioning does) once the first pod is scheduled, on that
# pod's node: the Deployment's other pods follow it there.
$ cat > cat-pictures-pvc.yaml <<'EOF'
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: cat-pictures-pvc
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
EOF

$ cat > cat-pictures-writer-deployment.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cat-pictures-writer
spec:
  replicas: 3
  selector:
    matchLabels:
      app: cat-pictures-writer
  template:
    metadata:
      labels:
        app: cat-pictures-writer
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
        volumeMounts:
        - name: cat-pictures
          mountPath: /mnt
      volumes:
      - name: cat-pictures
        persistentVolumeClaim:
          claimName: cat-pictures-pvc
          readOnly: false
EOF

$ kubectl apply -f cat-pictures-pvc.yaml
persistentvolumeclaim/cat-pictures-pvc created

$ kubectl apply -f cat-pictures-writer-deployment.yaml
deployment.apps/cat-pictures-writer created

$ sleep 20

$ kubectl get pods -l app=cat-pictures-writer -o wide
NAME                                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
cat-pictures-writer-858cb75845-5rkn4   1/1     Running   0          20s   10.244.3.3   kubeplay-worker3   <none>           <none>
cat-pictures-writer-858cb75845-jmbf6   1/1     Running   0          20s   10.244.3.2   kubeplay-worker3   <none>           <none>
cat-pictures-writer-858cb75845-rzrgs   1/1     Running   0          20s   10.244.3.4   kubeplay-worker3   <none>           <none>

$ kubectl get pvc cat-pictures-pvc -o jsonpath='{.spec.volumeName}'
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ PV=$(kubectl get pvc cat-pictures-pvc -o jsonpath='{.spec.volumeName}')

$ kubectl get pvc cat-pictures-pvc -o yaml
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"annotations":{},"name":"cat-pictures-pvc","namespace":"default"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}
    pv.kubernetes.io/bind-completed: "yes"
    pv.kubernetes.io/bound-by-controller: "yes"
    volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path
    volume.kubernetes.io/selected-node: kubeplay-worker3
    volume.kubernetes.io/storage-provisioner: rancher.io/local-path
  creationTimestamp: "2025-01-01T00:00:02Z"
  finalizers:
  - kubernetes.io/pvc-protection
  name: cat-pictures-pvc
  namespace: default
  resourceVersion: "402"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  accessModes:
  - ReadWriteOnce
  resources:
    requests:
      storage: 1Gi
  storageClassName: standard
  volumeMode: Filesystem
  volumeName: pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
status:
  accessModes:
  - ReadWriteOnce
  capacity:
    storage: 1Gi
  phase: Bound

# Keep the volume when its claim goes.
$ kubectl patch pv $PV -p '{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}'
persistentvolume/pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba patched

$ kubectl scale --replicas=0 deployment cat-pictures-writer
deployment.apps/cat-pictures-writer scaled

$ kubectl delete pvc cat-pictures-pvc
persistentvolumeclaim "cat-pictures-pvc" deleted

# The claim is gone once its pods are: the volume is Released, still
# naming the old claim's uid.
$ sleep 5

$ kubectl get pv $PV
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS     CLAIM                      STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWO            Retain           Released   default/cat-pictures-pvc   standard       <unset>                          25s

$ kubectl get pv $PV -o jsonpath='{.spec.claimRef.name} {.spec.claimRef.uid}{"\n"}'
cat-pictures-pvc f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl patch pv $PV -p '{"spec":{"claimRef":{"uid":""}}}'
persistentvolume/pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba patched

# Pre-bound to a claim of that name, which does not exist yet: the
# controller makes it Available at its next look.
$ sleep 1

$ kubectl get pv $PV
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM                      STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWO            Retain           Available   default/cat-pictures-pvc   standard       <unset>                          26s

# ReadWriteOncePod must be the only mode, as the page's note says.
$ kubectl patch pv $PV -p '{"spec":{"accessModes":["ReadWriteOncePod","ReadWriteOnce"]}}'
The PersistentVolume "pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba" is invalid: spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes

$ kubectl patch pv $PV -p '{"spec":{"accessModes":["ReadWriteOncePod"]}}'
persistentvolume/pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba patched

# The page's edit of cat-pictures-pvc.yaml: the one access mode, and the
# volume's name.
$ sed -i 's/- ReadWriteOnce$/- ReadWriteOncePod/' cat-pictures-pvc.yaml

$ echo "  volumeName: $PV" >> cat-pictures-pvc.yaml

$ cat cat-pictures-pvc.yaml
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: cat-pictures-pvc
spec:
  accessModes:
  - ReadWriteOncePod
  resources:
    requests:
      storage: 1Gi
  volumeName: pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl apply -f cat-pictures-pvc.yaml
persistentvolumeclaim/cat-pictures-pvc created

$ kubectl apply -f cat-pictures-writer-deployment.yaml
deployment.apps/cat-pictures-writer configured

$ sleep 10

$ kubectl get pvc cat-pictures-pvc
NAME               STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
cat-pictures-pvc   Bound    pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWOP           standard       <unset>                 10s

$ kubectl get pv $PV
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                      STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWOP           Retain           Bound    default/cat-pictures-pvc   standard       <unset>                          36s

# Now one pod at a time may use the claim: the scheduler keeps the
# Deployment's other two Pending.
$ kubectl get pods -l app=cat-pictures-writer -o wide
NAME                                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
cat-pictures-writer-858cb75845-kt86l   0/1     Pending   0          10s   <none>       <none>             <none>           <none>
cat-pictures-writer-858cb75845-pcmwg   0/1     Pending   0          10s   <none>       <none>             <none>           <none>
cat-pictures-writer-858cb75845-pn5nt   1/1     Running   0          10s   10.244.3.5   kubeplay-worker3   <none>           <none>

$ kubectl get events --field-selector reason=FailedScheduling
LAST SEEN   TYPE      REASON             OBJECT                                     MESSAGE
10s         Warning   FailedScheduling   pod/cat-pictures-writer-858cb75845-kt86l   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
10s         Warning   FailedScheduling   pod/cat-pictures-writer-858cb75845-pcmwg   0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl patch pv $PV -p '{"spec":{"persistentVolumeReclaimPolicy":"Delete"}}'
persistentvolume/pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba patched

$ kubectl get pv $PV
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                      STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba   1Gi        RWOP           Delete           Bound    default/cat-pictures-pvc   standard       <unset>                          36s
