# kubernetes.io "Tutorials → Stateful Applications → StatefulSet Basics"
# (tutorials/stateful-application/basic-stateful-set.md), line by line;
# tests/transcripts/workloads/statefulset_basics.t keeps the stable
# storage part on its own. The page's two terminals become one here: each
# watch runs until the cluster settles, so it starts after the command the
# page types in the other terminal. web.yaml is the page's
# application/web/web.yaml, downloaded by `apply -f https://k8s.io/…` on
# the page (the CLI downloads nothing).
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

$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ kubectl get service nginx
NAME    TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
nginx   ClusterIP   None         <none>        80/TCP    0s

# The page shows READY 2/2 at 37s; here no time has passed yet.
$ kubectl get statefulset web
NAME   READY   AGE
web    0/2     0s

$ kubectl get pods --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          3s
web-1   0/1     Pending             0          0s
web-1   0/1     Pending             0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          3s
(playground) stopped watching: the cluster settled after 7s of virtual time; kubectl would keep watching until interrupted

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          7s
web-1   1/1     Running   0          3s

$ for i in 0 1; do kubectl exec "web-$i" -- sh -c 'hostname'; done
web-0
web-1

# The page's nslookup output is from a cluster whose DNS Service is
# 10.0.0.10; kind's is 10.96.0.10.
$ kubectl run -i --tty --image busybox:1.28 dns-test --restart=Never --rm
If you don't see a command prompt, try pressing enter.

$ nslookup web-0.nginx
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      web-0.nginx
Address 1: 10.244.1.2

$ nslookup web-1.nginx
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      web-1.nginx
Address 1: 10.244.3.2

$ exit
pod "dns-test" deleted

# delete waits until the pods are gone, so the watch below starts with
# their replacements.
$ kubectl delete pod -l app=nginx
pod "web-0" deleted
pod "web-1" deleted

$ kubectl get pod --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
web-1   0/1     Pending             0          0s
web-1   0/1     Pending             0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 4s of virtual time; kubectl would keep watching until interrupted

$ for i in 0 1; do kubectl exec web-$i -- sh -c 'hostname'; done
web-0
web-1

# The page's table is an old kubectl's (ACCESSMODES, no STORAGECLASS);
# v1.32 prints these columns.
$ kubectl get pvc -l app=nginx
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 14s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 10s

$ for i in 0 1; do kubectl exec "web-$i" -- sh -c 'echo "$(hostname)" > /usr/share/nginx/html/index.html'; done

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

# The page's note, for hostPath volumes that come up unreadable: kind's
# local-path volumes do not, and chmod succeeds silently.
$ for i in 0 1; do kubectl exec web-$i -- chmod 755 /usr/share/nginx/html; done

$ kubectl exec web-0 -- ls -ld /usr/share/nginx/html
drwxr-xr-x 2 root root 4096 Jan  1 00:00 /usr/share/nginx/html

$ kubectl delete pod -l app=nginx
pod "web-0" deleted
pod "web-1" deleted

$ kubectl get pod --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
web-1   0/1     Pending             0          0s
web-1   0/1     Pending             0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 4s of virtual time; kubectl would keep watching until interrupted

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

$ kubectl scale sts web --replicas=5
statefulset.apps/web scaled

$ kubectl get pod --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          2s
web-2   0/1     Pending   0          0s
web-2   0/1     Pending   0          0s
web-2   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          3s
web-3   0/1     Pending             0          0s
web-3   0/1     Pending             0          0s
web-3   0/1     ContainerCreating   0          0s
web-3   1/1     Running             0          2s
web-4   0/1     Pending             0          0s
web-4   0/1     Pending             0          0s
web-4   0/1     ContainerCreating   0          0s
web-4   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 7s of virtual time; kubectl would keep watching until interrupted

# nginx exits 0 on SIGTERM, so a deleted pod's last rows read Completed
# (its phase is Succeeded), as v1.32's kubelet reports it; the page's
# output is from before that.
$ kubectl patch sts web -p '{"spec":{"replicas":3}}'
statefulset.apps/web patched

