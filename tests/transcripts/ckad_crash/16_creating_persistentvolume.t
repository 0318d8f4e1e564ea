# bmuschko/ckad-crash-course, exercises/16-creating-persistentvolume, the
# solution's commands in order; the manifests are the solution's, written
# with here-documents.
$ cat <<EOF > pv.yaml
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv
spec:
  capacity:
    storage: 512m
  accessModes:
    - ReadWriteMany
  storageClassName: shared
  hostPath:
    path: /data/config
EOF

$ kubectl create -f pv.yaml
persistentvolume/pv created

# The persistent volume controller marks it Available a moment later.
$ sim settle
settled after 1 steps and 0s of virtual time

# v1.32 adds the VOLUMEATTRIBUTESCLASS column. 512m is the solution's
# (0.512 bytes: m is milli); 512Mi was meant.
$ kubectl get pv
NAME   CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv     512m       RWX            Retain           Available           shared         <unset>                          0s

$ cat <<EOF > pvc.yaml
kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: pvc
spec:
  accessModes:
    - ReadWriteMany
  resources:
    requests:
      storage: 256m
  storageClassName: shared
EOF

# The API server warns about the claim's 256m as it stores it.
$ kubectl create -f pvc.yaml
Warning: spec.resources.requests[storage]: fractional byte value "256m" is invalid, must be an integer
persistentvolumeclaim/pvc created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pvc
NAME   STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
pvc    Bound    pv       512m       RWX            shared         <unset>                 0s

$ kubectl get pv
NAME   CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM         STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pv     512m       RWX            Retain           Bound    default/pvc   shared         <unset>                          0s

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: app
  name: app
spec:
  containers:
  - image: nginx
    name: app
    volumeMounts:
      - mountPath: "/data/app/config"
        name: configpvc
    resources: {}
  volumes:
    - name: configpvc
      persistentVolumeClaim:
        claimName: pvc
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/app created

$ sim settle
settled after 6 steps and 4s of virtual time

# The solution's SuccessfulMountVolume events are gone since v1.14 (the
# kubelet no longer records a successful mount).
$ kubectl describe pod app
Name:             app
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=app
Annotations:      <none>
Status:           Running
IP:               10.244.1.2
IPs:
  IP:  10.244.1.2
Containers:
  app:
    Container ID:   containerd://38cc256bf371567b0f584890f70cbd48686b2d79d5476dbb816ef7b4e27a31a8
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /data/app/config from configpvc (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-mgnfc (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  configpvc:
    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)
    ClaimName:  pvc
    ReadOnly:   false
  kube-api-access-mgnfc:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  4s    default-scheduler  Successfully assigned default/app to kubeplay-worker
  Normal  Pulling    3s    kubelet            Pulling image "nginx"
  Normal  Pulled     0s    kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    0s    kubelet            Created container app
  Normal  Started    0s    kubelet            Started container app
