# sim traffic: a steady stream of requests through a Service, routed as
# kube-proxy routes them (a random ready endpoint each time, or the same
# pod per client with sessionAffinity: ClientIP), counted per pod.
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

$ sim traffic
no traffic is being sent (start some with "sim traffic svc/NAME --rps N")

$ sim traffic svc/api --rps 20
sending 20 requests/s to service/api port 80 from 10.244.0.250; see them with "sim traffic"

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:35Z (0 steps ran)

# 600 requests in 30s, every ready pod answering a share.
$ sim traffic
service/api: 20 requests/s to port 80 from 10.244.0.250, 600 sent
POD                    REQUESTS   LAST SECOND
api-6d56446b85-g46q7   199        7
api-6d56446b85-rngh8   180        6
api-6d56446b85-rztc7   221        7

# Pods failing readiness leave the endpoints; with none left kube-proxy
# rejects the connections (curl: (7) Couldn't connect to server), and the requests
# flow again once the pods are ready.
$ sim image behave httpd:2.4 fail-readiness=true
image httpd:2.4: fail-readiness=true

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:55Z (21 steps ran)

$ kubectl get endpoints api
NAME   ENDPOINTS   AGE
api                53s

$ sim traffic
service/api: 20 requests/s to port 80 from 10.244.0.250, 1000 sent
POD                    REQUESTS   LAST SECOND
api-6d56446b85-g46q7   266        0
api-6d56446b85-rngh8   237        0
api-6d56446b85-rztc7   297        0
200 × curl: (7) Failed to connect to api.default.svc.cluster.local port 80 after 0 ms: Couldn't connect to server

$ sim image behave httpd:2.4 reset=true
image httpd:2.4 behaves as itself again

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:05Z (9 steps ran)

$ kubectl get endpoints api
NAME   ENDPOINTS                                   AGE
api    10.244.1.2:80,10.244.2.3:80,10.244.3.2:80   63s

# Scaled down: terminating pods get no new requests.
$ kubectl scale deployment api --replicas=1
deployment.apps/api scaled

$ sim traffic svc/api --rps 10
sending 10 requests/s to service/api port 80 from 10.244.0.250; see them with "sim traffic"

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:15Z (18 steps ran)

$ sim traffic
service/api: 10 requests/s to port 80 from 10.244.0.250, 100 sent
POD                    REQUESTS   LAST SECOND
api-6d56446b85-rztc7   100        10

# ClientIP affinity: one client, one pod.
$ kubectl scale deployment api --replicas=3
deployment.apps/api scaled

$ sim settle
settled after 28 steps and 2s of virtual time

$ kubectl patch svc api -p '{"spec":{"sessionAffinity":"ClientIP"}}'
service/api patched

$ sim traffic api --rps 50
sending 50 requests/s to service/api port 80 from 10.244.0.250; see them with "sim traffic"

$ sim advance 10s
advanced 10s to 2025-01-01T00:01:27Z (2 steps ran)

$ sim traffic
service/api: 50 requests/s to port 80 from 10.244.0.250, 500 sent
POD                    REQUESTS   LAST SECOND
api-6d56446b85-vt49f   500        50

$ sim traffic stop svc/api
stopped the traffic to service/api after 500 requests

$ sim traffic stop
error: no traffic is being sent

$ sim traffic nope
error: services "nope" not found in namespace "default"

$ sim traffic api --port 8080
error: service "api" has no port 8080

$ sim traffic deploy/api
error: sim traffic sends to Services: want svc/NAME, got "deploy/api"
See 'sim help' for the simulator commands.