$ kubectl get pods --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          11s
web-1   1/1     Running   0          9s
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

$ kubectl get pvc -l app=nginx
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 26s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 23s
www-web-2   Bound    pvc-c4c0ee3a-6e8b-4293-92e3-6ac929201792   1Gi        RWO            standard       <unset>                 8s
www-web-3   Bound    pvc-9545bf6a-1ddd-4e54-84b9-910757c5e360   1Gi        RWO            standard       <unset>                 4s
www-web-4   Bound    pvc-9c4e8019-8380-4822-963f-7c61065649ef   1Gi        RWO            standard       <unset>                 2s

$ kubectl patch statefulset web --type='json' -p='[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value":"registry.k8s.io/nginx-slim:0.24"}]'
statefulset.apps/web patched

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          12s
web-1   1/1     Running   0          10s
web-2   1/1     Running   0          8s
web-2   1/1     Terminating   0          8s
web-2   0/1     Completed     0          8s
web-2   0/1     Completed     0          8s
web-2   0/1     Pending       0          0s
web-2   0/1     Pending       0          0s
web-2   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          3s
web-1   1/1     Terminating         0          14s
web-1   0/1     Completed           0          14s
web-1   0/1     Completed           0          14s
web-1   0/1     Pending             0          0s
web-1   0/1     Pending             0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          3s
web-0   1/1     Terminating         0          19s
web-0   0/1     Completed           0          20s
web-0   0/1     Completed           0          20s
web-0   0/1     Pending             0          0s
web-0   0/1     Pending             0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          3s
(playground) stopped watching: the cluster settled after 11s of virtual time; kubectl would keep watching until interrupted

$ for p in 0 1 2; do kubectl get pod "web-$p" --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'; echo; done
registry.k8s.io/nginx-slim:0.24
registry.k8s.io/nginx-slim:0.24
registry.k8s.io/nginx-slim:0.24

# The page's note. A StatefulSet created without an updateStrategy is
# defaulted to RollingUpdate with partition 0, so kubectl reports a
# partitioned roll out.
$ kubectl rollout status sts/web
partitioned roll out complete: 3 new pods have been updated...

$ kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":3}}}}'
statefulset.apps/web patched

$ kubectl patch statefulset web --type='json' -p='[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value":"registry.k8s.io/nginx-slim:0.21"}]'
statefulset.apps/web patched

$ kubectl delete pod web-2
pod "web-2" deleted

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          3s
web-1   1/1     Running   0          7s
web-2   0/1     Pending   0          0s
web-2   0/1     Pending   0          0s
web-2   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl get pod web-2 --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'
registry.k8s.io/nginx-slim:0.24

$ kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":2}}}}'
statefulset.apps/web patched

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          5s
web-1   1/1     Running   0          9s
web-2   1/1     Running   0          2s
web-2   1/1     Terminating   0          2s
web-2   0/1     Completed     0          2s
web-2   0/1     Completed     0          2s
web-2   0/1     Pending       0          0s
web-2   0/1     Pending       0          0s
web-2   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl get pod web-2 --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'
registry.k8s.io/nginx-slim:0.21

$ kubectl delete pod web-1
pod "web-1" deleted

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          8s
web-2   1/1     Running   0          2s
web-1   0/1     Pending   0          0s
web-1   0/1     Pending   0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl get pod web-1 --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'
registry.k8s.io/nginx-slim:0.24

$ kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":0}}}}'
statefulset.apps/web patched

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          10s
web-1   1/1     Running   0          2s
web-2   1/1     Running   0          4s
web-1   1/1     Terminating   0          2s
web-1   0/1     Completed     0          2s
web-1   0/1     Completed     0          2s
web-1   0/1     Pending       0          0s
web-1   0/1     Pending       0          0s
web-1   0/1     ContainerCreating   0          0s
web-1   1/1     Running             0          2s
web-0   1/1     Terminating         0          12s
web-0   0/1     Completed           0          13s
web-0   0/1     Completed           0          13s
web-0   0/1     Pending             0          0s
web-0   0/1     Pending             0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 4s of virtual time; kubectl would keep watching until interrupted

