# kubernetes.io "Customizing DNS Service"
# (tasks/administer-cluster/dns-custom-nameservers.md), as far as it runs
# on the playground's kind cluster (v1.32). The page is mostly about the
# CoreDNS ConfigMap; kube-dns is not installed on kind.
#
# The DNS Service is named kube-dns whatever server runs behind it.
$ kubectl -n kube-system get service kube-dns
NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s

$ kubectl -n kube-system get deployment coredns
NAME      READY   UP-TO-DATE   AVAILABLE   AGE
coredns   2/2     2            2           2s

# "CoreDNS ConfigMap options": kind's Corefile is kubeadm's, a little
# newer than the page's (forward's max_concurrent, cache's disables).
$ kubectl -n kube-system get configmap coredns -o yaml
apiVersion: v1
data:
  Corefile: |
    .:53 {
        errors
        health {
           lameduck 5s
        }
        ready
        kubernetes cluster.local in-addr.arpa ip6.arpa {
           pods insecure
           fallthrough in-addr.arpa ip6.arpa
           ttl 30
        }
        prometheus :9153
        forward . /etc/resolv.conf {
           max_concurrent 1000
        }
        cache 30 {
           disable success cluster.local
           disable denial cluster.local
        }
        loop
        reload
        loadbalance
    }
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  name: coredns
  namespace: kube-system
  resourceVersion: "25"
  uid: 7ef1fd0e-d154-4fcd-9f84-10633ef306ac

# What the kubelet gives a ClusterFirst pod: the kube-dns Service's IP
# (--cluster-dns) and the cluster.local search path (--cluster-domain).
$ kubectl run dnsutils --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --restart=Never -- sleep infinity
pod/dnsutils created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl exec dnsutils -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ kubectl exec dnsutils -- nslookup kubernetes.default
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	kubernetes.default.svc.cluster.local
Address: 10.96.0.1

# "Configuration of Stub-domain and upstream nameserver using CoreDNS":
# the page's final ConfigMap (applied over kind's, so kubectl warns that
# it lacked the last-applied annotation).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: coredns
  namespace: kube-system
data:
  Corefile: |
    .:53 {
        errors
        health
        kubernetes cluster.local in-addr.arpa ip6.arpa {
           pods insecure
           fallthrough in-addr.arpa ip6.arpa
        }
        prometheus :9153
        forward . 172.16.0.1
        cache 30
        loop
        reload
        loadbalance
    }
    consul.local:53 {
        errors
        cache 30
        forward . 10.150.0.1
    }
EOF
Warning: resource configmaps/coredns is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
configmap/coredns configured

# CoreDNS's reload plugin would pick the change up within two minutes, and
# consul.local names would go to 10.150.0.1. (playground) The simulated
# CoreDNS does not read its Corefile: it keeps answering cluster names
# only, as below, whatever the ConfigMap says.
$ sim advance 2m
advanced 2m to 2025-01-01T00:02:05Z (0 steps ran)

$ kubectl exec dnsutils -- nslookup foo.consul.local
Server:		10.96.0.10
Address:	10.96.0.10#53

** server can't find foo.consul.local: NXDOMAIN

(playground) the simulated CoreDNS knows only the cluster's names; foo.consul.local would be forwarded to the node's resolver
command terminated with exit code 1

$ kubectl exec dnsutils -- nslookup kubernetes.default
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	kubernetes.default.svc.cluster.local
Address: 10.96.0.1
