# kubernetes.io "Create an External Load Balancer"
# (tasks/access-application-cluster/create-external-load-balancer.md), on
# the playground's kind cluster (v1.32). A bare kind cluster has no cloud
# provider: its LoadBalancer Services keep EXTERNAL-IP <pending> for ever.
# The playground's cluster comes with a simulated provider (as
# cloud-provider-kind or MetalLB would give it), so an address arrives a
# moment later, from 172.18.255.200 up. The page's `example` workload is
# whatever you run; here agnhost answers on 9376.
$ kubectl create deployment example --image=registry.k8s.io/e2e-test-images/agnhost:2.39 --port=9376 -- /agnhost serve-hostname
deployment.apps/example created

$ sim settle
settled after 16 steps and 3s of virtual time

# "Using kubectl" (the page's rc is a Deployment today).
$ kubectl expose deployment example --port=8765 --target-port=9376 --name=example-service --type=LoadBalancer
service/example-service exposed

$ kubectl get service example-service
NAME              TYPE           CLUSTER-IP       EXTERNAL-IP   PORT(S)          AGE
example-service   LoadBalancer   10.111.205.204   <pending>     8765:31840/TCP   0s

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:10Z (6 steps ran)

# "Finding your IP address".
$ kubectl get service example-service
NAME              TYPE           CLUSTER-IP       EXTERNAL-IP      PORT(S)          AGE
example-service   LoadBalancer   10.111.205.204   172.18.255.200   8765:31840/TCP   5s

$ kubectl describe services example-service
Name:                     example-service
Namespace:                default
Labels:                   app=example
Annotations:              <none>
Selector:                 app=example
Type:                     LoadBalancer
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.111.205.204
IPs:                      10.111.205.204
LoadBalancer Ingress:     172.18.255.200 (VIP)
Port:                     <unset>  8765/TCP
TargetPort:               9376/TCP
NodePort:                 <unset>  31840/TCP
Endpoints:                10.244.3.2:9376
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:
  Type    Reason                Age   From                Message
  ----    ------                ----  ----                -------
  Normal  EnsuringLoadBalancer  5s    service-controller  Ensuring load balancer
  Normal  EnsuredLoadBalancer   2s    service-controller  Ensured load balancer

$ curl -s http://172.18.255.200:8765
example-ccb94f5f6-jjhv7

# "Configuration file" and "Preserving the client source IP": the same
# Service from a file, with externalTrafficPolicy Local, for which the API
# server allocates a healthCheckNodePort.
$ kubectl delete service example-service
service "example-service" deleted

$ cat <<EOF > example-service.yaml
apiVersion: v1
kind: Service
metadata:
  name: example-service
spec:
  selector:
    app: example
  ports:
    - port: 8765
      targetPort: 9376
  externalTrafficPolicy: Local
  type: LoadBalancer
EOF

$ kubectl apply -f example-service.yaml
service/example-service created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:15Z (7 steps ran)

$ kubectl get service example-service -o jsonpath='{.spec.externalTrafficPolicy} {.spec.healthCheckNodePort} {.status.loadBalancer.ingress[0].ip}{"\n"}'
Local 30463 172.18.255.200

$ kubectl delete service example-service
service "example-service" deleted
