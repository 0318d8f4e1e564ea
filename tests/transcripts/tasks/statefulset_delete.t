# kubernetes.io's "Delete a StatefulSet", line by line, on the StatefulSet
# Basics tutorial's web StatefulSet (https://k8s.io/examples/application/
# web/web.yaml, written from a here-document: transcripts never
# download).
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

# "specify the StatefulSet either by file or by name": the file names the
# headless Service too, so it goes as well.
$ kubectl delete -f web.yaml
service "nginx" deleted
statefulset.apps "web" deleted

$ kubectl get pods -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          7s
web-1   1/1     Running   0          3s
web-0   1/1     Terminating   0          7s
web-1   1/1     Terminating   0          3s
web-0   0/1     Completed     0          7s
web-0   0/1     Completed     0          7s
web-1   0/1     Completed     0          3s
web-1   0/1     Completed     0          3s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

# By name, the StatefulSet alone; its headless Service separately.
$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl delete statefulsets web
statefulset.apps "web" deleted

$ kubectl delete service nginx
service "nginx" deleted

$ sim settle
settled after 13 steps and 0s of virtual time

# "If you want to delete just the StatefulSet and not the pods": the
# page's --cascade=false is the deprecated spelling of --cascade=orphan.
$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl delete -f web.yaml --cascade=false
warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.
service "nginx" deleted
statefulset.apps "web" deleted

# Applied again, the new StatefulSet adopts the pods left behind (and the
# ControllerRevision they were made from): none is replaced.
$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 6 steps and 0s of virtual time

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          2s

$ kubectl delete -f web.yaml --cascade=orphan
service "nginx" deleted
statefulset.apps "web" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

# The pods are left behind, no longer owned.
$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          2s

$ kubectl get pod web-0 -o jsonpath='{.metadata.ownerReferences}{"\n"}'

$ kubectl delete pods -l app=myapp
No resources found

$ kubectl delete pods -l app=nginx
pod "web-0" deleted
pod "web-1" deleted

# "Persistent Volumes": deleting the pods leaves their claims.
$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 15s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 12s

# "Complete deletion of a StatefulSet", with the page's app=myapp
# replaced by the label here, app=nginx. The StatefulSet itself carries
# no labels in web.yaml: `delete statefulset -l app=nginx` finds none,
# so it is labelled first.
$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 34 steps and 4s of virtual time

$ kubectl label statefulset web app=nginx
statefulset.apps/web labeled

$ grace=$(kubectl get pods web-0 --template '{{.spec.terminationGracePeriodSeconds}}')

$ echo $grace
30

$ kubectl delete statefulset -l app=nginx
statefulset.apps "web" deleted

$ sleep $grace

$ kubectl delete pvc -l app=nginx
persistentvolumeclaim "www-web-0" deleted
persistentvolumeclaim "www-web-1" deleted

$ kubectl get pods,pvc
No resources found in default namespace.

$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get pv
No resources found
