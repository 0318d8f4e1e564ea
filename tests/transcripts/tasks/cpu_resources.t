# kubernetes.io "Assign CPU Resources to Containers and Pods", line by
# line. Transcripts never download: the page's manifests
# (https://k8s.io/examples/pods/resource/cpu-request-limit*.yaml) are
# here-documents.
$ kubectl create namespace cpu-example
namespace/cpu-example created

$ kubectl apply --namespace=cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cpu-demo
  namespace: cpu-example
spec:
  containers:
  - name: cpu-demo-ctr
    image: vish/stress
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: "0.5"
    args:
    - -cpus
    - "2"
EOF
pod/cpu-demo created

$ sim settle
settled after 9 steps and 2s of virtual time

$ kubectl get pod cpu-demo --namespace=cpu-example
NAME       READY   STATUS    RESTARTS   AGE
cpu-demo   1/1     Running   0          2s

$ kubectl get pod cpu-demo --output=yaml --namespace=cpu-example | grep -A5 resources:
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: 500m
    terminationMessagePath: /dev/termination-log

# metrics-server's first sample takes a scrape interval. Two CPUs' worth
# of work under a limit of one: the container is throttled to about 1000m.
$ sim advance 60s
advanced 60s to 2025-01-01T00:01:04Z (0 steps ran)

$ kubectl top pod cpu-demo --namespace=cpu-example
NAME       CPU(cores)   MEMORY(bytes)
cpu-demo   1000m        1Mi

$ kubectl delete pod cpu-demo --namespace=cpu-example
pod "cpu-demo" deleted

# Specify a CPU request that is too big for your Nodes.
$ kubectl apply --namespace=cpu-example -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cpu-demo-2
  namespace: cpu-example
spec:
  containers:
  - name: cpu-demo-ctr-2
    image: vish/stress
    resources:
      limits:
        cpu: "100"
      requests:
        cpu: "100"
    args:
    - -cpus
    - "2"
EOF
pod/cpu-demo-2 created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod cpu-demo-2 --namespace=cpu-example
NAME         READY   STATUS    RESTARTS   AGE
cpu-demo-2   0/1     Pending   0          0s

$ kubectl describe pod cpu-demo-2 --namespace=cpu-example
Name:             cpu-demo-2
Namespace:        cpu-example
Priority:         0
Service Account:  default
Node:             <none>
Labels:           <none>
Annotations:      <none>
Status:           Pending
IP:
IPs:              <none>
Containers:
  cpu-demo-ctr-2:
    Image:      vish/stress
    Port:       <none>
    Host Port:  <none>
    Args:
      -cpus
      2
    Limits:
      cpu:  100
    Requests:
      cpu:        100
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-2c5jd (ro)
Conditions:
  Type           Status
  PodScheduled   False
Volumes:
  kube-api-access-2c5jd:
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

$ kubectl delete pod cpu-demo-2 --namespace=cpu-example
pod "cpu-demo-2" deleted

$ kubectl delete namespace cpu-example
namespace "cpu-example" deleted
