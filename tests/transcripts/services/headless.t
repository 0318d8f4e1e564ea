# A headless Service gives each StatefulSet pod a DNS name.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
  ports:
  - port: 80
    name: web
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
          name: web
EOF
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 32 steps and 8s of virtual time

$ kubectl get svc nginx
NAME    TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
nginx   ClusterIP   None         <none>        80/TCP    8s

$ kubectl get pods -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-0   1/1     Running   0          8s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-1   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ sim curl http://web-0.nginx.default.svc.cluster.local/
200 OK from pod web-0 (10.244.3.2:80)

$ sim curl http://web-1.nginx/
200 OK from pod web-1 (10.244.1.2:80)

$ sim curl --count 100 http://nginx/
POD     REQUESTS
web-0   48
web-1   52
