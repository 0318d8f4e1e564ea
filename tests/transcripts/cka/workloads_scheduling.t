# alijahnas/CKA-practice-exercises, workloads-scheduling.md, each
# exercise's commands in order. The page's nodes k8s-node-1 and
# k8s-node-2 are this cluster's kubeplay-worker and kubeplay-worker2;
# `sim settle` stands for the seconds a learner waits before looking.

# Create a deployment named nginx-deploy in the ngx namespace using nginx
# image version 1.19 with three replicas.
$ kubectl -n ngx create deployment nginx-deploy --replicas=3 --image=nginx:1.19 --dry-run=client -o yaml > nginx-deploy.yaml

$ cat nginx-deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: nginx-deploy
  name: nginx-deploy
  namespace: ngx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx-deploy
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx-deploy
    spec:
      containers:
      - image: nginx:1.19
        name: nginx
        resources: {}
status: {}

$ kubectl create ns ngx
namespace/ngx created

$ kubectl apply -f nginx-deploy.yaml
deployment.apps/nginx-deploy created

$ kubectl -n ngx rollout status deployment/nginx-deploy
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deploy" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx-deploy" rollout to finish: 0 of 3 updated replicas are available...
deployment "nginx-deploy" successfully rolled out

$ kubectl -n ngx get deploy
NAME           READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deploy   3/3     3            3           4s

$ kubectl -n ngx get pods
NAME                            READY   STATUS    RESTARTS   AGE
nginx-deploy-74b47d87b9-58ljc   1/1     Running   0          4s
nginx-deploy-74b47d87b9-6g9s2   1/1     Running   0          4s
nginx-deploy-74b47d87b9-8nw65   1/1     Running   0          4s

# Scale the deployment to 5 replicas and check the status again.
$ kubectl -n ngx scale deployment nginx-deploy --replicas=5
deployment.apps/nginx-deploy scaled

$ kubectl -n ngx rollout status deployment nginx-deploy
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deploy" rollout to finish: 3 out of 5 new replicas have been updated...
Waiting for deployment "nginx-deploy" rollout to finish: 3 of 5 updated replicas are available...
deployment "nginx-deploy" successfully rolled out

$ kubectl -n ngx get deploy
NAME           READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deploy   5/5     5            5           6s

$ kubectl -n ngx get pods
NAME                            READY   STATUS    RESTARTS   AGE
nginx-deploy-74b47d87b9-2nwpc   1/1     Running   0          2s
nginx-deploy-74b47d87b9-58ljc   1/1     Running   0          6s
nginx-deploy-74b47d87b9-6g9s2   1/1     Running   0          6s
nginx-deploy-74b47d87b9-8nw65   1/1     Running   0          6s
nginx-deploy-74b47d87b9-nbhlp   1/1     Running   0          2s

# Change the image tag to 1.20: `kubectl edit`, with an editor that makes
# the page's change (this terminal has no interactive editor).
$ KUBE_EDITOR="sed -i 's/image: nginx:1.19/image: nginx:1.20/'" kubectl -n ngx edit deployment/nginx-deploy
deployment.apps/nginx-deploy edited

$ sim settle
settled after 77 steps and 6s of virtual time

$ kubectl -n ngx get replicaset
NAME                      DESIRED   CURRENT   READY   AGE
nginx-deploy-74b47d87b9   0         0         0       13s
nginx-deploy-c7b79684f    5         5         5       6s

$ kubectl -n ngx get pods
NAME                           READY   STATUS    RESTARTS   AGE
nginx-deploy-c7b79684f-cqjng   1/1     Running   0          6s
nginx-deploy-c7b79684f-s9bmt   1/1     Running   0          2s
nginx-deploy-c7b79684f-tmn74   1/1     Running   0          6s
nginx-deploy-c7b79684f-vrh4s   1/1     Running   0          2s
nginx-deploy-c7b79684f-zffgr   1/1     Running   0          6s

# Check the history of the deployment and rollback to previous revision.
$ kubectl -n ngx rollout history deployment nginx-deploy
deployment.apps/nginx-deploy
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl -n ngx rollout undo deployment nginx-deploy
deployment.apps/nginx-deploy rolled back

$ sim settle
settled after 74 steps and 4s of virtual time

$ kubectl -n ngx get replicaset
NAME                      DESIRED   CURRENT   READY   AGE
nginx-deploy-74b47d87b9   5         5         5       17s
nginx-deploy-c7b79684f    0         0         0       10s

$ kubectl -n ngx get pods
NAME                            READY   STATUS    RESTARTS   AGE
nginx-deploy-74b47d87b9-82xvl   1/1     Running   0          2s
nginx-deploy-74b47d87b9-9mgl2   1/1     Running   0          2s
nginx-deploy-74b47d87b9-lq2gv   1/1     Running   0          4s
nginx-deploy-74b47d87b9-thlqc   1/1     Running   0          4s
nginx-deploy-74b47d87b9-wz8ng   1/1     Running   0          4s

# The page names one of its own pods; here the first one listed.
$ kubectl -n ngx get pods $(kubectl -n ngx get pods -o name | head -1 | cut -d/ -f2) -o jsonpath='{.spec.containers[0].image}'
nginx:1.19

# Environment variables: a busybox pod with PLANET=blue.
$ cat <<EOF > envvar.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: envvar
  name: envvar
spec:
  containers:
  - image: busybox:latest
    name: envvar
    args:
      - sleep
      - "3600"
    env:
      - name: PLANET
        value: "blue"
EOF

$ kubectl apply -f envvar.yaml
pod/envvar created

# Typed at once, exec finds the pod not yet scheduled.
$ kubectl exec envvar -- env | grep PLANET
Error from server (BadRequest): pod envvar does not have a host assigned

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec envvar -- env | grep PLANET
PLANET=blue

# ConfigMaps: two values as environment variables.
$ kubectl create configmap space --from-literal=planet=blue --from-literal=moon=white
configmap/space created

$ cat <<EOF > configenvvar.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: configenvvar
  name: configenvvar
spec:
  containers:
  - image: busybox:latest
    name: configenvvar
    args:
      - sleep
      - "3600"
    env:
      - name: PLANET
        valueFrom:
          configMapKeyRef:
            name: space
            key: planet
      - name: MOON
        valueFrom:
         configMapKeyRef:
            name: space
            key: moon
EOF

$ kubectl apply -f configenvvar.yaml
pod/configenvvar created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec configenvvar -- env | grep -E "PLANET|MOON"
PLANET=blue
MOON=white

# A configmap holding system.conf, mounted at /etc/system.conf.
$ cat << EOF > system.conf
planet=blue
moon=white
EOF

$ kubectl create configmap space-system --from-file=system.conf
configmap/space-system created

$ cat <<EOF > confvolume.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: confvolume
  name: confvolume
spec:
  containers:
  - image: busybox:latest
    name: confvolume
    args:
      - sleep
      - "3600"
    volumeMounts:
      - name: system
        mountPath: /etc/system.conf
        subPath: system.conf
    resources: {}
  volumes:
  - name: system
    configMap:
      name: space-system
EOF

$ kubectl apply -f confvolume.yaml
pod/confvolume created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec confvolume -- cat /etc/system.conf
planet=blue
moon=white

# Secrets from files, as environment variables and as a volume.
$ echo -n 'admin' > username

$ echo -n 'admin-pass' > password

$ kubectl create secret generic admin-cred --from-file=username --from-file=password
secret/admin-cred created

$ cat <<EOF > secretenv.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: secretenv
  name: secretenv
spec:
  containers:
  - image: busybox:latest
    name: secretenv
    args:
      - sleep
      - "3600"
    env:
      - name: USERNAME
        valueFrom:
          secretKeyRef:
            name: admin-cred
            key: username
      - name: PASSWORD
        valueFrom:
          secretKeyRef:
            name: admin-cred
            key: password

EOF

$ kubectl apply -f secretenv.yaml
pod/secretenv created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl exec secretenv -- env | grep -E "USERNAME|PASSWORD"
USERNAME=admin
PASSWORD=admin-pass

$ cat <<EOF > secretvolume.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: secretvolume
  name: secretvolume
spec:
  containers:
  - image: busybox:latest
    name: secretvolume
    args:
      - sleep
      - "3600"
    volumeMounts:
      - name: admincred
        mountPath: /etc/admin-cred
        readOnly: true
  volumes:
  - name: admincred
    secret:
      secretName: admin-cred

EOF

$ kubectl apply -f secretvolume.yaml
pod/secretvolume created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl exec secretvolume -- ls /etc/admin-cred
password
username

$ kubectl exec secretvolume -- cat /etc/admin-cred/username
admin

$ kubectl exec secretvolume -- cat /etc/admin-cred/password
admin-pass

# Create a deployment with the latest nginx image and scale it to 4.
$ kubectl create deployment scalable --image=nginx:latest
deployment.apps/scalable created

$ kubectl scale deployment scalable --replicas=4
deployment.apps/scalable scaled

$ sim settle
settled after 35 steps and 7s of virtual time

