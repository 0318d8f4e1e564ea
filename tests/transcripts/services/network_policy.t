# NetworkPolicy (networking.k8s.io/v1) is served and enforced, as kind's
# kindnet enforces it. A pod that some policy selects for ingress takes
# only the connections a rule allows; the rest are dropped without an
# answer, so the client waits until its connect times out.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ kubectl run client --image=busybox --labels=role=client -- sleep 3600
pod/client created

$ kubectl run other --image=busybox -- sleep 3600
pod/other created

$ sim settle
settled after 44 steps and 4s of virtual time

# No policy selects the web pods yet: every pod reaches them.
$ sim curl --from other http://web/
200 OK from pod web-797596b896-422k9 (10.244.1.3:80)

# Deny all ingress to every pod of the namespace.
$ kubectl apply -f - <<EOF
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

$ sim curl --from other http://web/
curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server

$ sim curl --from client http://web/
curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server

# Let pods labelled role=client reach the web pods on their http port.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-client
spec:
  podSelector:
    matchLabels:
      app: web
  ingress:
  - from:
    - podSelector:
        matchLabels:
          role: client
    ports:
    - port: 80
EOF
networkpolicy.networking.k8s.io/allow-client created

$ sim curl --from client --count 10 http://web/
POD                    REQUESTS
web-797596b896-422k9   5
web-797596b896-4dfjb   5

$ sim curl --from other http://web/
curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server

$ kubectl get networkpolicies
NAME                   POD-SELECTOR   AGE
allow-client           app=web        0s
default-deny-ingress   <none>         0s

# The API server filled in the defaults: the Ingress policy type and TCP.
$ kubectl get netpol allow-client -o jsonpath='{.spec}'
{"ingress":[{"from":[{"podSelector":{"matchLabels":{"role":"client"}}}],"ports":[{"port":80,"protocol":"TCP"}]}],"podSelector":{"matchLabels":{"app":"web"}},"policyTypes":["Ingress"]}

$ kubectl describe netpol allow-client
Name:         allow-client
Namespace:    default
Created on:   2025-01-01 00:00:06 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     app=web
  Allowing ingress traffic:
    To Port: 80/TCP
    From:
      PodSelector: role=client
  Not affecting egress traffic
  Policy Types: Ingress

$ kubectl describe networkpolicy default-deny-ingress
Name:         default-deny-ingress
Namespace:    default
Created on:   2025-01-01 00:00:06 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    <none> (Selected pods are isolated for ingress connectivity)
  Not affecting egress traffic
  Policy Types: Ingress

# Isolating the client for egress cuts its DNS lookups too: the name
# no longer resolves.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: client-egress
spec:
  podSelector:
    matchLabels:
      role: client
  policyTypes:
  - Egress
  egress:
  - to:
    - podSelector:
        matchLabels:
          app: web
    ports:
    - protocol: TCP
      port: 80
EOF
networkpolicy.networking.k8s.io/client-egress created

$ sim curl --from client http://web/
curl: (6) Could not resolve host: web

# Its egress rule still lets it reach a web pod by address.
$ kubectl get pods -l app=web -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
web-797596b896-422k9   1/1     Running   0          4s    10.244.1.3   kubeplay-worker    <none>           <none>
web-797596b896-4dfjb   1/1     Running   0          4s    10.244.3.3   kubeplay-worker3   <none>           <none>

$ sim curl --from client http://10.244.1.3/
200 OK from pod web-797596b896-422k9 (10.244.1.3:80)

# Allowing DNS to kube-system brings the name back.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: client-dns
spec:
  podSelector:
    matchLabels:
      role: client
  policyTypes:
  - Egress
  egress:
  - to:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: kube-system
    ports:
    - protocol: UDP
      port: 53
EOF
networkpolicy.networking.k8s.io/client-dns created

$ sim curl --from client http://web/
200 OK from pod web-797596b896-422k9 (10.244.1.3:80)

$ kubectl get netpol
NAME                   POD-SELECTOR   AGE
allow-client           app=web        0s
client-dns             role=client    0s
client-egress          role=client    0s
default-deny-ingress   <none>         0s

$ kubectl delete netpol --all
networkpolicy.networking.k8s.io "allow-client" deleted
networkpolicy.networking.k8s.io "client-dns" deleted
networkpolicy.networking.k8s.io "client-egress" deleted
networkpolicy.networking.k8s.io "default-deny-ingress" deleted

$ sim curl --from other http://web/
200 OK from pod web-797596b896-4dfjb (10.244.3.3:80)
