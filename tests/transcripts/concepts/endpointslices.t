# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# EndpointSlices", line by line: the page's example slice, the fields the
# EndpointSlice controller fills in (conditions, topology, ownership,
# management) and its 100-endpoint slices. Manifests come from
# here-documents: transcripts never download.
#
# The page's example EndpointSlice, written by hand for the Service
# "example" (which need not exist).
$ kubectl apply -f - <<EOF
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: example-abc
  labels:
    kubernetes.io/service-name: example
addressType: IPv4
ports:
  - name: http
    protocol: TCP
    port: 80
endpoints:
  - addresses:
      - "10.1.2.3"
    conditions:
      ready: true
    hostname: pod-1
    nodeName: node-1
    zone: us-west2-a
EOF
endpointslice.discovery.k8s.io/example-abc created

$ kubectl get endpointslice example-abc
NAME          ADDRESSTYPE   PORTS   ENDPOINTS   AGE
example-abc   IPv4          80      10.1.2.3    0s

$ kubectl get endpointslices -l kubernetes.io/service-name=example -o jsonpath='{.items[0].endpoints[0]}{"\n"}'
{"addresses":["10.1.2.3"],"conditions":{"ready":true},"hostname":"pod-1","nodeName":"node-1","zone":"us-west2-a"}

# "The name of a EndpointSlice object must be a valid DNS subdomain name";
# addressType is one of IPv4, IPv6 and FQDN, and cannot change.
$ kubectl apply -f - <<EOF
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: Example_abc
addressType: IPv5
endpoints: []
EOF
The EndpointSlice "Example_abc" is invalid:
* metadata.name: Invalid value: "Example_abc": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
* addressType: Unsupported value: "IPv5": supported values: "FQDN", "IPv4", "IPv6"

$ kubectl patch endpointslice example-abc --type=merge -p '{"addressType":"FQDN"}'
The EndpointSlice "example-abc" is invalid: addressType: Invalid value: "FQDN": field is immutable

# The EndpointSlice controller makes slices for every Service with a
# selector: owned by the Service, labelled with its name and with
# managed-by endpointslice-controller.k8s.io.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: example
spec:
  replicas: 2
  selector:
    matchLabels:
      app: example
  template:
    metadata:
      labels:
        app: example
    spec:
      containers:
      - name: agnhost
        image: registry.k8s.io/e2e-test-images/agnhost:2.53
        args: ["netexec", "--http-port=80"]
        ports:
        - containerPort: 80
        # Keeps a deleted pod terminating for a while, to watch its
        # endpoint's conditions.
        lifecycle:
          preStop:
            sleep:
              seconds: 10
EOF
deployment.apps/example created

$ kubectl expose deployment example --port=80 --name=example-svc
service/example-svc exposed

$ sim settle
settled after 32 steps and 3s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc
NAME                ADDRESSTYPE   PORTS   ENDPOINTS               AGE
example-svc-5rkn4   IPv4          80      10.244.3.2,10.244.1.2   3s

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o yaml
apiVersion: v1
items:
- addressType: IPv4
  apiVersion: discovery.k8s.io/v1
  endpoints:
  - addresses:
    - 10.244.3.2
    conditions:
      ready: true
      serving: true
      terminating: false
    nodeName: kubeplay-worker3
    targetRef:
      kind: Pod
      name: example-7c87654458-422k9
      namespace: default
      uid: c34979fc-05f3-4b7b-8712-9996885a0b29
    zone: zone-c
  - addresses:
    - 10.244.1.2
    conditions:
      ready: true
      serving: true
      terminating: false
    nodeName: kubeplay-worker
    targetRef:
      kind: Pod
      name: example-7c87654458-58ljc
      namespace: default
      uid: 081c3a0d-bf25-429b-b0e0-66f675c46cda
    zone: zone-a
  kind: EndpointSlice
  metadata:
    creationTimestamp: "2025-01-01T00:00:02Z"
    generateName: example-svc-
    generation: 2
    labels:
      endpointslice.kubernetes.io/managed-by: endpointslice-controller.k8s.io
      kubernetes.io/service-name: example-svc
    name: example-svc-5rkn4
    namespace: default
    ownerReferences:
    - apiVersion: v1
      blockOwnerDeletion: true
      controller: true
      kind: Service
      name: example-svc
      uid: e0525b8c-4365-470d-81da-595cd49adc78
    resourceVersion: "409"
    uid: 816ef7b4-e27a-41a8-beb5-345edc77171c
  ports:
  - name: ""
    port: 80
    protocol: TCP
kind: List
metadata:
  resourceVersion: ""

