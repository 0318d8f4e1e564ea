# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# IPv4/IPv6 dual-stack", its Services section, on this cluster, which is
# single-stack IPv4 as a default kind cluster is: what the page's
# manifests get there. Manifests come from here-documents: transcripts
# never download.
$ kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.spec.podCIDRs}{"\n"}{end}'
kubeplay-control-plane ["10.244.0.0/24"]
kubeplay-worker ["10.244.1.0/24"]
kubeplay-worker2 ["10.244.2.0/24"]
kubeplay-worker3 ["10.244.3.0/24"]

# dual-stack-default-svc.yaml: no policy, so SingleStack with the
# cluster's first family.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service
  labels:
    app.kubernetes.io/name: MyApp
spec:
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
EOF
service/my-service created

$ kubectl get svc my-service -o jsonpath='{.spec.ipFamilyPolicy} {.spec.ipFamilies} {.spec.clusterIPs}{"\n"}'
SingleStack ["IPv4"] ["10.100.6.229"]

# dual-stack-preferred-svc.yaml: PreferDualStack falls back to the one
# family the cluster has.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service-preferred
  labels:
    app.kubernetes.io/name: MyApp
spec:
  ipFamilyPolicy: PreferDualStack
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
EOF
service/my-service-preferred created

$ kubectl describe svc -l app.kubernetes.io/name=MyApp
Name:                     my-service
Namespace:                default
Labels:                   app.kubernetes.io/name=MyApp
Annotations:              <none>
Selector:                 app.kubernetes.io/name=MyApp
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.100.6.229
IPs:                      10.100.6.229
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                <none>
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>


Name:                     my-service-preferred
Namespace:                default
Labels:                   app.kubernetes.io/name=MyApp
Annotations:              <none>
Selector:                 app.kubernetes.io/name=MyApp
Type:                     ClusterIP
IP Family Policy:         PreferDualStack
IP Families:              IPv4
IP:                       10.98.159.187
IPs:                      10.98.159.187
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                <none>
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

# RequireDualStack, and any IPv6 family, are refused here.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service-required
  labels:
    app.kubernetes.io/name: MyApp
spec:
  ipFamilyPolicy: RequireDualStack
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
EOF
The Service "my-service-required" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services

# dual-stack-preferred-ipfamilies-svc.yaml
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service-families
  labels:
    app.kubernetes.io/name: MyApp
spec:
  ipFamilyPolicy: PreferDualStack
  ipFamilies:
  - IPv6
  - IPv4
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
EOF
The Service "my-service-families" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster

# dual-stack-ipfamilies-ipv6.yaml
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service-v6
  labels:
    app.kubernetes.io/name: MyApp
spec:
  ipFamilies:
  - IPv6
  selector:
    app.kubernetes.io/name: MyApp
  ports:
    - protocol: TCP
      port: 80
EOF
The Service "my-service-v6" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster

# Two families with SingleStack contradict each other.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-service-both
spec:
  ipFamilyPolicy: SingleStack
  ipFamilies:
  - IPv4
  - IPv6
  ports:
    - port: 80
EOF
The Service "my-service-both" is invalid: spec.ipFamilyPolicy: Invalid value: "SingleStack": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified

# A headless Service without a selector is the exception: it may be
# dual-stack anywhere, and is by default.
$ kubectl create service clusterip my-headless --clusterip=None --tcp=80 --dry-run=client -o json | kubectl patch -f - --local --type=json -p '[{"op":"remove","path":"/spec/selector"}]' -o yaml | kubectl apply -f -
service/my-headless created

$ kubectl get svc my-headless -o jsonpath='{.spec.ipFamilyPolicy} {.spec.ipFamilies} {.spec.clusterIPs}{"\n"}'
RequireDualStack ["IPv4","IPv6"] ["None"]

# Switching an existing Service between single-stack and dual-stack: on
# this cluster PreferDualStack changes only the policy.
$ kubectl patch svc my-service -p '{"spec":{"ipFamilyPolicy":"PreferDualStack"}}'
service/my-service patched

$ kubectl get svc my-service -o jsonpath='{.spec.ipFamilyPolicy} {.spec.ipFamilies} {.spec.clusterIPs}{"\n"}'
PreferDualStack ["IPv4"] ["10.100.6.229"]

$ kubectl patch svc my-service -p '{"spec":{"ipFamilyPolicy":"RequireDualStack"}}'
The Service "my-service" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services