$ for p in 0 1 2; do kubectl get pod "web-$p" --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'; echo; done
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.21

# The page's OnDelete patch fails on a real cluster too
# (kubernetes/website#47038): the strategic merge keeps the defaulted
# rollingUpdate, which only RollingUpdate may have. Setting it to null
# works.
$ kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"OnDelete"}}}'
The StatefulSet "web" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:0, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'

$ kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}'
statefulset.apps/web patched

# With OnDelete a template change waits for someone to delete the pods.
$ kubectl set image statefulset/web nginx=registry.k8s.io/nginx-slim:0.24
statefulset.apps/web image updated

$ kubectl rollout status sts/web
error: rollout status is only available for RollingUpdate strategy type

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2s
web-1   1/1     Running   0          4s
web-2   1/1     Running   0          8s

$ for p in 0 1 2; do kubectl get pod "web-$p" --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'; echo; done
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.21

$ kubectl delete pod web-2
pod "web-2" deleted

$ sim settle
settled after 19 steps and 2s of virtual time

$ for p in 0 1 2; do kubectl get pod "web-$p" --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'; echo; done
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.21
registry.k8s.io/nginx-slim:0.24

$ kubectl delete statefulset web --cascade=orphan
statefulset.apps "web" deleted

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          6s
web-2   1/1     Running   0          2s

$ kubectl delete pod web-0
pod "web-0" deleted

$ kubectl get pods -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-1   1/1     Running   0          6s
web-2   1/1     Running   0          2s

# The page prints its two lines the other way round; apply reports them
# in the file's order. The re-created StatefulSet adopts web-1 and web-2
# (their rows again: the adoption patches their owner references),
# creates web-0 and then removes web-2, beyond its two replicas.
$ kubectl apply -f web.yaml
service/nginx unchanged
statefulset.apps/web created

$ kubectl get pods --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-1   1/1     Running   0          6s
web-2   1/1     Running   0          2s
web-1   1/1     Running   0          6s
web-2   1/1     Running   0          2s
web-0   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
web-2   1/1     Terminating         0          4s
web-2   0/1     Completed           0          4s
web-2   0/1     Completed           0          4s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

# The page says the pods go one at a time, in reverse order; the
# garbage collector deletes them together, as the page's own clean-up
# section says of v1.32.
$ kubectl delete statefulset web
statefulset.apps "web" deleted

$ kubectl get pods --watch -l app=nginx
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2s
web-1   1/1     Running   0          9s
web-0   1/1     Terminating   0          2s
web-1   1/1     Terminating   0          9s
web-0   0/1     Completed     0          2s
web-0   0/1     Completed     0          2s
web-1   0/1     Completed     0          9s
web-1   0/1     Completed     0          9s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl delete service nginx
service "nginx" deleted

$ kubectl apply -f web.yaml
service/nginx created
statefulset.apps/web created

$ sim settle
settled after 33 steps and 4s of virtual time

$ for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
web-0
web-1

$ kubectl delete service nginx
service "nginx" deleted

$ kubectl delete statefulset web
statefulset.apps "web" deleted

# The page goes on at once; the pods are still terminating, so wait for
# them before the next StatefulSet named web claims their names.
$ kubectl wait --for=delete pod -l app=nginx --timeout=60s
pod/web-0 condition met
pod/web-1 condition met

# web-parallel.yaml is web.yaml with podManagementPolicy: Parallel (the
# page's file, as it says). Everything was deleted above, so apply
# creates both (the page shows "updated").
$ sed -e 's/  serviceName: "nginx"/  serviceName: "nginx"\n  podManagementPolicy: "Parallel"/' web.yaml > web-parallel.yaml

