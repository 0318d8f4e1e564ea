# Init containers run one after another before the app container: the
# docs' myapp-pod waits for two Services. STATUS goes Init:0/2, Init:1/2,
# PodInitializing, Running (kubectl's printPod counts the finished init
# containers; PodInitializing is the app container's waiting reason once
# all init containers are done).
$ kubectl apply -f - <<'EOF'
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
pod/myapp-pod created

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:03Z (3 steps ran)

$ kubectl get pods
NAME        READY   STATUS     RESTARTS   AGE
myapp-pod   0/1     Init:0/2   0          1s

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:13Z (3 steps ran)

$ kubectl get pods
NAME        READY   STATUS     RESTARTS   AGE
myapp-pod   0/1     Init:0/2   0          11s

$ kubectl get pod myapp-pod -o jsonpath='{.status.conditions[?(@.type=="Initialized")].message}{"\n"}{.status.containerStatuses[0].state}{"\n"}'
containers with incomplete status: [init-myservice init-mydb]
{"waiting":{"reason":"PodInitializing"}}

$ kubectl create service clusterip myservice --tcp=80:9376
service/myservice created

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:16Z (5 steps ran)

$ kubectl get pods
NAME        READY   STATUS     RESTARTS   AGE
myapp-pod   0/1     Init:1/2   0          14s

$ kubectl create service clusterip mydb --tcp=80:9377
service/mydb created

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:18Z (4 steps ran)

$ kubectl get pods
NAME        READY   STATUS            RESTARTS   AGE
myapp-pod   0/1     PodInitializing   0          16s

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:19Z (1 steps ran)

$ kubectl get pods
NAME        READY   STATUS    RESTARTS   AGE
myapp-pod   1/1     Running   0          17s

$ kubectl describe pod myapp-pod
Name:             myapp-pod
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app.kubernetes.io/name=MyApp
Annotations:      <none>
Status:           Running
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
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
      Finished:     Wed, 01 Jan 2025 00:00:13 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
  init-mydb:
    Container ID:  containerd://7e575440333a93c9c260259100c316eba337d08bd918acb0f155ef1530c38853
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Wed, 01 Jan 2025 00:00:14 +0000
      Finished:     Wed, 01 Jan 2025 00:00:16 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-sf7xb (ro)
Containers:
  myapp-container:
    Container ID:  containerd://0c0c75032dbe0e6d78fa6bd60a11ea5067b5d70c35f0642a0c5a4eeb33bc715c
    Image:         busybox:1.28
    Image ID:      docker.io/library/busybox@sha256:6595e9941d0bd46a2c825154ecfc87ff91f3c46f2f1fd8186b323060f7726c9d
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo The app is running! && sleep 3600
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:17 +0000
    Ready:          True
    Restart Count:  0
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
  Normal  Scheduled  17s   default-scheduler  Successfully assigned default/myapp-pod to kubeplay-worker3
  Normal  Pulling    16s   kubelet            Pulling image "busybox:1.28"
  Normal  Pulled     15s   kubelet            Successfully pulled image "busybox:1.28" in 587ms (587ms including waiting). Image size: 2186092 bytes.
  Normal  Created    15s   kubelet            Created container init-myservice
  Normal  Started    15s   kubelet            Started container init-myservice
  Normal  Pulled     4s    kubelet            Container image "busybox:1.28" already present on machine
  Normal  Created    4s    kubelet            Created container init-mydb
  Normal  Started    4s    kubelet            Started container init-mydb
  Normal  Pulled     1s    kubelet            Container image "busybox:1.28" already present on machine
  Normal  Created    1s    kubelet            Created container myapp-container
  Normal  Started    1s    kubelet            Started container myapp-container
