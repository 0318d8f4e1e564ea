# kubernetes.io "Concepts → Services, Load Balancing, and Networking → DNS
# for Services and Pods", line by line. The page's cluster domain is
# cluster-domain.example; this cluster's, kubeadm's and kind's default, is
# cluster.local. Manifests come from here-documents: transcripts never
# download.
#
# "Assume a Service named foo in the Kubernetes namespace bar. A Pod
# running in namespace bar can look up this service by simply doing a DNS
# query for foo. A Pod running in namespace quux can look up this service
# by doing a DNS query for foo.bar."
$ kubectl create namespace bar
namespace/bar created

$ kubectl create namespace quux
namespace/quux created

$ kubectl create service clusterip foo --tcp=80 -n bar
service/foo created

$ kubectl run client --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --restart=Never -n bar -- sleep infinity
pod/client created

$ kubectl run client --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 --restart=Never -n quux -- sleep infinity
pod/client created

$ sim settle
settled after 18 steps and 3s of virtual time

$ kubectl get svc foo -n bar
NAME   TYPE        CLUSTER-IP    EXTERNAL-IP   PORT(S)   AGE
foo    ClusterIP   10.99.11.76   <none>        80/TCP    3s

$ kubectl exec client -n bar -- nslookup foo
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	foo.bar.svc.cluster.local
Address: 10.99.11.76

$ kubectl exec client -n quux -- nslookup foo
Server:		10.96.0.10
Address:	10.96.0.10#53

** server can't find foo: NXDOMAIN

command terminated with exit code 1

$ kubectl exec client -n quux -- nslookup foo.bar
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	foo.bar.svc.cluster.local
Address: 10.99.11.76

# A/AAAA records: my-svc.my-namespace.svc.cluster-domain.example answers
# the cluster IP; for a headless Service, the selected pods' IPs.
$ kubectl exec client -n quux -- nslookup foo.bar.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	foo.bar.svc.cluster.local
Address: 10.99.11.76

# dig asks the name as given: no search list, so a short name goes
# upstream (kubernetes/kubernetes#16744); +search applies the pod's.
$ kubectl exec client -n bar -- dig foo.bar.svc.cluster.local

; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> foo.bar.svc.cluster.local
;; global options: +cmd
;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 34434
;; flags: qr aa rd ra; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 1

;; OPT PSEUDOSECTION:
; EDNS: version: 0, flags:; udp: 4096
;; QUESTION SECTION:
;foo.bar.svc.cluster.local. 	IN	A

;; ANSWER SECTION:
foo.bar.svc.cluster.local. 30	IN	A	10.99.11.76

;; Query time: 0 msec
;; SERVER: 10.96.0.10#53(10.96.0.10)
;; WHEN: Wed Jan 01 00:00:05 UTC 2025
;; MSG SIZE  rcvd: 95

$ kubectl exec client -n bar -- dig +short foo
(playground) the simulated CoreDNS knows only the cluster's names; foo would be forwarded to the node's resolver

$ kubectl exec client -n bar -- dig +search +short foo
10.99.11.76

$ kubectl exec client -n bar -- dig +short nope.bar.svc.cluster.local

# SRV records for named ports: _my-port-name._my-port-protocol.my-svc.…
# answers the port and the Service's own name...
$ kubectl patch svc foo -n bar --type=json -p '[{"op":"replace","path":"/spec/ports/0/name","value":"http"}]'
service/foo patched

$ kubectl exec client -n quux -- nslookup -type=srv _http._tcp.foo.bar.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

_http._tcp.foo.bar.svc.cluster.local	service = 0 100 80 foo.bar.svc.cluster.local.

$ kubectl exec client -n quux -- dig -t SRV +short _http._tcp.foo.bar.svc.cluster.local
0 100 80 foo.bar.svc.cluster.local.

# ...and for a headless Service one answer per backing pod, named by its
# hostname or, without one, by its dashed address.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: busybox-subdomain
spec:
  selector:
    name: busybox
  clusterIP: None
  ports:
  - name: foo # name is not required for single-port Services
    port: 1234
