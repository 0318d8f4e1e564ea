# Volumes as files: ConfigMap and Secret keys (all, or the items listed,
# with their modes), the downward API's files, a projected volume, the
# service-account token, subPath and read-only mounts, and hostPath
# files that stay on their node.
$ kubectl create configmap special-config --from-literal=SPECIAL_LEVEL=very --from-literal=SPECIAL_TYPE=charm
configmap/special-config created

$ kubectl create secret generic test-secret --from-literal=username=my-app --from-literal=password='39528$vdg7Jb'
secret/test-secret created

$ kubectl create secret generic user --from-literal=username=admin
secret/user created

$ kubectl create secret generic pass --from-literal=password=1f2d1e2e67df
secret/pass created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: vols
  labels:
    zone: us-est-coast
    cluster: test-cluster1
    rack: rack-22
  annotations:
    build: two
    builder: john-doe
spec:
  containers:
  - name: client-container
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources:
      limits:
        cpu: 500m
        memory: 64Mi
    volumeMounts:
    - name: config-volume
      mountPath: /etc/config
    - name: items
      mountPath: /etc/items
    - name: secret-volume
      mountPath: /etc/secret-volume
      readOnly: true
    - name: podinfo
      mountPath: /etc/podinfo
    - name: all-in-one
      mountPath: /projected-volume
      readOnly: true
    - name: config-volume
      mountPath: /etc/level
      subPath: SPECIAL_LEVEL
    - name: shared
      mountPath: /shared
      readOnly: true
    - name: host
      mountPath: /host
  volumes:
  - name: config-volume
    configMap:
      name: special-config
  - name: items
    configMap:
      name: special-config
      items:
      - key: SPECIAL_LEVEL
        path: keys/level
        mode: 0400
  - name: secret-volume
    secret:
      secretName: test-secret
  - name: podinfo
    downwardAPI:
      items:
      - path: "labels"
        fieldRef:
          fieldPath: metadata.labels
      - path: "annotations"
        fieldRef:
          fieldPath: metadata.annotations
      - path: "cpu_limit"
        resourceFieldRef:
          containerName: client-container
          resource: limits.cpu
          divisor: 1m
  - name: all-in-one
    projected:
      sources:
      - secret:
          name: user
          items:
          - key: username
            path: username.txt
      - secret:
          name: pass
          items:
          - key: password
            path: password.txt
  - name: shared
    emptyDir: {}
  - name: host
    hostPath:
      path: /var/local/data
      type: DirectoryOrCreate
EOF
pod/vols created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec vols -- ls /etc/config/
SPECIAL_LEVEL
SPECIAL_TYPE

$ kubectl exec vols -- cat /etc/config/SPECIAL_LEVEL
very

$ kubectl exec vols -- ls -la /etc/config
total 12
drwxrwxrwx    3 root     root          4096 Jan  1 00:00 .
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 ..
drwxr-xr-x    2 root     root          4096 Jan  1 00:00 ..2025_01_01_00_00_02.571308597
lrwxrwxrwx    1 root     root            31 Jan  1 00:00 ..data -> ..2025_01_01_00_00_02.571308597
lrwxrwxrwx    1 root     root            20 Jan  1 00:00 SPECIAL_LEVEL -> ..data/SPECIAL_LEVEL
lrwxrwxrwx    1 root     root            19 Jan  1 00:00 SPECIAL_TYPE -> ..data/SPECIAL_TYPE

$ kubectl exec vols -- ls -l /etc/items/..data/keys
total 4
-r--------    1 root     root             4 Jan  1 00:00 level

$ kubectl exec vols -- cat /etc/level
very

$ kubectl exec vols -- ls /etc/secret-volume
password
username

$ kubectl exec vols -- sh -c 'echo "$( cat /etc/secret-volume/username )"; echo "$( cat /etc/secret-volume/password )"'
my-app
39528$vdg7Jb

$ kubectl exec vols -- cat /etc/podinfo/labels
cluster="test-cluster1"
rack="rack-22"
zone="us-est-coast"

$ kubectl exec vols -- cat /etc/podinfo/annotations
build="two"
builder="john-doe"

$ kubectl exec vols -- cat /etc/podinfo/cpu_limit
500

$ kubectl exec vols -- ls /projected-volume/
password.txt
username.txt

$ kubectl exec vols -- cat /var/run/secrets/kubernetes.io/serviceaccount/namespace
default

$ kubectl exec vols -- ls /var/run/secrets/kubernetes.io/serviceaccount
ca.crt
namespace
token

# Volumes the kubelet writes are read-only; so is a readOnly mount.
$ kubectl exec vols -- sh -c 'echo x > /etc/config/new'
sh: can't create /etc/config/new: Read-only file system
command terminated with exit code 1

$ kubectl exec vols -- rm /etc/config/SPECIAL_LEVEL
rm: can't remove '/etc/config/SPECIAL_LEVEL': Read-only file system
command terminated with exit code 1

$ kubectl exec vols -- touch /shared/f
touch: /shared/f: Read-only file system
command terminated with exit code 1

$ kubectl exec vols -- sh -c 'echo "from $(hostname)" > /host/note'

# The ConfigMap changes: the volume shows the new keys once the kubelet
# next syncs the pod (within a minute and a half), not at once.
$ kubectl create configmap special-config --from-literal=SPECIAL_LEVEL=extra -o yaml --dry-run=client | kubectl replace -f -
configmap/special-config replaced

$ kubectl exec vols -- cat /etc/config/SPECIAL_LEVEL
very

$ sim advance 90s
advanced 90s to 2025-01-01T00:01:34Z (0 steps ran)

$ kubectl exec vols -- cat /etc/config/SPECIAL_LEVEL
extra

# A hostPath volume is the node's directory: another pod on the same node
# sees the file.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: neighbour
spec:
  nodeName: $(kubectl get pod vols -o jsonpath='{.spec.nodeName}')
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: host
      mountPath: /data
  volumes:
  - name: host
    hostPath:
      path: /var/local
EOF
pod/neighbour created

$ sim settle
settled after 3 steps and 2s of virtual time

$ kubectl exec neighbour -- cat /data/data/note
from vols

$ kubectl exec neighbour -- ls /data
data

$ kubectl exec vols -- ls -laR /etc/podinfo
/etc/podinfo:
total 4
drwxrwxrwt    3 root     root           140 Jan  1 00:00 .
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 ..
drwxr-xr-x    2 root     root           100 Jan  1 00:00 ..2025_01_01_00_00_02.1895287765
lrwxrwxrwx    1 root     root            32 Jan  1 00:00 ..data -> ..2025_01_01_00_00_02.1895287765
lrwxrwxrwx    1 root     root            18 Jan  1 00:00 annotations -> ..data/annotations
lrwxrwxrwx    1 root     root            16 Jan  1 00:00 cpu_limit -> ..data/cpu_limit
lrwxrwxrwx    1 root     root            13 Jan  1 00:00 labels -> ..data/labels

/etc/podinfo/..2025_01_01_00_00_02.1895287765:
total 12
drwxr-xr-x    2 root     root           100 Jan  1 00:00 .
drwxrwxrwt    3 root     root           140 Jan  1 00:00 ..
-rw-r--r--    1 root     root            30 Jan  1 00:00 annotations
-rw-r--r--    1 root     root             3 Jan  1 00:00 cpu_limit
-rw-r--r--    1 root     root            58 Jan  1 00:00 labels
