# kubernetes.io "Service", "Services without selectors", "Custom
# EndpointSlices" and "Accessing a Service without a selector", line by
# line; the manifests come from here-documents (transcripts never
# download), the page's comments included.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
spec:
  ports:
    - protocol: TCP
      port: 80
      targetPort: 9376
EOF
service/my-service created

# "Because this Service has no selector, the corresponding EndpointSlice
# (and legacy Endpoints) objects are not created automatically."
$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get endpointslices,endpoints -l kubernetes.io/service-name=my-service
No resources found in default namespace.

$ kubectl get endpoints my-service
Error from server (NotFound): endpoints "my-service" not found

$ kubectl apply -f - <<EOF
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: my-service-1 # by convention, use the name of the Service
                     # as a prefix for the name of the EndpointSlice
  labels:
    # You should set the "kubernetes.io/service-name" label.
    # Set its value to match the name of the Service
    kubernetes.io/service-name: my-service
addressType: IPv4
ports:
  - name: '' # empty because port 9376 is not assigned as a well-known
             # port (by IANA)
    appProtocol: http
    protocol: TCP
    port: 9376
endpoints:
  - addresses:
      - "10.4.5.6"
  - addresses:
      - "10.1.2.3"
EOF
endpointslice.discovery.k8s.io/my-service-1 created

$ kubectl get endpointslices
NAME           ADDRESSTYPE   PORTS   ENDPOINTS           AGE
kubernetes     IPv4          6443    172.18.0.2          2s
my-service-1   IPv4          9376    10.4.5.6,10.1.2.3   0s

$ kubectl get endpointslice my-service-1 -o yaml
addressType: IPv4
apiVersion: discovery.k8s.io/v1
endpoints:
- addresses:
  - 10.4.5.6
  conditions: {}
- addresses:
  - 10.1.2.3
  conditions: {}
kind: EndpointSlice
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"addressType":"IPv4","apiVersion":"discovery.k8s.io/v1","endpoints":[{"addresses":["10.4.5.6"]},{"addresses":["10.1.2.3"]}],"kind":"EndpointSlice","metadata":{"annotations":{},"labels":{"kubernetes.io/service-name":"my-service"},"name":"my-service-1","namespace":"default"},"ports":[{"appProtocol":"http","name":"","port":9376,"protocol":"TCP"}]}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  labels:
    kubernetes.io/service-name: my-service
  name: my-service-1
  namespace: default
  resourceVersion: "375"
  uid: 6b00cc40-f5ec-48eb-bfb2-e731c4ff275d
ports:
- appProtocol: http
  name: ""
  port: 9376
  protocol: TCP

$ kubectl describe svc my-service
Name:                     my-service
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 <none>
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.100.6.229
IPs:                      10.100.6.229
Port:                     <unset>  80/TCP
TargetPort:               9376/TCP
Endpoints:                10.4.5.6:9376,10.1.2.3:9376
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

# "traffic is routed to one of the two endpoints defined in the
# EndpointSlice manifest: a TCP connection to 10.1.2.3 or 10.4.5.6, on
# port 9376." Neither address is a pod of this cluster, so the playground
# says where each request went instead of what answered.
$ sim curl --count 20 http://my-service/
POD             REQUESTS
10.1.2.3:9376   13
10.4.5.6:9376   7

$ kubectl run client --image=curlimages/curl --restart=Never -- sleep 3600
pod/client created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl exec client -- curl -s my-service.default.svc.cluster.local
(playground) the request went to 10.4.5.6:9376, outside the simulated cluster: what answers there is not simulated

# The control plane leaves a slice that is not its own alone: the
# endpointslice controller only manages slices labelled
# endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io.
$ kubectl get endpointslices -l endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io
No resources found in default namespace.

# "For an EndpointSlice that you create yourself ... you should also pick
# a value to use for the label endpointslice.kubernetes.io/managed-by ...
# such as "staff" or "cluster-admins"."
$ kubectl label endpointslice my-service-1 endpointslice.kubernetes.io/managed-by=staff
endpointslice.discovery.k8s.io/my-service-1 labeled

$ kubectl get endpointslices -L endpointslice.kubernetes.io/managed-by
NAME           ADDRESSTYPE   PORTS   ENDPOINTS           AGE   MANAGED-BY
kubernetes     IPv4          6443    172.18.0.2          5s
my-service-1   IPv4          9376    10.4.5.6,10.1.2.3   3s    staff

# "Each EndpointSlice in a namespace must have a unique name. You link an
# EndpointSlice to a Service by setting the kubernetes.io/service-name
# label": a second slice with any name adds its address.
$ kubectl apply -f - <<EOF
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: my-service-extra
  labels:
    kubernetes.io/service-name: my-service
    endpointslice.kubernetes.io/managed-by: staff
addressType: IPv4
ports:
  - name: ''
    protocol: TCP
    port: 9376
endpoints:
  - addresses:
      - "10.7.8.9"
EOF
endpointslice.discovery.k8s.io/my-service-extra created

$ sim curl --count 30 http://my-service/
POD             REQUESTS
10.1.2.3:9376   10
10.4.5.6:9376   7
10.7.8.9:9376   13

# An endpoint marked not ready gets no traffic; one with no conditions
# counts as ready, as kube-proxy reads a missing "ready".
$ kubectl patch endpointslice my-service-extra --type=json -p '[{"op":"add","path":"/endpoints/0/conditions","value":{"ready":false}}]'
endpointslice.discovery.k8s.io/my-service-extra patched

$ sim curl --count 30 http://my-service/
POD             REQUESTS
10.1.2.3:9376   14
10.4.5.6:9376   16

# The note's loopback and link-local addresses are refused.
$ kubectl apply -f - <<EOF
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: my-service-bad
  labels:
    kubernetes.io/service-name: my-service
addressType: IPv4
endpoints:
  - addresses:
      - "127.0.0.1"
  - addresses:
      - "169.254.169.254"
EOF
The EndpointSlice "my-service-bad" is invalid:
* endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)
* endpoints[1].addresses[0]: Invalid value: "169.254.169.254": may not be in the link-local range (169.254.0.0/16, fe80::/10)

# An ExternalName Service has no selector either, and no endpoints at all.
$ kubectl create service externalname my-database --external-name my.database.example.com
service/my-database created

$ kubectl get svc my-database
NAME          TYPE           CLUSTER-IP   EXTERNAL-IP               PORT(S)   AGE
my-database   ExternalName   <none>       my.database.example.com   <none>    0s
