# alijahnas/CKA-practice-exercises, logging-monitoring.md, each
# exercise's commands in order. `sim settle` stands for the seconds a
# learner waits.

# Install the metrics server and show metrics for nodes and for pods in
# kube-system. The page clones it first, which this terminal cannot; its
# apply line names "kubectl apply -f" twice, which kubectl refuses. This
# cluster serves the metrics API already.
$ git clone https://github.com/kubernetes-sigs/metrics-server
git: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl apply -f kubectl apply -f metrics-server/deploy/kubernetes/
error: Unexpected args: [apply]
See 'kubectl apply -h' for help and examples

$ kubectl top nodes
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         43m          1%       290Mi           3%
kubeplay-worker3         42m          1%       275Mi           3%

$ kubectl top pods -n kube-system
NAME                                             CPU(cores)   MEMORY(bytes)
coredns-9b77b5867-5wvqp                          1m           15Mi
coredns-9b77b5867-ms8nc                          1m           15Mi
etcd-kubeplay-control-plane                      1m           40Mi
kindnet-9fpx6                                    1m           10Mi
kindnet-fghbd                                    1m           10Mi
kindnet-tcrmk                                    1m           10Mi
kindnet-x6qdz                                    1m           10Mi
kube-apiserver-kubeplay-control-plane            1m           250Mi
kube-controller-manager-kubeplay-control-plane   1m           50Mi
kube-proxy-29qjf                                 1m           15Mi
kube-proxy-8872g                                 1m           15Mi
kube-proxy-mmqvt                                 1m           15Mi
kube-proxy-rm9bv                                 1m           15Mi
kube-scheduler-kubeplay-control-plane            1m           20Mi

# An nginx pod with a liveness and a readiness probe on port 80.
$ cat <<EOF > pod-ness.yml
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    run: nginx
spec:
  containers:
  - name: nginx
    image: nginx:latest
    readinessProbe:
      httpGet:
        path: /
        port: 80
      initialDelaySeconds: 5
      periodSeconds: 5
    livenessProbe:
      httpGet:
        path: /
        port: 80
EOF

$ kubectl apply -f pod-ness.yml
pod/nginx created

$ sim settle
settled after 6 steps and 9s of virtual time

$ kubectl describe pods nginx
Name:             nginx
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           run=nginx
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Containers:
  nginx:
    Container ID:   containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:          nginx:latest
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:06 +0000
    Ready:          True
    Restart Count:  0
    Liveness:       http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3
    Readiness:      http-get http://:80/ delay=5s timeout=1s period=5s #success=1 #failure=3
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-sf7xb:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  9s    default-scheduler  Successfully assigned default/nginx to kubeplay-worker3
  Normal  Pulling    8s    kubelet            Pulling image "nginx:latest"
  Normal  Pulled     5s    kubelet            Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal  Created    5s    kubelet            Created container nginx
  Normal  Started    5s    kubelet            Started container nginx

# Cluster components' logs. journalctl runs on the node, which this
# terminal is not; the control plane's static pods are named after the
# node they run on: kubeplay-control-plane here, k8s-master on the page.
$ sudo journalctl -u kubelet
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl -n kube-system logs kube-apiserver-k8s-master
error: error from server (NotFound): pods "kube-apiserver-k8s-master" not found in namespace "kube-system"

$ kubectl -n kube-system logs kube-apiserver-kubeplay-control-plane
(playground) registry.k8s.io/kube-apiserver:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-controller-manager-kubeplay-control-plane
(playground) registry.k8s.io/kube-controller-manager:v1.32.0 started; the simulator runs no real process, so this is all it printed

$ kubectl -n kube-system logs kube-scheduler-kubeplay-control-plane
(playground) registry.k8s.io/kube-scheduler:v1.32.0 started; the simulator runs no real process, so this is all it printed

# The nginx pod's logs, to a file. A real nginx also logs each probe
# request (`"GET / HTTP/1.1" 200 615 "-" "kube-probe/1.32"`); the
# playground prints its start-up lines only.
$ kubectl logs nginx > nginx.log

$ cat nginx.log
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2025/01/01 00:00:06 [notice] 1#1: using the "epoll" event method
2025/01/01 00:00:06 [notice] 1#1: nginx/1.29.1
2025/01/01 00:00:06 [notice] 1#1: start worker processes
