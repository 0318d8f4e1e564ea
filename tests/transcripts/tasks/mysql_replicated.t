# kubernetes.io's "Run a Replicated Stateful Application", line by line.
# The page applies https://k8s.io/examples/application/mysql/
# mysql-configmap.yaml, mysql-services.yaml and mysql-statefulset.yaml;
# transcripts never download, so each is written from a here-document
# with the same text, then applied.
$ cat <<EOF > mysql-configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: mysql
  labels:
    app: mysql
    app.kubernetes.io/name: mysql
data:
  primary.cnf: |
    # Apply this config only on the primary.
    [mysqld]
    log-bin
    # datadir=/var/lib/mysql/mysql
  replica.cnf: |
    # Apply this config only on replicas.
    [mysqld]
    super-read-only
    # datadir=/var/lib/mysql/mysql
EOF

$ kubectl apply -f mysql-configmap.yaml
configmap/mysql created

$ cat <<EOF > mysql-services.yaml
# Headless service for stable DNS entries of StatefulSet members.
apiVersion: v1
kind: Service
metadata:
  name: mysql
  labels:
    app: mysql
    app.kubernetes.io/name: mysql
spec:
  ports:
  - name: mysql
    port: 3306
  clusterIP: None
  selector:
    app: mysql
---
# Client service for connecting to any MySQL instance for reads.
# For writes, you must instead connect to the primary: mysql-0.mysql.
apiVersion: v1
kind: Service
metadata:
  name: mysql-read
  labels:
    app: mysql
    app.kubernetes.io/name: mysql
    readonly: "true"
spec:
  ports:
  - name: mysql
    port: 3306
  selector:
    app: mysql
EOF

$ kubectl apply -f mysql-services.yaml
service/mysql created
service/mysql-read created

