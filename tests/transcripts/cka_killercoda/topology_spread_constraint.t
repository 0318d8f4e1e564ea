# omkar-shelke25/cka-killercoda, topology-spread-constraint-across-zones:
# setup.sh, then step1.md's solution. Killercoda's controlplane and node01
# are this cluster's kubeplay-control-plane and kubeplay-worker; its other
# workers have no deployment-domain label, and a DoNotSchedule constraint
# places pods only on nodes that carry its topology key.

# setup.sh
$ kubectl taint no kubeplay-control-plane node-role.kubernetes.io/control-plane:NoSchedule-
node/kubeplay-control-plane untainted

$ sleep 5

$ kubectl label node kubeplay-control-plane traveljp.io/deployment-domain=tokyo-a-server
node/kubeplay-control-plane labeled

$ kubectl label node kubeplay-worker traveljp.io/deployment-domain=tokyo-b-server
node/kubeplay-worker labeled

$ kubectl create ns japan-tourism-platform
namespace/japan-tourism-platform created

$ mkdir -p /japan-travel-application

$ cat > /japan-travel-application/japan-tourism.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/part-of: travel-japan-platform
    team.owner: travel-platform
    workload.type: stateless
  name: travel-jp-recommender
  namespace: japan-tourism-platform
spec:
  replicas: 7
  selector:
    matchLabels:
      app.kubernetes.io/component: frontend
      app.kubernetes.io/version: v1.0.0
  strategy: {}
  template:
    metadata:
      labels:
        app.kubernetes.io/component: frontend
        app.kubernetes.io/version: v1.0.0
    spec:
      containers:
      - image: public.ecr.aws/nginx/nginx:mainline-trixie
        name: backend
        ports:
        - containerPort: 80
        resources: {}
status: {}
EOF

# The solution.
$ cat /japan-travel-application/japan-tourism.yaml | grep -c replicas
1

$ cat > /japan-travel-application/japan-tourism.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/part-of: travel-japan-platform
    team.owner: travel-platform
    workload.type: stateless
  name: travel-jp-recommender
  namespace: japan-tourism-platform
spec:
  replicas: 7
  selector:
    matchLabels:
      app.kubernetes.io/component: frontend
      app.kubernetes.io/version: v1.0.0
  strategy: {}
  template:
    metadata:
      labels:
        app.kubernetes.io/component: frontend
        app.kubernetes.io/version: v1.0.0
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        minDomains: 2
        topologyKey: traveljp.io/deployment-domain
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app.kubernetes.io/component: frontend
            app.kubernetes.io/version: v1.0.0
      containers:
      - image: public.ecr.aws/nginx/nginx:mainline-trixie
        name: backend
        ports:
        - containerPort: 80
        resources: {}
status: {}
EOF

$ kubectl apply -f /japan-travel-application/japan-tourism.yaml
deployment.apps/travel-jp-recommender created

$ kubectl rollout status deployment/travel-jp-recommender -n japan-tourism-platform
Waiting for deployment spec update to be observed...
Waiting for deployment "travel-jp-recommender" rollout to finish: 0 out of 7 new replicas have been updated...
Waiting for deployment "travel-jp-recommender" rollout to finish: 0 of 7 updated replicas are available...
Waiting for deployment "travel-jp-recommender" rollout to finish: 2 of 7 updated replicas are available...
Waiting for deployment "travel-jp-recommender" rollout to finish: 4 of 7 updated replicas are available...
Waiting for deployment "travel-jp-recommender" rollout to finish: 6 of 7 updated replicas are available...
deployment "travel-jp-recommender" successfully rolled out

$ kubectl get pods -n japan-tourism-platform -o wide
NAME                                     READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
travel-jp-recommender-57cc8b6764-422k9   1/1     Running   0          11s   10.244.0.5   kubeplay-control-plane   <none>           <none>
travel-jp-recommender-57cc8b6764-4dfjb   1/1     Running   0          11s   10.244.1.4   kubeplay-worker          <none>           <none>
travel-jp-recommender-57cc8b6764-58ljc   1/1     Running   0          11s   10.244.1.3   kubeplay-worker          <none>           <none>
travel-jp-recommender-57cc8b6764-6g9s2   1/1     Running   0          11s   10.244.1.2   kubeplay-worker          <none>           <none>
travel-jp-recommender-57cc8b6764-8cvzm   1/1     Running   0          11s   10.244.1.5   kubeplay-worker          <none>           <none>
travel-jp-recommender-57cc8b6764-8nw65   1/1     Running   0          11s   10.244.0.4   kubeplay-control-plane   <none>           <none>
travel-jp-recommender-57cc8b6764-9m9mj   1/1     Running   0          11s   10.244.0.6   kubeplay-control-plane   <none>           <none>

$ kubectl get pods -n japan-tourism-platform -o wide | grep control-plane | wc -l
3

$ kubectl get pods -n japan-tourism-platform -o wide | grep 'kubeplay-worker ' | wc -l
4

$ kubectl get pods -n japan-tourism-platform -o wide | grep -E 'worker2|worker3' | wc -l
0

$ kubectl get deploy travel-jp-recommender -n japan-tourism-platform -o jsonpath='{.spec.template.spec.topologySpreadConstraints}{"\n"}'
[{"labelSelector":{"matchLabels":{"app.kubernetes.io/component":"frontend","app.kubernetes.io/version":"v1.0.0"}},"maxSkew":1,"minDomains":2,"topologyKey":"traveljp.io/deployment-domain","whenUnsatisfiable":"DoNotSchedule"}]
