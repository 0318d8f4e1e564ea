# kubernetes.io's "Concepts → Storage → Ephemeral Volumes", the generic
# ephemeral volume example, line by line. Transcripts never download: the
# page's manifest is a here-document.
#
# The page's pod names a StorageClass the cluster lacks: the ephemeral
# volume controller still makes the claim <pod>-<volume>, but nothing can
# provision it, so the pod stays Pending.
$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: my-app
spec:
  containers:
    - name: my-frontend
      image: busybox:1.28
      volumeMounts:
      - mountPath: "/scratch"
        name: scratch-volume
      command: [ "sleep", "1000000" ]
  volumes:
    - name: scratch-volume
      ephemeral:
        volumeClaimTemplate:
          metadata:
            labels:
              type: my-frontend-volume
          spec:
            accessModes: [ "ReadWriteOnce" ]
            storageClassName: "scratch-storage-class"
            resources:
              requests:
                storage: 1Gi
EOF
pod/my-app created

$ sim settle
settled after 4 steps and 1s of virtual time

$ kubectl get pod my-app
NAME     READY   STATUS    RESTARTS   AGE
my-app   0/1     Pending   0          1s

$ kubectl get pvc --show-labels
NAME                    STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS            VOLUMEATTRIBUTESCLASS   AGE   LABELS
my-app-scratch-volume   Pending                                      scratch-storage-class   <unset>                 1s    type=my-frontend-volume

$ kubectl describe pod my-app | sed -n '/^Volumes:/,/^QoS/p'
Volumes:
  scratch-volume:
    Type:          EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)
    StorageClass:  scratch-storage-class
    Volume:
    Labels:            type=my-frontend-volume
    Annotations:       <none>
    Capacity:
    Access Modes:
    VolumeMode:    Filesystem
  kube-api-access-sf7xb:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort

$ kubectl events --for pod/my-app
LAST SEEN   TYPE      REASON             OBJECT       MESSAGE
1s          Warning   FailedScheduling   Pod/my-app   0/4 nodes are available: waiting for ephemeral volume controller to create the persistentvolumeclaim "my-app-scratch-volume". preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.
0s          Warning   FailedScheduling   Pod/my-app   0/4 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

$ kubectl delete pod my-app
pod "my-app" deleted

$ sim settle
settled after 4 steps and 0s of virtual time

# The claim went with its owner.
$ kubectl get pvc
No resources found in default namespace.

# With kind's default StorageClass the claim waits for its first consumer,
# the pod, and is provisioned on the pod's node.
$ kubectl apply -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: my-app
spec:
  containers:
    - name: my-frontend
      image: busybox:1.28
      volumeMounts:
      - mountPath: "/scratch"
        name: scratch-volume
      command: [ "sleep", "1000000" ]
  volumes:
    - name: scratch-volume
      ephemeral:
        volumeClaimTemplate:
          metadata:
            labels:
              type: my-frontend-volume
          spec:
            accessModes: [ "ReadWriteOnce" ]
            resources:
              requests:
                storage: 1Gi
EOF
pod/my-app created

$ sim settle
settled after 11 steps and 3s of virtual time

$ kubectl get pod my-app
NAME     READY   STATUS    RESTARTS   AGE
my-app   1/1     Running   0          3s

$ kubectl get pvc
NAME                    STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
my-app-scratch-volume   Bound    pvc-3eb5345e-dc77-471c-ae51-1200f766466c   1Gi        RWO            standard       <unset>                 3s

$ kubectl get pvc my-app-scratch-volume -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} controller={.metadata.ownerReferences[0].controller}{"\n"}'
Pod/my-app controller=true

$ kubectl describe pvc my-app-scratch-volume | grep -E '^(Labels|Used By)'
Labels:        type=my-frontend-volume
Used By:       my-app

# A claim of that name that the pod does not own is refused.
$ kubectl delete pod my-app
pod "my-app" deleted

$ sim settle
settled after 6 steps and 0s of virtual time

$ kubectl get pvc,pv
No resources found

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: other-scratch-volume
spec:
  accessModes: [ "ReadWriteOnce" ]
  resources:
    requests:
      storage: 1Gi
EOF
persistentvolumeclaim/other-scratch-volume created

$ kubectl run other --image=busybox:1.28 --overrides='{"spec":{"volumes":[{"name":"scratch-volume","ephemeral":{"volumeClaimTemplate":{"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}}}]}}' -- sleep 1000000
pod/other created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl events --for pod/other
LAST SEEN   TYPE      REASON             OBJECT      MESSAGE
0s          Warning   FailedScheduling   Pod/other   0/4 nodes are available: PVC default/other-scratch-volume was not created for pod default/other (pod is not owner). preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.
