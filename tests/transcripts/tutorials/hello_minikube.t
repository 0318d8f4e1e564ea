# kubernetes.io's "Hello Minikube", line by line. The playground's cluster
# is kind-shaped, not minikube: the minikube lines say so and answer from
# this cluster (the node's address, the Service's NodePort URL).
$ minikube start
(playground) the cluster is already running, kind-shaped, not minikube: kubectl get nodes shows it

$ minikube dashboard
(playground) the Kubernetes Dashboard is not installed here: the playground's own views (graph, nodes, inspector) show the cluster's objects

$ kubectl create deployment hello-node --image=registry.k8s.io/e2e-test-images/agnhost:2.53 -- /agnhost netexec --http-port=8080
deployment.apps/hello-node created

$ kubectl get deployments
NAME         READY   UP-TO-DATE   AVAILABLE   AGE
hello-node   0/1     0            0           0s

# "If you see 0/1, try again in a few seconds."
$ sim settle
settled after 16 steps and 3s of virtual time

$ kubectl get deployments
NAME         READY   UP-TO-DATE   AVAILABLE   AGE
hello-node   1/1     1            1           3s

$ kubectl get pods
NAME                          READY   STATUS    RESTARTS   AGE
hello-node-587cb8b8b7-jjhv7   1/1     Running   0          3s

$ kubectl get events
LAST SEEN   TYPE     REASON              OBJECT                             MESSAGE
3s          Normal   Scheduled           pod/hello-node-587cb8b8b7-jjhv7    Successfully assigned default/hello-node-587cb8b8b7-jjhv7 to kubeplay-worker3
2s          Normal   Pulling             pod/hello-node-587cb8b8b7-jjhv7    Pulling image "registry.k8s.io/e2e-test-images/agnhost:2.53"
0s          Normal   Pulled              pod/hello-node-587cb8b8b7-jjhv7    Successfully pulled image "registry.k8s.io/e2e-test-images/agnhost:2.53" in 2.583s (2.583s including waiting). Image size: 52088229 bytes.
0s          Normal   Created             pod/hello-node-587cb8b8b7-jjhv7    Created container agnhost
0s          Normal   Started             pod/hello-node-587cb8b8b7-jjhv7    Started container agnhost
3s          Normal   SuccessfulCreate    replicaset/hello-node-587cb8b8b7   Created pod: hello-node-587cb8b8b7-jjhv7
3s          Normal   ScalingReplicaSet   deployment/hello-node              Scaled up replica set hello-node-587cb8b8b7 from 0 to 1

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ export POD_NAME="$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')"

$ kubectl logs $POD_NAME
I0101 00:00:05.583397       1 log.go:195] Started HTTP server on port 8080
I0101 00:00:05.583586       1 log.go:195] Started UDP server on port  8081

$ kubectl expose deployment hello-node --type=LoadBalancer --port=8080
service/hello-node exposed

$ kubectl get services
NAME         TYPE           CLUSTER-IP       EXTERNAL-IP   PORT(S)          AGE
hello-node   LoadBalancer   10.111.205.204   <pending>     8080:31840/TCP   0s
kubernetes   ClusterIP      10.96.0.1        <none>        443/TCP          5s

# On minikube EXTERNAL-IP stays <pending> (until `minikube tunnel`); this
# cluster gives a LoadBalancer an address a few seconds later, as kind's
# cloud-provider-kind does.
$ sim settle
settled after 6 steps and 3s of virtual time

$ kubectl get services
NAME         TYPE           CLUSTER-IP       EXTERNAL-IP      PORT(S)          AGE
hello-node   LoadBalancer   10.111.205.204   172.18.255.200   8080:31840/TCP   3s
kubernetes   ClusterIP      10.96.0.1        <none>           443/TCP          8s

$ minikube service hello-node
|-----------|------------|-------------|-------------------------|
| NAMESPACE |    NAME    | TARGET PORT |           URL           |
|-----------|------------|-------------|-------------------------|
| default   | hello-node |        8080 | http://172.18.0.2:31840 |
|-----------|------------|-------------|-------------------------|
🎉  Opening service default/hello-node in default browser...
(playground) there is no browser here: curl http://172.18.0.2:31840 reaches the Service from this terminal

$ minikube service hello-node --url
http://172.18.0.2:31840

# What the browser would show: netexec's root handler answers the time, its
# other endpoints the pod's hostname and an echo (none ends its line).
$ curl "$(minikube service hello-node --url)"; echo
NOW: 2025-01-01 00:00:08.583 +0000 UTC m=+3.000000000

$ curl "$(minikube service hello-node --url)/hostname"; echo
hello-node-587cb8b8b7-jjhv7

$ curl "$(minikube service hello-node --url)/echo?msg=hello"; echo
hello

$ minikube addons enable metrics-server
(playground) metrics are always on here: kubectl top pods and nodes answer, and the HorizontalPodAutoscaler reads them, without the metrics-server addon

$ kubectl top pods
NAME                          CPU(cores)   MEMORY(bytes)
hello-node-587cb8b8b7-jjhv7   1m           10Mi

$ minikube addons disable metrics-server
(playground) metrics are always on here: kubectl top pods and nodes answer, and the HorizontalPodAutoscaler reads them, without the metrics-server addon

$ kubectl delete service hello-node
service "hello-node" deleted

$ kubectl delete deployment hello-node
deployment.apps "hello-node" deleted

$ minikube stop
(playground) the cluster keeps running (it is kind-shaped, not minikube): delete what you created with kubectl delete
