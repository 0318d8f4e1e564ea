# omkar-shelke25/cka-killercoda, networkpolicy-for-ns: setup.sh (its echoed
# banner left out), then step1.md's solution and its access tests. kind's
# kindnet enforces NetworkPolicy, as killercoda's Calico does.

# setup.sh
$ kubectl create namespace fubar > /dev/null 2>&1 || true

$ kubectl create namespace internal > /dev/null 2>&1 || true

$ kubectl create namespace external > /dev/null 2>&1 || true

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-9000-html
  namespace: fubar
data:
  index.html: |
    <!DOCTYPE html>
    <html>
    <head><title>Secure Service - Port 9000</title></head>
    <body>
      <h1>Secure Service</h1>
    </body>
    </html>
  nginx.conf: |
    events {}
    http {
      server {
        listen 9000;
        location / {
          root /usr/share/nginx/html;
          index index.html;
        }
      }
    }
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-8080-html
  namespace: fubar
data:
  index.html: |
    <!DOCTYPE html>
    <html>
    <head><title>Public Service - Port 8080</title></head>
    <body>
      <h1>Public Service</h1>
    </body>
    </html>
  nginx.conf: |
    events {}
    http {
      server {
        listen 8080;
        location / {
          root /usr/share/nginx/html;
          index index.html;
        }
      }
    }
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-9000
  namespace: fubar
  labels:
    app: secure-app
spec:
  replicas: 2
  selector:
    matchLabels:
      app: secure-app
      port: "9000"
  template:
    metadata:
      labels:
        app: secure-app
        port: "9000"
    spec:
      containers:
      - name: nginx
        image: nginx:alpine
        ports:
        - containerPort: 9000
        volumeMounts:
        - name: html
          mountPath: /usr/share/nginx/html
        - name: config
          mountPath: /etc/nginx/nginx.conf
          subPath: nginx.conf
      volumes:
      - name: html
        configMap:
          name: app-9000-html
      - name: config
        configMap:
          name: app-9000-html
---
apiVersion: v1
kind: Service
metadata:
  name: app-9000-service
  namespace: fubar
spec:
  type: ClusterIP
  selector:
    app: secure-app
    port: "9000"
  ports:
  - port: 9000
    targetPort: 9000
EOF

$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-8080
  namespace: fubar
  labels:
    app: public-app
spec:
  replicas: 2
  selector:
    matchLabels:
      app: public-app
      port: "8080"
  template:
    metadata:
      labels:
        app: public-app
        port: "8080"
    spec:
      containers:
      - name: nginx
        image: nginx:alpine
        ports:
        - containerPort: 8080
        volumeMounts:
        - name: html
          mountPath: /usr/share/nginx/html
        - name: config
          mountPath: /etc/nginx/nginx.conf
          subPath: nginx.conf
      volumes:
      - name: html
        configMap:
          name: app-8080-html
      - name: config
        configMap:
          name: app-8080-html
---
apiVersion: v1
kind: Service
metadata:
  name: app-8080-service
  namespace: fubar
spec:
  type: ClusterIP
  selector:
    app: public-app
    port: "8080"
  ports:
  - port: 8080
    targetPort: 8080
EOF

$ kubectl run internal-client -n internal --image=busybox --command -- sleep 3600 > /dev/null 2>&1 || true

$ kubectl run external-client -n external --image=busybox --command -- sleep 3600 > /dev/null 2>&1 || true

$ kubectl wait --for=condition=available deployment/app-9000 -n fubar --timeout=60s > /dev/null 2>&1

$ kubectl wait --for=condition=available deployment/app-8080 -n fubar --timeout=60s > /dev/null 2>&1

$ kubectl wait --for=condition=ready pod/internal-client -n internal --timeout=60s > /dev/null 2>&1

$ kubectl wait --for=condition=ready pod/external-client -n external --timeout=60s > /dev/null 2>&1

$ kubectl get svc -n fubar
NAME               TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
app-8080-service   ClusterIP   10.111.225.164   <none>        8080/TCP   4s
app-9000-service   ClusterIP   10.102.48.18     <none>        9000/TCP   4s

$ kubectl get pods -n internal
NAME              READY   STATUS    RESTARTS   AGE
internal-client   1/1     Running   0          4s

