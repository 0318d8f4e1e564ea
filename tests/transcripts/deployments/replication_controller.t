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
nginx-44h57   1/1     Running   0          6s
nginx-64phm   1/1     Running   0          6s
nginx-mjbm6   1/1     Running   0          2s
nginx-n46ch   1/1     Running   0          6s
nginx-rct44   1/1     Running   0          2s

# A deleted pod is replaced (fewer than ten creations in ten minutes, so
# the event recorder lists each one: see to_revision.t).
$ kubectl delete pod nginx-44h57 --wait=false
pod "nginx-44h57" deleted

$ sim settle
settled after 14 steps and 2s of virtual time

$ kubectl get rc nginx
NAME    DESIRED   CURRENT   READY   AGE
nginx   5         5         5       8s

$ kubectl get pods -l app=nginx
NAME          READY   STATUS    RESTARTS   AGE
nginx-64phm   1/1     Running   0          8s
nginx-mjbm6   1/1     Running   0          4s
nginx-n46ch   1/1     Running   0          8s
nginx-rct44   1/1     Running   0          4s
nginx-vwlqd   1/1     Running   0          2s

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
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-n46ch
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-44h57
  Normal  SuccessfulCreate  8s    replication-controller  Created pod: nginx-64phm
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-rct44
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-mjbm6
  Normal  SuccessfulCreate  2s    replication-controller  Created pod: nginx-vwlqd

$ kubectl scale rc nginx --replicas=1
replicationcontroller/nginx scaled

$ sim settle
settled after 16 steps and 0s of virtual time

$ kubectl get rc nginx
NAME    DESIRED   CURRENT   READY   AGE
nginx   1         1         1       8s

$ kubectl get pods
NAME          READY   STATUS    RESTARTS   AGE
nginx-n46ch   1/1     Running   0          8s