$ cat <<'EOF' > mysql-statefulset.yaml
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: mysql
spec:
  selector:
    matchLabels:
      app: mysql
  serviceName: mysql
  replicas: 3
  template:
    metadata:
      labels:
        app: mysql
    spec:
      initContainers:
      - name: init-mysql
        image: mysql:5.7
        command:
        - bash
        - "-c"
        - |
          set -ex
          # Generate mysql server-id from pod ordinal index.
          [[ `hostname` =~ -([0-9]+)$ ]] || exit 1
          ordinal=${BASH_REMATCH[1]}
          echo [mysqld] > /mnt/conf.d/server-id.cnf
          # Add an offset to avoid reserved server-id=0 value.
          echo server-id=$((100 + $ordinal)) >> /mnt/conf.d/server-id.cnf
          # Copy appropriate conf.d files from config-map to emptyDir.
          if [[ $ordinal -eq 0 ]]; then
            cp /mnt/config-map/primary.cnf /mnt/conf.d/
          else
            cp /mnt/config-map/replica.cnf /mnt/conf.d/
          fi
        volumeMounts:
        - name: conf
          mountPath: /mnt/conf.d
        - name: config-map
          mountPath: /mnt/config-map
      - name: clone-mysql
        image: gcr.io/google-samples/xtrabackup:1.0
        command:
        - bash
        - "-c"
        - |
          set -ex
          # Skip the clone if data already exists.
          [[ -d /var/lib/mysql/mysql ]] && exit 0
          # Skip the clone on primary (ordinal index 0).
          [[ `hostname` =~ -([0-9]+)$ ]] || exit 1
          ordinal=${BASH_REMATCH[1]}
          [[ $ordinal -eq 0 ]] && exit 0
          # Clone data from previous peer.
          ncat --recv-only mysql-$(($ordinal-1)).mysql 3307 | xbstream -x -C /var/lib/mysql
          # Prepare the backup.
          xtrabackup --prepare --target-dir=/var/lib/mysql
        volumeMounts:
        - name: data
          mountPath: /var/lib/mysql
          subPath: mysql
        - name: conf
          mountPath: /etc/mysql/conf.d
      containers:
      - name: mysql
        image: mysql:5.7
        env:
        - name: MYSQL_ALLOW_EMPTY_PASSWORD
          value: "1"
        ports:
        - name: mysql
          containerPort: 3306
        volumeMounts:
        - name: data
          mountPath: /var/lib/mysql
          subPath: mysql
        - name: conf
          mountPath: /etc/mysql/conf.d
        resources:
          requests:
            cpu: 500m
            memory: 1Gi
        livenessProbe:
          exec:
            command: ["mysqladmin", "ping"]
          initialDelaySeconds: 30
          periodSeconds: 10
          timeoutSeconds: 5
        readinessProbe:
          exec:
            # Check we can execute queries over TCP (skip-networking is off).
            command: ["mysql", "-h", "127.0.0.1", "-e", "SELECT 1"]
          initialDelaySeconds: 5
          periodSeconds: 2
          timeoutSeconds: 1
      - name: xtrabackup
        image: gcr.io/google-samples/xtrabackup:1.0
        ports:
        - name: xtrabackup
          containerPort: 3307
        command:
        - bash
        - "-c"
        - |
          set -ex
          cd /var/lib/mysql

          # Determine binlog position of cloned data, if any.
          if [[ -f xtrabackup_slave_info && "x$(<xtrabackup_slave_info)" != "x" ]]; then
            # XtraBackup already generated a partial "CHANGE MASTER TO" query
            # because we're cloning from an existing replica. (Need to remove the tailing semicolon!)
            cat xtrabackup_slave_info | sed -E 's/;$//g' > change_master_to.sql.in
            # Ignore xtrabackup_binlog_info in this case (it's useless).
            rm -f xtrabackup_slave_info xtrabackup_binlog_info
          elif [[ -f xtrabackup_binlog_info ]]; then
            # We're cloning directly from primary. Parse binlog position.
            [[ `cat xtrabackup_binlog_info` =~ ^(.*?)[[:space:]]+(.*?)$ ]] || exit 1
            rm -f xtrabackup_binlog_info xtrabackup_slave_info
            echo "CHANGE MASTER TO MASTER_LOG_FILE='${BASH_REMATCH[1]}',\
                  MASTER_LOG_POS=${BASH_REMATCH[2]}" > change_master_to.sql.in
          fi

          # Check if we need to complete a clone by starting replication.
          if [[ -f change_master_to.sql.in ]]; then
            echo "Waiting for mysqld to be ready (accepting connections)"
            until mysql -h 127.0.0.1 -e "SELECT 1"; do sleep 1; done

            echo "Initializing replication from clone position"
            mysql -h 127.0.0.1 \
                  -e "$(<change_master_to.sql.in), \
                          MASTER_HOST='mysql-0.mysql', \
                          MASTER_USER='root', \
                          MASTER_PASSWORD='', \
                          MASTER_CONNECT_RETRY=10; \
                        START SLAVE;" || exit 1
            # In case of container restart, attempt this at-most-once.
            mv change_master_to.sql.in change_master_to.sql.orig
          fi

          # Start a server to send backups when requested by peers.
          exec ncat --listen --keep-open --send-only --max-conns=1 3307 -c \
            "xtrabackup --backup --slave-info --stream=xbstream --host=127.0.0.1 --user=root"
        volumeMounts:
        - name: data
          mountPath: /var/lib/mysql
          subPath: mysql
        - name: conf
          mountPath: /etc/mysql/conf.d
        resources:
          requests:
            cpu: 100m
            memory: 100Mi
      volumes:
      - name: conf
        emptyDir: {}
      - name: config-map
        configMap:
          name: mysql
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 10Gi
EOF

$ kubectl apply -f mysql-statefulset.yaml
statefulset.apps/mysql created