$ kubectl get pods
NAME                        READY   STATUS    RESTARTS   AGE
configenvvar                1/1     Running   0          15s
confvolume                  1/1     Running   0          13s
envvar                      1/1     Running   0          17s
scalable-756cd7f874-p2z9g   1/1     Running   0          7s
scalable-756cd7f874-q4k9v   1/1     Running   0          7s
scalable-756cd7f874-xckh8   1/1     Running   0          7s
scalable-756cd7f874-xflcb   1/1     Running   0          7s
secretenv                   1/1     Running   0          11s
secretvolume                1/1     Running   0          9s

# Autoscale between 2 and 6 pods at 70% CPU. The page first installs the
# metrics server from a git clone, which this terminal cannot do (kubectl
# names the absolute path of the first missing directory: /home/…/metrics-server).
$ git clone https://github.com/kubernetes-sigs/metrics-server
git: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl apply -k metrics-server/manifests/base/
error: must build at directory: not a valid directory: evalsymlink failure on 'metrics-server/manifests/base/' : lstat metrics-server/manifests/base/: no such file or directory

$ kubectl create deployment autoscalable --image=nginx:latest
deployment.apps/autoscalable created

$ kubectl autoscale deployment autoscalable --min=2 --max=6 --cpu-percent=70
horizontalpodautoscaler.autoscaling/autoscalable autoscaled

$ kubectl get hpa
NAME           REFERENCE                 TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
autoscalable   Deployment/autoscalable   cpu: <unknown>/70%   2         6         0          0s

$ sim settle
settled after 17 steps and 2s of virtual time

# The HPA controller takes a new autoscaler up a resync period (15s)
# after it appears. Its pods have no CPU request, so it can only hold the
# minimum.
$ sim advance 15s
advanced 15s to 2025-01-01T00:00:54Z (17 steps ran)

$ sim settle
settled after 0 steps and 0s of virtual time

$ kubectl get hpa
NAME           REFERENCE                 TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
autoscalable   Deployment/autoscalable   cpu: <unknown>/70%   2         6         1          17s

$ kubectl get pods
NAME                            READY   STATUS    RESTARTS   AGE
autoscalable-5c8bc6555c-277k4   1/1     Running   0          17s
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          2s
configenvvar                    1/1     Running   0          32s
confvolume                      1/1     Running   0          30s
envvar                          1/1     Running   0          34s
scalable-756cd7f874-p2z9g       1/1     Running   0          24s
scalable-756cd7f874-q4k9v       1/1     Running   0          24s
scalable-756cd7f874-xckh8       1/1     Running   0          24s
scalable-756cd7f874-xflcb       1/1     Running   0          24s
secretenv                       1/1     Running   0          28s
secretvolume                    1/1     Running   0          26s

# DaemonSets: busybox on every node but the control plane, whose taint
# the pods do not tolerate.
$ cat <<EOF > daemonset.yaml
apiVersion: apps/v1
kind: DaemonSet
metadata:
  labels:
    type: daemon
  name: daemontest
spec:
  selector:
    matchLabels:
      run: daemon
  template:
    metadata:
      labels:
        run: daemon
      name: daemonpod
    spec:
      containers:
      - image: busybox:latest
        name: daemonpod
        args:
          - sleep
          - "3600"
EOF

$ kubectl apply -f daemonset.yaml
daemonset.apps/daemontest created

$ sim settle
settled after 21 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP            NODE               NOMINATED NODE   READINESS GATES
autoscalable-5c8bc6555c-277k4   1/1     Running   0          19s   10.244.3.11   kubeplay-worker3   <none>           <none>
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          4s    10.244.1.11   kubeplay-worker    <none>           <none>
configenvvar                    1/1     Running   0          34s   10.244.1.8    kubeplay-worker    <none>           <none>
confvolume                      1/1     Running   0          32s   10.244.3.8    kubeplay-worker3   <none>           <none>
daemontest-65l4r                1/1     Running   0          2s    10.244.2.9    kubeplay-worker2   <none>           <none>
daemontest-6wqh2                1/1     Running   0          2s    10.244.1.12   kubeplay-worker    <none>           <none>
daemontest-p5d9w                1/1     Running   0          2s    10.244.3.12   kubeplay-worker3   <none>           <none>
envvar                          1/1     Running   0          36s   10.244.2.6    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-p2z9g       1/1     Running   0          26s   10.244.1.10   kubeplay-worker    <none>           <none>
scalable-756cd7f874-q4k9v       1/1     Running   0          26s   10.244.2.7    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-xckh8       1/1     Running   0          26s   10.244.3.10   kubeplay-worker3   <none>           <none>
scalable-756cd7f874-xflcb       1/1     Running   0          26s   10.244.2.8    kubeplay-worker2   <none>           <none>
secretenv                       1/1     Running   0          30s   10.244.3.9    kubeplay-worker3   <none>           <none>
secretvolume                    1/1     Running   0          28s   10.244.1.9    kubeplay-worker    <none>           <none>

# Requests of 1Gi and half a CPU, limits of 2Gi and a CPU.
$ cat <<EOF > podquota.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podquota
  name: podquota
spec:
  containers:
  - image: busybox:latest
    name: podquota
    args:
      - sleep
      - "3600"
    resources:
      requests:
        memory: "1Gi"
        cpu: "500m"
      limits:
        memory: "2Gi"
        cpu: "1"

EOF

$ kubectl apply -f podquota.yaml
pod/podquota created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl describe pod podquota
Name:             podquota
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker2/172.18.0.4
Start Time:       Wed, 01 Jan 2025 00:00:56 +0000
Labels:           run=podquota
Annotations:      <none>
Status:           Running
IP:               10.244.2.10
IPs:
  IP:  10.244.2.10
