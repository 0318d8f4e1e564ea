# kubernetes.io "Concepts → Workloads → Workload Management →
# StatefulSets", what the page adds to the StatefulSet tutorials
# (tests/transcripts/workloads/statefulset*.t, tasks/statefulset_*.t): its
# example as written, start ordinals, Parallel pod management, partitions,
# the forced rollback and the PVC retention policy. Manifests are
# here-documents: transcripts never download.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: nginx # has to match .spec.template.metadata.labels
  serviceName: "nginx"
  replicas: 3 # by default is 1
  minReadySeconds: 10 # by default is 0
  template:
    metadata:
      labels:
        app: nginx # has to match .spec.selector.matchLabels
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      storageClassName: "my-storage-class"
      resources:
        requests:
          storage: 1Gi
EOF
service/nginx created
statefulset.apps/web created

# This cluster has no StorageClass "my-storage-class" (kind's is
# "standard"), so, as on a cluster without it, web-0's claim stays Pending
# and OrderedReady management creates nothing after web-0.
$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (8 steps ran)

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   0/1     Pending   0          30s

$ kubectl get pvc
NAME        STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS       VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Pending                                      my-storage-class   <unset>                 30s

$ kubectl delete statefulset web
statefulset.apps "web" deleted

$ kubectl delete pvc www-web-0
persistentvolumeclaim "www-web-0" deleted

# With the cluster's default StorageClass, and minReadySeconds 10: each pod
# must stay ready 10 s before it counts as available and the next starts.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: nginx
  serviceName: "nginx"
  replicas: 3
  minReadySeconds: 10
  template:
    metadata:
      labels:
        app: nginx
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
EOF
statefulset.apps/web created

$ sim advance 8s
advanced 8s to 2025-01-01T00:00:40Z (21 steps ran)

$ kubectl get statefulset web
NAME   READY   AGE
web    1/3     8s

$ sim settle
settled after 40 steps and 32s of virtual time

$ kubectl get statefulset web
NAME   READY   AGE
web    3/3     40s

$ kubectl get pods -l app=nginx -L statefulset.kubernetes.io/pod-name,apps.kubernetes.io/pod-index
NAME    READY   STATUS    RESTARTS   AGE   POD-NAME   POD-INDEX
web-0   1/1     Running   0          40s   web-0      0
web-1   1/1     Running   0          27s   web-1      1
web-2   1/1     Running   0          13s   web-2      2

# Partitions: only ordinals at or above the partition take the new
# template.
$ kubectl patch statefulset web --patch '{"spec":{"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":2}}}}'
statefulset.apps/web patched

$ kubectl set image statefulset/web nginx=registry.k8s.io/nginx-slim:0.27
statefulset.apps/web image updated

$ sim settle
settled after 28 steps and 13s of virtual time

$ kubectl get pods -l app=nginx -o jsonpath='{range .items[*]}{.metadata.name} {.spec.containers[0].image}{"\n"}{end}'
web-0 registry.k8s.io/nginx-slim:0.24
web-1 registry.k8s.io/nginx-slim:0.24
web-2 registry.k8s.io/nginx-slim:0.27

$ kubectl rollout status statefulset/web
partitioned roll out complete: 1 new pods have been updated...

# Forced rollback: a template that never becomes ready stops the rollout;
# reverting it is not enough until the broken pod is deleted.
$ kubectl patch statefulset web --patch '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":0}}}}'
statefulset.apps/web patched

$ kubectl set image statefulset/web nginx=registry.k8s.io/nginx-slim:no-such-tag
statefulset.apps/web image updated

$ sim advance 1m
advanced 60s to 2025-01-01T00:02:26Z (46 steps ran)

$ kubectl get pods -l app=nginx
NAME    READY   STATUS             RESTARTS   AGE
web-0   1/1     Running            0          114s
web-1   1/1     Running            0          100s
web-2   0/1     ImagePullBackOff   0          59s

$ kubectl set image statefulset/web nginx=registry.k8s.io/nginx-slim:0.24
statefulset.apps/web image updated

$ sim advance 1m
advanced 60s to 2025-01-01T00:03:26Z (15 steps ran)

$ kubectl get pods -l app=nginx
NAME    READY   STATUS             RESTARTS   AGE
web-0   1/1     Running            0          2m54s
web-1   1/1     Running            0          2m40s
web-2   0/1     ImagePullBackOff   0          119s

$ kubectl delete pod web-2
pod "web-2" deleted

$ sim settle
settled after 21 steps and 12s of virtual time

$ kubectl get pods -l app=nginx -o jsonpath='{range .items[*]}{.metadata.name} {.spec.containers[0].image}{"\n"}{end}'
web-0 registry.k8s.io/nginx-slim:0.24
web-1 registry.k8s.io/nginx-slim:0.24
web-2 registry.k8s.io/nginx-slim:0.24

# PersistentVolumeClaim retention: whenScaled Delete removes the claims of
# the pods a scale-down removed; the default, Retain, keeps them.
$ kubectl patch statefulset web --patch '{"spec":{"persistentVolumeClaimRetentionPolicy":{"whenDeleted":"Retain","whenScaled":"Delete"}}}'
statefulset.apps/web patched

$ kubectl scale statefulset web --replicas=1
statefulset.apps/web scaled

$ sim settle
settled after 30 steps and 0s of virtual time

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-c2602591-00c3-46eb-a337-d08bd918acb0   1Gi        RWO            standard       <unset>                 3m7s

# Parallel pod management: all pods start at once.
$ kubectl delete statefulset web
statefulset.apps "web" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: nginx
  serviceName: "nginx"
  replicas: 3
  podManagementPolicy: Parallel
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
EOF
statefulset.apps/web created

$ sim advance 1s
advanced 1s to 2025-01-01T00:03:40Z (19 steps ran)

$ kubectl get pods -l app=nginx
NAME    READY   STATUS              RESTARTS   AGE
web-0   0/1     ContainerCreating   0          1s
web-1   0/1     ContainerCreating   0          1s
web-2   0/1     ContainerCreating   0          1s

# Start ordinal: .spec.ordinals.start numbers the pods from 5.
$ kubectl patch statefulset web --patch '{"spec":{"ordinals":{"start":5}}}'
statefulset.apps/web patched

$ sim settle
settled after 39 steps and 2s of virtual time

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-5   1/1     Running   0          2s
web-6   1/1     Running   0          2s
web-7   1/1     Running   0          2s