---
apiVersion: v1
kind: Pod
metadata:
  name: busybox1
  labels:
    name: busybox
spec:
  hostname: busybox-1
  subdomain: busybox-subdomain
  containers:
  - image: busybox:1.28
    command:
      - sleep
      - "3600"
    name: busybox
---
apiVersion: v1
kind: Pod
metadata:
  name: busybox2
  labels:
    name: busybox
spec:
  hostname: busybox-2
  subdomain: busybox-subdomain
  containers:
  - image: busybox:1.28
    command:
      - sleep
      - "3600"
    name: busybox
EOF
service/busybox-subdomain created
pod/busybox1 created
pod/busybox2 created

$ sim settle
settled after 22 steps and 2s of virtual time

$ kubectl get pods -l name=busybox -o wide
NAME       READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
busybox1   1/1     Running   0          2s    10.244.1.3   kubeplay-worker    <none>           <none>
busybox2   1/1     Running   0          2s    10.244.3.3   kubeplay-worker3   <none>           <none>

# "the pod will see its own FQDN as
# busybox-1.busybox-subdomain.my-namespace.svc.cluster-domain.example".
$ kubectl exec busybox1 -- cat /etc/hosts
# Kubernetes-managed hosts file.
127.0.0.1	localhost
::1	localhost ip6-localhost ip6-loopback
fe00::0	ip6-localnet
fe00::0	ip6-mcastprefix
fe00::1	ip6-allnodes
fe00::2	ip6-allrouters
10.244.1.3	busybox-1.busybox-subdomain.default.svc.cluster.local	busybox-1

$ kubectl exec busybox1 -- hostname
busybox-1

$ kubectl exec busybox1 -- nslookup busybox-2.busybox-subdomain.default.svc.cluster.local
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      busybox-2.busybox-subdomain.default.svc.cluster.local
Address 1: 10.244.3.3

$ kubectl exec busybox2 -- nslookup busybox-1.busybox-subdomain
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      busybox-1.busybox-subdomain
Address 1: 10.244.1.3

$ kubectl exec busybox1 -- nslookup busybox-subdomain
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      busybox-subdomain
Address 1: 10.244.1.3
Address 2: 10.244.3.3

$ kubectl exec client -n bar -- nslookup -type=srv _foo._tcp.busybox-subdomain.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

_foo._tcp.busybox-subdomain.default.svc.cluster.local	service = 0 50 1234 busybox-1.busybox-subdomain.default.svc.cluster.local.
_foo._tcp.busybox-subdomain.default.svc.cluster.local	service = 0 50 1234 busybox-2.busybox-subdomain.default.svc.cluster.local.

$ kubectl exec client -n bar -- dig _foo._tcp.busybox-subdomain.default.svc.cluster.local SRV

; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> _foo._tcp.busybox-subdomain.default.svc.cluster.local SRV
;; global options: +cmd
;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 9534
;; flags: qr aa rd ra; QUERY: 1, ANSWER: 2, AUTHORITY: 0, ADDITIONAL: 3

;; OPT PSEUDOSECTION:
; EDNS: version: 0, flags:; udp: 4096
;; QUESTION SECTION:
;_foo._tcp.busybox-subdomain.default.svc.cluster.local.	 IN SRV

;; ANSWER SECTION:
_foo._tcp.busybox-subdomain.default.svc.cluster.local. 30 IN SRV 0 50 1234 busybox-1.busybox-subdomain.default.svc.cluster.local.
_foo._tcp.busybox-subdomain.default.svc.cluster.local. 30 IN SRV 0 50 1234 busybox-2.busybox-subdomain.default.svc.cluster.local.

;; ADDITIONAL SECTION:
busybox-1.busybox-subdomain.default.svc.cluster.local. 30 IN A 10.244.1.3
busybox-2.busybox-subdomain.default.svc.cluster.local. 30 IN A 10.244.3.3

