# omkar-shelke25/cka-killercoda, PersistentVolumeClaim-Dynamic: setup.sh,
# then step1.md's solution. Killercoda installs Rancher's local-path
# provisioner with a StorageClass named local-path; kind runs the same
# provisioner under the StorageClass standard, so the scenario's class is
# made here as the provisioner's manifest makes it.

$ cat <<'EOF' | kubectl apply -f -
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local-path
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
reclaimPolicy: Delete
EOF
storageclass.storage.k8s.io/local-path created

# setup.sh
$ kubectl create namespace operations
namespace/operations created

$ mkdir -p /src/k8s

$ cat > /src/k8s/image-processor.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: image-processor
  namespace: operations
  labels:
    app: image-processor
spec:
  replicas: 1
  selector:
    matchLabels:
      app: image-processor
  template:
    metadata:
      labels:
        app: image-processor
    spec:
      containers:
      - name: processor
        image: busybox:1.36
        command:
          - sh
          - -c
          - |
            echo "Image processor starting..."
            echo "Waiting for work..."
            while true; do
              sleep 3600
            done
        resources:
          requests:
            memory: "64Mi"
            cpu: "100m"
          limits:
            memory: "128Mi"
            cpu: "200m"
EOF

$ kubectl apply -f /src/k8s/image-processor.yaml
deployment.apps/image-processor created

# Step 1
$ kubectl get storageclass
NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
local-path           rancher.io/local-path   Delete          WaitForFirstConsumer   false                  0s
standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  2s

$ kubectl describe storageclass local-path
Name:            local-path
IsDefaultClass:  No
Annotations:     kubectl.kubernetes.io/last-applied-configuration={"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"annotations":{},"name":"local-path"},"provisioner":"rancher.io/local-path","reclaimPolicy":"Delete","volumeBindingMode":"WaitForFirstConsumer"}

Provisioner:           rancher.io/local-path
Parameters:            <none>
AllowVolumeExpansion:  <unset>
MountOptions:          <none>
ReclaimPolicy:         Delete
VolumeBindingMode:     WaitForFirstConsumer
Events:                <none>

# Step 2
$ cat > /tmp/processor-cache-pvc.yaml <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: processor-cache
  namespace: operations
spec:
  accessModes:
    - ReadWriteOnce
  storageClassName: local-path
  resources:
    requests:
      storage: 1Gi
EOF

$ kubectl apply -f /tmp/processor-cache-pvc.yaml
persistentvolumeclaim/processor-cache created

# WaitForFirstConsumer: Pending until a pod uses it.
$ sleep 2

$ kubectl get pvc -n operations
NAME              STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
processor-cache   Pending                                      local-path     <unset>                 2s

$ kubectl describe pvc processor-cache -n operations | tail -4
Events:
  Type    Reason                Age   From                         Message
  ----    ------                ----  ----                         -------
  Normal  WaitForFirstConsumer  2s    persistentvolume-controller  waiting for first consumer to be created before binding

# Step 3, the solution's patch alternative (the edited file would be
# applied the same way).
$ kubectl patch deployment image-processor -n operations --type=json -p='[{"op": "add", "path": "/spec/template/spec/volumes", "value": [{"name": "cache-storage", "persistentVolumeClaim": {"claimName": "processor-cache"}}]}]'
deployment.apps/image-processor patched

$ kubectl patch deployment image-processor -n operations --type=json -p='[{"op": "add", "path": "/spec/template/spec/containers/0/volumeMounts", "value": [{"name": "cache-storage", "mountPath": "/cache"}]}]'
deployment.apps/image-processor patched

$ kubectl rollout status deployment image-processor -n operations
Waiting for deployment spec update to be observed...
Waiting for deployment "image-processor" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "image-processor" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "image-processor" rollout to finish: 1 old replicas are pending termination...
deployment "image-processor" successfully rolled out

# Step 5
$ kubectl get pvc -n operations
NAME              STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
processor-cache   Bound    pvc-e0525b8c-4365-470d-81da-595cd49adc78   1Gi        RWO            local-path     <unset>                 4s

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                        STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-e0525b8c-4365-470d-81da-595cd49adc78   1Gi        RWO            Delete           Bound    operations/processor-cache   local-path     <unset>                          2s

$ kubectl get deployment -n operations
NAME              READY   UP-TO-DATE   AVAILABLE   AGE
image-processor   1/1     1            1           4s

$ kubectl get pods -n operations
NAME                              READY   STATUS        RESTARTS   AGE
image-processor-56cd8d7f4-8cvzm   1/1     Running       0          2s
image-processor-6b6c9c6dc-g46q7   1/1     Terminating   0          4s

$ kubectl wait --for=condition=ready pod -l app=image-processor -n operations --timeout=60s
pod/image-processor-56cd8d7f4-8cvzm condition met
pod/image-processor-6b6c9c6dc-g46q7 condition met

# Step 6
$ POD_NAME=$(kubectl get pod -n operations -l app=image-processor -o jsonpath='{.items[0].metadata.name}')

$ kubectl exec -n operations $POD_NAME -- ls /cache

$ kubectl exec -n operations $POD_NAME -- sh -c 'echo "Storage test successful" > /cache/test.txt'

$ kubectl exec -n operations $POD_NAME -- cat /cache/test.txt
Storage test successful

# Step 7
$ kubectl delete pod -n operations $POD_NAME
pod "image-processor-56cd8d7f4-8cvzm" deleted

$ kubectl wait --for=condition=ready pod -l app=image-processor -n operations --timeout=60s
pod/image-processor-56cd8d7f4-chk5t condition met

$ NEW_POD_NAME=$(kubectl get pod -n operations -l app=image-processor -o jsonpath='{.items[0].metadata.name}')

$ kubectl exec -n operations $NEW_POD_NAME -- cat /cache/test.txt
Storage test successful
