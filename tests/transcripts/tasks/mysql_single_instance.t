# kubernetes.io's "Run a Single-Instance Stateful Application", line by
# line. The page applies https://k8s.io/examples/application/mysql/
# mysql-pv.yaml and mysql-deployment.yaml; transcripts never download, so
# each comes from a here-document with the same text.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "PersistentVolume",
  metadata: {
    name: "mysql-pv-volume",
    labels: {
      type: "local",
    },
  },
  spec: {
    storageClassName: "manual",
    capacity: {
      storage: "20Gi",
    },
    accessModes: [
      "ReadWriteOnce",
    ],
    hostPath: {
      path: "/mnt/data",
    },
  },
}
---
{
  apiVersion: "v1",
  kind: "PersistentVolumeClaim",
  metadata: {
    name: "mysql-pv-claim",
  },
  spec: {
    storageClassName: "manual",
    accessModes: [
      "ReadWriteOnce",
    ],
    resources: {
      requests: {
        storage: "20Gi",
      },
    },
  },
}
EOF
persistentvolume/mysql-pv-volume created
persistentvolumeclaim/mysql-pv-claim created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: mysql
spec:
  ports:
  - port: 3306
  selector:
    app: mysql
  clusterIP: None
---
apiVersion: apps/v1 # for versions before 1.9.0 use apps/v1beta2
kind: Deployment
metadata:
  name: mysql
spec:
  selector:
    matchLabels:
      app: mysql
  strategy:
    type: Recreate
  template:
    metadata:
      labels:
        app: mysql
    spec:
      containers:
      - image: mysql:5.6
        name: mysql
        env:
          # Use secret in real usage
        - name: MYSQL_ROOT_PASSWORD
          value: password
        ports:
        - containerPort: 3306
          name: mysql
        volumeMounts:
        - name: mysql-persistent-storage
          mountPath: /var/lib/mysql
      volumes:
      - name: mysql-persistent-storage
        persistentVolumeClaim:
          claimName: mysql-pv-claim
EOF
service/mysql created
deployment.apps/mysql created

$ kubectl describe deployment mysql
Name:               mysql
Namespace:          default
CreationTimestamp:  Wed, 01 Jan 2025 00:00:02 +0000
Labels:             <none>
Annotations:        <none>
Selector:           app=mysql
Replicas:           1 desired | 0 updated | 0 total | 0 available | 0 unavailable
StrategyType:       Recreate
MinReadySeconds:    0
Pod Template:
  Labels:  app=mysql
  Containers:
   mysql:
    Image:      mysql:5.6
    Port:       3306/TCP
    Host Port:  0/TCP
    Environment:
      MYSQL_ROOT_PASSWORD:  password
    Mounts:
      /var/lib/mysql from mysql-persistent-storage (rw)
  Volumes:
   mysql-persistent-storage:
    Type:          PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)
    ClaimName:     mysql-pv-claim
    ReadOnly:      false
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>

$ sim settle
settled after 28 steps and 8s of virtual time

$ kubectl get pods -l app=mysql
NAME                     READY   STATUS    RESTARTS   AGE
mysql-69f89df6b6-sd6f6   1/1     Running   0          8s

$ kubectl describe pvc mysql-pv-claim
Name:          mysql-pv-claim
Namespace:     default
StorageClass:  manual
Status:        Bound
Volume:        mysql-pv-volume
Labels:        <none>
Annotations:   pv.kubernetes.io/bind-completed: yes
               pv.kubernetes.io/bound-by-controller: yes
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:      20Gi
Access Modes:  RWO
VolumeMode:    Filesystem
Used By:       mysql-69f89df6b6-sd6f6
Events:        <none>

# Not on the page: the volume the controller bound carries its mark too
# (upstream bindVolumeToClaim), and its claimRef names the claim.
$ kubectl describe pv mysql-pv-volume
Name:            mysql-pv-volume
Labels:          type=local
Annotations:     pv.kubernetes.io/bound-by-controller: yes
Finalizers:      [kubernetes.io/pv-protection]
StorageClass:    manual
Status:          Bound
Claim:           default/mysql-pv-claim
Reclaim Policy:  Retain
Access Modes:    RWO
VolumeMode:      Filesystem
Capacity:        20Gi
Node Affinity:   <none>
Message:
Source:
    Type:          HostPath (bare host directory volume)
    Path:          /mnt/data
    HostPathType:
Events:            <none>

$ kubectl get pv mysql-pv-volume -o yaml
apiVersion: v1
kind: PersistentVolume
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"PersistentVolume","metadata":{"annotations":{},"labels":{"type":"local"},"name":"mysql-pv-volume"},"spec":{"accessModes":["ReadWriteOnce"],"capacity":{"storage":"20Gi"},"hostPath":{"path":"/mnt/data"},"storageClassName":"manual"}}
    pv.kubernetes.io/bound-by-controller: "yes"
  creationTimestamp: "2025-01-01T00:00:02Z"
  finalizers:
  - kubernetes.io/pv-protection
  labels:
    type: local
  name: mysql-pv-volume
  resourceVersion: "380"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  accessModes:
  - ReadWriteOnce
  capacity:
    storage: 20Gi
  claimRef:
    apiVersion: v1
    kind: PersistentVolumeClaim
    name: mysql-pv-claim
    namespace: default
    resourceVersion: "375"
    uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
  hostPath:
    path: /mnt/data
    type: ""
  persistentVolumeReclaimPolicy: Retain
  storageClassName: manual
  volumeMode: Filesystem
status:
  lastPhaseTransitionTime: "2025-01-01T00:00:02Z"
  phase: Bound

# mysqld's first start initialises its data directory before it takes
# connections (about 15 s here): a client run at once would get ERROR
# 2003. The page's reader has spent that long on the commands above.
$ sleep 10

# "If it connects, you know your stateful MySQL database is up and
# running": the client's prompt, where statements run.
$ kubectl run -it --rm --image=mysql:5.6 --restart=Never mysql-client -- mysql -h mysql -ppassword
If you don't see a command prompt, try pressing enter.

$ SHOW DATABASES;
+--------------------+
| Database           |
+--------------------+
| information_schema |
| mysql              |
| performance_schema |
+--------------------+
3 rows in set (0.00 sec)

$ exit
Bye
pod "mysql-client" deleted

# A host no Service answers for: the client's error, and its exit code.
$ kubectl run -it --rm --image=mysql:5.6 --restart=Never mysql-client -- mysql -h nosuchdb -ppassword
If you don't see a command prompt, try pressing enter.
ERROR 2005 (HY000): Unknown MySQL server host 'nosuchdb' (-2)
pod "mysql-client" deleted
pod default/mysql-client terminated (Error)

$ echo $?
1

$ kubectl delete deployment,svc mysql
deployment.apps "mysql" deleted
service "mysql" deleted

$ kubectl delete pvc mysql-pv-claim
persistentvolumeclaim "mysql-pv-claim" deleted

$ kubectl delete pv mysql-pv-volume
persistentvolume "mysql-pv-volume" deleted
