# omkar-shelke25/cka-killercoda, configure-podAffinity: setup.sh, then
# step1.md's solution. Killercoda's controlplane and node01 are this
# cluster's kubeplay-control-plane and kubeplay-worker; its other workers
# have no nara.io/zone label, and a required pod affinity term is only met
# on a node that carries its topology key.

# setup.sh
$ kubectl label node kubeplay-control-plane nara.io/zone=zone-a
node/kubeplay-control-plane labeled

$ kubectl label node kubeplay-worker nara.io/zone=zone-b
node/kubeplay-worker labeled

$ kubectl taint no kubeplay-control-plane node-role.kubernetes.io/control-plane:NoSchedule-
node/kubeplay-control-plane untainted

$ sleep 7

$ kubectl create ns nara
namespace/nara created

$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nara-frontend
  namespace: nara
  labels:
    app: nara-frontend
    tier: frontend
    project: nara
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nara-frontend
  template:
    metadata:
      labels:
        app: nara-frontend
        tier: frontend
        project: nara
    spec:
      nodeName: kubeplay-control-plane
      containers:
        - name: frontend
          image: nginx:stable
          ports:
            - containerPort: 80
EOF
deployment.apps/nara-frontend created

$ mkdir -p /nara.io

$ cat <<'EOF' > /nara.io/nara-backend.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nara-backend
  namespace: nara
  labels:
    app: nara-backend
    tier: backend
    project: nara
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nara-backend
  template:
    metadata:
      labels:
        app: nara-backend
        tier: backend
        project: nara
    spec:
      containers:
        - name: backend
          image: node:alpine
          command: ["sh", "-c", "tail -f /dev/null"]
          ports:
            - containerPort: 3000
EOF

# The solution.
$ kubectl get nodes -L nara.io/zone
NAME                     STATUS   ROLES           AGE   VERSION   ZONE
kubeplay-control-plane   Ready    control-plane   9s    v1.32.0   zone-a
kubeplay-worker          Ready    <none>          9s    v1.32.0   zone-b
kubeplay-worker2         Ready    <none>          9s    v1.32.0
kubeplay-worker3         Ready    <none>          9s    v1.32.0

$ sleep 10

$ kubectl get pods -n nara -l app=nara-frontend -o wide
NAME                             READY   STATUS              RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
nara-frontend-74759cfd97-58ljc   0/1     ContainerCreating   0          10s   <none>       kubeplay-control-plane   <none>           <none>
nara-frontend-74759cfd97-6g9s2   1/1     Running             0          10s   10.244.0.4   kubeplay-control-plane   <none>           <none>
nara-frontend-74759cfd97-8nw65   1/1     Running             0          10s   10.244.0.5   kubeplay-control-plane   <none>           <none>

$ cat <<'EOF' > /nara.io/nara-backend.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nara-backend
  namespace: nara
  labels:
    app: nara-backend
    tier: backend
    project: nara
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nara-backend
  template:
    metadata:
      labels:
        app: nara-backend
        tier: backend
        project: nara
    spec:
      affinity:
        podAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - labelSelector:
                matchExpressions:
                  - key: app
                    operator: In
                    values:
                      - nara-frontend
              topologyKey: nara.io/zone
      containers:
        - name: backend
          image: node:alpine
          command: ["sh", "-c", "tail -f /dev/null"]
          ports:
            - containerPort: 3000
EOF

$ kubectl apply -f /nara.io/nara-backend.yaml
deployment.apps/nara-backend created

$ kubectl rollout status deployment nara-backend -n nara
Waiting for deployment spec update to be observed...
Waiting for deployment "nara-backend" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nara-backend" rollout to finish: 0 of 3 updated replicas are available...
Waiting for deployment "nara-backend" rollout to finish: 1 of 3 updated replicas are available...
Waiting for deployment "nara-backend" rollout to finish: 2 of 3 updated replicas are available...
deployment "nara-backend" successfully rolled out

$ kubectl get pods -n nara -o wide
NAME                             READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
nara-backend-55b5f587b-j9mdh     1/1     Running   0          8s    10.244.0.8   kubeplay-control-plane   <none>           <none>
nara-backend-55b5f587b-rvp7f     1/1     Running   0          8s    10.244.0.7   kubeplay-control-plane   <none>           <none>
nara-backend-55b5f587b-wck5b     1/1     Running   0          8s    10.244.0.9   kubeplay-control-plane   <none>           <none>
nara-frontend-74759cfd97-58ljc   1/1     Running   0          18s   10.244.0.6   kubeplay-control-plane   <none>           <none>
nara-frontend-74759cfd97-6g9s2   1/1     Running   0          18s   10.244.0.4   kubeplay-control-plane   <none>           <none>
nara-frontend-74759cfd97-8nw65   1/1     Running   0          18s   10.244.0.5   kubeplay-control-plane   <none>           <none>
