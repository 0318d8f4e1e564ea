# kubernetes.io "Concepts → Services, Load Balancing, and Networking →
# Network Policies", line by line, for what services/network_policy.t and
# tasks/network_policy_declare.t do not already cover. Manifests come from
# here-documents: transcripts never download. kind's kindnet enforces
# NetworkPolicy, as the playground does.
#
# The page's test-network-policy (service/networking/networkpolicy.yaml).
$ kubectl create namespace myproject
namespace/myproject created

$ kubectl label namespace myproject project=myproject
namespace/myproject labeled

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: test-network-policy
  namespace: default
spec:
  podSelector:
    matchLabels:
      role: db
  policyTypes:
  - Ingress
  - Egress
  ingress:
  - from:
    - ipBlock:
        cidr: 172.17.0.0/16
        except:
        - 172.17.1.0/24
    - namespaceSelector:
        matchLabels:
          project: myproject
    - podSelector:
        matchLabels:
          role: frontend
    ports:
    - protocol: TCP
      port: 6379
  egress:
  - to:
    - ipBlock:
        cidr: 10.0.0.0/24
    ports:
    - protocol: TCP
      port: 5978
EOF
networkpolicy.networking.k8s.io/test-network-policy created

$ kubectl describe networkpolicy test-network-policy
Name:         test-network-policy
Namespace:    default
Created on:   2025-01-01 00:00:02 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     role=db
  Allowing ingress traffic:
    To Port: 6379/TCP
    From:
      IPBlock:
        CIDR: 172.17.0.0/16
        Except: 172.17.1.0/24
    From:
      NamespaceSelector: project=myproject
    From:
      PodSelector: role=frontend
  Allowing egress traffic:
    To Port: 5978/TCP
    To:
      IPBlock:
        CIDR: 10.0.0.0/24
        Except:
  Policy Types: Ingress, Egress

$ kubectl get networkpolicy
NAME                  POD-SELECTOR   AGE
test-network-policy   role=db        0s

# "isolates role=db pods in the default namespace for both ingress and
# egress traffic"; connections to TCP 6379 are let in from role=frontend
# pods of the namespace, from any pod of a namespace labelled
# project=myproject, and from 172.17.0.0/16 but 172.17.1.0/24.
$ kubectl run db --image=redis --labels=role=db --port=6379
pod/db created

$ kubectl run frontend --image=busybox:1.36 --labels=role=frontend -- sleep 3600
pod/frontend created

$ kubectl run other --image=busybox:1.36 -- sleep 3600
pod/other created

$ kubectl run client --image=busybox:1.36 -n myproject -- sleep 3600
pod/client created

$ sim settle
settled after 23 steps and 3s of virtual time

$ kubectl get pod db -o jsonpath='{.status.podIP}{"\n"}'
10.244.3.2

$ sim curl --from frontend http://10.244.3.2:6379/
200 OK from pod db (10.244.3.2:6379)

$ sim curl --from other http://10.244.3.2:6379/
curl: (28) Failed to connect to 10.244.3.2 port 6379 after 130000 ms: Couldn't connect to server

$ sim curl -n myproject --from client http://10.244.3.2:6379/
200 OK from pod db (10.244.3.2:6379)

# The rule's port is 6379 only: another role=db pod's port 80 takes
# nothing, even from a frontend.
$ kubectl run web --image=nginx --labels=role=db
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod web -o jsonpath='{.status.podIP}{"\n"}'
10.244.2.3

$ sim curl --from frontend http://10.244.2.3/
curl: (28) Failed to connect to 10.244.2.3 port 80 after 130000 ms: Couldn't connect to server

# Egress from role=db pods: only 10.0.0.0/24 on TCP 5978, which leaves
# out CoreDNS, so the pods cannot even resolve names.
$ kubectl exec web -- curl -sS -m 5 http://kubernetes.default/
curl: (28) Resolving timed out after 5001 milliseconds
command terminated with exit code 28

# namespaceSelector and podSelector in one element: pods labelled
# role=client in namespaces labelled user=alice. In two elements: either.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: and-not-or
spec:
  podSelector:
    matchLabels:
      role: db
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          user: alice
      podSelector:
        matchLabels:
          role: client
EOF
networkpolicy.networking.k8s.io/and-not-or created

$ kubectl describe networkpolicy and-not-or
Name:         and-not-or
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     role=db
  Allowing ingress traffic:
    To Port: <any> (traffic allowed to all ports)
    From:
      NamespaceSelector: user=alice
      PodSelector: role=client
  Not affecting egress traffic
  Policy Types: Ingress

$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: or-not-and
spec:
  podSelector:
    matchLabels:
      role: db
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          user: alice
    - podSelector:
        matchLabels:
          role: client
EOF
networkpolicy.networking.k8s.io/or-not-and created

$ kubectl describe networkpolicy or-not-and
Name:         or-not-and
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     role=db
  Allowing ingress traffic:
    To Port: <any> (traffic allowed to all ports)
    From:
      NamespaceSelector: user=alice
    From:
      PodSelector: role=client
  Not affecting egress traffic
  Policy Types: Ingress

