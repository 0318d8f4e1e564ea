# kubernetes.io's "Debugging DNS Resolution", line by line: the dnsutils
# pod (Debian jessie with BIND's nslookup), CoreDNS's pods, logs, Service
# and endpoints, and what a lookup says while CoreDNS is down.
$ kubectl apply -f - <<'EOF'
# admin/dns/dnsutils.yaml
apiVersion: v1
kind: Pod
metadata:
  name: dnsutils
  namespace: default
spec:
  containers:
  - name: dnsutils
    image: registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3
    command:
      - sleep
      - "infinity"
    imagePullPolicy: IfNotPresent
  restartPolicy: Always
EOF
pod/dnsutils created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl get pods dnsutils
NAME       READY   STATUS    RESTARTS   AGE
dnsutils   1/1     Running   0          3s

# BIND's nslookup names the search-list match, not the typed name (the
# page shows busybox's older format).
$ kubectl exec -ti dnsutils -- nslookup kubernetes.default
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	kubernetes.default.svc.cluster.local
Address: 10.96.0.1

$ kubectl exec -ti dnsutils -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ kubectl get pods --namespace=kube-system -l k8s-app=kube-dns
NAME                      READY   STATUS    RESTARTS   AGE
coredns-9b77b5867-5wvqp   1/1     Running   0          5s
coredns-9b77b5867-ms8nc   1/1     Running   0          5s

# CoreDNS 1.11.3's start: the reload plugin's SHA512 of the Corefile, then
# its version banner (the page shows 1.2.2's older lines).
$ kubectl logs --namespace=kube-system -l k8s-app=kube-dns
.:53
[INFO] plugin/reload: Running configuration SHA512 = c35a0471224db80ad6f2c01a8ee2158e00ac67f9894da0707fe9267278a918901a5b98890c7cc765725ab46a5bf009ee04f98f78e33459712318fd74e132404d
CoreDNS-1.11.3
linux/amd64, go1.21.11, a6338e9
.:53
[INFO] plugin/reload: Running configuration SHA512 = c35a0471224db80ad6f2c01a8ee2158e00ac67f9894da0707fe9267278a918901a5b98890c7cc765725ab46a5bf009ee04f98f78e33459712318fd74e132404d
CoreDNS-1.11.3
linux/amd64, go1.21.11, a6338e9

# The page's `for p in $(kubectl get pods … -o name); do kubectl logs
# --namespace=kube-system $p; done`, one pod at a time.
$ kubectl get pods --namespace=kube-system -l k8s-app=kube-dns -o name
pod/coredns-9b77b5867-5wvqp
pod/coredns-9b77b5867-ms8nc

$ kubectl logs --namespace=kube-system pod/coredns-9b77b5867-5wvqp
.:53
[INFO] plugin/reload: Running configuration SHA512 = c35a0471224db80ad6f2c01a8ee2158e00ac67f9894da0707fe9267278a918901a5b98890c7cc765725ab46a5bf009ee04f98f78e33459712318fd74e132404d
CoreDNS-1.11.3
linux/amd64, go1.21.11, a6338e9

$ kubectl get svc --namespace=kube-system
NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   5s

$ kubectl get ep kube-dns --namespace=kube-system
NAME       ENDPOINTS                                               AGE
kube-dns   10.244.0.3:53,10.244.2.2:53,10.244.0.3:53 + 3 more...   5s

# The page's label is k8s.io/service-name, which no EndpointSlice carries.
$ kubectl get endpointslices -l k8s.io/service-name=kube-dns --namespace=kube-system
No resources found in kube-system namespace.

$ kubectl get endpointslices -l kubernetes.io/service-name=kube-dns --namespace=kube-system
NAME             ADDRESSTYPE   PORTS        ENDPOINTS               AGE
kube-dns-thjpg   IPv4          53,53,9153   10.244.2.2,10.244.0.3   5s

# The page's "edit configmap coredns", adding `log` to today's Corefile
# (the page's own, with `proxy` and `upstream`, would stop CoreDNS 1.11).
$ kubectl -n kube-system get configmap coredns -o jsonpath='{.data.Corefile}'
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

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: coredns
  namespace: kube-system
data:
  Corefile: |
    .:53 {
        log
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
EOF
Warning: resource configmaps/coredns is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
configmap/coredns configured

# CoreDNS's reload plugin would pick the change up within a minute or two
# and log "[INFO] Reloading", then each query; the simulated CoreDNS keeps
# no query log, so its logs stay as they started.
$ kubectl get serviceaccount coredns --namespace=kube-system
NAME      SECRETS   AGE
coredns   0         5s

$ kubectl get clusterrole system:coredns
NAME             CREATED AT
system:coredns   2025-01-01T00:00:00Z

$ kubectl describe clusterrole system:coredns
Name:         system:coredns
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources                        Non-Resource URLs  Resource Names  Verbs
  ---------                        -----------------  --------------  -----
  endpoints                        []                 []              [list watch]
  namespaces                       []                 []              [list watch]
  pods                             []                 []              [list watch]
  services                         []                 []              [list watch]
  endpointslices.discovery.k8s.io  []                 []              [list watch]

# With no CoreDNS pod ready, nothing answers on the DNS Service's IP.
$ kubectl -n kube-system scale deployment coredns --replicas=0
deployment.apps/coredns scaled

$ sim settle
settled after 18 steps and 0s of virtual time

$ kubectl exec -ti dnsutils -- nslookup kubernetes.default
;; connection timed out; no servers could be reached

command terminated with exit code 1

$ kubectl get ep kube-dns --namespace=kube-system
NAME       ENDPOINTS   AGE
kube-dns   <none>      5s

$ kubectl -n kube-system scale deployment coredns --replicas=2
deployment.apps/coredns scaled

$ sim settle
settled after 28 steps and 2s of virtual time

$ kubectl exec -ti dnsutils -- nslookup kubernetes.default
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	kubernetes.default.svc.cluster.local
Address: 10.96.0.1
