# omkar-shelke25/cka-killercoda, analyze-netpol: setup.sh, then step1.md's
# solution. The policies step1.md analyses differ from the five setup.sh
# writes; these are setup.sh's, and its policy2 is still the one to apply.

# setup.sh, its ConfigMaps' pages shortened.
$ kubectl create namespace frontend
namespace/frontend created

$ kubectl create namespace backend
namespace/backend created

$ kubectl create namespace other
namespace/other created

$ kubectl label namespace frontend name=frontend
namespace/frontend labeled

$ kubectl label namespace backend name=backend
namespace/backend labeled

$ kubectl label namespace other name=other
namespace/other labeled

$ kubectl create configmap frontend-html -n frontend --from-literal=index.html='<html><head><title>Frontend Application</title></head></html>'
configmap/frontend-html created

$ kubectl create configmap backend-html -n backend --from-literal=index.html='<html><head><title>Backend API</title></head></html>'
configmap/backend-html created

$ kubectl create configmap other-html -n other --from-literal=index.html='<html><head><title>Other Application</title></head></html>'
configmap/other-html created

$ kubectl create configmap nginx-backend-conf -n backend --from-literal=default.conf='server { listen 8080; location / { root /usr/share/nginx/html; index index.html; } }'
configmap/nginx-backend-conf created

$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
  namespace: frontend
  labels:
    app: frontend
spec:
  replicas: 2
  selector:
    matchLabels:
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
        tier: web
    spec:
      containers:
      - name: nginx
        image: nginx:alpine
        ports:
        - containerPort: 80
        volumeMounts:
        - name: html
          mountPath: /usr/share/nginx/html
      volumes:
      - name: html
        configMap:
          name: frontend-html
EOF
deployment.apps/frontend created

$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: backend
  namespace: backend
  labels:
    app: backend
spec:
  replicas: 2
  selector:
    matchLabels:
      app: backend
  template:
    metadata:
      labels:
        app: backend
        tier: api
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
          mountPath: /etc/nginx/conf.d
      volumes:
      - name: html
        configMap:
          name: backend-html
      - name: config
        configMap:
          name: nginx-backend-conf
EOF
deployment.apps/backend created

$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: other-app
  namespace: other
  labels:
    app: other
spec:
  replicas: 1
  selector:
    matchLabels:
      app: other
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: nginx
        image: nginx:alpine
        volumeMounts:
        - name: html
          mountPath: /usr/share/nginx/html
      volumes:
      - name: html
        configMap:
          name: other-html
EOF
deployment.apps/other-app created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Service
metadata:
  name: frontend
  namespace: frontend
spec:
  selector:
    app: frontend
  ports:
  - protocol: TCP
    port: 80
    targetPort: 80
  type: ClusterIP
---
apiVersion: v1
kind: Service
metadata:
  name: backend
  namespace: backend
spec:
  selector:
    app: backend
  ports:
  - protocol: TCP
    port: 8080
    targetPort: 8080
  type: ClusterIP
---
apiVersion: v1
kind: Service
metadata:
  name: other-app
  namespace: other
spec:
  selector:
    app: other
  ports:
  - protocol: TCP
    port: 80
    targetPort: 80
  type: ClusterIP
EOF
service/frontend created
service/backend created
service/other-app created

$ kubectl wait --for=condition=available deployment/frontend -n frontend --timeout=120s
deployment.apps/frontend condition met

$ kubectl wait --for=condition=available deployment/backend -n backend --timeout=120s
deployment.apps/backend condition met

$ kubectl wait --for=condition=available deployment/other-app -n other --timeout=120s
deployment.apps/other-app condition met

$ mkdir -p /root/network-policies

$ cat > /root/network-policies/policy1.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: backend-network-policy
  namespace: backend
spec:
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress
  ingress:
  - from:
    - podSelector: {}
    ports:
    - protocol: TCP
      port: 8080
EOF

$ cat > /root/network-policies/policy2.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: backend-network-policy
  namespace: backend
spec:
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          name: frontend
    ports:
    - protocol: TCP
      port: 8080
EOF

$ cat > /root/network-policies/policy3.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: backend-network-policy
  namespace: backend
spec:
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          name: frontend
    ports:
    - protocol: TCP
      port: 8080
    - protocol: TCP
      port: 443
    - protocol: TCP
      port: 3000
EOF

$ cat > /root/network-policies/policy4.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: backend-network-policy
  namespace: backend
spec:
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress
  ingress:
  - from:
    - podSelector:
        matchLabels:
          app: frontend
    ports:
    - protocol: TCP
      port: 8080
EOF

$ cat > /root/network-policies/policy5.yaml <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: backend-network-policy
  namespace: backend
spec:
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress
  ingress:
  - ports:
    - protocol: TCP
      port: 8080