Containers:
  podquota:
    Container ID:  containerd://adaffdf5ec134690d1f5b5095af37dfc27c4eb558f331dd86866c0c75ede4a3b
    Image:         busybox:latest
    Image ID:      docker.io/library/busybox@sha256:575db404c34061a8867ee98a96e2402106dc249c9383454a2f8a6c0e4441b633
    Port:          <none>
    Host Port:     <none>
    Args:
      sleep
      3600
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:57 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      cpu:     1
      memory:  2Gi
    Requests:
      cpu:        500m
      memory:     1Gi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-m4fxj (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-m4fxj:
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
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  2s    default-scheduler  Successfully assigned default/podquota to kubeplay-worker2
  Normal  Pulling    1s    kubelet            Pulling image "busybox:latest"
  Normal  Pulled     0s    kubelet            Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
  Normal  Created    0s    kubelet            Created container podquota
  Normal  Started    0s    kubelet            Started container podquota

# Label a node with kind=special and schedule a pod to it.
$ cat <<EOF > pod-selector.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podsel
  name: podsel
spec:
  containers:
  - image: busybox:latest
    name: podsel
    args:
      - sleep
      - "3600"
  nodeSelector:
    kind: special
EOF

$ kubectl label nodes k8s-node-1 kind=special
Error from server (NotFound): nodes "k8s-node-1" not found

$ kubectl label nodes kubeplay-worker kind=special
node/kubeplay-worker labeled

$ kubectl apply -f pod-selector.yaml
pod/podsel created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP            NODE               NOMINATED NODE   READINESS GATES
autoscalable-5c8bc6555c-277k4   1/1     Running   0          23s   10.244.3.11   kubeplay-worker3   <none>           <none>
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          8s    10.244.1.11   kubeplay-worker    <none>           <none>
configenvvar                    1/1     Running   0          38s   10.244.1.8    kubeplay-worker    <none>           <none>
confvolume                      1/1     Running   0          36s   10.244.3.8    kubeplay-worker3   <none>           <none>
daemontest-65l4r                1/1     Running   0          6s    10.244.2.9    kubeplay-worker2   <none>           <none>
daemontest-6wqh2                1/1     Running   0          6s    10.244.1.12   kubeplay-worker    <none>           <none>
daemontest-p5d9w                1/1     Running   0          6s    10.244.3.12   kubeplay-worker3   <none>           <none>
envvar                          1/1     Running   0          40s   10.244.2.6    kubeplay-worker2   <none>           <none>
podquota                        1/1     Running   0          4s    10.244.2.10   kubeplay-worker2   <none>           <none>
podsel                          1/1     Running   0          2s    10.244.1.13   kubeplay-worker    <none>           <none>
scalable-756cd7f874-p2z9g       1/1     Running   0          30s   10.244.1.10   kubeplay-worker    <none>           <none>
scalable-756cd7f874-q4k9v       1/1     Running   0          30s   10.244.2.7    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-xckh8       1/1     Running   0          30s   10.244.3.10   kubeplay-worker3   <none>           <none>
scalable-756cd7f874-xflcb       1/1     Running   0          30s   10.244.2.8    kubeplay-worker2   <none>           <none>
secretenv                       1/1     Running   0          34s   10.244.3.9    kubeplay-worker3   <none>           <none>
secretvolume                    1/1     Running   0          32s   10.244.1.9    kubeplay-worker    <none>           <none>

# Anti-affinity: away from podsel's node.
$ cat <<EOF > pod-antiaffinity.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podaff
  name: podaff
spec:
  containers:
  - image: busybox:latest
    name: podaff
    args:
      - sleep
      - "3600"
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        - labelSelector:
            matchExpressions:
              - key: run
                operator: In
                values:
                  - podsel
          topologyKey: kubernetes.io/hostname
EOF

$ kubectl apply -f pod-antiaffinity.yaml
pod/podaff created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP            NODE               NOMINATED NODE   READINESS GATES
autoscalable-5c8bc6555c-277k4   1/1     Running   0          25s   10.244.3.11   kubeplay-worker3   <none>           <none>
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          10s   10.244.1.11   kubeplay-worker    <none>           <none>
configenvvar                    1/1     Running   0          40s   10.244.1.8    kubeplay-worker    <none>           <none>
confvolume                      1/1     Running   0          38s   10.244.3.8    kubeplay-worker3   <none>           <none>
daemontest-65l4r                1/1     Running   0          8s    10.244.2.9    kubeplay-worker2   <none>           <none>
daemontest-6wqh2                1/1     Running   0          8s    10.244.1.12   kubeplay-worker    <none>           <none>
daemontest-p5d9w                1/1     Running   0          8s    10.244.3.12   kubeplay-worker3   <none>           <none>
envvar                          1/1     Running   0          42s   10.244.2.6    kubeplay-worker2   <none>           <none>
podaff                          1/1     Running   0          2s    10.244.3.13   kubeplay-worker3   <none>           <none>
podquota                        1/1     Running   0          6s    10.244.2.10   kubeplay-worker2   <none>           <none>
podsel                          1/1     Running   0          4s    10.244.1.13   kubeplay-worker    <none>           <none>
scalable-756cd7f874-p2z9g       1/1     Running   0          32s   10.244.1.10   kubeplay-worker    <none>           <none>
scalable-756cd7f874-q4k9v       1/1     Running   0          32s   10.244.2.7    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-xckh8       1/1     Running   0          32s   10.244.3.10   kubeplay-worker3   <none>           <none>
scalable-756cd7f874-xflcb       1/1     Running   0          32s   10.244.2.8    kubeplay-worker2   <none>           <none>
secretenv                       1/1     Running   0          36s   10.244.3.9    kubeplay-worker3   <none>           <none>
secretvolume                    1/1     Running   0          34s   10.244.1.9    kubeplay-worker    <none>           <none>

# Taint a node, make the other unschedulable, and tolerate the taint.
# This cluster has a third worker, cordoned too so that only the tainted
# node is left.
$ cat <<EOF > pod-toleration.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podtol
  name: podtol
spec:
  containers:
  - image: busybox:latest
    name: podtol
    args:
      - sleep
      - "3600"
  tolerations:
  - key: "type"
    operator: "Equal"
    value: "special"
    effect: "NoSchedule"

EOF

$ kubectl taint node kubeplay-worker type=special:NoSchedule
node/kubeplay-worker tainted

$ kubectl cordon kubeplay-worker2 #to force the scheduler to choose k8s-node-1
node/kubeplay-worker2 cordoned

$ kubectl cordon kubeplay-worker3
node/kubeplay-worker3 cordoned

$ kubectl apply -f pod-toleration.yaml
pod/podtol created

$ sim settle
settled after 11 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP            NODE               NOMINATED NODE   READINESS GATES
autoscalable-5c8bc6555c-277k4   1/1     Running   0          27s   10.244.3.11   kubeplay-worker3   <none>           <none>
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          12s   10.244.1.11   kubeplay-worker    <none>           <none>
configenvvar                    1/1     Running   0          42s   10.244.1.8    kubeplay-worker    <none>           <none>
confvolume                      1/1     Running   0          40s   10.244.3.8    kubeplay-worker3   <none>           <none>
daemontest-65l4r                1/1     Running   0          10s   10.244.2.9    kubeplay-worker2   <none>           <none>
daemontest-6wqh2                1/1     Running   0          10s   10.244.1.12   kubeplay-worker    <none>           <none>
daemontest-p5d9w                1/1     Running   0          10s   10.244.3.12   kubeplay-worker3   <none>           <none>
envvar                          1/1     Running   0          44s   10.244.2.6    kubeplay-worker2   <none>           <none>
podaff                          1/1     Running   0          4s    10.244.3.13   kubeplay-worker3   <none>           <none>
podquota                        1/1     Running   0          8s    10.244.2.10   kubeplay-worker2   <none>           <none>
podsel                          1/1     Running   0          6s    10.244.1.13   kubeplay-worker    <none>           <none>
podtol                          1/1     Running   0          2s    10.244.1.14   kubeplay-worker    <none>           <none>
scalable-756cd7f874-p2z9g       1/1     Running   0          34s   10.244.1.10   kubeplay-worker    <none>           <none>
scalable-756cd7f874-q4k9v       1/1     Running   0          34s   10.244.2.7    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-xckh8       1/1     Running   0          34s   10.244.3.10   kubeplay-worker3   <none>           <none>
scalable-756cd7f874-xflcb       1/1     Running   0          34s   10.244.2.8    kubeplay-worker2   <none>           <none>
secretenv                       1/1     Running   0          38s   10.244.3.9    kubeplay-worker3   <none>           <none>
secretvolume                    1/1     Running   0          36s   10.244.1.9    kubeplay-worker    <none>           <none>

$ kubectl uncordon kubeplay-worker2
node/kubeplay-worker2 uncordoned

$ kubectl uncordon kubeplay-worker3
node/kubeplay-worker3 uncordoned

$ kubectl taint node kubeplay-worker type=special:NoSchedule-
node/kubeplay-worker untainted

# Manually schedule a pod with nodeName.
$ cat <<EOF > pod-node.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podnode
  name: podnode
spec:
  containers:
  - image: busybox:latest
    name: podnode
    args:
      - sleep
      - "3600"
  nodeName: kubeplay-worker2
EOF

$ kubectl apply -f pod-node.yaml
pod/podnode created

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pods -o wide
NAME                            READY   STATUS    RESTARTS   AGE   IP            NODE               NOMINATED NODE   READINESS GATES
autoscalable-5c8bc6555c-277k4   1/1     Running   0          29s   10.244.3.11   kubeplay-worker3   <none>           <none>
autoscalable-5c8bc6555c-f76zs   1/1     Running   0          14s   10.244.1.11   kubeplay-worker    <none>           <none>
configenvvar                    1/1     Running   0          44s   10.244.1.8    kubeplay-worker    <none>           <none>
confvolume                      1/1     Running   0          42s   10.244.3.8    kubeplay-worker3   <none>           <none>
daemontest-65l4r                1/1     Running   0          12s   10.244.2.9    kubeplay-worker2   <none>           <none>
daemontest-6wqh2                1/1     Running   0          12s   10.244.1.12   kubeplay-worker    <none>           <none>
daemontest-p5d9w                1/1     Running   0          12s   10.244.3.12   kubeplay-worker3   <none>           <none>
envvar                          1/1     Running   0          46s   10.244.2.6    kubeplay-worker2   <none>           <none>
podaff                          1/1     Running   0          6s    10.244.3.13   kubeplay-worker3   <none>           <none>
podnode                         1/1     Running   0          2s    10.244.2.11   kubeplay-worker2   <none>           <none>
podquota                        1/1     Running   0          10s   10.244.2.10   kubeplay-worker2   <none>           <none>
podsel                          1/1     Running   0          8s    10.244.1.13   kubeplay-worker    <none>           <none>
podtol                          1/1     Running   0          4s    10.244.1.14   kubeplay-worker    <none>           <none>
scalable-756cd7f874-p2z9g       1/1     Running   0          36s   10.244.1.10   kubeplay-worker    <none>           <none>
scalable-756cd7f874-q4k9v       1/1     Running   0          36s   10.244.2.7    kubeplay-worker2   <none>           <none>
scalable-756cd7f874-xckh8       1/1     Running   0          36s   10.244.3.10   kubeplay-worker3   <none>           <none>
scalable-756cd7f874-xflcb       1/1     Running   0          36s   10.244.2.8    kubeplay-worker2   <none>           <none>
secretenv                       1/1     Running   0          40s   10.244.3.9    kubeplay-worker3   <none>           <none>
secretvolume                    1/1     Running   0          38s   10.244.1.9    kubeplay-worker    <none>           <none>

# Scheduler events: podnode has no Scheduled event, nodeName skipped
# the scheduler; the kubelets reported the cordons. A real kubelet
# notices a cordon at its next status update, up to 10s later.
$ kubectl get events
LAST SEEN   TYPE     REASON               OBJECT                                 MESSAGE
29s         Normal   Scheduled            pod/autoscalable-5c8bc6555c-277k4      Successfully assigned default/autoscalable-5c8bc6555c-277k4 to kubeplay-worker3
28s         Normal   Pulling              pod/autoscalable-5c8bc6555c-277k4      Pulling image "nginx:latest"
27s         Normal   Pulled               pod/autoscalable-5c8bc6555c-277k4      Successfully pulled image "nginx:latest" in 500ms (500ms including waiting). Image size: 71876746 bytes.
27s         Normal   Created              pod/autoscalable-5c8bc6555c-277k4      Created container nginx
27s         Normal   Started              pod/autoscalable-5c8bc6555c-277k4      Started container nginx
14s         Normal   Scheduled            pod/autoscalable-5c8bc6555c-f76zs      Successfully assigned default/autoscalable-5c8bc6555c-f76zs to kubeplay-worker
13s         Normal   Pulling              pod/autoscalable-5c8bc6555c-f76zs      Pulling image "nginx:latest"
12s         Normal   Pulled               pod/autoscalable-5c8bc6555c-f76zs      Successfully pulled image "nginx:latest" in 500ms (500ms including waiting). Image size: 71876746 bytes.
12s         Normal   Created              pod/autoscalable-5c8bc6555c-f76zs      Created container nginx
12s         Normal   Started              pod/autoscalable-5c8bc6555c-f76zs      Started container nginx
29s         Normal   SuccessfulCreate     replicaset/autoscalable-5c8bc6555c     Created pod: autoscalable-5c8bc6555c-277k4
14s         Normal   SuccessfulCreate     replicaset/autoscalable-5c8bc6555c     Created pod: autoscalable-5c8bc6555c-f76zs
29s         Normal   ScalingReplicaSet    deployment/autoscalable                Scaled up replica set autoscalable-5c8bc6555c from 0 to 1
14s         Normal   SuccessfulRescale    horizontalpodautoscaler/autoscalable   New size: 2; reason: Current number of replicas below Spec.MinReplicas
14s         Normal   ScalingReplicaSet    deployment/autoscalable                Scaled up replica set autoscalable-5c8bc6555c from 1 to 2
44s         Normal   Scheduled            pod/configenvvar                       Successfully assigned default/configenvvar to kubeplay-worker
43s         Normal   Pulling              pod/configenvvar                       Pulling image "busybox:latest"
43s         Normal   Pulled               pod/configenvvar                       Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
43s         Normal   Created              pod/configenvvar                       Created container configenvvar
43s         Normal   Started              pod/configenvvar                       Started container configenvvar
42s         Normal   Scheduled            pod/confvolume                         Successfully assigned default/confvolume to kubeplay-worker3
41s         Normal   Pulling              pod/confvolume                         Pulling image "busybox:latest"
41s         Normal   Pulled               pod/confvolume                         Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
41s         Normal   Created              pod/confvolume                         Created container confvolume
41s         Normal   Started              pod/confvolume                         Started container confvolume
12s         Normal   Scheduled            pod/daemontest-65l4r                   Successfully assigned default/daemontest-65l4r to kubeplay-worker2
11s         Normal   Pulling              pod/daemontest-65l4r                   Pulling image "busybox:latest"
10s         Normal   Pulled               pod/daemontest-65l4r                   Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
10s         Normal   Created              pod/daemontest-65l4r                   Created container daemonpod
10s         Normal   Started              pod/daemontest-65l4r                   Started container daemonpod
12s         Normal   Scheduled            pod/daemontest-6wqh2                   Successfully assigned default/daemontest-6wqh2 to kubeplay-worker
11s         Normal   Pulling              pod/daemontest-6wqh2                   Pulling image "busybox:latest"
10s         Normal   Pulled               pod/daemontest-6wqh2                   Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
10s         Normal   Created              pod/daemontest-6wqh2                   Created container daemonpod
10s         Normal   Started              pod/daemontest-6wqh2                   Started container daemonpod
12s         Normal   Scheduled            pod/daemontest-p5d9w                   Successfully assigned default/daemontest-p5d9w to kubeplay-worker3
11s         Normal   Pulling              pod/daemontest-p5d9w                   Pulling image "busybox:latest"
10s         Normal   Pulled               pod/daemontest-p5d9w                   Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
10s         Normal   Created              pod/daemontest-p5d9w                   Created container daemonpod
10s         Normal   Started              pod/daemontest-p5d9w                   Started container daemonpod
12s         Normal   SuccessfulCreate     daemonset/daemontest                   Created pod: daemontest-6wqh2
12s         Normal   SuccessfulCreate     daemonset/daemontest                   Created pod: daemontest-65l4r
12s         Normal   SuccessfulCreate     daemonset/daemontest                   Created pod: daemontest-p5d9w
46s         Normal   Scheduled            pod/envvar                             Successfully assigned default/envvar to kubeplay-worker2
45s         Normal   Pulling              pod/envvar                             Pulling image "busybox:latest"
45s         Normal   Pulled               pod/envvar                             Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
45s         Normal   Created              pod/envvar                             Created container envvar
45s         Normal   Started              pod/envvar                             Started container envvar
4s          Normal   NodeNotSchedulable   node/kubeplay-worker2                  Node kubeplay-worker2 status is now: NodeNotSchedulable
2s          Normal   NodeSchedulable      node/kubeplay-worker2                  Node kubeplay-worker2 status is now: NodeSchedulable
4s          Normal   NodeNotSchedulable   node/kubeplay-worker3                  Node kubeplay-worker3 status is now: NodeNotSchedulable
2s          Normal   NodeSchedulable      node/kubeplay-worker3                  Node kubeplay-worker3 status is now: NodeSchedulable
6s          Normal   Scheduled            pod/podaff                             Successfully assigned default/podaff to kubeplay-worker3
5s          Normal   Pulling              pod/podaff                             Pulling image "busybox:latest"
4s          Normal   Pulled               pod/podaff                             Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
4s          Normal   Created              pod/podaff                             Created container podaff
4s          Normal   Started              pod/podaff                             Started container podaff
1s          Normal   Pulling              pod/podnode                            Pulling image "busybox:latest"
0s          Normal   Pulled               pod/podnode                            Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
0s          Normal   Created              pod/podnode                            Created container podnode
0s          Normal   Started              pod/podnode                            Started container podnode
10s         Normal   Scheduled            pod/podquota                           Successfully assigned default/podquota to kubeplay-worker2
9s          Normal   Pulling              pod/podquota                           Pulling image "busybox:latest"
8s          Normal   Pulled               pod/podquota                           Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
8s          Normal   Created              pod/podquota                           Created container podquota
8s          Normal   Started              pod/podquota                           Started container podquota
8s          Normal   Scheduled            pod/podsel                             Successfully assigned default/podsel to kubeplay-worker
7s          Normal   Pulling              pod/podsel                             Pulling image "busybox:latest"
6s          Normal   Pulled               pod/podsel                             Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
6s          Normal   Created              pod/podsel                             Created container podsel
6s          Normal   Started              pod/podsel                             Started container podsel
4s          Normal   Scheduled            pod/podtol                             Successfully assigned default/podtol to kubeplay-worker
3s          Normal   Pulling              pod/podtol                             Pulling image "busybox:latest"
2s          Normal   Pulled               pod/podtol                             Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
2s          Normal   Created              pod/podtol                             Created container podtol
2s          Normal   Started              pod/podtol                             Started container podtol
36s         Normal   Scheduled            pod/scalable-756cd7f874-p2z9g          Successfully assigned default/scalable-756cd7f874-p2z9g to kubeplay-worker
35s         Normal   Pulling              pod/scalable-756cd7f874-p2z9g          Pulling image "nginx:latest"
32s         Normal   Pulled               pod/scalable-756cd7f874-p2z9g          Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
32s         Normal   Created              pod/scalable-756cd7f874-p2z9g          Created container nginx
32s         Normal   Started              pod/scalable-756cd7f874-p2z9g          Started container nginx
36s         Normal   Scheduled            pod/scalable-756cd7f874-q4k9v          Successfully assigned default/scalable-756cd7f874-q4k9v to kubeplay-worker2
35s         Normal   Pulling              pod/scalable-756cd7f874-q4k9v          Pulling image "nginx:latest"
32s         Normal   Pulled               pod/scalable-756cd7f874-q4k9v          Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
32s         Normal   Created              pod/scalable-756cd7f874-q4k9v          Created container nginx
32s         Normal   Started              pod/scalable-756cd7f874-q4k9v          Started container nginx
36s         Normal   Scheduled            pod/scalable-756cd7f874-xckh8          Successfully assigned default/scalable-756cd7f874-xckh8 to kubeplay-worker3
35s         Normal   Pulling              pod/scalable-756cd7f874-xckh8          Pulling image "nginx:latest"
32s         Normal   Pulled               pod/scalable-756cd7f874-xckh8          Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
32s         Normal   Created              pod/scalable-756cd7f874-xckh8          Created container nginx
32s         Normal   Started              pod/scalable-756cd7f874-xckh8          Started container nginx
36s         Normal   Scheduled            pod/scalable-756cd7f874-xflcb          Successfully assigned default/scalable-756cd7f874-xflcb to kubeplay-worker2
35s         Normal   Pulling              pod/scalable-756cd7f874-xflcb          Pulling image "nginx:latest"
29s         Normal   Pulled               pod/scalable-756cd7f874-xflcb          Successfully pulled image "nginx:latest" in 3.375s (6.75s including waiting). Image size: 71876746 bytes.
29s         Normal   Created              pod/scalable-756cd7f874-xflcb          Created container nginx
29s         Normal   Started              pod/scalable-756cd7f874-xflcb          Started container nginx
36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874         Created pod: scalable-756cd7f874-q4k9v
36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874         Created pod: scalable-756cd7f874-p2z9g
36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874         Created pod: scalable-756cd7f874-xckh8
36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874         Created pod: scalable-756cd7f874-xflcb
36s         Normal   ScalingReplicaSet    deployment/scalable                    Scaled up replica set scalable-756cd7f874 from 0 to 4
40s         Normal   Scheduled            pod/secretenv                          Successfully assigned default/secretenv to kubeplay-worker3
39s         Normal   Pulling              pod/secretenv                          Pulling image "busybox:latest"
39s         Normal   Pulled               pod/secretenv                          Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
39s         Normal   Created              pod/secretenv                          Created container secretenv
39s         Normal   Started              pod/secretenv                          Started container secretenv
38s         Normal   Scheduled            pod/secretvolume                       Successfully assigned default/secretvolume to kubeplay-worker
37s         Normal   Pulling              pod/secretvolume                       Pulling image "busybox:latest"
37s         Normal   Pulled               pod/secretvolume                       Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
37s         Normal   Created              pod/secretvolume                       Created container secretvolume
37s         Normal   Started              pod/secretvolume                       Started container secretvolume

$ kubectl get events --all-namespaces
NAMESPACE            LAST SEEN   TYPE     REASON               OBJECT                                               MESSAGE
default              29s         Normal   Scheduled            pod/autoscalable-5c8bc6555c-277k4                    Successfully assigned default/autoscalable-5c8bc6555c-277k4 to kubeplay-worker3
default              28s         Normal   Pulling              pod/autoscalable-5c8bc6555c-277k4                    Pulling image "nginx:latest"
default              27s         Normal   Pulled               pod/autoscalable-5c8bc6555c-277k4                    Successfully pulled image "nginx:latest" in 500ms (500ms including waiting). Image size: 71876746 bytes.
default              27s         Normal   Created              pod/autoscalable-5c8bc6555c-277k4                    Created container nginx
default              27s         Normal   Started              pod/autoscalable-5c8bc6555c-277k4                    Started container nginx
default              14s         Normal   Scheduled            pod/autoscalable-5c8bc6555c-f76zs                    Successfully assigned default/autoscalable-5c8bc6555c-f76zs to kubeplay-worker
default              13s         Normal   Pulling              pod/autoscalable-5c8bc6555c-f76zs                    Pulling image "nginx:latest"
default              12s         Normal   Pulled               pod/autoscalable-5c8bc6555c-f76zs                    Successfully pulled image "nginx:latest" in 500ms (500ms including waiting). Image size: 71876746 bytes.
default              12s         Normal   Created              pod/autoscalable-5c8bc6555c-f76zs                    Created container nginx
default              12s         Normal   Started              pod/autoscalable-5c8bc6555c-f76zs                    Started container nginx
default              29s         Normal   SuccessfulCreate     replicaset/autoscalable-5c8bc6555c                   Created pod: autoscalable-5c8bc6555c-277k4
default              14s         Normal   SuccessfulCreate     replicaset/autoscalable-5c8bc6555c                   Created pod: autoscalable-5c8bc6555c-f76zs
default              29s         Normal   ScalingReplicaSet    deployment/autoscalable                              Scaled up replica set autoscalable-5c8bc6555c from 0 to 1
default              14s         Normal   SuccessfulRescale    horizontalpodautoscaler/autoscalable                 New size: 2; reason: Current number of replicas below Spec.MinReplicas
default              14s         Normal   ScalingReplicaSet    deployment/autoscalable                              Scaled up replica set autoscalable-5c8bc6555c from 1 to 2
default              44s         Normal   Scheduled            pod/configenvvar                                     Successfully assigned default/configenvvar to kubeplay-worker
default              43s         Normal   Pulling              pod/configenvvar                                     Pulling image "busybox:latest"
default              43s         Normal   Pulled               pod/configenvvar                                     Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
default              43s         Normal   Created              pod/configenvvar                                     Created container configenvvar
default              43s         Normal   Started              pod/configenvvar                                     Started container configenvvar
default              42s         Normal   Scheduled            pod/confvolume                                       Successfully assigned default/confvolume to kubeplay-worker3
default              41s         Normal   Pulling              pod/confvolume                                       Pulling image "busybox:latest"
default              41s         Normal   Pulled               pod/confvolume                                       Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
default              41s         Normal   Created              pod/confvolume                                       Created container confvolume
default              41s         Normal   Started              pod/confvolume                                       Started container confvolume
default              12s         Normal   Scheduled            pod/daemontest-65l4r                                 Successfully assigned default/daemontest-65l4r to kubeplay-worker2
default              11s         Normal   Pulling              pod/daemontest-65l4r                                 Pulling image "busybox:latest"
default              10s         Normal   Pulled               pod/daemontest-65l4r                                 Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              10s         Normal   Created              pod/daemontest-65l4r                                 Created container daemonpod
default              10s         Normal   Started              pod/daemontest-65l4r                                 Started container daemonpod
default              12s         Normal   Scheduled            pod/daemontest-6wqh2                                 Successfully assigned default/daemontest-6wqh2 to kubeplay-worker
default              11s         Normal   Pulling              pod/daemontest-6wqh2                                 Pulling image "busybox:latest"
default              10s         Normal   Pulled               pod/daemontest-6wqh2                                 Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              10s         Normal   Created              pod/daemontest-6wqh2                                 Created container daemonpod
default              10s         Normal   Started              pod/daemontest-6wqh2                                 Started container daemonpod
default              12s         Normal   Scheduled            pod/daemontest-p5d9w                                 Successfully assigned default/daemontest-p5d9w to kubeplay-worker3
default              11s         Normal   Pulling              pod/daemontest-p5d9w                                 Pulling image "busybox:latest"
default              10s         Normal   Pulled               pod/daemontest-p5d9w                                 Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              10s         Normal   Created              pod/daemontest-p5d9w                                 Created container daemonpod
default              10s         Normal   Started              pod/daemontest-p5d9w                                 Started container daemonpod
default              12s         Normal   SuccessfulCreate     daemonset/daemontest                                 Created pod: daemontest-6wqh2
default              12s         Normal   SuccessfulCreate     daemonset/daemontest                                 Created pod: daemontest-65l4r
default              12s         Normal   SuccessfulCreate     daemonset/daemontest                                 Created pod: daemontest-p5d9w
default              46s         Normal   Scheduled            pod/envvar                                           Successfully assigned default/envvar to kubeplay-worker2
default              45s         Normal   Pulling              pod/envvar                                           Pulling image "busybox:latest"
default              45s         Normal   Pulled               pod/envvar                                           Successfully pulled image "busybox:latest" in 585ms (585ms including waiting). Image size: 2132246 bytes.
default              45s         Normal   Created              pod/envvar                                           Created container envvar
default              45s         Normal   Started              pod/envvar                                           Started container envvar
default              4s          Normal   NodeNotSchedulable   node/kubeplay-worker2                                Node kubeplay-worker2 status is now: NodeNotSchedulable
default              2s          Normal   NodeSchedulable      node/kubeplay-worker2                                Node kubeplay-worker2 status is now: NodeSchedulable
default              4s          Normal   NodeNotSchedulable   node/kubeplay-worker3                                Node kubeplay-worker3 status is now: NodeNotSchedulable
default              2s          Normal   NodeSchedulable      node/kubeplay-worker3                                Node kubeplay-worker3 status is now: NodeSchedulable
default              6s          Normal   Scheduled            pod/podaff                                           Successfully assigned default/podaff to kubeplay-worker3
default              5s          Normal   Pulling              pod/podaff                                           Pulling image "busybox:latest"
default              4s          Normal   Pulled               pod/podaff                                           Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              4s          Normal   Created              pod/podaff                                           Created container podaff
default              4s          Normal   Started              pod/podaff                                           Started container podaff
default              1s          Normal   Pulling              pod/podnode                                          Pulling image "busybox:latest"
default              0s          Normal   Pulled               pod/podnode                                          Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              0s          Normal   Created              pod/podnode                                          Created container podnode
default              0s          Normal   Started              pod/podnode                                          Started container podnode
default              10s         Normal   Scheduled            pod/podquota                                         Successfully assigned default/podquota to kubeplay-worker2
default              9s          Normal   Pulling              pod/podquota                                         Pulling image "busybox:latest"
default              8s          Normal   Pulled               pod/podquota                                         Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              8s          Normal   Created              pod/podquota                                         Created container podquota
default              8s          Normal   Started              pod/podquota                                         Started container podquota
default              8s          Normal   Scheduled            pod/podsel                                           Successfully assigned default/podsel to kubeplay-worker
default              7s          Normal   Pulling              pod/podsel                                           Pulling image "busybox:latest"
default              6s          Normal   Pulled               pod/podsel                                           Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              6s          Normal   Created              pod/podsel                                           Created container podsel
default              6s          Normal   Started              pod/podsel                                           Started container podsel
default              4s          Normal   Scheduled            pod/podtol                                           Successfully assigned default/podtol to kubeplay-worker
default              3s          Normal   Pulling              pod/podtol                                           Pulling image "busybox:latest"
default              2s          Normal   Pulled               pod/podtol                                           Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              2s          Normal   Created              pod/podtol                                           Created container podtol
default              2s          Normal   Started              pod/podtol                                           Started container podtol
default              36s         Normal   Scheduled            pod/scalable-756cd7f874-p2z9g                        Successfully assigned default/scalable-756cd7f874-p2z9g to kubeplay-worker
default              35s         Normal   Pulling              pod/scalable-756cd7f874-p2z9g                        Pulling image "nginx:latest"
default              32s         Normal   Pulled               pod/scalable-756cd7f874-p2z9g                        Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
default              32s         Normal   Created              pod/scalable-756cd7f874-p2z9g                        Created container nginx
default              32s         Normal   Started              pod/scalable-756cd7f874-p2z9g                        Started container nginx
default              36s         Normal   Scheduled            pod/scalable-756cd7f874-q4k9v                        Successfully assigned default/scalable-756cd7f874-q4k9v to kubeplay-worker2
default              35s         Normal   Pulling              pod/scalable-756cd7f874-q4k9v                        Pulling image "nginx:latest"
default              32s         Normal   Pulled               pod/scalable-756cd7f874-q4k9v                        Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
default              32s         Normal   Created              pod/scalable-756cd7f874-q4k9v                        Created container nginx
default              32s         Normal   Started              pod/scalable-756cd7f874-q4k9v                        Started container nginx
default              36s         Normal   Scheduled            pod/scalable-756cd7f874-xckh8                        Successfully assigned default/scalable-756cd7f874-xckh8 to kubeplay-worker3
default              35s         Normal   Pulling              pod/scalable-756cd7f874-xckh8                        Pulling image "nginx:latest"
default              32s         Normal   Pulled               pod/scalable-756cd7f874-xckh8                        Successfully pulled image "nginx:latest" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
default              32s         Normal   Created              pod/scalable-756cd7f874-xckh8                        Created container nginx
default              32s         Normal   Started              pod/scalable-756cd7f874-xckh8                        Started container nginx
default              36s         Normal   Scheduled            pod/scalable-756cd7f874-xflcb                        Successfully assigned default/scalable-756cd7f874-xflcb to kubeplay-worker2
default              35s         Normal   Pulling              pod/scalable-756cd7f874-xflcb                        Pulling image "nginx:latest"
default              29s         Normal   Pulled               pod/scalable-756cd7f874-xflcb                        Successfully pulled image "nginx:latest" in 3.375s (6.75s including waiting). Image size: 71876746 bytes.
default              29s         Normal   Created              pod/scalable-756cd7f874-xflcb                        Created container nginx
default              29s         Normal   Started              pod/scalable-756cd7f874-xflcb                        Started container nginx
default              36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874                       Created pod: scalable-756cd7f874-q4k9v
default              36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874                       Created pod: scalable-756cd7f874-p2z9g
default              36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874                       Created pod: scalable-756cd7f874-xckh8
default              36s         Normal   SuccessfulCreate     replicaset/scalable-756cd7f874                       Created pod: scalable-756cd7f874-xflcb
default              36s         Normal   ScalingReplicaSet    deployment/scalable                                  Scaled up replica set scalable-756cd7f874 from 0 to 4
default              40s         Normal   Scheduled            pod/secretenv                                        Successfully assigned default/secretenv to kubeplay-worker3
default              39s         Normal   Pulling              pod/secretenv                                        Pulling image "busybox:latest"
default              39s         Normal   Pulled               pod/secretenv                                        Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              39s         Normal   Created              pod/secretenv                                        Created container secretenv
default              39s         Normal   Started              pod/secretenv                                        Started container secretenv
default              38s         Normal   Scheduled            pod/secretvolume                                     Successfully assigned default/secretvolume to kubeplay-worker
default              37s         Normal   Pulling              pod/secretvolume                                     Pulling image "busybox:latest"
default              37s         Normal   Pulled               pod/secretvolume                                     Successfully pulled image "busybox:latest" in 500ms (500ms including waiting). Image size: 2132246 bytes.
default              37s         Normal   Created              pod/secretvolume                                     Created container secretvolume
default              37s         Normal   Started              pod/secretvolume                                     Started container secretvolume
kube-system          66s         Normal   Scheduled            pod/coredns-9b77b5867-5wvqp                          Successfully assigned kube-system/coredns-9b77b5867-5wvqp to kubeplay-worker2
kube-system          65s         Normal   Pulled               pod/coredns-9b77b5867-5wvqp                          Container image "registry.k8s.io/coredns/coredns:v1.11.3" already present on machine
kube-system          65s         Normal   Created              pod/coredns-9b77b5867-5wvqp                          Created container coredns
kube-system          65s         Normal   Started              pod/coredns-9b77b5867-5wvqp                          Started container coredns
kube-system          66s         Normal   Scheduled            pod/coredns-9b77b5867-ms8nc                          Successfully assigned kube-system/coredns-9b77b5867-ms8nc to kubeplay-control-plane
kube-system          65s         Normal   Pulled               pod/coredns-9b77b5867-ms8nc                          Container image "registry.k8s.io/coredns/coredns:v1.11.3" already present on machine
kube-system          65s         Normal   Created              pod/coredns-9b77b5867-ms8nc                          Created container coredns
kube-system          65s         Normal   Started              pod/coredns-9b77b5867-ms8nc                          Started container coredns
kube-system          66s         Normal   SuccessfulCreate     replicaset/coredns-9b77b5867                         Created pod: coredns-9b77b5867-ms8nc
kube-system          66s         Normal   SuccessfulCreate     replicaset/coredns-9b77b5867                         Created pod: coredns-9b77b5867-5wvqp
kube-system          66s         Normal   ScalingReplicaSet    deployment/coredns                                   Scaled up replica set coredns-9b77b5867 from 0 to 2
kube-system          65s         Normal   Pulled               pod/etcd-kubeplay-control-plane                      Container image "registry.k8s.io/etcd:3.5.16-0" already present on machine
kube-system          65s         Normal   Created              pod/etcd-kubeplay-control-plane                      Created container etcd
kube-system          65s         Normal   Started              pod/etcd-kubeplay-control-plane                      Started container etcd
kube-system          66s         Normal   Scheduled            pod/kindnet-9fpx6                                    Successfully assigned kube-system/kindnet-9fpx6 to kubeplay-control-plane
kube-system          65s         Normal   Pulled               pod/kindnet-9fpx6                                    Container image "docker.io/kindest/kindnetd:v20241108-5c6d2daf" already present on machine
kube-system          65s         Normal   Created              pod/kindnet-9fpx6                                    Created container kindnet
kube-system          65s         Normal   Started              pod/kindnet-9fpx6                                    Started container kindnet
kube-system          66s         Normal   Scheduled            pod/kindnet-fghbd                                    Successfully assigned kube-system/kindnet-fghbd to kubeplay-worker
kube-system          65s         Normal   Pulled               pod/kindnet-fghbd                                    Container image "docker.io/kindest/kindnetd:v20241108-5c6d2daf" already present on machine
kube-system          65s         Normal   Created              pod/kindnet-fghbd                                    Created container kindnet
kube-system          65s         Normal   Started              pod/kindnet-fghbd                                    Started container kindnet
kube-system          66s         Normal   Scheduled            pod/kindnet-tcrmk                                    Successfully assigned kube-system/kindnet-tcrmk to kubeplay-worker2
kube-system          65s         Normal   Pulled               pod/kindnet-tcrmk                                    Container image "docker.io/kindest/kindnetd:v20241108-5c6d2daf" already present on machine
kube-system          65s         Normal   Created              pod/kindnet-tcrmk                                    Created container kindnet
kube-system          65s         Normal   Started              pod/kindnet-tcrmk                                    Started container kindnet
kube-system          66s         Normal   Scheduled            pod/kindnet-x6qdz                                    Successfully assigned kube-system/kindnet-x6qdz to kubeplay-worker3
kube-system          65s         Normal   Pulled               pod/kindnet-x6qdz                                    Container image "docker.io/kindest/kindnetd:v20241108-5c6d2daf" already present on machine
kube-system          65s         Normal   Created              pod/kindnet-x6qdz                                    Created container kindnet
kube-system          65s         Normal   Started              pod/kindnet-x6qdz                                    Started container kindnet
kube-system          66s         Normal   SuccessfulCreate     daemonset/kindnet                                    Created pod: kindnet-9fpx6
kube-system          66s         Normal   SuccessfulCreate     daemonset/kindnet                                    Created pod: kindnet-fghbd
kube-system          66s         Normal   SuccessfulCreate     daemonset/kindnet                                    Created pod: kindnet-tcrmk
kube-system          66s         Normal   SuccessfulCreate     daemonset/kindnet                                    Created pod: kindnet-x6qdz
kube-system          65s         Normal   Pulled               pod/kube-apiserver-kubeplay-control-plane            Container image "registry.k8s.io/kube-apiserver:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-apiserver-kubeplay-control-plane            Created container kube-apiserver
kube-system          65s         Normal   Started              pod/kube-apiserver-kubeplay-control-plane            Started container kube-apiserver
kube-system          65s         Normal   Pulled               pod/kube-controller-manager-kubeplay-control-plane   Container image "registry.k8s.io/kube-controller-manager:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-controller-manager-kubeplay-control-plane   Created container kube-controller-manager
kube-system          65s         Normal   Started              pod/kube-controller-manager-kubeplay-control-plane   Started container kube-controller-manager
kube-system          66s         Normal   Scheduled            pod/kube-proxy-29qjf                                 Successfully assigned kube-system/kube-proxy-29qjf to kubeplay-worker2
kube-system          65s         Normal   Pulled               pod/kube-proxy-29qjf                                 Container image "registry.k8s.io/kube-proxy:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-proxy-29qjf                                 Created container kube-proxy
kube-system          65s         Normal   Started              pod/kube-proxy-29qjf                                 Started container kube-proxy
kube-system          66s         Normal   Scheduled            pod/kube-proxy-8872g                                 Successfully assigned kube-system/kube-proxy-8872g to kubeplay-worker3
kube-system          65s         Normal   Pulled               pod/kube-proxy-8872g                                 Container image "registry.k8s.io/kube-proxy:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-proxy-8872g                                 Created container kube-proxy
kube-system          65s         Normal   Started              pod/kube-proxy-8872g                                 Started container kube-proxy
kube-system          66s         Normal   Scheduled            pod/kube-proxy-mmqvt                                 Successfully assigned kube-system/kube-proxy-mmqvt to kubeplay-control-plane
kube-system          65s         Normal   Pulled               pod/kube-proxy-mmqvt                                 Container image "registry.k8s.io/kube-proxy:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-proxy-mmqvt                                 Created container kube-proxy
kube-system          65s         Normal   Started              pod/kube-proxy-mmqvt                                 Started container kube-proxy
kube-system          66s         Normal   Scheduled            pod/kube-proxy-rm9bv                                 Successfully assigned kube-system/kube-proxy-rm9bv to kubeplay-worker
kube-system          65s         Normal   Pulled               pod/kube-proxy-rm9bv                                 Container image "registry.k8s.io/kube-proxy:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-proxy-rm9bv                                 Created container kube-proxy
kube-system          65s         Normal   Started              pod/kube-proxy-rm9bv                                 Started container kube-proxy
kube-system          66s         Normal   SuccessfulCreate     daemonset/kube-proxy                                 Created pod: kube-proxy-mmqvt
kube-system          66s         Normal   SuccessfulCreate     daemonset/kube-proxy                                 Created pod: kube-proxy-rm9bv
kube-system          66s         Normal   SuccessfulCreate     daemonset/kube-proxy                                 Created pod: kube-proxy-29qjf
kube-system          66s         Normal   SuccessfulCreate     daemonset/kube-proxy                                 Created pod: kube-proxy-8872g
kube-system          65s         Normal   Pulled               pod/kube-scheduler-kubeplay-control-plane            Container image "registry.k8s.io/kube-scheduler:v1.32.0" already present on machine
kube-system          65s         Normal   Created              pod/kube-scheduler-kubeplay-control-plane            Created container kube-scheduler
kube-system          65s         Normal   Started              pod/kube-scheduler-kubeplay-control-plane            Started container kube-scheduler
local-path-storage   66s         Normal   Scheduled            pod/local-path-provisioner-57597c459b-97xlv          Successfully assigned local-path-storage/local-path-provisioner-57597c459b-97xlv to kubeplay-control-plane
local-path-storage   65s         Normal   Pulled               pod/local-path-provisioner-57597c459b-97xlv          Container image "docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf" already present on machine
local-path-storage   65s         Normal   Created              pod/local-path-provisioner-57597c459b-97xlv          Created container local-path-provisioner
local-path-storage   65s         Normal   Started              pod/local-path-provisioner-57597c459b-97xlv          Started container local-path-provisioner
local-path-storage   66s         Normal   SuccessfulCreate     replicaset/local-path-provisioner-57597c459b         Created pod: local-path-provisioner-57597c459b-97xlv
local-path-storage   66s         Normal   ScalingReplicaSet    deployment/local-path-provisioner                    Scaled up replica set local-path-provisioner-57597c459b from 0 to 1
ngx                  59s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-2nwpc                    Successfully assigned ngx/nginx-deploy-74b47d87b9-2nwpc to kubeplay-worker
ngx                  58s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-2nwpc                    Container image "nginx:1.19" already present on machine
ngx                  58s         Normal   Created              pod/nginx-deploy-74b47d87b9-2nwpc                    Created container nginx
ngx                  58s         Normal   Started              pod/nginx-deploy-74b47d87b9-2nwpc                    Started container nginx
ngx                  57s         Normal   Killing              pod/nginx-deploy-74b47d87b9-2nwpc                    Stopping container nginx
ngx                  64s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-58ljc                    Successfully assigned ngx/nginx-deploy-74b47d87b9-58ljc to kubeplay-worker2
ngx                  63s         Normal   Pulling              pod/nginx-deploy-74b47d87b9-58ljc                    Pulling image "nginx:1.19"
ngx                  59s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-58ljc                    Successfully pulled image "nginx:1.19" in 3.401s (3.401s including waiting). Image size: 72534296 bytes.
ngx                  59s         Normal   Created              pod/nginx-deploy-74b47d87b9-58ljc                    Created container nginx
ngx                  59s         Normal   Started              pod/nginx-deploy-74b47d87b9-58ljc                    Started container nginx
ngx                  53s         Normal   Killing              pod/nginx-deploy-74b47d87b9-58ljc                    Stopping container nginx
ngx                  64s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-6g9s2                    Successfully assigned ngx/nginx-deploy-74b47d87b9-6g9s2 to kubeplay-worker3
ngx                  63s         Normal   Pulling              pod/nginx-deploy-74b47d87b9-6g9s2                    Pulling image "nginx:1.19"
ngx                  59s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-6g9s2                    Successfully pulled image "nginx:1.19" in 3.401s (3.401s including waiting). Image size: 72534296 bytes.
ngx                  59s         Normal   Created              pod/nginx-deploy-74b47d87b9-6g9s2                    Created container nginx
ngx                  59s         Normal   Started              pod/nginx-deploy-74b47d87b9-6g9s2                    Started container nginx
ngx                  53s         Normal   Killing              pod/nginx-deploy-74b47d87b9-6g9s2                    Stopping container nginx
ngx                  49s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-82xvl                    Successfully assigned ngx/nginx-deploy-74b47d87b9-82xvl to kubeplay-worker3
ngx                  48s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-82xvl                    Container image "nginx:1.19" already present on machine
ngx                  48s         Normal   Created              pod/nginx-deploy-74b47d87b9-82xvl                    Created container nginx
ngx                  48s         Normal   Started              pod/nginx-deploy-74b47d87b9-82xvl                    Started container nginx
ngx                  64s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-8nw65                    Successfully assigned ngx/nginx-deploy-74b47d87b9-8nw65 to kubeplay-worker
ngx                  63s         Normal   Pulling              pod/nginx-deploy-74b47d87b9-8nw65                    Pulling image "nginx:1.19"
ngx                  59s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-8nw65                    Successfully pulled image "nginx:1.19" in 3.401s (3.401s including waiting). Image size: 72534296 bytes.
ngx                  59s         Normal   Created              pod/nginx-deploy-74b47d87b9-8nw65                    Created container nginx
ngx                  59s         Normal   Started              pod/nginx-deploy-74b47d87b9-8nw65                    Started container nginx
ngx                  51s         Normal   Killing              pod/nginx-deploy-74b47d87b9-8nw65                    Stopping container nginx
ngx                  49s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-9mgl2                    Successfully assigned ngx/nginx-deploy-74b47d87b9-9mgl2 to kubeplay-worker
ngx                  48s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-9mgl2                    Container image "nginx:1.19" already present on machine
ngx                  48s         Normal   Created              pod/nginx-deploy-74b47d87b9-9mgl2                    Created container nginx
ngx                  48s         Normal   Started              pod/nginx-deploy-74b47d87b9-9mgl2                    Started container nginx
ngx                  51s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-lq2gv                    Successfully assigned ngx/nginx-deploy-74b47d87b9-lq2gv to kubeplay-worker2
ngx                  50s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-lq2gv                    Container image "nginx:1.19" already present on machine
ngx                  50s         Normal   Created              pod/nginx-deploy-74b47d87b9-lq2gv                    Created container nginx
ngx                  50s         Normal   Started              pod/nginx-deploy-74b47d87b9-lq2gv                    Started container nginx
ngx                  59s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-nbhlp                    Successfully assigned ngx/nginx-deploy-74b47d87b9-nbhlp to kubeplay-worker3
ngx                  58s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-nbhlp                    Container image "nginx:1.19" already present on machine
ngx                  58s         Normal   Created              pod/nginx-deploy-74b47d87b9-nbhlp                    Created container nginx
ngx                  58s         Normal   Started              pod/nginx-deploy-74b47d87b9-nbhlp                    Started container nginx
ngx                  53s         Normal   Killing              pod/nginx-deploy-74b47d87b9-nbhlp                    Stopping container nginx
ngx                  51s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-thlqc                    Successfully assigned ngx/nginx-deploy-74b47d87b9-thlqc to kubeplay-worker
ngx                  50s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-thlqc                    Container image "nginx:1.19" already present on machine
ngx                  50s         Normal   Created              pod/nginx-deploy-74b47d87b9-thlqc                    Created container nginx
ngx                  50s         Normal   Started              pod/nginx-deploy-74b47d87b9-thlqc                    Started container nginx
ngx                  51s         Normal   Scheduled            pod/nginx-deploy-74b47d87b9-wz8ng                    Successfully assigned ngx/nginx-deploy-74b47d87b9-wz8ng to kubeplay-worker3
ngx                  50s         Normal   Pulled               pod/nginx-deploy-74b47d87b9-wz8ng                    Container image "nginx:1.19" already present on machine
ngx                  50s         Normal   Created              pod/nginx-deploy-74b47d87b9-wz8ng                    Created container nginx
ngx                  50s         Normal   Started              pod/nginx-deploy-74b47d87b9-wz8ng                    Started container nginx
ngx                  64s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-6g9s2
ngx                  64s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-8nw65
ngx                  64s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-58ljc
ngx                  59s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-2nwpc
ngx                  59s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-nbhlp
ngx                  57s         Normal   SuccessfulDelete     replicaset/nginx-deploy-74b47d87b9                   Deleted pod: nginx-deploy-74b47d87b9-2nwpc
ngx                  53s         Normal   SuccessfulDelete     replicaset/nginx-deploy-74b47d87b9                   Deleted pod: nginx-deploy-74b47d87b9-6g9s2
ngx                  53s         Normal   SuccessfulDelete     replicaset/nginx-deploy-74b47d87b9                   Deleted pod: nginx-deploy-74b47d87b9-nbhlp
ngx                  53s         Normal   SuccessfulDelete     replicaset/nginx-deploy-74b47d87b9                   Deleted pod: nginx-deploy-74b47d87b9-58ljc
ngx                  51s         Normal   SuccessfulDelete     replicaset/nginx-deploy-74b47d87b9                   Deleted pod: nginx-deploy-74b47d87b9-8nw65
ngx                  51s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-wz8ng
ngx                  51s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-lq2gv
ngx                  51s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-thlqc
ngx                  49s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   Created pod: nginx-deploy-74b47d87b9-9mgl2
ngx                  49s         Normal   SuccessfulCreate     replicaset/nginx-deploy-74b47d87b9                   (combined from similar events): Created pod: nginx-deploy-74b47d87b9-82xvl
ngx                  57s         Normal   Scheduled            pod/nginx-deploy-c7b79684f-cqjng                     Successfully assigned ngx/nginx-deploy-c7b79684f-cqjng to kubeplay-worker3
ngx                  56s         Normal   Pulling              pod/nginx-deploy-c7b79684f-cqjng                     Pulling image "nginx:1.20"
ngx                  53s         Normal   Pulled               pod/nginx-deploy-c7b79684f-cqjng                     Successfully pulled image "nginx:1.20" in 3.345s (3.345s including waiting). Image size: 71143280 bytes.
ngx                  53s         Normal   Created              pod/nginx-deploy-c7b79684f-cqjng                     Created container nginx
ngx                  53s         Normal   Started              pod/nginx-deploy-c7b79684f-cqjng                     Started container nginx
ngx                  49s         Normal   Killing              pod/nginx-deploy-c7b79684f-cqjng                     Stopping container nginx
ngx                  53s         Normal   Scheduled            pod/nginx-deploy-c7b79684f-s9bmt                     Successfully assigned ngx/nginx-deploy-c7b79684f-s9bmt to kubeplay-worker
ngx                  52s         Normal   Pulled               pod/nginx-deploy-c7b79684f-s9bmt                     Container image "nginx:1.20" already present on machine
ngx                  52s         Normal   Created              pod/nginx-deploy-c7b79684f-s9bmt                     Created container nginx
ngx                  52s         Normal   Started              pod/nginx-deploy-c7b79684f-s9bmt                     Started container nginx
ngx                  51s         Normal   Killing              pod/nginx-deploy-c7b79684f-s9bmt                     Stopping container nginx
ngx                  57s         Normal   Scheduled            pod/nginx-deploy-c7b79684f-tmn74                     Successfully assigned ngx/nginx-deploy-c7b79684f-tmn74 to kubeplay-worker
ngx                  56s         Normal   Pulling              pod/nginx-deploy-c7b79684f-tmn74                     Pulling image "nginx:1.20"
ngx                  53s         Normal   Pulled               pod/nginx-deploy-c7b79684f-tmn74                     Successfully pulled image "nginx:1.20" in 3.345s (3.345s including waiting). Image size: 71143280 bytes.
ngx                  53s         Normal   Created              pod/nginx-deploy-c7b79684f-tmn74                     Created container nginx
ngx                  53s         Normal   Started              pod/nginx-deploy-c7b79684f-tmn74                     Started container nginx
ngx                  49s         Normal   Killing              pod/nginx-deploy-c7b79684f-tmn74                     Stopping container nginx
ngx                  53s         Normal   Scheduled            pod/nginx-deploy-c7b79684f-vrh4s                     Successfully assigned ngx/nginx-deploy-c7b79684f-vrh4s to kubeplay-worker3
ngx                  52s         Normal   Pulled               pod/nginx-deploy-c7b79684f-vrh4s                     Container image "nginx:1.20" already present on machine
ngx                  52s         Normal   Created              pod/nginx-deploy-c7b79684f-vrh4s                     Created container nginx
ngx                  52s         Normal   Started              pod/nginx-deploy-c7b79684f-vrh4s                     Started container nginx
ngx                  49s         Normal   Killing              pod/nginx-deploy-c7b79684f-vrh4s                     Stopping container nginx
ngx                  57s         Normal   Scheduled            pod/nginx-deploy-c7b79684f-zffgr                     Successfully assigned ngx/nginx-deploy-c7b79684f-zffgr to kubeplay-worker2
ngx                  56s         Normal   Pulling              pod/nginx-deploy-c7b79684f-zffgr                     Pulling image "nginx:1.20"
ngx                  53s         Normal   Pulled               pod/nginx-deploy-c7b79684f-zffgr                     Successfully pulled image "nginx:1.20" in 3.345s (3.345s including waiting). Image size: 71143280 bytes.
ngx                  53s         Normal   Created              pod/nginx-deploy-c7b79684f-zffgr                     Created container nginx
ngx                  53s         Normal   Started              pod/nginx-deploy-c7b79684f-zffgr                     Started container nginx
ngx                  47s         Normal   Killing              pod/nginx-deploy-c7b79684f-zffgr                     Stopping container nginx
ngx                  57s         Normal   SuccessfulCreate     replicaset/nginx-deploy-c7b79684f                    Created pod: nginx-deploy-c7b79684f-cqjng
ngx                  57s         Normal   SuccessfulCreate     replicaset/nginx-deploy-c7b79684f                    Created pod: nginx-deploy-c7b79684f-zffgr
ngx                  57s         Normal   SuccessfulCreate     replicaset/nginx-deploy-c7b79684f                    Created pod: nginx-deploy-c7b79684f-tmn74
ngx                  53s         Normal   SuccessfulCreate     replicaset/nginx-deploy-c7b79684f                    Created pod: nginx-deploy-c7b79684f-s9bmt
ngx                  53s         Normal   SuccessfulCreate     replicaset/nginx-deploy-c7b79684f                    Created pod: nginx-deploy-c7b79684f-vrh4s
ngx                  51s         Normal   SuccessfulDelete     replicaset/nginx-deploy-c7b79684f                    Deleted pod: nginx-deploy-c7b79684f-s9bmt
ngx                  49s         Normal   SuccessfulDelete     replicaset/nginx-deploy-c7b79684f                    Deleted pod: nginx-deploy-c7b79684f-vrh4s
ngx                  49s         Normal   SuccessfulDelete     replicaset/nginx-deploy-c7b79684f                    Deleted pod: nginx-deploy-c7b79684f-cqjng
ngx                  49s         Normal   SuccessfulDelete     replicaset/nginx-deploy-c7b79684f                    Deleted pod: nginx-deploy-c7b79684f-tmn74
ngx                  47s         Normal   SuccessfulDelete     replicaset/nginx-deploy-c7b79684f                    Deleted pod: nginx-deploy-c7b79684f-zffgr
ngx                  64s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-74b47d87b9 from 0 to 3
ngx                  49s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-74b47d87b9 from 3 to 5
ngx                  57s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-c7b79684f from 0 to 2
ngx                  57s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled down replica set nginx-deploy-74b47d87b9 from 5 to 4
ngx                  57s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-c7b79684f from 2 to 3
ngx                  53s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled down replica set nginx-deploy-74b47d87b9 from 4 to 1
ngx                  53s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-c7b79684f from 3 to 5
ngx                  51s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled down replica set nginx-deploy-74b47d87b9 from 1 to 0
ngx                  51s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              Scaled up replica set nginx-deploy-74b47d87b9 from 0 to 2
ngx                  47s         Normal   ScalingReplicaSet    deployment/nginx-deploy                              (combined from similar events): Scaled down replica set nginx-deploy-c7b79684f from 1 to 0
