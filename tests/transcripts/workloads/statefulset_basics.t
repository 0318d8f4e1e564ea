# The StatefulSet Basics tutorial's stable storage: each pod writes its
# hostname into nginx's web root, which is its own PersistentVolume; the
# pods are deleted, come back with the same names, mount the same claims
# and still serve what they wrote.
$ kubectl apply -f - <<EOF
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
        image: registry.k8s.io/nginx-slim:0.21
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
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 38 steps and 7s of virtual time

$ for i in 0 1; do kubectl exec "web-$i" -- sh -c 'hostname'; done
web-0
web-1

$ kubectl get pvc -l app=nginx
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 7s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 3s

# The claim's volume is empty: nginx has no index.html to serve yet.
$ kubectl exec web-0 -- curl -s http://localhost/
<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>nginx</center>
</body>
</html>

$ for i in 0 1; do kubectl exec "web-$i" -- sh -c 'echo "$(hostname)" > /usr/share/nginx/html/index.html'; done

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

$ kubectl exec web-0 -- ls -l /usr/share/nginx/html
total 4
-rw-r--r-- 1 root root 6 Jan  1 00:00 index.html

$ kubectl delete pod -l app=nginx
pod "web-0" deleted
pod "web-1" deleted

$ sim settle
settled after 34 steps and 4s of virtual time

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          2s

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

# Scaling down keeps the claims; the pod that comes back mounts its own.
$ kubectl scale sts web --replicas=1
statefulset.apps/web scaled

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl scale sts web --replicas=2
statefulset.apps/web scaled

$ sim settle
settled after 16 steps and 2s of virtual time

$ kubectl exec web-1 -- cat /usr/share/nginx/html/index.html
web-1
