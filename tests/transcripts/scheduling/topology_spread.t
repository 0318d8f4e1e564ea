# Topology spread over the three zones, maxSkew 1: 6 replicas land 2 per zone.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: zonal
spec:
  replicas: 6
  selector:
    matchLabels:
      app: zonal
  template:
    metadata:
      labels:
        app: zonal
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: zonal
      containers:
      - name: nginx
        image: nginx
EOF
deployment.apps/zonal created

$ sim settle
settled after 43 steps and 7s of virtual time

$ kubectl get nodes -L topology.kubernetes.io/zone
NAME                     STATUS   ROLES           AGE   VERSION   ZONE
kubeplay-control-plane   Ready    control-plane   9s    v1.32.0
kubeplay-worker          Ready    <none>          9s    v1.32.0   zone-a
kubeplay-worker2         Ready    <none>          9s    v1.32.0   zone-b
kubeplay-worker3         Ready    <none>          9s    v1.32.0   zone-c

$ kubectl get pods -o wide
NAME                     READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
zonal-5ff4d7b75d-2bcp5   1/1     Running   0          7s    10.244.3.2   kubeplay-worker3   <none>           <none>
zonal-5ff4d7b75d-2jj9z   1/1     Running   0          7s    10.244.2.3   kubeplay-worker2   <none>           <none>
zonal-5ff4d7b75d-cjdrv   1/1     Running   0          7s    10.244.3.3   kubeplay-worker3   <none>           <none>
zonal-5ff4d7b75d-dpppm   1/1     Running   0          7s    10.244.2.4   kubeplay-worker2   <none>           <none>
zonal-5ff4d7b75d-jjhv7   1/1     Running   0          7s    10.244.1.2   kubeplay-worker    <none>           <none>
zonal-5ff4d7b75d-mgpb4   1/1     Running   0          7s    10.244.1.3   kubeplay-worker    <none>           <none>