# "You can watch the startup progress": one pod at a time, in ordinal
# order, each Ready before the next is created. kind's default
# StorageClass binds each claim when its pod is scheduled.
$ kubectl get pods -l app=mysql --watch
NAME      READY   STATUS    RESTARTS   AGE
mysql-0   0/2     Pending   0          0s
mysql-0   0/2     Pending   0          0s
mysql-0   0/2     Init:0/2   0          0s
mysql-0   0/2     Init:1/2   0          8s
mysql-0   0/2     PodInitializing   0          11s
mysql-0   1/2     Running           0          12s
mysql-0   2/2     Running           0          26s
mysql-1   0/2     Pending           0          0s
mysql-1   0/2     Pending           0          0s
mysql-1   0/2     Init:0/2          0          0s
mysql-1   0/2     Init:1/2          0          8s
mysql-1   0/2     PodInitializing   0          11s
mysql-1   1/2     Running           0          12s
mysql-1   2/2     Running           0          26s
mysql-2   0/2     Pending           0          0s
mysql-2   0/2     Pending           0          0s
mysql-2   0/2     Init:0/2          0          0s
mysql-2   0/2     Init:1/2          0          8s
mysql-2   0/2     PodInitializing   0          11s
mysql-2   1/2     Running           0          12s
mysql-2   2/2     Running           0          26s
(playground) stopped watching: the cluster settled after 80s of virtual time; kubectl would keep watching until interrupted

# "Sending client traffic": the statements come from the here-document
# (kubectl run -i without -t), so mysql runs in batch mode and prints
# nothing for them.
$ kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-0.mysql <<EOF
CREATE DATABASE test;
CREATE TABLE test.messages (message VARCHAR(250));
INSERT INTO test.messages VALUES ('hello');
EOF
If you don't see a command prompt, try pressing enter.
pod "mysql-client" deleted

# With -t mysql's stdout is a terminal: it draws boxes. (The page's
# "Waiting for pod … status is Pending" line is from kubectl releases of
# 2016; v1.32 waits for the pod silently.)
$ kubectl run mysql-client --image=mysql:5.7 -i -t --rm --restart=Never -- mysql -h mysql-read -e "SELECT * FROM test.messages"
If you don't see a command prompt, try pressing enter.
+---------+
| message |
+---------+
| hello   |
+---------+
pod "mysql-client" deleted

# The loop's first turn; then the loop goes on as a job, as in the page's
# second window.
$ kubectl run mysql-client-loop --image=mysql:5.7 -i -t --rm --restart=Never -- bash -ic "while sleep 1; do mysql -h mysql-read -e 'SELECT @@server_id,NOW()'; done"
If you don't see a command prompt, try pressing enter.
+-------------+---------------------+
| @@server_id | NOW()               |
+-------------+---------------------+
|         101 | 2025-01-01 00:01:30 |
+-------------+---------------------+
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

# Its next turns, from the pod's log: kube-proxy picks one of
# mysql-read's ready endpoints for each connection, so @@server_id
# changes at random. (playground) the terminal's first turn and the
# log's are drawn separately, so the two may differ.
$ sleep 4

$ kubectl logs mysql-client-loop --tail=20
+-------------+---------------------+
| @@server_id | NOW()               |
+-------------+---------------------+
|         101 | 2025-01-01 00:01:31 |
+-------------+---------------------+
+-------------+---------------------+
| @@server_id | NOW()               |
+-------------+---------------------+
|         100 | 2025-01-01 00:01:32 |
+-------------+---------------------+
+-------------+---------------------+
| @@server_id | NOW()               |
+-------------+---------------------+
|         101 | 2025-01-01 00:01:33 |
+-------------+---------------------+
+-------------+---------------------+
| @@server_id | NOW()               |
+-------------+---------------------+
|         100 | 2025-01-01 00:01:34 |
+-------------+---------------------+

# A replica's data is its clone of the primary's, kept by replication.
$ kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-2.mysql -e "SELECT @@server_id; SELECT * FROM test.messages"
If you don't see a command prompt, try pressing enter.
@@server_id
102
message
hello
pod "mysql-client" deleted

# Replicas run with super-read-only (replica.cnf): writes go to mysql-0.
$ kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-1.mysql -e "INSERT INTO test.messages VALUES ('bye')"
If you don't see a command prompt, try pressing enter.
ERROR 1290 (HY000) at line 1: The MySQL server is running with the --super-read-only option so it cannot execute this statement
pod "mysql-client" deleted
pod default/mysql-client terminated (Error)

# "Break the Readiness Probe".
$ kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql /usr/bin/mysql.off

# What the probe now runs into: the runtime finds no mysql to start.
$ kubectl exec mysql-2 -c mysql -- mysql -h 127.0.0.1 -e "SELECT 1"
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "736c115d38b116ce254a2d27d03ce50c368d4ee2f6526b44d09bc266189cd498": OCI runtime exec failed: exec failed: unable to start container process: exec: "mysql": executable file not found in $PATH: unknown

