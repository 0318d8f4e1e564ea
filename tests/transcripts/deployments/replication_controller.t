# A ReplicationController runs the ReplicaSet loop with an equality-based
# selector (the example of the Kubernetes docs, "ReplicationController").
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    app: nginx
  template:
    metadata:
      name: nginx
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
EOF
replicationcontroller/nginx created

$ kubectl get rc
NAME    DESIRED   CURRENT   READY   AGE
nginx   3         0         0       0s

$ sim settle
settled after 21 steps and 4s of virtual time

$ kubectl get rc
NAME    DESIRED   CURRENT   READY   AGE
nginx   3         3         3       4s

$ kubectl get rc -o wide
NAME    DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES   SELECTOR
nginx   3         3         3       4s    nginx        nginx    app=nginx

$ kubectl scale rc nginx --replicas=5
replicationcontroller/nginx scaled

$ sim settle
settled after 16 steps and 2s of virtual time

$ kubectl get rc nginx
NAME    DESIRED   CURRENT   READY   AGE
nginx   5         5         5       6s

$ kubectl get pods -l app=nginx
NAME          READY   STATUS    RESTARTS   AGE
nginx-dn4qg   1/1     Running   0          6s
nginx-j9mdh   1/1     Running   0          2s
nginx-nxlbt   1/1     Running   0          6s
nginx-w9g48   1/1     Running   0          6s
nginx-wck5b   1/1     Running   0          2s

# A deleted pod is replaced (fewer than ten creations in ten minutes, so
# the event recorder lists each one: see to_revision.t).
$ kubectl delete pod nginx-dn4qg --wait=false
pod "nginx-dn4qg" deleted

$ sim settle
settled after 14 steps and 2s of virtual time

$ kubectl get rc nginx
NAME    DESIRED   CURRENT   READY   AGE
nginx   5         5         5       8s

$ kubectl get pods -l app=nginx
NAME          READY   STATUS    RESTARTS   AGE
nginx-5nj2c   1/1     Running   0          2s
nginx-j9mdh   1/1     Running   0          4s
nginx-nxlbt   1/1     Running   0          8s
nginx-w9g48   1/1     Running   0          8s
nginx-wck5b   1/1     Running   0          4s

$ kubectl describe rc nginx
Name:         nginx
Namespace:    default
Selector:     app=nginx
Labels:       app=nginx
Annotations:  <none>
Replicas:     5 current / 5 desired
Pods Status:  5 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                    Message
  ----    ------            ----  ----                    -------
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-dn4qg
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-w9g48
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-nxlbt
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-j9mdh
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-wck5b
  Normal  SuccessfulCreate  2s    replication-controller  Created pod: nginx-5nj2c

$ kubectl scale rc nginx --replicas=1
replicationcontroller/nginx scaled

$ sim settle
settled after 16 steps and 0s of virtual time

$ kubectl get rc nginx
NAME    DESIRED   CURRENT   READY   AGE
nginx   1         1         1       8s

$ kubectl get pods
NAME          READY   STATUS    RESTARTS   AGE
nginx-w9g48   1/1     Running   0          8s