$ kubectl get pods -n external
NAME              READY   STATUS    RESTARTS   AGE
external-client   1/1     Running   0          4s

# Before any policy, both namespaces reach both services.
$ kubectl exec -n external external-client -- wget -qO- --timeout=2 app-8080-service.fubar.svc.cluster.local:8080
<!DOCTYPE html>
<html>
<head><title>Public Service - Port 8080</title></head>
<body>
  <h1>Public Service</h1>
</body>
</html>

# The solution.
$ cat > allow-port-from-namespace.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-port-from-namespace
  namespace: fubar
spec:
  podSelector: {}
  policyTypes:
  - Ingress
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: internal
    ports:
    - protocol: TCP
      port: 9000
EOF

$ kubectl apply -f allow-port-from-namespace.yaml
networkpolicy.networking.k8s.io/allow-port-from-namespace created

$ kubectl get networkpolicy -n fubar
NAME                        POD-SELECTOR   AGE
allow-port-from-namespace   <none>         0s

$ kubectl describe networkpolicy allow-port-from-namespace -n fubar
Name:         allow-port-from-namespace
Namespace:    fubar
Created on:   2025-01-01 00:00:06 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    To Port: 9000/TCP
    From:
      NamespaceSelector: kubernetes.io/metadata.name=internal
  Not affecting egress traffic
  Policy Types: Ingress

$ kubectl get networkpolicy allow-port-from-namespace -n fubar -o yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"annotations":{},"name":"allow-port-from-namespace","namespace":"fubar"},"spec":{"ingress":[{"from":[{"namespaceSelector":{"matchLabels":{"kubernetes.io/metadata.name":"internal"}}}],"ports":[{"port":9000,"protocol":"TCP"}]}],"podSelector":{},"policyTypes":["Ingress"]}}
  creationTimestamp: "2025-01-01T00:00:06Z"
  generation: 1
  name: allow-port-from-namespace
  namespace: fubar
  resourceVersion: "482"
  uid: 6ea5b990-1d43-4699-83eb-614c7289c263
spec:
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: internal
    ports:
    - port: 9000
      protocol: TCP
  podSelector: {}
  policyTypes:
  - Ingress

# The access tests.
$ kubectl exec -n internal internal-client -- wget -qO- --timeout=2 app-9000-service.fubar.svc.cluster.local:9000
<!DOCTYPE html>
<html>
<head><title>Secure Service - Port 9000</title></head>
<body>
  <h1>Secure Service</h1>
</body>
</html>

$ kubectl exec -n internal internal-client -- wget -qO- --timeout=2 app-8080-service.fubar.svc.cluster.local:8080
wget: download timed out
command terminated with exit code 1

$ kubectl exec -n external external-client -- wget -qO- --timeout=2 app-9000-service.fubar.svc.cluster.local:9000
wget: download timed out
command terminated with exit code 1

$ kubectl exec -n external external-client -- wget -qO- --timeout=2 app-8080-service.fubar.svc.cluster.local:8080
wget: download timed out
command terminated with exit code 1

# Complete verification.
$ kubectl get networkpolicy,pods,svc -n fubar
NAME                                                        POD-SELECTOR   AGE
networkpolicy.networking.k8s.io/allow-port-from-namespace   <none>         0s

NAME                            READY   STATUS    RESTARTS   AGE
pod/app-8080-65f987bf79-hl54k   1/1     Running   0          4s
pod/app-8080-65f987bf79-ntd6s   1/1     Running   0          4s
pod/app-9000-85f87f59c9-4vqvt   1/1     Running   0          4s
pod/app-9000-85f87f59c9-f7h8c   1/1     Running   0          4s

NAME                       TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)    AGE
service/app-8080-service   ClusterIP   10.111.225.164   <none>        8080/TCP   4s
service/app-9000-service   ClusterIP   10.102.48.18     <none>        9000/TCP   4s

$ kubectl get namespace internal -o yaml | grep labels -A 5
  labels:
    kubernetes.io/metadata.name: internal
  name: internal
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:

$ kubectl get networkpolicy -A
NAMESPACE   NAME                        POD-SELECTOR   AGE
fubar       allow-port-from-namespace   <none>         0s
