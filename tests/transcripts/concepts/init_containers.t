# kubernetes.io "Init Containers" (Concepts), line by line: the page's
# "Init containers in use" example, with its files written here.
# tests/transcripts/pods/init_containers.t follows the same pod through
# each STATUS value and its Initialized condition; this one follows the
# page's own commands (`-f myapp.yaml` throughout).
$ cat > myapp.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
EOF

$ kubectl apply -f myapp.yaml
pod/myapp-pod created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:12Z (6 steps ran)

$ kubectl get -f myapp.yaml
NAME        READY   STATUS     RESTARTS   AGE
myapp-pod   0/1     Init:0/2   0          10s

$ kubectl describe -f myapp.yaml
Name:             myapp-pod
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app.kubernetes.io/name=MyApp
Annotations:      <none>
Status:           Pending
IP:               10.244.3.2
IPs:
  IP:  10.244.3.2
Init Containers:
  init-myservice:
    Container ID:  containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
  init-mydb:
    Container ID:
    Image:         busybox:1.28
    Image ID:
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Containers:
  myapp-container:
    Container ID:
    Image:         busybox:1.28
    Image ID:
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo The app is running! && sleep 3600
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 False
  Ready                       False
  ContainersReady             False
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
  Normal  Scheduled  10s   default-scheduler  Successfully assigned default/myapp-pod to kubeplay-worker3
  Normal  Pulling    9s    kubelet            Pulling image "busybox:1.28"
  Normal  Pulled     8s    kubelet            Successfully pulled image "busybox:1.28" in 587ms (587ms including waiting). Image size: 2186092 bytes.
  Normal  Created    8s    kubelet            Created container init-myservice
  Normal  Started    8s    kubelet            Started container init-myservice

$ kubectl logs myapp-pod -c init-myservice --tail=4
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

nslookup: can't resolve 'myservice.default.svc.cluster.local'
waiting for myservice

$ kubectl logs myapp-pod -c init-mydb
Error from server (BadRequest): container "init-mydb" in pod "myapp-pod" is waiting to start: PodInitializing

$ cat > services.yaml <<'EOF'
---
apiVersion: v1
kind: Service
metadata:
  name: myservice
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9376
---
apiVersion: v1
kind: Service
metadata:
  name: mydb
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9377
EOF

$ kubectl apply -f services.yaml
service/myservice created
service/mydb created

$ sim settle
settled after 10 steps and 4s of virtual time

$ kubectl get -f myapp.yaml
NAME        READY   STATUS    RESTARTS   AGE
myapp-pod   1/1     Running   0          14s

$ kubectl logs myapp-pod -c init-mydb --tail=3

Name:      mydb.default.svc.cluster.local
Address 1: 10.100.39.28 mydb.default.svc.cluster.local

$ kubectl logs myapp-pod
Defaulted container "myapp-container" out of: myapp-container, init-myservice (init), init-mydb (init)
The app is running!

# "Use activeDeadlineSeconds on the Pod ... to prevent init containers
# from failing forever. The active deadline includes init containers."
# The kubelet stops the pod once it has been active that long (counted
# from its startTime); the grace period still applies, and `sh` as PID 1
# ignores SIGTERM, so the pod is Failed 30 s later.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: deadline-pod
spec:
  activeDeadlineSeconds: 20
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
  initContainers:
  - name: init-never
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup nowhere.default.svc.cluster.local; do echo waiting; sleep 2; done"]
EOF
pod/deadline-pod created

$ sim advance 25s
advanced 25s to 2025-01-01T00:00:41Z (7 steps ran)

$ kubectl get pod deadline-pod
NAME           READY   STATUS     RESTARTS   AGE
deadline-pod   0/1     Init:0/1   0          25s

$ sim settle
settled after 1 steps and 25s of virtual time

$ kubectl get pod deadline-pod
NAME           READY   STATUS       RESTARTS   AGE
deadline-pod   0/1     Init:Error   0          50s

$ kubectl get pod deadline-pod -o jsonpath='{.status.phase} {.status.reason}: {.status.message}{"\n"}{.status.initContainerStatuses[0].state.terminated.exitCode}{"\n"}'
Failed DeadlineExceeded: Pod was active on the node longer than the specified deadline
137

$ kubectl get events --field-selector involvedObject.name=deadline-pod,reason=DeadlineExceeded
LAST SEEN   TYPE     REASON             OBJECT             MESSAGE
30s         Normal   DeadlineExceeded   pod/deadline-pod   Pod was active on the node longer than the specified deadline
