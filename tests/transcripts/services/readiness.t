# A pod failing its readiness probe leaves the endpoints, and comes back.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 3
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: httpd:2.4
        readinessProbe:
          httpGet:
            path: /
            port: 80
          periodSeconds: 5
---
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app: api
  ports:
  - port: 80
EOF
deployment.apps/api created
service/api created

$ sim settle
settled after 37 steps and 3s of virtual time

$ kubectl get endpoints api
NAME   ENDPOINTS                                   AGE
api    10.244.1.2:80,10.244.2.3:80,10.244.3.2:80   3s

$ sim image behave httpd:2.4 fail-readiness=true
image httpd:2.4: fail-readiness=true

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:25Z (21 steps ran)

$ kubectl get pods
NAME                   READY   STATUS    RESTARTS   AGE
api-6d56446b85-g46q7   0/1     Running   0          23s
api-6d56446b85-rngh8   0/1     Running   0          23s
api-6d56446b85-rztc7   0/1     Running   0          23s

$ kubectl get endpoints api
NAME   ENDPOINTS   AGE
api                23s

$ sim curl http://api/
curl: (7) Failed to connect to api port 80 after 0 ms: Couldn't connect to server

$ sim image behave httpd:2.4 reset=true
image httpd:2.4 behaves as itself again

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:35Z (9 steps ran)

$ kubectl get endpoints api
NAME   ENDPOINTS                                   AGE
api    10.244.1.2:80,10.244.2.3:80,10.244.3.2:80   33s