$ kubectl apply -f web-parallel.yaml
service/nginx created
statefulset.apps/web created

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   0/1     Pending   0          0s
web-1   0/1     Pending   0          0s
web-0   0/1     Pending   0          0s
web-1   0/1     Pending   0          0s
web-0   0/1     ContainerCreating   0          0s
web-1   0/1     ContainerCreating   0          0s
web-0   1/1     Running             0          2s
web-1   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl scale statefulset/web --replicas=5
statefulset.apps/web scaled

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          2s
web-1   1/1     Running   0          2s
web-2   0/1     Pending   0          0s
web-3   0/1     Pending   0          0s
web-4   0/1     Pending   0          0s
web-2   0/1     Pending   0          0s
web-3   0/1     Pending   0          0s
web-4   0/1     Pending   0          0s
web-2   0/1     ContainerCreating   0          0s
web-3   0/1     ContainerCreating   0          0s
web-4   0/1     ContainerCreating   0          0s
web-2   1/1     Running             0          2s
web-3   1/1     Running             0          2s
web-4   1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl delete sts web
statefulset.apps "web" deleted

$ kubectl get pod -l app=nginx --watch
NAME    READY   STATUS    RESTARTS   AGE
web-0   1/1     Running   0          4s
web-1   1/1     Running   0          4s
web-2   1/1     Running   0          2s
web-3   1/1     Running   0          2s
web-4   1/1     Running   0          2s
web-0   1/1     Terminating   0          4s
web-1   1/1     Terminating   0          4s
web-2   1/1     Terminating   0          2s
web-3   1/1     Terminating   0          2s
web-4   1/1     Terminating   0          2s
web-0   0/1     Completed     0          4s
web-0   0/1     Completed     0          4s
web-1   0/1     Completed     0          4s
web-1   0/1     Completed     0          4s
web-2   0/1     Completed     0          2s
web-2   0/1     Completed     0          2s
web-3   0/1     Completed     0          2s
web-3   0/1     Completed     0          2s
web-4   0/1     Completed     0          2s
web-4   0/1     Completed     0          2s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl delete svc nginx
service "nginx" deleted

$ kubectl get pvc
NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
www-web-0   Bound    pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            standard       <unset>                 63s
www-web-1   Bound    pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            standard       <unset>                 60s
www-web-2   Bound    pvc-c4c0ee3a-6e8b-4293-92e3-6ac929201792   1Gi        RWO            standard       <unset>                 45s
www-web-3   Bound    pvc-9545bf6a-1ddd-4e54-84b9-910757c5e360   1Gi        RWO            standard       <unset>                 41s
www-web-4   Bound    pvc-9c4e8019-8380-4822-963f-7c61065649ef   1Gi        RWO            standard       <unset>                 39s

$ kubectl get pv
NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM               STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
pvc-1a67a56c-fbd1-44ab-8c0c-75032dbe0e6d   1Gi        RWO            Delete           Bound    default/www-web-1   standard       <unset>                          60s
pvc-32169fe6-5961-4828-a453-1e0da37257b6   1Gi        RWO            Delete           Bound    default/www-web-0   standard       <unset>                          63s
pvc-9545bf6a-1ddd-4e54-84b9-910757c5e360   1Gi        RWO            Delete           Bound    default/www-web-3   standard       <unset>                          41s
pvc-9c4e8019-8380-4822-963f-7c61065649ef   1Gi        RWO            Delete           Bound    default/www-web-4   standard       <unset>                          39s
pvc-c4c0ee3a-6e8b-4293-92e3-6ac929201792   1Gi        RWO            Delete           Bound    default/www-web-2   standard       <unset>                          45s

$ kubectl delete pvc www-web-0 www-web-1 www-web-2 www-web-3 www-web-4
persistentvolumeclaim "www-web-0" deleted
persistentvolumeclaim "www-web-1" deleted
persistentvolumeclaim "www-web-2" deleted
persistentvolumeclaim "www-web-3" deleted
persistentvolumeclaim "www-web-4" deleted

$ kubectl get pvc
No resources found in default namespace.