;; Query time: 0 msec
;; SERVER: 10.96.0.10#53(10.96.0.10)
;; WHEN: Wed Jan 01 00:00:07 UTC 2025
;; MSG SIZE  rcvd: 472

# The EndpointSlice carries each endpoint's hostname, which DNS serves.
$ kubectl get endpointslices -l kubernetes.io/service-name=busybox-subdomain -o jsonpath='{range .items[0].endpoints[*]}{.hostname}{" "}{.addresses[0]}{"\n"}{end}'
busybox-1 10.244.1.3
busybox-2 10.244.3.3

# "A Pod with no hostname but with subdomain will only create the A or
# AAAA record for the headless service".
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: busybox3
  labels:
    name: busybox
spec:
  subdomain: busybox-subdomain
  containers:
  - image: busybox:1.36
    command: ["sleep", "3600"]
    name: busybox
EOF
pod/busybox3 created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl exec busybox3 -- cat /etc/hosts
# Kubernetes-managed hosts file.
127.0.0.1	localhost
::1	localhost ip6-localhost ip6-loopback
fe00::0	ip6-localnet
fe00::0	ip6-mcastprefix
fe00::1	ip6-allnodes
fe00::2	ip6-allrouters
10.244.2.3	busybox3.busybox-subdomain.default.svc.cluster.local	busybox3

$ kubectl exec busybox3 -- nslookup busybox-subdomain.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	busybox-subdomain.default.svc.cluster.local
Address: 10.244.1.3
Name:	busybox-subdomain.default.svc.cluster.local
Address: 10.244.3.3
Name:	busybox-subdomain.default.svc.cluster.local
Address: 10.244.2.3

$ kubectl exec busybox3 -- nslookup busybox3.busybox-subdomain.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10:53

** server can't find busybox3.busybox-subdomain.default.svc.cluster.local: NXDOMAIN

** server can't find busybox3.busybox-subdomain.default.svc.cluster.local: NXDOMAIN

command terminated with exit code 1

# Pods' A records: pod-ipv4-address.my-namespace.pod.cluster-domain.example,
# its dots dashes; and pod-ipv4-address.service-name.my-namespace.svc… for
# a Pod a Service exposes.
$ kubectl get pods busybox1 busybox3 -o custom-columns=NAME:.metadata.name,IP:.status.podIP
NAME       IP
busybox1   10.244.1.3
busybox3   10.244.2.3

$ kubectl exec client -n bar -- nslookup 10-244-1-3.default.pod.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	10-244-1-3.default.pod.cluster.local
Address: 10.244.1.3

# busybox3 has no hostname, so the Service knows it by its dashed address;
# busybox1 only by its hostname.
$ kubectl exec client -n bar -- nslookup 10-244-2-3.busybox-subdomain.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	10-244-2-3.busybox-subdomain.default.svc.cluster.local
Address: 10.244.2.3

$ kubectl exec client -n bar -- nslookup 10-244-1-3.busybox-subdomain.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10#53

** server can't find 10-244-1-3.busybox-subdomain.default.svc.cluster.local: NXDOMAIN

command terminated with exit code 1

# setHostnameAsFQDN: the kernel's hostname becomes the fully qualified
# name (the /etc/hosts entry keeps the short one).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: fqdn
  labels:
    name: busybox
spec:
  hostname: busybox-4
  subdomain: busybox-subdomain
  setHostnameAsFQDN: true
  containers:
  - image: busybox:1.36
    command: ["sleep", "3600"]
    name: busybox
EOF
pod/fqdn created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl exec fqdn -- hostname
busybox-4.busybox-subdomain.default.svc.cluster.local

$ kubectl exec fqdn -- sh -c 'echo $HOSTNAME'
busybox-4.busybox-subdomain.default.svc.cluster.local

$ kubectl exec fqdn -- cat /etc/hosts
# Kubernetes-managed hosts file.
127.0.0.1	localhost
::1	localhost ip6-localhost ip6-loopback
fe00::0	ip6-localnet
fe00::0	ip6-mcastprefix
fe00::1	ip6-allnodes
fe00::2	ip6-allrouters
10.244.1.4	busybox-4.busybox-subdomain.default.svc.cluster.local	busybox-4

