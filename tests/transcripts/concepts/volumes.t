# kubernetes.io's "Concepts → Storage → Volumes", line by line.
# Transcripts never download: the page's manifests are here-documents.
#
# configMap: the log_level key at log_level.conf, through items.
$ kubectl create configmap log-config --from-literal=log_level=INFO
configmap/log-config created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: configmap-pod
spec:
  containers:
    - name: test
      image: busybox:1.28
      command: ['sh', '-c', 'echo "The app is running!" && tail -f /dev/null']
      volumeMounts:
        - name: config-vol
          mountPath: /etc/config
  volumes:
    - name: config-vol
      configMap:
        name: log-config
        items:
          - key: log_level
            path: log_level.conf
EOF
pod/configmap-pod created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec configmap-pod -- cat /etc/config/log_level.conf
INFO

$ kubectl logs configmap-pod
The app is running!

# emptyDir: a scratch directory, here in memory with a size limit.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: test-pd
spec:
  containers:
  - image: registry.k8s.io/test-webserver
    name: test-container
    volumeMounts:
    - mountPath: /cache
      name: cache-volume
  volumes:
  - name: cache-volume
    emptyDir:
      sizeLimit: 500Mi
      medium: Memory
EOF
pod/test-pd created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl describe pod test-pd | sed -n '/^Volumes:/,/^QoS/p'
Volumes:
  cache-volume:
    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
    Medium:     Memory
    SizeLimit:  500Mi
  kube-api-access-8qvr5:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort

# hostPath with a type: DirectoryOrCreate and FileOrCreate.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: test-webserver
spec:
  os: { name: linux }
  nodeSelector:
    kubernetes.io/os: linux
  containers:
  - name: test-webserver
    image: registry.k8s.io/test-webserver:latest
    volumeMounts:
    - mountPath: /var/local/aaa
      name: mydir
    - mountPath: /var/local/aaa/1.txt
      name: myfile
  volumes:
  - name: mydir
    hostPath:
      # Ensure the file directory is created.
      path: /var/local/aaa
      type: DirectoryOrCreate
  - name: myfile
    hostPath:
      path: /var/local/aaa/1.txt
      type: FileOrCreate
EOF
pod/test-webserver created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl describe pod test-webserver | sed -n '/^Volumes:/,/^QoS/p'
Volumes:
  mydir:
    Type:          HostPath (bare host directory volume)
    Path:          /var/local/aaa
    HostPathType:  DirectoryOrCreate
  myfile:
    Type:          HostPath (bare host directory volume)
    Path:          /var/local/aaa/1.txt
    HostPathType:  FileOrCreate
  kube-api-access-4ldzw:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort

# A hostPath type that is not one of the known ones is refused.
$ kubectl run bad-hostpath --image=nginx --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/data","type":"Folder"}}]}}'
The Pod "bad-hostpath" is invalid: spec.volumes[0].hostPath.type: Unsupported value: "Folder": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"

# local: a PersistentVolume that needs nodeAffinity.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: example-pv
spec:
  capacity:
    storage: 100Gi
  volumeMode: Filesystem
  accessModes:
  - ReadWriteOnce
  persistentVolumeReclaimPolicy: Delete
  storageClassName: local-storage
  local:
    path: /mnt/disks/ssd1
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values:
          - example-node
EOF
persistentvolume/example-pv created

$ kubectl describe pv example-pv
Name:              example-pv
Labels:            <none>
Annotations:       <none>
Finalizers:        [kubernetes.io/pv-protection]
StorageClass:      local-storage
Status:            Pending
Claim:
Reclaim Policy:    Delete
Access Modes:      RWO
VolumeMode:        Filesystem
Capacity:          100Gi
Node Affinity:
  Required Terms:
    Term 0:        kubernetes.io/hostname in [example-node]
Message:
Source:
    Type:  LocalVolume (a persistent volume backed by local storage on a node)
    Path:  /mnt/disks/ssd1
Events:    <none>

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: no-affinity
spec:
  capacity:
    storage: 1Gi
  accessModes:
  - ReadWriteOnce
  storageClassName: local-storage
  local:
    path: /mnt/disks/ssd2
EOF
The PersistentVolume "no-affinity" is invalid: spec.nodeAffinity: Required value: Local volume requires node affinity

# subPath: one volume, two paths, for a LAMP stack's two containers.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: my-lamp-site
spec:
    containers:
    - name: mysql
      image: mysql
      env:
      - name: MYSQL_ROOT_PASSWORD
        value: "rootpasswd"
      volumeMounts:
      - mountPath: /var/lib/mysql
        name: site-data
        subPath: mysql
    - name: php
      image: php:7.0-apache
      volumeMounts:
      - mountPath: /var/www/html
        name: site-data
        subPath: html
    volumes:
    - name: site-data
      emptyDir: {}
EOF
pod/my-lamp-site created

$ sim settle
settled after 8 steps and 10s of virtual time

$ kubectl describe pod my-lamp-site | grep -A1 'Mounts:'
    Mounts:
      /var/lib/mysql from site-data (rw,path="mysql")
--
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-pkrsn (ro)

# subPathExpr: a directory per pod, named with the downward API. (The
# here-document's EOF is quoted so the shell leaves $(POD_NAME) alone.)
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: pod1
spec:
  containers:
  - name: container1
    env:
    - name: POD_NAME
      valueFrom:
        fieldRef:
          apiVersion: v1
          fieldPath: metadata.name
    image: busybox:1.28
    command: [ "sh", "-c", "while [ true ]; do echo 'Hello'; sleep 10; done | tee -a /logs/hello.txt" ]
    volumeMounts:
    - name: workdir1
      mountPath: /logs
      # The variable expansion uses round brackets (not curly brackets).
      subPathExpr: $(POD_NAME)
  restartPolicy: Never
  volumes:
  - name: workdir1
    hostPath:
      path: /var/log/pods
EOF
pod/pod1 created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl describe pod pod1 | grep -A1 'Mounts:'
    Mounts:
      /logs from workdir1 (rw)

$ kubectl get pod pod1 -o jsonpath='{.spec.containers[0].volumeMounts[0]}{"\n"}'
{"mountPath":"/logs","name":"workdir1","subPathExpr":"$(POD_NAME)"}

# subPath and subPathExpr together are refused, as is an absolute or
# upward subPath.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: bad-subpath
spec:
  containers:
  - name: c
    image: busybox:1.28
    volumeMounts:
    - name: w
      mountPath: /a
      subPath: x
      subPathExpr: $(POD_NAME)
    - name: w
      mountPath: /b
      subPath: /abs
    - name: w
      mountPath: /c
      subPath: ../up
  volumes:
  - name: w
    emptyDir: {}
EOF
The Pod "bad-subpath" is invalid:
* spec.containers[0].volumeMounts[0].subPathExpr: Invalid value: "$(POD_NAME)": subPathExpr and subPath are mutually exclusive
* spec.containers[0].volumeMounts.subPath: Invalid value: "/abs": must be a relative path
* spec.containers[0].volumeMounts.subPath: Invalid value: "../up": must not contain '..'
