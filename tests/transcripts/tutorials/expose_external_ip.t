# kubernetes.io's "Exposing an External IP Address to Access an Application
# in a Cluster", line by line. The page applies
# https://k8s.io/examples/service/load-balancer-example.yaml; transcripts
# never download, so the same manifest comes from a here-document.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/name: load-balancer-example
  name: hello-world
spec:
  replicas: 5
  selector:
    matchLabels:
      app.kubernetes.io/name: load-balancer-example
  template:
    metadata:
      labels:
        app.kubernetes.io/name: load-balancer-example
    spec:
      containers:
      - image: gcr.io/google-samples/hello-app:2.0
        name: hello-world
        ports:
        - containerPort: 8080
EOF
deployment.apps/hello-world created

$ sim settle
settled after 42 steps and 2s of virtual time

$ kubectl get deployments hello-world
NAME          READY   UP-TO-DATE   AVAILABLE   AGE
hello-world   5/5     5            5           2s

$ kubectl describe deployments hello-world
Name:                   hello-world
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 app.kubernetes.io/name=load-balancer-example
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app.kubernetes.io/name=load-balancer-example
Replicas:               5 desired | 5 updated | 5 total | 5 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app.kubernetes.io/name=load-balancer-example
  Containers:
   hello-world:
    Image:         gcr.io/google-samples/hello-app:2.0
    Port:          8080/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   hello-world-67f9bb4997 (5/5 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  2s    deployment-controller  Scaled up replica set hello-world-67f9bb4997 from 0 to 5

$ kubectl get replicasets
NAME                     DESIRED   CURRENT   READY   AGE
hello-world-67f9bb4997   5         5         5       2s

$ kubectl describe replicasets
Name:           hello-world-67f9bb4997
Namespace:      default
Selector:       app.kubernetes.io/name=load-balancer-example,pod-template-hash=67f9bb4997
Labels:         app.kubernetes.io/name=load-balancer-example
                pod-template-hash=67f9bb4997
Annotations:    deployment.kubernetes.io/desired-replicas: 5
                deployment.kubernetes.io/max-replicas: 7
                deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/hello-world
Replicas:       5 current / 5 desired
Pods Status:    5 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app.kubernetes.io/name=load-balancer-example
           pod-template-hash=67f9bb4997
  Containers:
   hello-world:
    Image:         gcr.io/google-samples/hello-app:2.0
    Port:          8080/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                   Message
  ----    ------            ----  ----                   -------
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-67f9bb4997-jjhv7
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-67f9bb4997-2bcp5
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-67f9bb4997-2jj9z
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-67f9bb4997-cjdrv
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-67f9bb4997-mgpb4

$ kubectl expose deployment hello-world --type=LoadBalancer --name=my-service
service/my-service exposed

$ kubectl get services my-service
NAME         TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)          AGE
my-service   LoadBalancer   10.109.99.146   <pending>     8080:31323/TCP   0s

# "If the external IP address is shown as <pending>, wait for a minute and
# enter the same command again."
$ sim settle
settled after 6 steps and 3s of virtual time

$ kubectl get services my-service
NAME         TYPE           CLUSTER-IP      EXTERNAL-IP      PORT(S)          AGE
my-service   LoadBalancer   10.109.99.146   172.18.255.200   8080:31323/TCP   3s

$ kubectl describe services my-service
Name:                     my-service
Namespace:                default
Labels:                   app.kubernetes.io/name=load-balancer-example
Annotations:              <none>
Selector:                 app.kubernetes.io/name=load-balancer-example
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.109.99.146
IPs:                      10.109.99.146
LoadBalancer Ingress:     172.18.255.200 (VIP)
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  31323/TCP
Endpoints:                10.244.3.2:8080,10.244.2.3:8080,10.244.1.3:8080 + 2 more...
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  3s    service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   0s    service-controller  Ensured load balancer

$ kubectl get pods --output=wide
NAME                           READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
hello-world-67f9bb4997-2bcp5   1/1     Running   0          5s    10.244.3.2   kubeplay-worker3   <none>           <none>
hello-world-67f9bb4997-2jj9z   1/1     Running   0          5s    10.244.2.3   kubeplay-worker2   <none>           <none>
hello-world-67f9bb4997-cjdrv   1/1     Running   0          5s    10.244.1.3   kubeplay-worker    <none>           <none>
hello-world-67f9bb4997-jjhv7   1/1     Running   0          5s    10.244.1.2   kubeplay-worker    <none>           <none>
hello-world-67f9bb4997-mgpb4   1/1     Running   0          5s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ export EXTERNAL_IP="$(kubectl get services my-service -o jsonpath='{.status.loadBalancer.ingress[0].ip}')"

$ curl http://$EXTERNAL_IP:8080
Hello, world!
Version: 2.0.0
Hostname: hello-world-67f9bb4997-2jj9z

# hello-app is a Go binary on a distroless image: nothing else to run in it.
$ kubectl exec deploy/hello-world -- curl -s localhost:8080
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "cc025a2732c755ff5ec56d256f4e9b3917ee9765135b24a18a71944e188d5d7b": OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in $PATH: unknown

$ kubectl delete services my-service
service "my-service" deleted

$ kubectl delete deployment hello-world
deployment.apps "hello-world" deleted
