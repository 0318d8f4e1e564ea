# omkar-shelke25/cka-killercoda, PersistentVolumeClaim-Mount-Storage:
# setup.sh, then step1.md's solution. Killercoda's node01 is this
# cluster's kubeplay-worker. setup.sh's `ssh node01` lines (making
# /mnt/disks/ssd1 and writing its index.html on the node) reach a node's
# shell, which the playground has not; the pods write the page instead.

# setup.sh
$ kubectl create ns nginx-cyperpunk
namespace/nginx-cyperpunk created

$ mkdir -p /src/nginx

$ cat <<'EOF' > /src/nginx/nginx-pv.yaml
apiVersion: v1
kind: PersistentVolume
metadata:
  name: nginx-pv
spec:
  capacity:
    storage: 700Mi
  volumeMode: Filesystem
  accessModes:
  - ReadWriteOnce
  persistentVolumeReclaimPolicy: Delete
  storageClassName: local-path
  local:
    path: /mnt/disks/ssd1
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values:
          - kubeplay-worker
EOF

$ cat <<'EOF' > /src/nginx/nginx-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-scifi-portal
  namespace: nginx-cyperpunk
  labels:
    app: nginx-scifi
    tier: frontend
    project: scifi-portal
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx-scifi
  template:
    metadata:
      labels:
        app: nginx-scifi
        tier: frontend
        project: scifi-portal
    spec:
      containers:
        - name: nginx-scifi
          image: nginx
          ports:
            - containerPort: 80
              name: nginx-server
EOF

$ cat <<'EOF' > /src/nginx/nginx-service.yaml
apiVersion: v1
kind: Service
metadata:
  name: nginx-scifi-portal-service
  namespace: nginx-cyperpunk
  labels:
    app: nginx-scifi
    tier: frontend
    project: scifi-portal
spec:
  type: NodePort
  selector:
    app: nginx-scifi
  ports:
    - protocol: TCP
      port: 80
      targetPort: 80
      nodePort: 30339
EOF

$ kubectl apply -f /src/nginx/nginx-pv.yaml
persistentvolume/nginx-pv created

$ kubectl apply -f /src/nginx/nginx-deployment.yaml
deployment.apps/nginx-scifi-portal created

$ kubectl apply -f /src/nginx/nginx-service.yaml
service/nginx-scifi-portal-service created

$ sleep 3

# Step 1
$ kubectl get pv nginx-pv
NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
nginx-pv   700Mi      RWO            Delete           Available           local-path     <unset>                          3s

$ kubectl describe pv nginx-pv
Name:              nginx-pv
Labels:            <none>
Annotations:       <none>
Finalizers:        [kubernetes.io/pv-protection]
StorageClass:      local-path
Status:            Available
Claim:
Reclaim Policy:    Delete
Access Modes:      RWO
VolumeMode:        Filesystem
Capacity:          700Mi
Node Affinity:
  Required Terms:
    Term 0:        kubernetes.io/hostname in [kubeplay-worker]
Message:
Source:
    Type:  LocalVolume (a persistent volume backed by local storage on a node)
    Path:  /mnt/disks/ssd1
Events:    <none>

# Step 2. The class local-path need not exist for a claim naming a
# volume: binding matches the class names only.
$ cat <<EOF > /src/nginx/nginx-pvc.yaml
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: nginx-pv-claim
  namespace: nginx-cyperpunk
spec:
  storageClassName: local-path
  volumeName: nginx-pv
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 350Mi
EOF

$ kubectl apply -f /src/nginx/nginx-pvc.yaml
persistentvolumeclaim/nginx-pv-claim created

# Step 3
$ sleep 5

$ kubectl get pvc -n nginx-cyperpunk
NAME             STATUS   VOLUME     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
nginx-pv-claim   Bound    nginx-pv   700Mi      RWO            local-path     <unset>                 5s

# Step 4
$ cat <<'EOF' > /src/nginx/nginx-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-scifi-portal
  namespace: nginx-cyperpunk
  labels:
    app: nginx-scifi
    tier: frontend
    project: scifi-portal
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx-scifi
  template:
    metadata:
      labels:
        app: nginx-scifi
        tier: frontend
        project: scifi-portal
    spec:
      volumes:
        - name: nginx-pv
          persistentVolumeClaim:
            claimName: nginx-pv-claim
      containers:
        - name: nginx-scifi
          image: nginx
          ports:
            - containerPort: 80
              name: nginx-server
          volumeMounts:
            - mountPath: "/usr/share/nginx/html"
              name: nginx-pv
EOF

# Step 5
$ kubectl apply -f /src/nginx/nginx-deployment.yaml
deployment.apps/nginx-scifi-portal configured

$ kubectl rollout status deployment nginx-scifi-portal -n nginx-cyperpunk
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-scifi-portal" rollout to finish: 1 old replicas are pending termination...
deployment "nginx-scifi-portal" successfully rolled out

# Step 6: the volume's node affinity puts every pod on kubeplay-worker.
$ kubectl get pods -n nginx-cyperpunk -o wide
NAME                                  READY   STATUS        RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx-scifi-portal-766667fd49-fxpx5   1/1     Running       0          4s    10.244.1.4   kubeplay-worker    <none>           <none>
nginx-scifi-portal-766667fd49-gp62b   1/1     Running       0          6s    10.244.1.3   kubeplay-worker    <none>           <none>
nginx-scifi-portal-766667fd49-kls7k   1/1     Running       0          2s    10.244.1.5   kubeplay-worker    <none>           <none>
nginx-scifi-portal-854948b9fd-4dfjb   1/1     Terminating   0          14s   10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl get pods -n nginx-cyperpunk -o wide | grep -c 'kubeplay-worker '
3

$ kubectl describe pod -n nginx-cyperpunk -l app=nginx-scifi | grep -A 5 "Mounts:"
    Mounts:
      /usr/share/nginx/html from nginx-pv (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-vn82w (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
--
    Mounts:
      /usr/share/nginx/html from nginx-pv (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-lczq8 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
--
    Mounts:
      /usr/share/nginx/html from nginx-pv (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-xn6lt (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
--
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-j24fg (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True

$ kubectl get svc -n nginx-cyperpunk
NAME                         TYPE       CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE
nginx-scifi-portal-service   NodePort   10.97.60.148   <none>        80:30339/TCP   14s

# Step 7
$ POD_NAME=$(kubectl get pods -n nginx-cyperpunk -l app=nginx-scifi -o jsonpath='{.items[0].metadata.name}')

$ kubectl exec -n nginx-cyperpunk $POD_NAME -- sh -c 'echo "Welcome to Cyberpunk Nginx Portal!" > /usr/share/nginx/html/index.html'

$ kubectl exec -n nginx-cyperpunk $POD_NAME -- cat /usr/share/nginx/html/index.html
Welcome to Cyberpunk Nginx Portal!
