# kubernetes.io "Concepts → Workloads → Workload Management →
# ReplicationController", line by line. The page applies
# https://k8s.io/examples/controllers/replication.yaml: transcripts never
# download, so the manifest is a here-document with the same content.
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

# Right away the pods are still being created ("Waiting").
$ sim advance 1s
advanced 1s to 2025-01-01T00:00:03Z (13 steps ran)

$ kubectl describe replicationcontrollers/nginx
Name:         nginx
Namespace:    default
Selector:     app=nginx
Labels:       app=nginx
Annotations:  <none>
Replicas:     3 current / 3 desired
Pods Status:  0 Running / 3 Waiting / 0 Succeeded / 0 Failed
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
  Normal  SuccessfulCreate  1s    replication-controller  Created pod: nginx-dn4qg
  Normal  SuccessfulCreate  1s    replication-controller  Created pod: nginx-w9g48
  Normal  SuccessfulCreate  1s    replication-controller  Created pod: nginx-nxlbt

$ sim settle
settled after 8 steps and 3s of virtual time

$ kubectl describe replicationcontrollers/nginx
Name:         nginx
Namespace:    default
Selector:     app=nginx
Labels:       app=nginx
Annotations:  <none>
Replicas:     3 current / 3 desired
Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed
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
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-dn4qg
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-w9g48
  Normal  SuccessfulCreate  4s    replication-controller  Created pod: nginx-nxlbt

$ pods=$(kubectl get pods --selector=app=nginx --output=jsonpath={.items..metadata.name})

$ echo $pods
nginx-dn4qg nginx-nxlbt nginx-w9g48

# Deleting only a ReplicationController leaves its pods.
$ kubectl delete rc nginx --cascade=orphan
replicationcontroller "nginx" deleted

$ kubectl get pods --selector=app=nginx
NAME          READY   STATUS    RESTARTS   AGE
nginx-dn4qg   1/1     Running   0          4s
nginx-nxlbt   1/1     Running   0          4s
nginx-w9g48   1/1     Running   0          4s

$ kubectl delete pods --selector=app=nginx
pod "nginx-dn4qg" deleted
pod "nginx-nxlbt" deleted
pod "nginx-w9g48" deleted
