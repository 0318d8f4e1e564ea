# omkar-shelke25/ckad-killercoda, NetworkPolicy-Ingress: setup.sh, the
# solution in step1.md, then verify.sh's structural and functional checks
# (its fetch helper's wget written out).
$ kubectl get ns netpol-demo6 >/dev/null 2>&1 || kubectl create namespace netpol-demo6
namespace/netpol-demo6 created

$ cat <<'EOF' | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: pod-a
  namespace: netpol-demo6
  labels:
    app: pod-a
spec:
  containers:
  - name: nginx
    image: nginx:1.25
---
apiVersion: v1
kind: Pod
metadata:
  name: pod-b
  namespace: netpol-demo6
  labels:
    app: pod-b
spec:
  containers:
  - name: nginx
    image: nginx:1.25
EOF
pod/pod-a created
pod/pod-b created

$ kubectl -n netpol-demo6 wait --for=condition=Ready pod/pod-a --timeout=120s
pod/pod-a condition met

$ kubectl -n netpol-demo6 wait --for=condition=Ready pod/pod-b --timeout=120s
pod/pod-b condition met

# The solution.
$ kubectl apply -f - <<'EOF'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: internal-only
  namespace: netpol-demo6
spec:
  podSelector: {}        # select all pods in this namespace
  policyTypes:
  - Ingress
  ingress:
  - from:
    - podSelector: {}    # allow any pod from the same namespace
EOF
networkpolicy.networking.k8s.io/internal-only created

$ kubectl -n netpol-demo6 describe networkpolicy internal-only
Name:         internal-only
Namespace:    netpol-demo6
Created on:   2025-01-01 00:00:06 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    To Port: <any> (traffic allowed to all ports)
    From:
      PodSelector: <none>
  Not affecting egress traffic
  Policy Types: Ingress

# verify.sh: the structure.
$ kubectl -n netpol-demo6 get networkpolicy internal-only -o jsonpath='{.spec.policyTypes[*]}{"\n"}'
Ingress

$ kubectl -n netpol-demo6 get networkpolicy internal-only -o jsonpath='{.spec.podSelector}{"\n"}'
{}

$ kubectl -n netpol-demo6 get networkpolicy internal-only -o jsonpath='{range .spec.ingress[*].from[*]}{.podSelector}{"\n"}{end}'
{}

# verify.sh: a client in the namespace and one outside it.
$ POD_B_IP="$(kubectl -n netpol-demo6 get pod pod-b -o jsonpath='{.status.podIP}')"

$ kubectl -n netpol-demo6 run np-same --image=busybox:1.36 --restart=Never --command -- sh -c "sleep 3600"
pod/np-same created

$ kubectl -n netpol-demo6 wait --for=condition=Ready pod/np-same --timeout=60s
pod/np-same condition met

$ kubectl get ns netpol-otherns >/dev/null 2>&1 || kubectl create namespace netpol-otherns >/dev/null 2>&1

$ kubectl -n netpol-otherns run np-other --image=busybox:1.36 --restart=Never --command -- sh -c "sleep 3600"
pod/np-other created

$ kubectl -n netpol-otherns wait --for=condition=Ready pod/np-other --timeout=60s
pod/np-other condition met

$ kubectl -n netpol-demo6 exec np-same -- sh -c "wget -qO- -T 3 http://$POD_B_IP:80/ || echo FAILED" | grep title
<title>Welcome to nginx!</title>

$ kubectl -n netpol-otherns exec np-other -- sh -c "wget -qO- -T 3 http://$POD_B_IP:80/ || echo FAILED"
wget: download timed out
FAILED

$ kubectl -n netpol-demo6 delete pod np-same --force --grace-period=0
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "np-same" force deleted

$ kubectl -n netpol-otherns delete pod np-other --force --grace-period=0
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
pod "np-other" force deleted

$ kubectl delete ns netpol-otherns
namespace "netpol-otherns" deleted
