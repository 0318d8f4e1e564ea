# kubernetes.io's "Scale a StatefulSet", "Delete a StatefulSet" and "Force
# Delete StatefulSet Pods", line by line. The pages use placeholders
# (<stateful-set-name>, app.kubernetes.io/name=MyApp); here they name a
# small StatefulSet with a claim template.
$ cat > web.yaml <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
  labels:
    app.kubernetes.io/name: MyApp
spec:
  clusterIP: None
  selector:
    app.kubernetes.io/name: MyApp
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
  labels:
    app.kubernetes.io/name: MyApp
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: MyApp
  template:
    metadata:
      labels:
        app.kubernetes.io/name: MyApp
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.21
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
      labels:
        app.kubernetes.io/name: MyApp
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
EOF

$ kubectl apply -f web.yaml
service/web created
statefulset.apps/web created

$ sim settle
settled after 38 steps and 7s of virtual time

# Scale a StatefulSet.
$ kubectl get statefulsets web
NAME   READY   AGE
web    2/2     7s

$ kubectl scale statefulsets web --replicas=3
statefulset.apps/web scaled

$ sim settle
settled after 19 steps and 3s of virtual time

$ kubectl get pods -l app.kubernetes.io/name=MyApp
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          10s
web-1   1/1     Running   0          7s
web-2   1/1     Running   0          3s

$ kubectl patch statefulsets web -p '{"spec":{"replicas":2}}'
statefulset.apps/web patched

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get statefulsets web
NAME   READY   AGE
web    2/2     10s

# Delete a StatefulSet: orphaning its pods first.
$ kubectl delete -f web.yaml --cascade=orphan
service "web" deleted
statefulset.apps "web" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pods -l app.kubernetes.io/name=MyApp
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          10s
web-1   1/1     Running   0          7s

$ kubectl delete pods -l app.kubernetes.io/name=MyApp
pod "web-0" deleted
pod "web-1" deleted

# Recreate it, then delete it with its claims.
$ kubectl apply -f web.yaml
service/web created
statefulset.apps/web created

$ sim settle
settled after 34 steps and 4s of virtual time

$ grace=$(kubectl get pods web-0 --template '{{.spec.terminationGracePeriodSeconds}}')

$ echo $grace
30

$ kubectl delete statefulset -l app.kubernetes.io/name=MyApp
statefulset.apps "web" deleted

$ sleep $grace

$ kubectl get pods -l app.kubernetes.io/name=MyApp
No resources found in default namespace.

$ kubectl get pvc -l app.kubernetes.io/name=MyApp
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 45s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 41s
www-web-2   Bound    pvc-4fae9908-0af7-4c88-9c2e-5a7dffcc1580   1Gi        RWO            standard       <unset>                 38s

$ kubectl delete pvc -l app.kubernetes.io/name=MyApp
persistentvolumeclaim "www-web-0" deleted
persistentvolumeclaim "www-web-1" deleted
persistentvolumeclaim "www-web-2" deleted

# Force Delete StatefulSet Pods.
$ kubectl apply -f web.yaml
service/web unchanged
statefulset.apps/web created

$ sim settle
settled after 40 steps and 4s of virtual time

$ kubectl delete pods web-0 --grace-period=0 --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "web-0" force deleted

$ kubectl get pods -l app.kubernetes.io/name=MyApp
NAME    READY   STATUS    RESTARTS   AGE
web-1   1/1     Running   0          2s

$ kubectl patch pod web-1 -p '{"metadata":{"finalizers":null}}'
pod/web-1 patched (no change)

$ sim settle
settled after 19 steps and 2s of virtual time

$ kubectl get pods -l app.kubernetes.io/name=MyApp
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2s
web-1   1/1     Running   0          4s
