# omkar-shelke25/ckad-killercoda, Scale-Web-Application-Service: setup.sh,
# the solution's kubectl scale and patch in step1.md, its Service, its
# checks, then verify.sh's.
$ kubectl get ns ecommerce-platform >/dev/null 2>&1 || kubectl create ns ecommerce-platform
namespace/ecommerce-platform created

# setup.sh's here-document is unquoted, so the host's shell expands the
# $(hostname) in the page before kubectl sees it; here it is written out.
$ cat <<'EOF' | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ecommerce-frontend-deployment
  namespace: ecommerce-platform
  labels:
    app: ecommerce-frontend
    tier: frontend
    version: v2.1.0
spec:
  replicas: 2
  selector:
    matchLabels:
      app: ecommerce-frontend
  template:
    metadata:
      labels:
        app: ecommerce-frontend
        tier: frontend
    spec:
      containers:
      - name: frontend
        image: nginx:1.21-alpine
        ports:
        - containerPort: 80
        resources:
          requests:
            memory: "64Mi"
            cpu: "50m"
          limits:
            memory: "128Mi"
            cpu: "100m"
        env:
        - name: ENVIRONMENT
          value: "production"
        - name: SERVICE_NAME
          value: "ecommerce-frontend"
        command:
        - /bin/sh
        - -c
        - |
          echo '<!DOCTYPE html>
          <html>
          <body>
              <h1>E-Commerce Frontend</h1>
              <strong>Pod:</strong> 'controlplane'<br>
          </body>
          </html>' > /usr/share/nginx/html/index.html &&
          nginx -g 'daemon off;'
EOF
deployment.apps/ecommerce-frontend-deployment created

$ kubectl -n ecommerce-platform rollout status deployment/ecommerce-frontend-deployment --timeout=60s
Waiting for deployment spec update to be observed...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 of 2 updated replicas are available...
deployment "ecommerce-frontend-deployment" successfully rolled out

$ kubectl -n ecommerce-platform get deployment ecommerce-frontend-deployment
NAME                            READY   UP-TO-DATE   AVAILABLE   AGE
ecommerce-frontend-deployment   2/2     2            2           2s

$ kubectl -n ecommerce-platform get pods -l app=ecommerce-frontend --show-labels
NAME                                             READY   STATUS    RESTARTS   AGE   LABELS
ecommerce-frontend-deployment-6bb6f57589-6g9s2   1/1     Running   0          2s    app=ecommerce-frontend,pod-template-hash=6bb6f57589,tier=frontend
ecommerce-frontend-deployment-6bb6f57589-8nw65   1/1     Running   0          2s    app=ecommerce-frontend,pod-template-hash=6bb6f57589,tier=frontend

# The solution.
$ kubectl -n ecommerce-platform scale deployment ecommerce-frontend-deployment --replicas=5
deployment.apps/ecommerce-frontend-deployment scaled

$ kubectl -n ecommerce-platform patch deployment ecommerce-frontend-deployment -p '{"spec":{"template":{"metadata":{"labels":{"role":"webfrontend"}}}}}'
deployment.apps/ecommerce-frontend-deployment patched

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Service
metadata:
  name: ecommerce-frontend-service
  namespace: ecommerce-platform
  labels:
    app: ecommerce-frontend
    tier: frontend
spec:
  type: NodePort
  ports:
  - port: 8000
    targetPort: 80
    protocol: TCP
  selector:
    app: ecommerce-frontend
EOF
service/ecommerce-frontend-service created

$ kubectl -n ecommerce-platform rollout status deployment/ecommerce-frontend-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 0 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 2 old replicas are pending termination...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 2 old replicas are pending termination...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "ecommerce-frontend-deployment" rollout to finish: 4 of 5 updated replicas are available...
deployment "ecommerce-frontend-deployment" successfully rolled out

$ kubectl -n ecommerce-platform get deployment ecommerce-frontend-deployment
NAME                            READY   UP-TO-DATE   AVAILABLE   AGE
ecommerce-frontend-deployment   5/5     5            5           7s

$ kubectl -n ecommerce-platform get pods -l app=ecommerce-frontend --show-labels
NAME                                             READY   STATUS    RESTARTS   AGE   LABELS
ecommerce-frontend-deployment-7bf697c9bf-b2blt   1/1     Running   0          4s    app=ecommerce-frontend,pod-template-hash=7bf697c9bf,role=webfrontend,tier=frontend
ecommerce-frontend-deployment-7bf697c9bf-gxk66   1/1     Running   0          4s    app=ecommerce-frontend,pod-template-hash=7bf697c9bf,role=webfrontend,tier=frontend
ecommerce-frontend-deployment-7bf697c9bf-l864j   1/1     Running   0          2s    app=ecommerce-frontend,pod-template-hash=7bf697c9bf,role=webfrontend,tier=frontend
ecommerce-frontend-deployment-7bf697c9bf-qkjg6   1/1     Running   0          2s    app=ecommerce-frontend,pod-template-hash=7bf697c9bf,role=webfrontend,tier=frontend
ecommerce-frontend-deployment-7bf697c9bf-vz76d   1/1     Running   0          4s    app=ecommerce-frontend,pod-template-hash=7bf697c9bf,role=webfrontend,tier=frontend

$ kubectl -n ecommerce-platform get service ecommerce-frontend-service
NAME                         TYPE       CLUSTER-IP       EXTERNAL-IP   PORT(S)          AGE
ecommerce-frontend-service   NodePort   10.110.168.100   <none>        8000:30101/TCP   4s

$ kubectl -n ecommerce-platform describe service ecommerce-frontend-service
Name:                     ecommerce-frontend-service
Namespace:                ecommerce-platform
Labels:                   app=ecommerce-frontend
                          tier=frontend
Annotations:              <none>
Selector:                 app=ecommerce-frontend
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.110.168.100
IPs:                      10.110.168.100
Port:                     <unset>  8000/TCP
TargetPort:               80/TCP
NodePort:                 <unset>  30101/TCP
Endpoints:                10.244.1.4:80,10.244.3.3:80,10.244.2.4:80 + 2 more...
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

$ NODE_PORT=$(kubectl -n ecommerce-platform get service ecommerce-frontend-service -o jsonpath='{.spec.ports[0].nodePort}')

$ echo "Service accessible on NodePort: $NODE_PORT"
Service accessible on NodePort: 30101

# On killercoda the terminal is a node; here a node's address reaches it.
$ NODE_IP=$(kubectl get node kubeplay-worker -o jsonpath='{.status.addresses[0].address}')

$ curl -s http://$NODE_IP:$NODE_PORT | grep Pod
    <strong>Pod:</strong> controlplane<br>

# verify.sh
$ kubectl -n ecommerce-platform get deployment ecommerce-frontend-deployment -o jsonpath='{.spec.replicas} {.spec.template.metadata.labels.role} {.status.readyReplicas}{"\n"}'
5 webfrontend 5

$ kubectl -n ecommerce-platform get service ecommerce-frontend-service -o jsonpath='{.spec.type} {.spec.ports[0].port} {.spec.ports[0].targetPort} {.spec.selector.app}{"\n"}'
NodePort 8000 80 ecommerce-frontend

$ kubectl -n ecommerce-platform get endpoints ecommerce-frontend-service -o jsonpath='{.subsets[0].addresses[*].ip}' | wc -w
5

$ kubectl -n ecommerce-platform get pods -l app=ecommerce-frontend --no-headers | wc -l
5

$ kubectl -n ecommerce-platform get pods -l role=webfrontend --no-headers | wc -l
5
