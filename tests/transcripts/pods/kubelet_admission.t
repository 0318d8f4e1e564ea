# The kubelet checks a pod before it runs it, as the scheduler would have:
# a pod bound by hand (spec.nodeName skips the scheduler) to a node without
# room fails with OutOfcpu instead of over-committing the machine, and one
# whose nodeSelector the node does not match fails with NodeAffinity.
$ sim node add small --cpu 1
node small added

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  nodeName: small
  containers:
  - name: main
    image: nginx:1.25
    resources:
      requests:
        cpu: "2"
EOF
pod/big created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: picky
spec:
  nodeName: small
  nodeSelector:
    disktype: ssd
  containers:
  - name: main
    image: nginx:1.25
EOF
pod/picky created

$ sim settle
settled after 22 steps and 2s of virtual time

$ kubectl get pods
NAME    READY   STATUS         RESTARTS   AGE
big     0/1     OutOfcpu       0          2s
picky   0/1     NodeAffinity   0          2s

$ kubectl get pod big -o jsonpath='{.status.message}{"\n"}'
Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000

$ kubectl describe pod picky
Name:             picky
Namespace:        default
Priority:         0
Service Account:  default
Node:             small/
Labels:           <none>
Annotations:      <none>
Status:           Failed
Reason:           NodeAffinity
Message:          Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector
IP:
IPs:              <none>
Containers:
  main:
    Image:        nginx:1.25
    Port:         <none>
    Host Port:    <none>
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-mgnfc (ro)
Volumes:
  kube-api-access-mgnfc:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              disktype=ssd
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason        Age   From     Message
  ----     ------        ----  ----     -------
  Warning  NodeAffinity  2s    kubelet  Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector
