# kubernetes.io's "Scale a StatefulSet", line by line, on the StatefulSet
# Basics tutorial's web StatefulSet (https://k8s.io/examples/application/
# web/web.yaml, written from a here-document: transcripts never
# download), created with kubectl apply.
$ cat <<EOF > web.yaml
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.7
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
EOF

$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 38 steps and 7s of virtual time

# "First, find the StatefulSet you want to scale."
$ kubectl get statefulsets web
NAME   READY   AGE
web    2/2     7s

# "Use kubectl to scale StatefulSets".
$ kubectl scale statefulsets web --replicas=3
statefulset.apps/web scaled

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          7s
web-1   1/1     Running   0          3s
web-2   0/1     Pending   0          0s
web-2   0/1     Pending   0          0s
web-2   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          3s
(playground) stopped watching: the cluster settled after 3s of virtual time; kubectl would keep watching until interrupted

# "Make in-place updates": created with kubectl apply, so the manifest's
# edited replicas are applied.
$ sed -i 's/replicas: 2/replicas: 4/' web.yaml

$ kubectl apply -f web.yaml
service/nginx unchanged
statefulset.apps/web configured

$ sim settle
settled after 18 steps and 2s of virtual time

$ kubectl get statefulsets web
NAME   READY   AGE
web    4/4     12s

# kubectl edit, with an editor that changes the field (this terminal has
# no interactive one).
$ KUBE_EDITOR="sed -i 's/^  replicas: 4$/  replicas: 5/'" kubectl edit statefulsets web
statefulset.apps/web edited

$ sim settle
settled after 18 steps and 2s of virtual time

$ kubectl get statefulsets web
NAME   READY   AGE
web    5/5     14s

# Or kubectl patch. Scaling down removes the highest ordinals first, one
# at a time.
$ kubectl patch statefulsets web -p '{"spec":{"replicas":3}}'
statefulset.apps/web patched

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          14s
web-1   1/1     Running   0          11s
web-2   1/1     Running   0          7s
web-3   1/1     Running   0          4s
web-4   1/1     Running   0          2s
web-4   1/1     Terminating   0          2s
web-4   0/1     Completed     0          2s
web-4   0/1     Completed     0          2s
web-3   1/1     Terminating   0          4s
web-3   0/1     Completed     0          4s
web-3   0/1     Completed     0          4s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

# Scale-down keeps the claims: the pods that come back later find their
# data.
$ kubectl get pvc -l app=nginx
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 15s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 11s
www-web-2   Bound    pvc-4fae9908-0af7-4c88-9c2e-5a7dffcc1580   1Gi        RWO            standard       <unset>                 8s
www-web-3   Bound    pvc-dc8af7bf-a3a7-4608-ad53-fdd62659ceaf   1Gi        RWO            standard       <unset>                 4s
www-web-4   Bound    pvc-441c6dad-b973-4350-bb5a-d560cf57582a   1Gi        RWO            standard       <unset>                 2s

# "Scaling down does not work right": with an unhealthy pod the
# controller waits. web-1's node stops answering (its pods turn not Ready
# once the node is NotReady); a scale-down to 2 then waits for it.
$ kubectl get pod web-1 -o jsonpath='{.spec.nodeName}{"\n"}'
kubeplay-worker3

$ sim node fail kubeplay-worker3
node kubeplay-worker3 failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ sim advance 90s
advanced 90s to 2025-01-01T00:01:47Z (14 steps ran)

# READY counts ready containers, which only the (silent) kubelet would
# change; the node lifecycle controller turned the pod's Ready condition
# False, which is what the StatefulSet controller reads.
$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          105s
web-1   1/1     Running   0          101s
web-2   1/1     Running   0          98s

$ kubectl get pod web-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}{"\n"}'
False

$ kubectl scale statefulsets web --replicas=2
statefulset.apps/web scaled

$ sim advance 30s
advanced 30s to 2025-01-01T00:02:17Z (2 steps ran)

# Nothing was removed: web-2 stays until web-1, which remains, is Running
# and Ready again. (An unhealthy pod that is itself being scaled away
# does not block: upstream removes the first unhealthy pod too.)
$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2m15s
web-1   1/1     Running   0          2m11s
web-2   1/1     Running   0          2m8s

$ sim node recover kubeplay-worker3
node kubeplay-worker3 recovered: its kubelet is running again

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2m15s
web-1   1/1     Running   0          2m11s
web-2   1/1     Running   0          2m8s
web-1   1/1     Running   0          2m11s
web-2   1/1     Terminating   0          2m8s
web-2   0/1     Completed     0          2m8s
web-2   0/1     Completed     0          2m8s
(playground) stopped watching: the cluster settled after 3m50s of virtual time; kubectl would keep watching until interrupted

$ kubectl get statefulsets web
NAME   READY   AGE
web    2/2     6m5s
