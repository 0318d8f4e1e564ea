# omkar-shelke25/ckad-killercoda, Blue-Green: setup.sh's kubectl part, the
# solution in step1.md, then verify.sh's checks as kubectl commands.
# Skipped: setup.sh's Headlamp install (helm, outside the playground).
$ kubectl create namespace ios
namespace/ios created

$ cat <<'EOF' | kubectl -n ios apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-app-blue
  labels:
    app: web-app
    color: blue
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web-app
      color: blue
  template:
    metadata:
      labels:
        app: web-app
        color: blue
    spec:
      containers:
      - name: nginx
        image: nginx:1.19
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet:
            path: /
            port: 80
          initialDelaySeconds: 2
          periodSeconds: 5
EOF
deployment.apps/web-app-blue created

$ cat <<'EOF' | kubectl -n ios apply -f -
apiVersion: v1
kind: Service
metadata:
  name: web-app-service
  labels:
    app: web-app
spec:
  selector:
    app: web-app
    color: blue
  ports:
  - name: http
    port: 80
    targetPort: 80
EOF
service/web-app-service created

$ kubectl -n ios rollout status deploy/web-app-blue --timeout=180s
Waiting for deployment spec update to be observed...
Waiting for deployment "web-app-blue" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "web-app-blue" rollout to finish: 0 of 3 updated replicas are available...
deployment "web-app-blue" successfully rolled out

$ kubectl -n ios get endpoints web-app-service
NAME              ENDPOINTS                                   AGE
web-app-service   10.244.1.2:80,10.244.2.3:80,10.244.3.2:80   6s

# The solution: green beside blue, then the selector switched.
$ kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-app-green
  namespace: ios
  labels:
    app: web-app
    color: green
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web-app
      color: green
  template:
    metadata:
      labels:
        app: web-app
        color: green
    spec:
      containers:
      - name: nginx
        image: nginx:1.20
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet:
            path: /
            port: 80
          initialDelaySeconds: 2
          periodSeconds: 5
EOF
deployment.apps/web-app-green created

$ kubectl -n ios rollout status deploy/web-app-green --timeout=180s
Waiting for deployment spec update to be observed...
Waiting for deployment "web-app-green" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "web-app-green" rollout to finish: 0 of 3 updated replicas are available...
deployment "web-app-green" successfully rolled out

$ kubectl -n ios patch svc web-app-service --type='merge' -p '{"spec":{"selector":{"app":"web-app","color":"green"}}}'
service/web-app-service patched

# The playground's clock stands still between commands; a person typing
# the next one gives the endpoints controller the moment it needs.
$ sleep 1

$ kubectl -n ios get endpoints web-app-service -o wide || kubectl -n ios describe svc web-app-service
NAME              ENDPOINTS                                   AGE
web-app-service   10.244.1.3:80,10.244.2.4:80,10.244.3.3:80   13s

# verify.sh
$ kubectl -n ios get deploy web-app-blue -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.replicas}{"\n"}'
nginx:1.19 3

$ kubectl -n ios get deploy web-app-green -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.replicas}{"\n"}'
nginx:1.20 3

$ kubectl -n ios get svc web-app-service -o jsonpath='{.spec.selector.color}{"\n"}'
green

$ kubectl -n ios get pods -l app=web-app,color=green --field-selector=status.phase=Running --no-headers | wc -l
3

$ kubectl -n ios get pods -o wide
NAME                             READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-app-blue-78c6fbd87b-2jj9z    1/1     Running   0          13s   10.244.1.2   kubeplay-worker    <none>           <none>
web-app-blue-78c6fbd87b-cjdrv    1/1     Running   0          13s   10.244.3.2   kubeplay-worker3   <none>           <none>
web-app-blue-78c6fbd87b-mgpb4    1/1     Running   0          13s   10.244.2.3   kubeplay-worker2   <none>           <none>
web-app-green-6d47dbd4c7-bbqmv   1/1     Running   0          7s    10.244.3.3   kubeplay-worker3   <none>           <none>
web-app-green-6d47dbd4c7-txzgs   1/1     Running   0          7s    10.244.1.3   kubeplay-worker    <none>           <none>
web-app-green-6d47dbd4c7-vt49f   1/1     Running   0          7s    10.244.2.4   kubeplay-worker2   <none>           <none>
