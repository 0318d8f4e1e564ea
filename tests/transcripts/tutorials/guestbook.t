# kubernetes.io's "Example: Deploying PHP Guestbook application with
# Redis", line by line. The page applies its manifests from
# https://k8s.io/examples/application/guestbook/; transcripts never
# download, so each comes from a here-document with the same text.
#
# Start up the Redis database.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: redis-leader
  labels:
    app: redis
    role: leader
    tier: backend
spec:
  replicas: 1
  selector:
    matchLabels:
      app: redis
  template:
    metadata:
      labels:
        app: redis
        role: leader
        tier: backend
    spec:
      containers:
      - name: leader
        image: "docker.io/redis:6.0.5"
        resources:
          requests:
            cpu: 100m
            memory: 100Mi
        ports:
        - containerPort: 6379
EOF
deployment.apps/redis-leader created

$ sim settle
settled after 16 steps and 3s of virtual time

$ kubectl get pods
NAME                            READY   STATUS    RESTARTS   AGE
redis-leader-65ff8d78d6-jjhv7   1/1     Running   0          3s

$ kubectl logs -f deployment/redis-leader
1:C 01 Jan 2025 00:00:05.310 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo
1:C 01 Jan 2025 00:00:05.310 # Redis version=6.0.5, bits=64, commit=00000000, modified=0, pid=1, just started
1:M 01 Jan 2025 00:00:05.310 * Ready to accept connections
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: redis-leader
  labels:
    app: redis
    role: leader
    tier: backend
spec:
  ports:
  - port: 6379
    targetPort: 6379
  selector:
    app: redis
    role: leader
    tier: backend
EOF
service/redis-leader created

$ kubectl get service
NAME           TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
kubernetes     ClusterIP   10.96.0.1        <none>        443/TCP    5s
redis-leader   ClusterIP   10.111.205.204   <none>        6379/TCP   0s

# Set up Redis followers.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: redis-follower
  labels:
    app: redis
    role: follower
    tier: backend
spec:
  replicas: 2
  selector:
    matchLabels:
      app: redis
  template:
    metadata:
      labels:
        app: redis
        role: follower
        tier: backend
    spec:
      containers:
      - name: follower
        image: us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower:v2
        resources:
          requests:
            cpu: 100m
            memory: 100Mi
        ports:
        - containerPort: 6379
EOF
deployment.apps/redis-follower created

$ sim settle
settled after 24 steps and 3s of virtual time

$ kubectl get pods
NAME                              READY   STATUS    RESTARTS   AGE
redis-follower-597b5b45b9-4ltx9   1/1     Running   0          3s
redis-follower-597b5b45b9-58crp   1/1     Running   0          3s
redis-leader-65ff8d78d6-jjhv7     1/1     Running   0          6s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: redis-follower
  labels:
    app: redis
    role: follower
    tier: backend
spec:
  ports:
    # the port that this service should serve on
  - port: 6379
  selector:
    app: redis
    role: follower
    tier: backend
EOF
service/redis-follower created

$ kubectl get service
NAME             TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
kubernetes       ClusterIP   10.96.0.1        <none>        443/TCP    8s
redis-follower   ClusterIP   10.107.72.133    <none>        6379/TCP   0s
redis-leader     ClusterIP   10.111.205.204   <none>        6379/TCP   3s

# Set up and expose the guestbook frontend.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
        app: guestbook
        tier: frontend
  template:
    metadata:
      labels:
        app: guestbook
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5
        env:
        - name: GET_HOSTS_FROM
          value: "dns"
        resources:
          requests:
            cpu: 100m
            memory: 100Mi
        ports:
        - containerPort: 80
EOF
deployment.apps/frontend created

$ sim settle
settled after 29 steps and 7s of virtual time

$ kubectl get pods -l app=guestbook -l tier=frontend
NAME                        READY   STATUS    RESTARTS   AGE
frontend-6478df76db-jvtfw   1/1     Running   0          7s
frontend-6478df76db-k97gr   1/1     Running   0          7s
frontend-6478df76db-qcgj9   1/1     Running   0          7s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  # if your cluster supports it, uncomment the following to automatically create
  # an external load-balanced IP for the frontend service.
  # type: LoadBalancer
  #type: LoadBalancer
  ports:
    # the port that this service should serve on
  - port: 80
  selector:
    app: guestbook
    tier: frontend
EOF
service/frontend created

$ kubectl get services
NAME             TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
frontend         ClusterIP   10.96.102.50     <none>        80/TCP     0s
kubernetes       ClusterIP   10.96.0.1        <none>        443/TCP    15s
redis-follower   ClusterIP   10.107.72.133    <none>        6379/TCP   7s
redis-leader     ClusterIP   10.111.205.204   <none>        6379/TCP   10s

# The page runs the forward in the foreground and opens the page in a
# browser; here it runs in the background and curl stands in for the
# browser.
$ kubectl port-forward svc/frontend 8080:80 &
[1] 2718
Forwarding from 127.0.0.1:8080 -> 80
Forwarding from [::1]:8080 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8080 on this machine reaches pod frontend-6478df76db-jvtfw; it ends when the pod does

$ curl http://localhost:8080
Handling connection for 8080
(playground) the simulated server answered 200 with the guestbook's page (<title>Guestbook</title>), whose HTML the playground does not reproduce

# Scale the web frontend.
$ kubectl scale deployment frontend --replicas=5
deployment.apps/frontend scaled

$ sim settle
settled after 30 steps and 2s of virtual time

$ kubectl get pods
NAME                              READY   STATUS    RESTARTS   AGE
frontend-6478df76db-dtbhl         1/1     Running   0          2s
frontend-6478df76db-jvtfw         1/1     Running   0          9s
frontend-6478df76db-k97gr         1/1     Running   0          9s
frontend-6478df76db-qcgj9         1/1     Running   0          9s
frontend-6478df76db-vln4z         1/1     Running   0          2s
redis-follower-597b5b45b9-4ltx9   1/1     Running   0          12s
redis-follower-597b5b45b9-58crp   1/1     Running   0          12s
redis-leader-65ff8d78d6-jjhv7     1/1     Running   0          15s

$ kubectl scale deployment frontend --replicas=2
deployment.apps/frontend scaled

$ sim settle
settled after 21 steps and 0s of virtual time

$ kubectl get pods
NAME                              READY   STATUS    RESTARTS   AGE
frontend-6478df76db-jvtfw         1/1     Running   0          9s
frontend-6478df76db-qcgj9         1/1     Running   0          9s
redis-follower-597b5b45b9-4ltx9   1/1     Running   0          12s
redis-follower-597b5b45b9-58crp   1/1     Running   0          12s
redis-leader-65ff8d78d6-jjhv7     1/1     Running   0          16s

# Cleaning up.
$ kubectl delete deployment -l app=redis
deployment.apps "redis-follower" deleted
deployment.apps "redis-leader" deleted

$ kubectl delete service -l app=redis
service "redis-follower" deleted
service "redis-leader" deleted

$ kubectl delete deployment frontend
deployment.apps "frontend" deleted

$ kubectl delete service frontend
service "frontend" deleted

$ sim settle
settled after 36 steps and 0s of virtual time

$ kubectl get pods
[1]+  Exit 1                  kubectl port-forward svc/frontend 8080:80
No resources found in default namespace.