# The page expects 1/2 here. On a v1.32 kind cluster (containerd) the
# probe's command no longer exists, so the runtime refuses to start it;
# the kubelet records "Readiness probe errored and resulted in unknown
# state: rpc error: … exec: \"mysql\": executable file not found in
# $PATH: unknown" and throws that result away (prober worker.go), so the
# container stays Ready: 2/2. (playground) no such events are recorded.
$ sleep 10

$ kubectl get pod mysql-2
NAME      READY   STATUS    RESTARTS   AGE
mysql-2   2/2     Running   0          54s

$ kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql.off /usr/bin/mysql

# "Delete Pods": kubectl waits until the pod is gone (30 s: the sidecar's
# ncat ignores SIGTERM until the grace period's SIGKILL), then the
# StatefulSet controller creates mysql-2 again, with the same name and
# claim.
$ kubectl delete pod mysql-2
pod "mysql-2" deleted

$ kubectl get pods -l app=mysql --watch
NAME      READY   STATUS    RESTARTS   AGE
mysql-0   2/2     Running   0          2m18s
mysql-1   2/2     Running   0          111s
mysql-2   0/2     Pending   0          0s
mysql-2   0/2     Pending   0          0s
mysql-2   0/2     Init:0/2   0          0s
mysql-2   0/2     Init:1/2   0          2s
mysql-2   0/2     PodInitializing   0          3s
mysql-2   1/2     Running           0          4s
mysql-2   2/2     Running           0          18s
(playground) stopped watching: the cluster settled after 18s of virtual time; kubectl would keep watching until interrupted

# The new mysql-2 finds its data on its claim.
$ kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-2.mysql -e "SELECT * FROM test.messages"
If you don't see a command prompt, try pressing enter.
message
hello
pod "mysql-client" deleted

# "Drain a Node".
$ kubectl get pod mysql-2 -o wide
NAME      READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
mysql-2   2/2     Running   0          21s   10.244.2.4   kubeplay-worker2   <none>           <none>

$ kubectl drain kubeplay-worker2 --force --delete-emptydir-data --ignore-daemonsets
node/kubeplay-worker2 cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-tcrmk, kube-system/kube-proxy-29qjf
evicting pod default/mysql-2
evicting pod kube-system/coredns-9b77b5867-5wvqp
pod/coredns-9b77b5867-5wvqp evicted
pod/mysql-2 evicted
node/kubeplay-worker2 drained

# The page expects mysql-2 to start on another node. On kind its claim's
# volume is a local-path directory on kubeplay-worker2 (the volume's node
# affinity), so the new mysql-2 stays Pending until that node takes pods
# again. (A moment passes first: the StatefulSet controller creates the
# pod again as soon as the eviction has removed it.)
$ sleep 1

$ kubectl get pod mysql-2 -o wide --watch
NAME      READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES
mysql-2   0/2     Pending   0          1s    <none>   <none>   <none>           <none>
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl describe pod mysql-2 | sed -n '/^Events:/,$p'
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  1s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.

$ kubectl uncordon kubeplay-worker2
node/kubeplay-worker2 uncordoned

$ kubectl get pod mysql-2 -o wide --watch
NAME      READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES
mysql-2   0/2     Pending   0          1s    <none>   <none>   <none>           <none>
mysql-2   0/2     Pending   0          1s    <none>   <none>   <none>           <none>
mysql-2   0/2     Pending   0          3s    <none>   kubeplay-worker2   <none>           <none>
mysql-2   0/2     Init:0/2   0          3s    <none>   kubeplay-worker2   <none>           <none>
mysql-2   0/2     Init:1/2   0          5s    10.244.2.5   kubeplay-worker2   <none>           <none>
mysql-2   0/2     PodInitializing   0          6s    10.244.2.5   kubeplay-worker2   <none>           <none>
mysql-2   1/2     Running           0          7s    10.244.2.5   kubeplay-worker2   <none>           <none>
mysql-2   2/2     Running           0          21s   10.244.2.5   kubeplay-worker2   <none>           <none>
(playground) stopped watching: the cluster settled after 20s of virtual time; kubectl would keep watching until interrupted