# Pod's DNS Policy. ClusterFirst is the default: the cluster's DNS Service,
# the namespace's search path and ndots:5.
$ kubectl get pod busybox1 -o jsonpath='{.spec.dnsPolicy}{"\n"}'
ClusterFirst

$ kubectl exec busybox1 -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ kubectl exec client -n quux -- cat /etc/resolv.conf
search quux.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

# "Default" inherits the node's resolver configuration.
$ kubectl run node-dns --image=busybox:1.36 --restart=Never --overrides='{"spec":{"dnsPolicy":"Default"}}' -- sleep 3600
pod/node-dns created

# A hostNetwork Pod needs ClusterFirstWithHostNet to use the cluster's DNS.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: busybox
  namespace: default
spec:
  containers:
  - image: busybox:1.28
    command:
      - sleep
      - "3600"
    imagePullPolicy: IfNotPresent
    name: busybox
  restartPolicy: Always
  hostNetwork: true
  dnsPolicy: ClusterFirstWithHostNet
EOF
pod/busybox created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl exec node-dns -- cat /etc/resolv.conf
nameserver 172.18.0.1
options ndots:0

$ kubectl exec busybox -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ kubectl exec busybox -- hostname
kubeplay-worker2

# The node's resolver knows none of the cluster's names; the hostNetwork
# pod with ClusterFirstWithHostNet asks CoreDNS.
$ kubectl exec node-dns -- nslookup kubernetes.default.svc.cluster.local
Server:		172.18.0.1
Address:	172.18.0.1:53

** server can't find kubernetes.default.svc.cluster.local: NXDOMAIN

** server can't find kubernetes.default.svc.cluster.local: NXDOMAIN

(playground) the pod asks the node's resolver (172.18.0.1), which knows none of the cluster's names; what it answers for other names is not simulated
command terminated with exit code 1

$ kubectl exec busybox -- nslookup kubernetes.default
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      kubernetes.default
Address 1: 10.96.0.1 kubernetes.default.svc.cluster.local

# "None" needs a dnsConfig.
$ kubectl run no-dns --image=busybox:1.36 --restart=Never --overrides='{"spec":{"dnsPolicy":"None"}}' -- sleep 3600
The Pod "no-dns" is invalid: spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None

# Pod's DNS Config: the page's custom-dns.yaml.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  namespace: default
  name: dns-example
spec:
  containers:
    - name: test
      image: nginx
  dnsPolicy: "None"
  dnsConfig:
    nameservers:
      - 192.0.2.1 # this is an example
    searches:
      - ns1.svc.cluster-domain.example
      - my.dns.search.suffix
    options:
      - name: ndots
        value: "2"
      - name: edns0
EOF
pod/dns-example created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl exec -it dns-example -- cat /etc/resolv.conf
search ns1.svc.cluster-domain.example my.dns.search.suffix
nameserver 192.0.2.1
options ndots:2 edns0

# dnsConfig merged into ClusterFirst: searches appended, duplicates dropped.
$ kubectl run merged --image=busybox:1.36 --restart=Never --overrides='{"spec":{"dnsConfig":{"searches":["svc.cluster.local","my.dns.search.suffix"],"options":[{"name":"ndots","value":"2"}]}}}' -- sleep 3600
pod/merged created

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec merged -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local my.dns.search.suffix
nameserver 10.96.0.10
options ndots:2

# "There can be at most 3 IP addresses specified".
$ kubectl run too-many --image=busybox:1.36 --restart=Never --overrides='{"spec":{"dnsPolicy":"None","dnsConfig":{"nameservers":["192.0.2.1","192.0.2.2","192.0.2.3","192.0.2.4"]}}}' -- sleep 3600
The Pod "too-many" is invalid: spec.dnsConfig.nameservers: Invalid value: []string{"192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"}: must not have more than 3 nameservers
