# bmuschko/ckad-crash-course, exercises/13-deployment-blue-green (the
# course's newest numbering), the solution's commands in order; the
# manifests are the solution's, written with here-documents.
$ cat <<'EOF' > blue-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-blue
spec:
  replicas: 3
  selector:
    matchLabels:
      version: blue
  template:
    metadata:
      labels:
        version: blue
    spec:
      containers:
      - image: nginx:1.23.0
        name: nginx
        ports:
        - containerPort: 80
EOF

$ kubectl apply -f blue-deployment.yaml
deployment.apps/nginx-blue created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods -l version=blue
NAME                          READY   STATUS    RESTARTS   AGE
nginx-blue-5bbcd66558-2bcp5   1/1     Running   0          4s
nginx-blue-5bbcd66558-2jj9z   1/1     Running   0          4s
nginx-blue-5bbcd66558-jjhv7   1/1     Running   0          4s

$ cat <<'EOF' > service.yaml
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  selector:
    version: blue
  ports:
    - protocol: TCP
      port: 80
      targetPort: 80
EOF

$ kubectl apply -f service.yaml
service/nginx created

$ sim settle
settled after 2 steps and 0s of virtual time

# grep reads kubectl's output: the attach notice goes to stderr and
# stays on the terminal.
$ kubectl run tmp --image=alpine/curl:8.5.0 --restart=Never -it --rm -- curl -sI nginx.default.svc.cluster.local | grep Server
If you don't see a command prompt, try pressing enter.
Server: nginx/1.23.0

$ cat <<'EOF' > green-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-green
spec:
  replicas: 3
  selector:
    matchLabels:
      version: green
  template:
    metadata:
      labels:
        version: green
    spec:
      containers:
      - image: nginx:1.23.4
        name: nginx
        ports:
        - containerPort: 80
EOF

$ kubectl apply -f green-deployment.yaml
deployment.apps/nginx-green created

$ sim settle
settled after 28 steps and 4s of virtual time

$ kubectl get pods -l version=green
NAME                          READY   STATUS    RESTARTS   AGE
nginx-green-77cc77889-fxpx5   1/1     Running   0          4s
nginx-green-77cc77889-kt86l   1/1     Running   0          4s
nginx-green-77cc77889-pcmwg   1/1     Running   0          4s

# The solution edits service.yaml's selector by hand; sed makes the same
# change.
$ sed -i 's/version: blue/version: green/' service.yaml

$ kubectl apply -f service.yaml
service/nginx configured

$ kubectl delete deployment nginx-blue
deployment.apps "nginx-blue" deleted

$ sim settle
settled after 15 steps and 0s of virtual time

$ kubectl run tmp --image=alpine/curl:8.5.0 --restart=Never -it --rm -- curl -sI nginx.default.svc.cluster.local | grep Server
If you don't see a command prompt, try pressing enter.
Server: nginx/1.23.4