# Conditions: a terminating Pod stays in the slice, not ready, still
# serving while it passes its readiness checks, and terminating; its
# replacement joins as ready.
$ kubectl delete pod -l app=example --wait=false
pod "example-7c87654458-422k9" deleted
pod "example-7c87654458-58ljc" deleted

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:06Z (20 steps ran)

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name}{" "}{.conditions}{"\n"}{end}'
example-7c87654458-422k9 {"ready":false,"serving":true,"terminating":true}
example-7c87654458-58ljc {"ready":false,"serving":true,"terminating":true}

$ sim settle
settled after 15 steps and 9s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name}{" "}{.conditions}{"\n"}{end}'
example-7c87654458-hl54k {"ready":true,"serving":true,"terminating":false}
example-7c87654458-ntd6s {"ready":true,"serving":true,"terminating":false}

# "By default, EndpointSlices managed by the EndpointSlice controller will
# have no more than 100 endpoints each": 150 backends take two slices.
$ kubectl scale deployment example --replicas=150
deployment.apps/example scaled

$ sim settle
settled after 913 steps and 2m10s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc
NAME                ADDRESSTYPE   PORTS   ENDPOINTS                                        AGE
example-svc-5rkn4   IPv4          80      10.244.1.3,10.244.3.3,10.244.1.25 + 97 more...   2m24s
example-svc-g8gnn   IPv4          80      10.244.2.3,10.244.2.4,10.244.2.5 + 47 more...    2m6s

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o go-template='{{range .items}}{{len .endpoints}}{{"\n"}}{{end}}'
100
50

# The legacy Endpoints object holds all 150: it truncates, and says so in
# endpoints.kubernetes.io/over-capacity, only past 1000.
$ kubectl get endpoints example-svc -o go-template='{{range .subsets}}{{len .addresses}}{{"\n"}}{{end}}{{.metadata.annotations}}{{"\n"}}'
150
<no value>

# Scaling down takes endpoints out of the slices they are in; the
# controller does not repack them.
$ kubectl scale deployment example --replicas=3
deployment.apps/example scaled

$ sim settle
settled after 453 steps and 10s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o go-template='{{range .items}}{{len .endpoints}}{{"\n"}}{{end}}'
2
1

# Traffic distribution (Service trafficDistribution, beta and on by
# default since v1.31): with PreferClose the controller hints each
# endpoint to its own zone, and kube-proxy sends a client's connections
# to endpoints of its node's zone.
$ kubectl patch svc example-svc -p '{"spec":{"trafficDistribution":"PreferClose"}}'
service/example-svc patched

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=example-svc -o jsonpath='{range .items[*].endpoints[*]}{.nodeName}{" "}{.zone}{" "}{.hints}{"\n"}{end}'
kubeplay-worker zone-a {"forZones":[{"name":"zone-a"}]}
kubeplay-worker3 zone-c {"forZones":[{"name":"zone-c"}]}
kubeplay-worker2 zone-b {"forZones":[{"name":"zone-b"}]}

$ kubectl get nodes -L topology.kubernetes.io/zone
NAME                     STATUS   ROLES           AGE     VERSION   ZONE
kubeplay-control-plane   Ready    control-plane   2m36s   v1.32.0
kubeplay-worker          Ready    <none>          2m36s   v1.32.0   zone-a
kubeplay-worker2         Ready    <none>          2m36s   v1.32.0   zone-b
kubeplay-worker3         Ready    <none>          2m36s   v1.32.0   zone-c

$ kubectl run client --image=busybox:1.36 --restart=Never --overrides='{"spec":{"nodeName":"kubeplay-worker2"}}' -- sleep 3600
pod/client created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pods -l app=example -o wide
NAME                       READY   STATUS    RESTARTS   AGE     IP            NODE               NOMINATED NODE   READINESS GATES
example-7c87654458-hl54k   1/1     Running   0          2m32s   10.244.1.3    kubeplay-worker    <none>           <none>
example-7c87654458-ntd6s   1/1     Running   0          2m32s   10.244.3.3    kubeplay-worker3   <none>           <none>
example-7c87654458-zmdnb   1/1     Running   0          2m22s   10.244.2.18   kubeplay-worker2   <none>           <none>

$ sim curl --from client --count 20 http://example-svc/
POD                        REQUESTS
example-7c87654458-zmdnb   20

# Without the field, all three.
$ kubectl patch svc example-svc --type=json -p '[{"op":"remove","path":"/spec/trafficDistribution"}]'
service/example-svc patched

$ sim curl --from client --count 20 http://example-svc/
POD                        REQUESTS
example-7c87654458-hl54k   6
example-7c87654458-ntd6s   8
example-7c87654458-zmdnb   6

# Only PreferClose is accepted.
$ kubectl patch svc example-svc -p '{"spec":{"trafficDistribution":"Nearest"}}'
The Service "example-svc" is invalid: spec.trafficDistribution: Unsupported value: "Nearest": supported values: "PreferClose"
