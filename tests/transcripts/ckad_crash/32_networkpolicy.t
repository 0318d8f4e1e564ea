# bmuschko/ckad-crash-course, exercises/32-networkpolicy (the course's
# later numbering), the solution's commands in order. setup.yaml is the
# exercise's (as exercises/31-networkpolicy/setup.yaml holds it), the
# policy the solution's; kind's kindnet enforces NetworkPolicies. The
# pod's address comes from jsonpath where the solution read it off.
$ cat <<EOF > setup.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: k1
  labels:
    role: consumer
---
apiVersion: v1
kind: Namespace
metadata:
  name: k2
  labels:
    role: producer
---
kind: Pod
apiVersion: v1
metadata:
  name: busybox
  namespace: k1
  labels:
    app: frontend
spec:
  containers:
  - name: busybox
    image: busybox:1.36.1
    command: ["sh", "-c", "sleep 1h"]
---
kind: Pod
apiVersion: v1
metadata:
  name: nginx
  namespace: k2
  labels:
    app: backend
spec:
  containers:
  - name: nginx
    image: nginx:1.23.4-alpine
    ports:
    - containerPort: 80
      protocol: TCP
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny-ingress
  namespace: k2
spec:
  podSelector: {}
  policyTypes:
  - Ingress
EOF

$ kubectl apply -f setup.yaml
namespace/k1 created
namespace/k2 created
pod/busybox created
pod/nginx created
networkpolicy.networking.k8s.io/default-deny-ingress created

$ sim settle
settled after 17 steps and 2s of virtual time

$ kubectl get pod -n k1
NAME      READY   STATUS    RESTARTS   AGE
busybox   1/1     Running   0          2s

$ kubectl get pod -n k2 -o wide
NAME    READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
nginx   1/1     Running   0          2s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl exec -it busybox -n k1 -- wget --timeout=5 $(kubectl get pod nginx -n k2 -o jsonpath='{.status.podIP}'):80
Connecting to 10.244.3.2 (10.244.3.2:80)
wget: download timed out
command terminated with exit code 1

$ cat <<EOF > allow-ingress-networkpolicy.yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-ingress-networkpolicy
  namespace: k2
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
              role: consumer
      ports:
        - protocol: TCP
          port: 80
EOF

$ kubectl apply -f allow-ingress-networkpolicy.yaml
networkpolicy.networking.k8s.io/allow-ingress-networkpolicy created

$ kubectl exec -it busybox -n k1 -- wget --timeout=5 $(kubectl get pod nginx -n k2 -o jsonpath='{.status.podIP}'):80
Connecting to 10.244.3.2 (10.244.3.2:80)
saving to 'index.html'
index.html           100% |********************************|   615  0:00:00 ETA
'index.html' saved