EOF

$ kubectl get namespaces frontend backend other
NAME       STATUS   AGE
frontend   Active   3s
backend    Active   3s
other      Active   3s

$ kubectl get deployments,pods,svc -n backend
NAME                      READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/backend   2/2     2            2           3s

NAME                           READY   STATUS    RESTARTS   AGE
pod/backend-55bc7b964d-chk5t   1/1     Running   0          3s
pod/backend-55bc7b964d-dhc25   1/1     Running   0          3s

NAME              TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)    AGE
service/backend   ClusterIP   10.96.169.55   <none>        8080/TCP   3s

$ ls -1 /root/network-policies/
policy1.yaml
policy2.yaml
policy3.yaml
policy4.yaml
policy5.yaml

# Step 1
$ ls /root/network-policies/
policy1.yaml
policy2.yaml
policy3.yaml
policy4.yaml
policy5.yaml

# Step 5
$ kubectl apply -f /root/network-policies/policy2.yaml
networkpolicy.networking.k8s.io/backend-network-policy created

$ kubectl get networkpolicy -n backend
NAME                     POD-SELECTOR   AGE
backend-network-policy   app=backend    0s

$ kubectl describe networkpolicy backend-network-policy -n backend
Name:         backend-network-policy
Namespace:    backend
Created on:   2025-01-01 00:00:05 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     app=backend
  Allowing ingress traffic:
    To Port: 8080/TCP
    From:
      NamespaceSelector: name=frontend
  Not affecting egress traffic
  Policy Types: Ingress

# Step 6
$ kubectl get namespace frontend --show-labels
NAME       STATUS   AGE   LABELS
frontend   Active   3s    kubernetes.io/metadata.name=frontend,name=frontend

$ kubectl get pods -n frontend --show-labels
NAME                        READY   STATUS    RESTARTS   AGE   LABELS
frontend-644f89cc98-58665   1/1     Running   0          3s    app=frontend,pod-template-hash=644f89cc98,tier=web
frontend-644f89cc98-zq5kt   1/1     Running   0          3s    app=frontend,pod-template-hash=644f89cc98,tier=web

$ kubectl get pods -n backend --show-labels
NAME                       READY   STATUS    RESTARTS   AGE   LABELS
backend-55bc7b964d-chk5t   1/1     Running   0          3s    app=backend,pod-template-hash=55bc7b964d,tier=api
backend-55bc7b964d-dhc25   1/1     Running   0          3s    app=backend,pod-template-hash=55bc7b964d,tier=api

# Step 7
$ FRONTEND_POD=$(kubectl get pod -n frontend -l app=frontend -o jsonpath='{.items[0].metadata.name}')

$ kubectl exec -n frontend $FRONTEND_POD -- curl -s --max-time 5 backend.backend.svc.cluster.local:8080 | grep -o "<title>.*</title>"
<title>Backend API</title>

$ OTHER_POD=$(kubectl get pod -n other -l app=other -o jsonpath='{.items[0].metadata.name}')

$ kubectl exec -n other $OTHER_POD -- curl -s --max-time 5 backend.backend.svc.cluster.local:8080 && echo "ALLOWED" || echo "BLOCKED (correct)"
command terminated with exit code 28
BLOCKED (correct)

# Step 9
$ kubectl get networkpolicy backend-network-policy -n backend -o yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"annotations":{},"name":"backend-network-policy","namespace":"backend"},"spec":{"ingress":[{"from":[{"namespaceSelector":{"matchLabels":{"name":"frontend"}}}],"ports":[{"port":8080,"protocol":"TCP"}]}],"podSelector":{"matchLabels":{"app":"backend"}},"policyTypes":["Ingress"]}}
  creationTimestamp: "2025-01-01T00:00:05Z"
  generation: 1
  name: backend-network-policy
  namespace: backend
  resourceVersion: "488"
  uid: 7a7c460b-90de-4b3b-b4f3-3e83846572de
spec:
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          name: frontend
    ports:
    - port: 8080
      protocol: TCP
  podSelector:
    matchLabels:
      app: backend
  policyTypes:
  - Ingress

$ kubectl get pods -n backend -l app=backend --show-labels
NAME                       READY   STATUS    RESTARTS   AGE   LABELS
backend-55bc7b964d-chk5t   1/1     Running   0          3s    app=backend,pod-template-hash=55bc7b964d,tier=api
backend-55bc7b964d-dhc25   1/1     Running   0          3s    app=backend,pod-template-hash=55bc7b964d,tier=api

$ kubectl get networkpolicy backend-network-policy -n backend -o jsonpath='{.spec.ingress[0].from}'
[{"namespaceSelector":{"matchLabels":{"name":"frontend"}}}]