# "Scaling the number of replicas".
$ kubectl scale statefulset mysql  --replicas=5
statefulset.apps/mysql scaled

$ kubectl get pods -l app=mysql --watch
NAME      READY   STATUS    RESTARTS   AGE
mysql-0   2/2     Running   0          3m30s
mysql-1   2/2     Running   0          3m3s
mysql-2   2/2     Running   0          21s
mysql-3   0/2     Pending   0          0s
mysql-3   0/2     Pending   0          0s
mysql-3   0/2     Init:0/2   0          0s
mysql-3   0/2     Init:1/2   0          2s
mysql-3   0/2     PodInitializing   0          3s
mysql-3   1/2     Running           0          4s
mysql-3   2/2     Running           0          18s
mysql-4   0/2     Pending           0          0s
mysql-4   0/2     Pending           0          0s
mysql-4   0/2     Init:0/2          0          0s
mysql-4   0/2     Init:1/2          0          2s
mysql-4   0/2     PodInitializing   0          3s
mysql-4   1/2     Running           0          4s
mysql-4   2/2     Running           0          18s
(playground) stopped watching: the cluster settled after 36s of virtual time; kubectl would keep watching until interrupted

# mysql-3 cloned mysql-2's data before it started replicating.
$ kubectl run mysql-client --image=mysql:5.7 -i -t --rm --restart=Never -- mysql -h mysql-3.mysql -e "SELECT * FROM test.messages"
If you don't see a command prompt, try pressing enter.
+---------+
| message |
+---------+
| hello   |
+---------+
pod "mysql-client" deleted

$ kubectl scale statefulset mysql --replicas=3
statefulset.apps/mysql scaled

$ kubectl get pvc -l app=mysql
NAME           STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
data-mysql-0   Bound    pvc-918032d1-e60d-4182-8941-f80f548dd8ac   10Gi       RWO            standard       <unset>                 4m9s
data-mysql-1   Bound    pvc-c43593f7-b5ab-4da4-9647-2e1345503cd1   10Gi       RWO            standard       <unset>                 3m42s
data-mysql-2   Bound    pvc-b4f33e83-8465-42de-83ab-82552e5a0505   10Gi       RWO            standard       <unset>                 3m15s
data-mysql-3   Bound    pvc-0f1ab7cd-9353-4756-8e8f-24fc7e07884d   10Gi       RWO            standard       <unset>                 39s
data-mysql-4   Bound    pvc-c1951fdb-fb10-4ee7-a8b0-2d0396239138   10Gi       RWO            standard       <unset>                 21s

$ kubectl delete pvc data-mysql-3
persistentvolumeclaim "data-mysql-3" deleted

$ kubectl delete pvc data-mysql-4
persistentvolumeclaim "data-mysql-4" deleted

# Cleaning up: the loop's pod first.
$ kubectl delete pod mysql-client-loop --now
pod "mysql-client-loop" deleted

$ kubectl delete statefulset mysql
statefulset.apps "mysql" deleted

# A moment after the delete the garbage collector has deleted the pods:
# they are terminating. mysqld stops at SIGTERM; the xtrabackup sidecar's
# ncat, its PID 1, has no handler for it and is killed when the 30 s
# grace period ends.
$ sleep 1

$ kubectl get pods -l app=mysql
NAME      READY   STATUS        RESTARTS   AGE
mysql-0   2/2     Terminating   0          5m12s
mysql-1   2/2     Terminating   0          4m45s
mysql-2   2/2     Terminating   0          2m3s

$ sleep 30

$ kubectl get pods -l app=mysql
No resources found in default namespace.

$ kubectl delete configmap,service,pvc -l app=mysql
configmap "mysql" deleted
service "mysql" deleted
service "mysql-read" deleted
persistentvolumeclaim "data-mysql-0" deleted
persistentvolumeclaim "data-mysql-1" deleted
persistentvolumeclaim "data-mysql-2" deleted

# kind's provisioner deletes each volume once its claim is gone.
$ sim settle
settled after 6 steps and 0s of virtual time

$ kubectl get pv
No resources found
