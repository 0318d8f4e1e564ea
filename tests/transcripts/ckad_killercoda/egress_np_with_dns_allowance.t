# omkar-shelke25/ckad-killercoda, Egress-np-with-dns-allowance: setup.sh,
# the solution in step1.md, then verify.sh's checks. The api's python
# http.server page is beyond the playground (it says so), so the api is
# checked with --spider; the question's wget www.google.com is left out:
# the playground resolves no internet names, where on a real cluster the
# blocked connection times out.
$ kubectl get ns venus >/dev/null 2>&1 || kubectl create namespace venus
namespace/venus created

$ cat <<'EOF' | kubectl -n venus apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    app: api
spec:
  replicas: 1
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: web
        image: python:3.11-alpine
        command: ["/bin/sh","-c"]
        args:
          - |
            mkdir -p /www
            echo "OK" > /www/index.html
            python -m http.server 2222 --directory /www
        ports:
        - containerPort: 2222
---
apiVersion: v1
kind: Service
metadata:
  name: api
  labels:
    app: api
spec:
  selector:
    app: api
  ports:
  - name: http
    port: 2222
    targetPort: 2222
EOF
deployment.apps/api created
service/api created

$ cat <<'EOF' | kubectl -n venus apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
  labels:
    app: frontend
spec:
  replicas: 1
  selector:
    matchLabels:
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
    spec:
      containers:
      - name: bb
        image: busybox:1.36.1
        command: ["sh","-c","sleep 7d"]
---
apiVersion: v1
kind: Service
metadata:
  name: frontend
  labels:
    app: frontend
spec:
  selector:
    app: frontend
  ports:
  - name: http
    port: 8080
    targetPort: 80
EOF
deployment.apps/frontend created
service/frontend created

$ kubectl -n venus rollout status deploy/api --timeout=180s || true
Waiting for deployment spec update to be observed...
Waiting for deployment "api" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "api" rollout to finish: 0 of 1 updated replicas are available...
deployment "api" successfully rolled out

$ kubectl -n venus rollout status deploy/frontend --timeout=180s || true
deployment "frontend" successfully rolled out

# Before the policy.
$ FPOD="$(kubectl -n venus get pod -l app=frontend -o jsonpath='{.items[0].metadata.name}')"

$ kubectl -n venus exec $FPOD -- wget -q --spider --timeout=5 http://api:2222; echo $?
(playground) the simulated server answered 200, but the playground does not know what docker.io/library/python:3.11-alpine serves
0

# The solution.
$ kubectl apply -f - <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: np1
  namespace: venus
spec:
  podSelector:
    matchLabels:
      app: frontend
  policyTypes:
    - Egress
  egress:
    - to:
        - podSelector:
            matchLabels:
              app: api
      ports:
        - protocol: TCP
          port: 2222
    - ports:
        - protocol: UDP
          port: 53
        - protocol: TCP
          port: 53
EOF
networkpolicy.networking.k8s.io/np1 created

# verify.sh: the structure.
$ kubectl -n venus get networkpolicy np1 -o jsonpath='{.spec.podSelector.matchLabels.app} {.spec.policyTypes[*]}{"\n"}'
frontend Egress

$ kubectl -n venus get networkpolicy np1 -o jsonpath='{range .spec.egress[*].to[*].podSelector.matchLabels}{.app}{" "}{end}' | tr -s ' '; echo
api

$ kubectl -n venus get networkpolicy np1 -o jsonpath='{range .spec.egress[*].ports[*]}{.protocol}/{.port}{" "}{end}' | tr -s ' '; echo
TCP/2222 UDP/53 TCP/53

# verify.sh: from a frontend pod, DNS and the api pass.
$ kubectl -n venus exec $FPOD -- nslookup kubernetes.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	kubernetes.default.svc.cluster.local
Address: 10.96.0.1

$ kubectl -n venus exec $FPOD -- wget -q --spider --timeout=5 http://api:2222; echo $?
(playground) the simulated server answered 200, but the playground does not know what docker.io/library/python:3.11-alpine serves
0

$ kubectl -n venus exec $FPOD -- wget -qO- --timeout=5 http://frontend:8080; echo $?
wget: download timed out
command terminated with exit code 1
1
