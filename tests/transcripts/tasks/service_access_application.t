# kubernetes.io "Use a Service to Access an Application in a Cluster"
# (tasks/access-application-cluster/service-access-application-cluster.md),
# line by line on the playground's kind cluster (v1.32).
$ cat <<EOF > hello-application.yaml
---
{
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: {
    name: "hello-world",
  },
  spec: {
    selector: {
      matchLabels: {
        run: "load-balancer-example",
      },
    },
    replicas: 2,
    template: {
      metadata: {
        labels: {
          run: "load-balancer-example",
        },
      },
      spec: {
        containers: [{
          name: "hello-world",
          image: "us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0",
          ports: [{
            containerPort: 8080,
            protocol: "TCP",
          }],
        }],
      },
    },
  },
}
EOF

$ kubectl apply -f hello-application.yaml
deployment.apps/hello-world created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl get deployments hello-world
NAME          READY   UP-TO-DATE   AVAILABLE   AGE
hello-world   2/2     2            2           2s

$ kubectl describe deployments hello-world
Name:                   hello-world
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:02 +0000
Labels:                 <none>
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               run=load-balancer-example
Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  run=load-balancer-example
  Containers:
   hello-world:
    Image:         us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0
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
NewReplicaSet:   hello-world-5d5d77f878 (2/2 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  2s    deployment-controller  Scaled up replica set hello-world-5d5d77f878 from 0 to 2

$ kubectl get replicasets
NAME                     DESIRED   CURRENT   READY   AGE
hello-world-5d5d77f878   2         2         2       2s

$ kubectl describe replicasets
Name:           hello-world-5d5d77f878
Namespace:      default
Selector:       pod-template-hash=5d5d77f878,run=load-balancer-example
Labels:         pod-template-hash=5d5d77f878
                run=load-balancer-example
Annotations:    deployment.kubernetes.io/desired-replicas: 2
                deployment.kubernetes.io/max-replicas: 3
                deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/hello-world
Replicas:       2 current / 2 desired
Pods Status:    2 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  pod-template-hash=5d5d77f878
           run=load-balancer-example
  Containers:
   hello-world:
    Image:         us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0
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
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-5d5d77f878-jjhv7
  Normal  SuccessfulCreate  2s    replicaset-controller  Created pod: hello-world-5d5d77f878-2bcp5

$ kubectl expose deployment hello-world --type=NodePort --name=example-service
service/example-service exposed

$ sim settle
settled after 2 steps and 0s of virtual time

# The Deployment has no labels of its own, so neither has the Service
# (the page's output is from an older manifest that had some).
$ kubectl describe services example-service
Name:                     example-service
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 run=load-balancer-example
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.110.67.47
IPs:                      10.110.67.47
Port:                     <unset>  8080/TCP
TargetPort:               8080/TCP
NodePort:                 <unset>  32172/TCP
Endpoints:                10.244.3.2:8080,10.244.1.2:8080
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl get pods --selector="run=load-balancer-example" --output=wide
NAME                           READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
hello-world-5d5d77f878-2bcp5   1/1     Running   0          2s    10.244.3.2   kubeplay-worker3   <none>           <none>
hello-world-5d5d77f878-jjhv7   1/1     Running   0          2s    10.244.1.2   kubeplay-worker    <none>           <none>

# A kind node's address is its INTERNAL-IP (there is no EXTERNAL-IP and
# no firewall to open): every node answers on the node port, whichever
# pod serves the request.
$ kubectl get nodes -o wide
NAME                     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME
kubeplay-control-plane   Ready    control-plane   4s    v1.32.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker          Ready    <none>          4s    v1.32.0   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker2         Ready    <none>          4s    v1.32.0   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker3         Ready    <none>          4s    v1.32.0   172.18.0.5    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24

$ NODEPORT=$(kubectl get service example-service -o jsonpath='{.spec.ports[0].nodePort}')

$ curl http://172.18.0.3:$NODEPORT
Hello, world!
Version: 2.0.0
Hostname: hello-world-5d5d77f878-2bcp5

$ curl http://172.18.0.5:$NODEPORT
Hello, world!
Version: 2.0.0
Hostname: hello-world-5d5d77f878-jjhv7

# Cleaning up.
$ kubectl delete services example-service
service "example-service" deleted

$ kubectl delete deployment hello-world
deployment.apps "hello-world" deleted
