# Kinds a real cluster serves that the playground does not model (RBAC,
# NetworkPolicy, Leases…): kubectl's error for a kind the server does
# not serve, then a note that a real cluster would take it. The other
# documents of the paste still apply, as `kubectl apply -f` goes on past
# a document it cannot map.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: reader
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list"]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web
spec:
  podSelector:
    matchLabels:
      app: web
  policyTypes:
  - Ingress
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
EOF
serviceaccount/reader created
service/web created
error parsing STDIN: document 2, line 7, column 7: no matches for kind "Role" in version "rbac.authorization.k8s.io/v1"
(playground) a real cluster serves Role as rbac.authorization.k8s.io/v1; the simulated cluster does not model it
error parsing STDIN: document 3, line 16, column 7: no matches for kind "NetworkPolicy" in version "networking.k8s.io/v1"
(playground) a real cluster serves NetworkPolicy as networking.k8s.io/v1; the simulated cluster does not model it

$ kubectl get netpol
error: the server doesn't have a resource type "netpol"
(playground) a real cluster serves NetworkPolicy as networking.k8s.io/v1; the simulated cluster does not model it

$ kubectl get networkpolicies.networking.k8s.io
error: the server doesn't have a resource type "networkpolicies"
(playground) a real cluster serves NetworkPolicy as networking.k8s.io/v1; the simulated cluster does not model it

$ kubectl get svc,clusterroles
error: the server doesn't have a resource type "clusterroles"
(playground) a real cluster serves ClusterRole as rbac.authorization.k8s.io/v1; the simulated cluster does not model it

# A type no cluster has keeps kubectl's error alone.
$ kubectl get widgets
error: the server doesn't have a resource type "widgets"