$ kubectl delete networkpolicy and-not-or or-not-and test-network-policy
networkpolicy.networking.k8s.io "and-not-or" deleted
networkpolicy.networking.k8s.io "or-not-and" deleted
networkpolicy.networking.k8s.io "test-network-policy" deleted

# Default policies: deny all ingress...
$ kubectl apply -f - <<EOF
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny-ingress
spec:
  podSelector: {}
  policyTypes:
  - Ingress
EOF
networkpolicy.networking.k8s.io/default-deny-ingress created

$ sim curl --from frontend http://10.244.2.3/
curl: (28) Failed to connect to 10.244.2.3 port 80 after 130000 ms: Couldn't connect to server

# ...allow all ingress...
$ kubectl apply -f - <<EOF
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-all-ingress
spec:
  podSelector: {}
  ingress:
  - {}
  policyTypes:
  - Ingress
EOF
networkpolicy.networking.k8s.io/allow-all-ingress created

$ sim curl --from frontend http://10.244.2.3/
200 OK from pod web (10.244.2.3:80)

$ kubectl describe networkpolicy allow-all-ingress
Name:         allow-all-ingress
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    To Port: <any> (traffic allowed to all ports)
    From: <any> (traffic not restricted by source)
  Not affecting egress traffic
  Policy Types: Ingress

$ kubectl delete networkpolicy default-deny-ingress allow-all-ingress
networkpolicy.networking.k8s.io "default-deny-ingress" deleted
networkpolicy.networking.k8s.io "allow-all-ingress" deleted

# ...deny all egress...
$ kubectl apply -f - <<EOF
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny-egress
spec:
  podSelector: {}
  policyTypes:
  - Egress
EOF
networkpolicy.networking.k8s.io/default-deny-egress created

$ sim curl --from frontend http://10.244.2.3/
curl: (28) Failed to connect to 10.244.2.3 port 80 after 130000 ms: Couldn't connect to server

$ kubectl describe networkpolicy default-deny-egress
Name:         default-deny-egress
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Not affecting ingress traffic
  Allowing egress traffic:
    <none> (Selected pods are isolated for egress connectivity)
  Policy Types: Egress

# ...allow all egress...
$ kubectl apply -f - <<EOF
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-all-egress
spec:
  podSelector: {}
  egress:
  - {}
  policyTypes:
  - Egress
EOF
networkpolicy.networking.k8s.io/allow-all-egress created

$ sim curl --from frontend http://10.244.2.3/
200 OK from pod web (10.244.2.3:80)

$ kubectl delete networkpolicy default-deny-egress allow-all-egress
networkpolicy.networking.k8s.io "default-deny-egress" deleted
networkpolicy.networking.k8s.io "allow-all-egress" deleted

# ...and deny all ingress and all egress.
$ kubectl apply -f - <<EOF
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny-all
spec:
  podSelector: {}
  policyTypes:
  - Ingress
  - Egress
EOF
networkpolicy.networking.k8s.io/default-deny-all created

$ kubectl describe networkpolicy default-deny-all
Name:         default-deny-all
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    <none> (Selected pods are isolated for ingress connectivity)
  Allowing egress traffic:
    <none> (Selected pods are isolated for egress connectivity)
  Policy Types: Ingress, Egress

$ kubectl delete networkpolicy default-deny-all
networkpolicy.networking.k8s.io "default-deny-all" deleted

# Targeting a range of ports (networkpolicy-multiport-egress.yaml).
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: multi-port-egress
  namespace: default
spec:
  podSelector:
    matchLabels:
      role: db
  policyTypes:
    - Egress
  egress:
    - to:
        - ipBlock:
            cidr: 10.0.0.0/24
      ports:
        - protocol: TCP
          port: 32000
          endPort: 32768
EOF
networkpolicy.networking.k8s.io/multi-port-egress created

$ kubectl describe networkpolicy multi-port-egress
Name:         multi-port-egress
Namespace:    default
Created on:   2025-01-01 00:00:10 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     role=db
  Not affecting ingress traffic
  Allowing egress traffic:
    To Port Range: 32000-32768/TCP
    To:
      IPBlock:
        CIDR: 10.0.0.0/24
        Except:
  Policy Types: Egress

# "endPort must be equal to or greater than port", and needs a numeric port.
$ kubectl patch networkpolicy multi-port-egress --type=json -p '[{"op":"replace","path":"/spec/egress/0/ports/0/endPort","value":31000}]'
The NetworkPolicy "multi-port-egress" is invalid: spec.egress[0].ports[0].endPort: Invalid value: 31000: must be greater than or equal to `port`

$ kubectl patch networkpolicy multi-port-egress --type=json -p '[{"op":"replace","path":"/spec/egress/0/ports/0/port","value":"http"}]'
The NetworkPolicy "multi-port-egress" is invalid: spec.egress[0].ports[0].endPort: Invalid value: 32768: may not be specified when `port` is non-numeric

# Targeting a namespace by its name: the immutable
# kubernetes.io/metadata.name label every namespace carries.
$ kubectl get namespace myproject --show-labels
NAME        STATUS   AGE   LABELS
myproject   Active   8s    kubernetes.io/metadata.name=myproject,project=myproject
