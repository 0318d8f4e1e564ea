# A request larger than any node: Pending with Insufficient cpu.
$ kubectl run big --image=nginx --overrides='{"spec":{"containers":[{"name":"big","image":"nginx","resources":{"requests":{"cpu":"16"}}}]}}'
pod/big created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
big    0/1     Pending   0          0s

$ kubectl describe pod big
Name:             big
Namespace:        default
Priority:         0
Service Account:  default
Node:             <none>
Labels:           run=big
Annotations:      <none>
Status:           Pending
IP:
IPs:              <none>
Containers:
  big:
    Image:      nginx
    Port:       <none>
    Host Port:  <none>
    Requests:
      cpu:        16
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type           Status
  PodScheduled   False
Volumes:
  kube-api-access-sf7xb:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  0s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ sim explain pod big
Pod default/big: Pending, 0/1 ready, 0 restarts, phase Pending
  node: none yet
  recent events:
    0s ago Warning FailedScheduling: 0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
Pod default/big (scheduler default-scheduler)
  kubeplay-control-plane       no   TaintToleration: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }
  kubeplay-worker              no   NodeResourcesFit: Insufficient cpu
  kubeplay-worker2             no   NodeResourcesFit: Insufficient cpu
  kubeplay-worker3             no   NodeResourcesFit: Insufficient cpu
FailedScheduling: 0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
