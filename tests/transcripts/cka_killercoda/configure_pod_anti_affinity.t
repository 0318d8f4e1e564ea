# omkar-shelke25/cka-killercoda, configure-PodAntiAffinity: setup.sh, then
# step1.md's solution. Killercoda's controlplane and node01 are this
# cluster's kubeplay-control-plane and kubeplay-worker. This cluster's
# workers carry zone labels already (zone-a, zone-b, zone-c), so setup.sh's
# second label needs --overwrite here. The scenario's StorageClass
# local-path is the one killercoda's local-path provisioner installs,
# made here as in pvc_dynamic.t.

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
$ kubectl label node kubeplay-control-plane topology.kubernetes.io/zone=zone-a
node/kubeplay-control-plane labeled

$ kubectl label node kubeplay-worker topology.kubernetes.io/zone=zone-b
error: 'topology.kubernetes.io/zone' already has a value (zone-a), and --overwrite is false

$ kubectl label node kubeplay-worker topology.kubernetes.io/zone=zone-b --overwrite
node/kubeplay-worker labeled

$ kubectl create ns database-services
namespace/database-services created

$ mkdir -p /mongodb

$ cat <<'EOF' > /mongodb/mongodb-stateful.yaml
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: mongodb-users-db
  namespace: database-services
  labels:
    app: mongodb-users-db
    environment: production
    team: data-platform
  annotations:
    owner: "db-team"
spec:
  serviceName: "mongodb"
  replicas: 2
  selector:
    matchLabels:
      app: mongodb-users-db
  template:
    metadata:
      labels:
        app: mongodb-users-db
        environment: production
      annotations:
        description: "MongoDB users database"
    spec:
      containers:
        - name: mongodb
          image: mongo:5.0
          ports:
            - containerPort: 27017
              name: mongodb
          volumeMounts:
            - name: mongodb-data
              mountPath: /data/db
  volumeClaimTemplates:
    - metadata:
        name: mongodb-data
        labels:
          app: mongodb-users-db
      spec:
        storageClassName: local-path
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 500Mi
EOF

$ cat <<'EOF' > /mongodb/mongodb-service.yaml
apiVersion: v1
kind: Service
metadata:
  name: mongodb
  namespace: database-services
  labels:
    app: mongodb-users-db
spec:
  clusterIP: None
  ports:
    - port: 27017
      name: mongodb
  selector:
    app: mongodb-users-db
EOF

$ kubectl apply -f /mongodb/mongodb-service.yaml
service/mongodb created

$ kubectl apply -f /mongodb/mongodb-stateful.yaml
statefulset.apps/mongodb-users-db created

$ sleep 10

$ kubectl taint no kubeplay-control-plane node-role.kubernetes.io/control-plane:NoSchedule-
node/kubeplay-control-plane untainted

# The solution.
$ kubectl get nodes -L topology.kubernetes.io/zone
NAME                     STATUS   ROLES           AGE   VERSION   ZONE
kubeplay-control-plane   Ready    control-plane   12s   v1.32.0   zone-a
kubeplay-worker          Ready    <none>          12s   v1.32.0   zone-b
kubeplay-worker2         Ready    <none>          12s   v1.32.0   zone-b
kubeplay-worker3         Ready    <none>          12s   v1.32.0   zone-c

$ kubectl get pods -n database-services -l app=mongodb-users-db -o wide
NAME                 READY   STATUS              RESTARTS   AGE   IP       NODE               NOMINATED NODE   READINESS GATES
mongodb-users-db-0   0/1     ContainerCreating   0          10s   <none>   kubeplay-worker3   <none>           <none>

$ kubectl delete statefulset mongodb-users-db -n database-services
statefulset.apps "mongodb-users-db" deleted

$ sleep 40

$ kubectl get pods -n database-services
No resources found in database-services namespace.

# The claims outlive the StatefulSet, and each local-path volume is bound
# to the node its first pod ran on.
$ kubectl get pvc -n database-services
NAME                              STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
mongodb-data-mongodb-users-db-0   Bound    pvc-686b2d79-d547-4dbb-816e-f7b4e27a31a8   500Mi      RWO            local-path     <unset>                 50s

$ cat <<'EOF' > /mongodb/mongodb-stateful.yaml
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: mongodb-users-db
  namespace: database-services
  labels:
    app: mongodb-users-db
    environment: production
    team: data-platform
  annotations:
    owner: "db-team"
spec:
  serviceName: "mongodb"
  replicas: 2
  selector:
    matchLabels:
      app: mongodb-users-db
  template:
    metadata:
      labels:
        app: mongodb-users-db
        environment: production
      annotations:
        description: "MongoDB users database"
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - labelSelector:
                matchExpressions:
                  - key: app
                    operator: In
                    values:
                      - mongodb-users-db
              topologyKey: topology.kubernetes.io/zone
      containers:
        - name: mongodb
          image: mongo:5.0
          ports:
            - containerPort: 27017
              name: mongodb
          volumeMounts:
            - name: mongodb-data
              mountPath: /data/db
  volumeClaimTemplates:
    - metadata:
        name: mongodb-data
        labels:
          app: mongodb-users-db
      spec:
        storageClassName: local-path
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 500Mi
---
apiVersion: v1
kind: Service
metadata:
  name: mongodb
  namespace: database-services
  labels:
    app: mongodb-users-db
spec:
  clusterIP: None
  ports:
    - port: 27017
      name: mongodb
  selector:
    app: mongodb-users-db
EOF

$ kubectl apply -f /mongodb/mongodb-stateful.yaml
statefulset.apps/mongodb-users-db created
service/mongodb unchanged

$ sleep 30

$ kubectl get pods -n database-services -l app=mongodb-users-db -o wide
NAME                 READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
mongodb-users-db-0   1/1     Running   0          30s   10.244.3.3   kubeplay-worker3   <none>           <none>
mongodb-users-db-1   1/1     Running   0          18s   10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl describe pods -n database-services -l app=mongodb-users-db | grep -A 8 Events:
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  30s   default-scheduler  Successfully assigned database-services/mongodb-users-db-0 to kubeplay-worker3
  Normal  Pulling    29s   kubelet            Pulling image "mongo:5.0"
  Normal  Pulled     18s   kubelet            Successfully pulled image "mongo:5.0" in 10.794s (10.794s including waiting). Image size: 257372766 bytes.
  Normal  Created    18s   kubelet            Created container mongodb
  Normal  Started    18s   kubelet            Started container mongodb

--
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  18s   default-scheduler  Successfully assigned database-services/mongodb-users-db-1 to kubeplay-worker
  Normal  Pulling    17s   kubelet            Pulling image "mongo:5.0"
  Normal  Pulled     6s    kubelet            Successfully pulled image "mongo:5.0" in 10.794s (10.794s including waiting). Image size: 257372766 bytes.
  Normal  Created    6s    kubelet            Created container mongodb
  Normal  Started    6s    kubelet            Started container mongodb
