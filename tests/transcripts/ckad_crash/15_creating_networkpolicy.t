# bmuschko/ckad-crash-course, exercises/15-creating-networkpolicy, the
# solution's commands in order; the manifests are the exercise's and the
# solution's, written with here-documents where the solution runs vim.
# kind's kindnet enforces NetworkPolicies (the exercise installs Cilium
# on minikube for that).
$ kubectl create namespace app-stack
namespace/app-stack created

$ cat <<EOF > app-stack.yaml
kind: Pod
apiVersion: v1
metadata:
  name: frontend
  namespace: app-stack
  labels:
    app: todo
    tier: frontend
spec:
  containers:
    - name: frontend
      image: nginx

---

kind: Pod
apiVersion: v1
metadata:
  name: backend
  namespace: app-stack
  labels:
    app: todo
    tier: backend
spec:
  containers:
    - name: backend
      image: nginx

---

kind: Pod
apiVersion: v1
metadata:
  name: database
  namespace: app-stack
  labels:
    app: todo
    tier: database
spec:
  containers:
    - name: database
      image: mysql
      env:
      - name: MYSQL_ROOT_PASSWORD
        value: example
EOF

$ kubectl create -f app-stack.yaml
pod/frontend created
pod/backend created
pod/database created

$ sim settle
settled after 18 steps and 11s of virtual time

$ kubectl get pods --namespace app-stack
NAME       READY   STATUS    RESTARTS   AGE
backend    1/1     Running   0          11s
database   1/1     Running   0          11s
frontend   1/1     Running   0          11s

$ cat <<EOF > app-stack-network-policy.yaml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: app-stack-network-policy
  namespace: app-stack
spec:
  podSelector:
    matchLabels:
      app: todo
      tier: database
  policyTypes:
  - Ingress
  - Egress
  ingress:
  - from:
    - podSelector:
        matchLabels:
          app: todo
          tier: backend
    ports:
    - protocol: TCP
      port: 3306
EOF

$ kubectl create -f app-stack-network-policy.yaml
networkpolicy.networking.k8s.io/app-stack-network-policy created

$ kubectl get networkpolicy --namespace app-stack
NAME                       POD-SELECTOR             AGE
app-stack-network-policy   app=todo,tier=database   0s

# Not in the solution: the rules at work, once MySQL listens. The
# backend reaches port 3306. (playground) curl's answer from MySQL is
# not simulated: MySQL speaks first, and curl exits 1 with "curl: (1)
# Received HTTP/0.9 when not allowed".
$ sleep 20

$ kubectl exec backend -n app-stack -- curl -s -m 3 $(kubectl get pod database -n app-stack -o jsonpath='{.status.podIP}'):3306
(playground) the simulated server answered 200, but the playground does not know what docker.io/library/mysql:latest serves

# The frontend's packets are dropped: curl gives up after 3 s.
$ kubectl exec frontend -n app-stack -- curl -m 3 $(kubectl get pod database -n app-stack -o jsonpath='{.status.podIP}'):3306
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
  0     0    0     0    0     0      0      0 --:--:--  0:00:03 --:--:--     0
curl: (28) Connection timed out after 3001 milliseconds
command terminated with exit code 28

# The policy selects the database only: the frontend still answers.
$ kubectl exec backend -n app-stack -- curl -s -m 3 $(kubectl get pod frontend -n app-stack -o jsonpath='{.status.podIP}'):80 | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
