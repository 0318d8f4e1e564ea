# A 3-replica Deployment behind a ClusterIP Service: 3 endpoints; a pod's
# IP is replaced by its replacement's; requests spread over every pod.
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ sim settle
settled after 37 steps and 4s of virtual time

$ kubectl get svc web
NAME   TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
web    ClusterIP   10.107.77.184   <none>        80/TCP    4s

$ kubectl get endpoints web
NAME   ENDPOINTS                                   AGE
web    10.244.1.2:80,10.244.2.3:80,10.244.3.2:80   4s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-g46q7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>
web-797596b896-rngh8   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-rztc7   1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl delete pod web-797596b896-g46q7
pod "web-797596b896-g46q7" deleted

$ sim settle
settled after 13 steps and 1s of virtual time

$ kubectl get endpoints web
NAME   ENDPOINTS                                   AGE
web    10.244.1.3:80,10.244.2.3:80,10.244.3.2:80   6s

$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-6tj6b   1/1     Running   0          2s    10.244.1.3   kubeplay-worker    <none>           <none>
web-797596b896-rngh8   1/1     Running   0          6s    10.244.3.2   kubeplay-worker3   <none>           <none>
web-797596b896-rztc7   1/1     Running   0          6s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ sim curl http://web/
200 OK from pod web-797596b896-rztc7 (10.244.2.3:80)

$ sim curl --count 300 http://web.default.svc.cluster.local/
POD                    REQUESTS
web-797596b896-6tj6b   102
web-797596b896-rngh8   94
web-797596b896-rztc7   104

$ kubectl patch svc web -p '{"spec":{"sessionAffinity":"ClientIP"}}'
service/web patched

$ sim curl --count 300 http://web/
POD                    REQUESTS
web-797596b896-rztc7   300

$ kubectl describe svc web
Name:                     web
Namespace:                default
Labels:                   app=web
Annotations:              <none>
Selector:                 app=web
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.107.77.184
IPs:                      10.107.77.184
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                10.244.3.2:80,10.244.2.3:80,10.244.1.3:80
Session Affinity:         ClientIP
Internal Traffic Policy:  Cluster
Events:                   <none>
