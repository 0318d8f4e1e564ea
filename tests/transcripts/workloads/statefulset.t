# OrderedReady: web-1 is created only once web-0 is Running and Ready;
# scaling to 1 removes web-2 then web-1 and keeps their PVCs.
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
      app: nginx
  serviceName: nginx
  replicas: 3
  template:
    metadata:
      labels:
        app: nginx
    spec:
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
service/nginx created
statefulset.apps/web created

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:05Z (15 steps ran)

$ kubectl get pods
NAME    READY   STATUS              RESTARTS   AGE
web-0   0/1     ContainerCreating   0          3s

$ sim settle
settled after 40 steps and 7s of virtual time

$ kubectl get pods
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          10s
web-1   1/1     Running   0          7s
web-2   1/1     Running   0          3s

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 10s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 7s
www-web-2   Bound    pvc-4fae9908-0af7-4c88-9c2e-5a7dffcc1580   1Gi        RWO            standard       <unset>                 3s

$ kubectl scale statefulset web --replicas=1
statefulset.apps/web scaled

$ sim step 4
#59 2025-01-01T00:00:12Z statefulset-controller statefulset/web -n default
    StatefulSet web (OrderedReady): 3 pods, 3 ready, for 1 replica: deleted web-2 (scaling down, highest ordinal first)
    event Normal SuccessfulDelete: delete Pod web-2 in StatefulSet web successful
#60 2025-01-01T00:00:12Z statefulset-controller statefulset/web -n default (no change)
    StatefulSet web (OrderedReady): 3 pods, 3 ready, for 1 replica: nothing to create or delete; waiting for web-2 to finish terminating
#61 2025-01-01T00:00:12Z endpoint-controller service/nginx -n default
    Service nginx: 2 ready pods in addresses, 0 not ready in notReadyAddresses
#62 2025-01-01T00:00:12Z endpointslice-controller service/nginx -n default
    Service nginx: 3 endpoints (2 ready) written to its EndpointSlices

$ sim settle
settled after 14 steps and 0s of virtual time

$ kubectl get pods
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          11s

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 11s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 7s
www-web-2   Bound    pvc-4fae9908-0af7-4c88-9c2e-5a7dffcc1580   1Gi        RWO            standard       <unset>                 4s

$ kubectl get sts web
NAME   READY   AGE
web    1/1     11s
