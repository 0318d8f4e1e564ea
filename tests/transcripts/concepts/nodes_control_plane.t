# kubernetes.io "Concepts → Cluster Architecture → Communication between
# Nodes and the Control Plane": what the page's prose says a cluster has,
# seen with kubectl.
#
# "Node to Control Plane": the kubernetes Service in the default namespace
# is a virtual IP for the API server's HTTPS endpoint (port 6443 on the
# control-plane node).
$ kubectl get service kubernetes
NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   2s

$ kubectl get endpoints kubernetes
NAME         ENDPOINTS         AGE
kubernetes   172.18.0.2:6443   2s

$ kubectl get endpointslices -l kubernetes.io/service-name=kubernetes
NAME         ADDRESSTYPE   PORTS   ENDPOINTS    AGE
kubernetes   IPv4          6443    172.18.0.2   2s

$ kubectl get pod -n kube-system -l component=kube-apiserver -o wide
NAME                                    READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
kube-apiserver-kubeplay-control-plane   1/1     Running   0          2s    172.18.0.2   kubeplay-control-plane   <none>           <none>

$ kubectl cluster-info
Kubernetes control plane is running at https://127.0.0.1:6443
CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy

To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.

# Pods reach it with the service account credentials the kubelet mounts
# (the root certificate and a bearer token) and the KUBERNETES_SERVICE_*
# variables every container gets.
$ kubectl run client --image=busybox --restart=Never -- sleep 3600
pod/client created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec client -- ls /var/run/secrets/kubernetes.io/serviceaccount
ca.crt
namespace
token

$ kubectl exec client -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=client
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root
