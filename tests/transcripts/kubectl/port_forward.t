# kubectl port-forward runs in the background (the playground has one
# terminal); curl on the next line, on this machine, goes through it to
# the one pod it picked, and the background kubectl notes each
# connection. From this machine the cluster's names and its service and
# pod addresses are out of reach; a node's address with a NodePort is not.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80 --type=NodePort
service/web exposed

$ kubectl port-forward svc/web 8080:80
error: unable to forward port because pod is not running. Current status=Pending

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl port-forward svc/web 8080:80
Forwarding from 127.0.0.1:8080 -> 80
Forwarding from [::1]:8080 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8080 on this machine reaches pod web-797596b896-5rkn4; it ends when the pod does

$ curl -s localhost:8080 | grep title
Handling connection for 8080
<title>Welcome to nginx!</title>

$ curl -sI http://127.0.0.1:8080/
Handling connection for 8080
HTTP/1.1 200 OK
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:06 GMT
Content-Type: text/html
Content-Length: 615
Connection: keep-alive
Accept-Ranges: bytes

$ kubectl port-forward deploy/web 8080:80
Unable to listen on port 8080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use unable to create listener: Error listen tcp6 [::1]:8080: bind: address already in use]
error: unable to listen on any of the requested ports: [{8080 80}]

$ kubectl port-forward deploy/web :80 9090
Forwarding from 127.0.0.1:32768 -> 80
Forwarding from [::1]:32768 -> 80
Forwarding from 127.0.0.1:9090 -> 9090
Forwarding from [::1]:9090 -> 9090
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:32768,9090 on this machine reaches pod web-797596b896-5rkn4; it ends when the pod does

$ curl -s localhost:9090
Handling connection for 9090
E0101 00:00:06.375000 portforward.go:424] "Unhandled Error" err="an error occurred forwarding 9090 -> 9090: error forwarding port 9090 to pod web-797596b896-5rkn4: dial tcp4 127.0.0.1:9090: connect: connection refused"

$ kubectl port-forward svc/web 8081:http
error: Service 'web' does not have a named port 'http'

$ kubectl port-forward svc/web 8081:443
error: Service web does not have a service port 443

$ kubectl port-forward --address 0.0.0.0 pod/nope 8081:80
Error from server (NotFound): pods "nope" not found

$ kubectl port-forward svc/web 8081:0
error: Service web does not have a service port 0

$ kubectl port-forward --address 10.1.1.x svc/web 8081:80
error: 10.1.1.x is not a valid IP

$ curl localhost:8081; echo "exit $?"
curl: (7) Failed to connect to localhost port 8081 after 0 ms: Couldn't connect to server
exit 7

$ curl -s http://web; echo "exit $?"
(playground) web is not a name this machine's resolver knows: the cluster's DNS answers inside pods only (try kubectl exec POD -- curl web, or kubectl port-forward)
exit 6

$ curl -sS --connect-timeout 2 http://10.96.0.1:443; echo "exit $?"
curl: (28) Failed to connect to 10.96.0.1 port 443 after 2001 ms: Timeout was reached
(playground) this machine has no route to the cluster's pod and service addresses; a port-forward (localhost) or a node's address with a NodePort reaches them
exit 28

$ kubectl get svc web -o jsonpath='{.spec.ports[0].nodePort}{"\n"}'
31533

$ curl -s http://172.18.0.3:31533 | grep title
<title>Welcome to nginx!</title>

$ wget -qO- http://172.18.0.5:31533 | grep title
<title>Welcome to nginx!</title>

$ kubectl delete deployment web
deployment.apps "web" deleted

$ sim settle
settled after 14 steps and 0s of virtual time

$ curl -s localhost:8080
(playground) the port-forward to pod web-797596b896-5rkn4 on port 8080 ended with its pod
(playground) the port-forward to pod web-797596b896-5rkn4 on port 32768 ended with its pod
(playground) the port-forward to pod web-797596b896-5rkn4 on port 9090 ended with its pod
