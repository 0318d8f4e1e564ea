# omkar-shelke25/cka-killercoda, multi-label-pod-netpol: setup.sh, then
# step1.md's solution and its four tests, word for word. The tests name
# the pods (api-pod:7000), and a pod's own name is not a DNS name in the
# cluster (only Services, and pods with a hostname and subdomain, are), so
# on a real cluster every curl fails to resolve before any policy is
# consulted; the tests are then made again against the pods' IPs.

# setup.sh, its ConfigMaps' pages shortened.
$ kubectl create namespace isolated
namespace/isolated created

$ kubectl create configmap api-html -n isolated --from-literal=index.html='<h1>API Service</h1>'
configmap/api-html created

$ kubectl create configmap api-alt-html -n isolated --from-literal=index.html='<h1>API Alternative Port</h1>'
configmap/api-alt-html created

$ kubectl create configmap frontend-html -n isolated --from-literal=index.html='<h1>Frontend Service</h1>'
configmap/frontend-html created

$ kubectl create configmap frontend-only-html -n isolated --from-literal=index.html='<h1>Frontend Only</h1>'
configmap/frontend-only-html created

$ kubectl create configmap database-html -n isolated --from-literal=index.html='<h1>Database Service</h1>'
configmap/database-html created

$ kubectl create configmap nginx-7000-conf -n isolated --from-literal=default.conf='server { listen 7000; location / { root /usr/share/nginx/html; index index.html; } }'
configmap/nginx-7000-conf created

$ kubectl create configmap nginx-8080-conf -n isolated --from-literal=default.conf='server { listen 8080; location / { root /usr/share/nginx/html; index index.html; } }'
configmap/nginx-8080-conf created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: api-pod
  namespace: isolated
  labels:
    app: api
spec:
  containers:
  - name: nginx
    image: nginx:alpine
    ports:
    - containerPort: 7000
      name: api-port
    volumeMounts:
    - name: html
      mountPath: /usr/share/nginx/html
    - name: config
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: html
    configMap:
      name: api-html
  - name: config
    configMap:
      name: nginx-7000-conf
EOF
pod/api-pod created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: api-pod-alt
  namespace: isolated
  labels:
    app: api
spec:
  containers:
  - name: nginx
    image: nginx:alpine
    ports:
    - containerPort: 8080
      name: alt-port
    volumeMounts:
    - name: html
      mountPath: /usr/share/nginx/html
    - name: config
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: html
    configMap:
      name: api-alt-html
  - name: config
    configMap:
      name: nginx-8080-conf
EOF
pod/api-pod-alt created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: frontend-proxy-pod
  namespace: isolated
  labels:
    app: frontend
    role: proxy
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
      name: frontend-html
EOF
pod/frontend-proxy-pod created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: frontend-only-pod
  namespace: isolated
  labels:
    app: frontend
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
      name: frontend-only-html
EOF
pod/frontend-only-pod created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: database-pod
  namespace: isolated
  labels:
    app: database
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
      name: database-html
EOF
pod/database-pod created

$ kubectl wait --for=condition=ready pod --all -n isolated --timeout=120s
pod/api-pod condition met
pod/api-pod-alt condition met
pod/database-pod condition met
pod/frontend-only-pod condition met
pod/frontend-proxy-pod condition met

$ kubectl get pods -n isolated --show-labels
NAME                 READY   STATUS    RESTARTS   AGE   LABELS
api-pod              1/1     Running   0          3s    app=api
api-pod-alt          1/1     Running   0          3s    app=api
database-pod         1/1     Running   0          3s    app=database
frontend-only-pod    1/1     Running   0          3s    app=frontend
frontend-proxy-pod   1/1     Running   0          3s    app=frontend,role=proxy

# Step 2
$ cat > networkpolicy.yaml <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-multi-pod-ingress
  namespace: isolated
spec:
  podSelector:
    matchLabels:
      app: api
  policyTypes:
  - Ingress
  ingress:
  - from:
    - podSelector:
        matchLabels:
          app: frontend
          role: proxy
    ports:
    - protocol: TCP
      port: 7000
EOF

$ kubectl apply -f networkpolicy.yaml
networkpolicy.networking.k8s.io/allow-multi-pod-ingress created

# Step 3
$ kubectl get networkpolicy -n isolated
NAME                      POD-SELECTOR   AGE
allow-multi-pod-ingress   app=api        0s

$ kubectl describe networkpolicy allow-multi-pod-ingress -n isolated
Name:         allow-multi-pod-ingress
Namespace:    isolated
Created on:   2025-01-01 00:00:05 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     app=api
  Allowing ingress traffic:
    To Port: 7000/TCP
    From:
      PodSelector: app=frontend,role=proxy
  Not affecting egress traffic
  Policy Types: Ingress

# Step 4, as written: the pod names do not resolve.
$ kubectl exec -n isolated frontend-proxy-pod -- curl -s --max-time 3 -o /dev/null -w "%{http_code}\n" api-pod:7000 && echo "ALLOWED" || echo "BLOCKED"
000
command terminated with exit code 6
BLOCKED

# The same tests by the pods' IPs.
$ API=$(kubectl get pod api-pod -n isolated -o jsonpath='{.status.podIP}')

$ ALT=$(kubectl get pod api-pod-alt -n isolated -o jsonpath='{.status.podIP}')

$ kubectl exec -n isolated frontend-proxy-pod -- curl -s --max-time 3 -o /dev/null -w "%{http_code}\n" $API:7000 && echo "ALLOWED" || echo "BLOCKED"
200
ALLOWED

$ kubectl exec -n isolated frontend-only-pod -- curl -s --max-time 3 -o /dev/null -w "%{http_code}\n" $API:7000 && echo "ALLOWED" || echo "BLOCKED"
000
command terminated with exit code 28
BLOCKED

$ kubectl exec -n isolated database-pod -- curl -s --max-time 3 -o /dev/null -w "%{http_code}\n" $API:7000 && echo "ALLOWED" || echo "BLOCKED"
000
command terminated with exit code 28
BLOCKED

$ kubectl exec -n isolated frontend-proxy-pod -- curl -s --max-time 3 -o /dev/null -w "%{http_code}\n" $ALT:8080 && echo "ALLOWED" || echo "BLOCKED"
000
command terminated with exit code 28
BLOCKED
