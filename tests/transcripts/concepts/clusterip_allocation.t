# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# Service ClusterIP allocation", line by line. This cluster's Service
# range is kubeadm's default, 10.96.0.0/12: its band offset is
# min(max(16, 2^20/16), 256) = 256, so 10.96.0.1 to 10.96.1.0 is the
# static band that dynamic allocation only uses once the rest is full.
# Manifests come from here-documents: transcripts never download.
#
# The cluster's own well-known addresses: the API server's Service takes
# the first, kubeadm gives the DNS Service the tenth.
$ kubectl get svc -A
NAMESPACE     NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
default       kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP                  2s
kube-system   kube-dns     ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s

# The page's kube-dns manifest asks for 10.96.0.10, which kube-dns
# already holds here: a Service may not take an allocated address.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  labels:
    k8s-app: kube-dns
    kubernetes.io/cluster-service: "true"
    kubernetes.io/name: CoreDNS
  name: kube-dns-copy
  namespace: kube-system
spec:
  clusterIP: 10.96.0.10
  ports:
  - name: dns
    port: 53
    protocol: UDP
    targetPort: 53
  - name: dns-tcp
    port: 53
    protocol: TCP
    targetPort: 53
  selector:
    k8s-app: kube-dns
  type: ClusterIP
EOF
The Service "kube-dns-copy" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated

# Statically: an address of your choice in the range, here in the static
# band.
$ kubectl create service clusterip my-dns --tcp=53 --clusterip=10.96.0.53
service/my-dns created

$ kubectl get svc my-dns
NAME     TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
my-dns   ClusterIP   10.96.0.53   <none>        53/TCP    0s

# Across the cluster every ClusterIP is unique, whatever the namespace.
$ kubectl create namespace other
namespace/other created

$ kubectl create service clusterip my-dns -n other --tcp=53 --clusterip=10.96.0.53
error: failed to create ClusterIP service: Service "my-dns" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.53"}: failed to allocate IP 10.96.0.53: provided IP is already allocated

# Dynamically: the control plane picks a free address, from the upper
# band first.
$ kubectl create service clusterip dynamic-1 --tcp=80
service/dynamic-1 created

$ kubectl create service clusterip dynamic-2 --tcp=80
service/dynamic-2 created

$ kubectl get svc dynamic-1 dynamic-2 -o custom-columns=NAME:.metadata.name,CLUSTER-IP:.spec.clusterIP
NAME        CLUSTER-IP
dynamic-1   10.107.154.69
dynamic-2   10.101.125.92

# Outside the range, or not an address: refused with a 422.
$ kubectl create service clusterip outside --tcp=80 --clusterip=10.112.0.1
error: failed to create ClusterIP service: Service "outside" is invalid: spec.clusterIPs: Invalid value: []string{"10.112.0.1"}: failed to allocate IP 10.112.0.1: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12

$ kubectl create service clusterip network-address --tcp=80 --clusterip=10.96.0.0
error: failed to create ClusterIP service: Service "network-address" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.0"}: failed to allocate IP 10.96.0.0: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12

$ kubectl create service clusterip broadcast --tcp=80 --clusterip=10.111.255.255
error: failed to create ClusterIP service: Service "broadcast" is invalid: spec.clusterIPs: Invalid value: []string{"10.111.255.255"}: failed to allocate IP 10.111.255.255: provided IP is not in the valid range. The range of valid IPs is 10.96.0.0/12

$ kubectl create service clusterip not-an-ip --tcp=80 --clusterip=10.96.0.256
error: failed to create ClusterIP service: Service "not-an-ip" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0.256": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)

# A Service keeps its address for its life; deleting it frees the address.
$ kubectl patch svc my-dns -p '{"spec":{"clusterIP":"10.96.0.54"}}'
The Service "my-dns" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.54"}: may not change once set

$ kubectl delete svc my-dns
service "my-dns" deleted

$ kubectl create service clusterip my-dns -n other --tcp=53 --clusterip=10.96.0.53
service/my-dns created

# The ServiceCIDR and IPAddress objects (networking.k8s.io/v1beta1) are
# behind the MultiCIDRServiceAllocator feature gate, off by default in
# v1.32: the API server does not serve them.
$ kubectl get servicecidrs
error: the server doesn't have a resource type "servicecidrs"

$ kubectl get ipaddresses
error: the server doesn't have a resource type "ipaddresses"
