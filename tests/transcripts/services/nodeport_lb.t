# NodePort answers on every node's IP; LoadBalancer is <pending>, then gets an IP.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --type=NodePort --port=80
service/web exposed

$ kubectl patch svc web -p '{"spec":{"ports":[{"port":80,"nodePort":30036}]}}'
service/web patched

$ sim settle
settled after 32 steps and 4s of virtual time

$ kubectl get svc web
NAME   TYPE       CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
web    NodePort   10.107.77.184   <none>        80:30036/TCP   4s

$ kubectl get nodes -o wide
NAME                     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME
kubeplay-control-plane   Ready    control-plane   6s    v1.32.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker          Ready    <none>          6s    v1.32.0   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker2         Ready    <none>          6s    v1.32.0   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24
kubeplay-worker3         Ready    <none>          6s    v1.32.0   172.18.0.5    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24

$ sim curl http://172.18.0.2:30036/
200 OK from pod web-797596b896-5rkn4 (10.244.3.2:80)

$ sim curl http://172.18.0.3:30036/
200 OK from pod web-797596b896-rzrgs (10.244.1.2:80)

$ sim curl http://172.18.0.4:30036/
200 OK from pod web-797596b896-rzrgs (10.244.1.2:80)

$ sim curl http://172.18.0.5:30036/
200 OK from pod web-797596b896-5rkn4 (10.244.3.2:80)

$ sim curl --count 100 http://172.18.0.3:30036/
POD                    REQUESTS
web-797596b896-5rkn4   47
web-797596b896-rzrgs   53

$ kubectl expose deployment web --name=web-lb --type=LoadBalancer --port=80
service/web-lb exposed

$ kubectl get svc web-lb
NAME     TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
web-lb   LoadBalancer   10.97.153.130   <pending>     80:32418/TCP   0s

$ sim settle
settled after 6 steps and 3s of virtual time

$ kubectl get svc web-lb
NAME     TYPE           CLUSTER-IP      EXTERNAL-IP      PORT(S)        AGE
web-lb   LoadBalancer   10.97.153.130   172.18.255.200   80:32418/TCP   3s

$ sim curl --count 10 http://web-lb/
POD                    REQUESTS
web-797596b896-5rkn4   6
web-797596b896-rzrgs   4
