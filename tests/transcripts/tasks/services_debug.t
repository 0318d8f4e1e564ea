# kubernetes.io's "Debug Services", line by line: the hostnames
# Deployment (serve_hostname answers its pod's name on port 9376, with no
# newline, so wget's outputs run together), checked from a busybox pod
# before and after its Service exists, by DNS and by IP.
$ kubectl create deployment hostnames --image=registry.k8s.io/serve_hostname
deployment.apps/hostnames created

$ kubectl scale deployment hostnames --replicas=3
deployment.apps/hostnames scaled

$ sim settle
settled after 27 steps and 3s of virtual time

$ kubectl get pods -l app=hostnames
NAME                         READY   STATUS    RESTARTS   AGE
hostnames-84c49c75f7-2bcp5   1/1     Running   0          3s
hostnames-84c49c75f7-2jj9z   1/1     Running   0          3s
hostnames-84c49c75f7-jjhv7   1/1     Running   0          3s

$ kubectl get pods -l app=hostnames -o go-template='{{range .items}}{{.status.podIP}}{{"\n"}}{{end}}'
10.244.3.2
10.244.2.3
10.244.1.2

# The page's interactive pod: an old busybox (its nslookup prints
# "Address 1:" lines). The page's `for ep in …; do wget -qO- $ep; done`
# is one wget per endpoint here: the playground's shell runs no for loops.
$ kubectl run -it --rm --restart=Never busybox --image=gcr.io/google-containers/busybox sh
If you don't see a command prompt, try pressing enter.

$ wget -qO- 10.244.3.2:9376
hostnames-84c49c75f7-2bcp5

$ wget -qO- 10.244.2.3:9376
hostnames-84c49c75f7-2jj9z

$ wget -qO- 10.244.1.2:9376
hostnames-84c49c75f7-jjhv7

# No Service yet: busybox's wget, not the GNU wget the page shows.
$ wget -O- hostnames
wget: bad address 'hostnames'

$ exit
pod "busybox" deleted
pod default/busybox terminated (Error)

$ kubectl get svc hostnames
Error from server (NotFound): services "hostnames" not found

$ kubectl expose deployment hostnames --port=80 --target-port=9376
service/hostnames exposed

$ kubectl get svc hostnames
NAME        TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
hostnames   ClusterIP   10.98.110.65   <none>        80/TCP    0s

$ kubectl run -it --rm --restart=Never busybox --image=gcr.io/google-containers/busybox sh
If you don't see a command prompt, try pressing enter.

$ nslookup hostnames
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      hostnames
Address 1: 10.98.110.65 hostnames.default.svc.cluster.local

$ nslookup hostnames.default
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      hostnames.default
Address 1: 10.98.110.65 hostnames.default.svc.cluster.local

$ nslookup hostnames.default.svc.cluster.local
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      hostnames.default.svc.cluster.local
Address 1: 10.98.110.65 hostnames.default.svc.cluster.local

$ cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ nslookup kubernetes.default
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      kubernetes.default
Address 1: 10.96.0.1 kubernetes.default.svc.cluster.local

# By the Service's IP: kube-proxy picks a backend for each connection.
$ wget -qO- 10.98.110.65:80
hostnames-84c49c75f7-jjhv7

$ wget -qO- 10.98.110.65:80
hostnames-84c49c75f7-jjhv7

$ wget -qO- 10.98.110.65:80
hostnames-84c49c75f7-jjhv7

$ wget -qO- hostnames
hostnames-84c49c75f7-jjhv7

$ exit
pod "busybox" deleted

$ kubectl get service hostnames -o json
{
    "apiVersion": "v1",
    "kind": "Service",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:10Z",
        "labels": {
            "app": "hostnames"
        },
        "name": "hostnames",
        "namespace": "default",
        "resourceVersion": "430",
        "uid": "fc0d39c9-51e8-4500-be2b-54910297dac8"
    },
    "spec": {
        "clusterIP": "10.98.110.65",
        "clusterIPs": [
            "10.98.110.65"
        ],
        "internalTrafficPolicy": "Cluster",
        "ipFamilies": [
            "IPv4"
        ],
        "ipFamilyPolicy": "SingleStack",
        "ports": [
            {
                "port": 80,
                "protocol": "TCP",
                "targetPort": 9376
            }
        ],
        "selector": {
            "app": "hostnames"
        },
        "sessionAffinity": "None",
        "type": "ClusterIP"
    },
    "status": {
        "loadBalancer": {}
    }
}

$ kubectl get pods -l app=hostnames
NAME                         READY   STATUS    RESTARTS   AGE
hostnames-84c49c75f7-2bcp5   1/1     Running   0          12s
hostnames-84c49c75f7-2jj9z   1/1     Running   0          12s
hostnames-84c49c75f7-jjhv7   1/1     Running   0          12s

$ kubectl get endpoints hostnames
NAME        ENDPOINTS                                         AGE
hostnames   10.244.1.2:9376,10.244.2.3:9376,10.244.3.2:9376   4s

# The page's label is k8s.io/service-name, which no EndpointSlice carries
# (the real one is kubernetes.io/service-name): a real cluster finds none.
$ kubectl get endpointslices -l k8s.io/service-name=hostnames
No resources found in default namespace.

$ kubectl get endpointslices -l kubernetes.io/service-name=hostnames
NAME              ADDRESSTYPE   PORTS   ENDPOINTS                          AGE
hostnames-x5wpr   IPv4          9376    10.244.3.2,10.244.2.3,10.244.1.2   4s

$ kubectl get pods -n kube-system -l k8s-app=kube-proxy
NAME               READY   STATUS    RESTARTS   AGE
kube-proxy-29qjf   1/1     Running   0          14s
kube-proxy-8872g   1/1     Running   0          14s
kube-proxy-mmqvt   1/1     Running   0          14s
kube-proxy-rm9bv   1/1     Running   0          14s

# kube-proxy's own log lines (which proxier it chose, the endpoints it
# set) are not simulated; the playground says so.
$ kubectl logs -n kube-system kube-proxy-29qjf
(playground) registry.k8s.io/kube-proxy:v1.32.0 started; the simulator runs no real process, so this is all it printed
