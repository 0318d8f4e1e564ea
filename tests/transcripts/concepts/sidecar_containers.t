# kubernetes.io "Sidecar Containers", line by line. Transcripts never
# download: the page's manifests (https://k8s.io/examples/application/
# deployment-sidecar.yaml and application/job/job-sidecar.yaml) are
# here-documents.
$ kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: myapp
  labels:
    app.kubernetes.io/name: myapp
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: myapp
  template:
    metadata:
      labels:
        app.kubernetes.io/name: myapp
    spec:
      containers:
        - name: myapp
          image: alpine:latest
          command: ['sh', '-c', 'while true; do echo "logging" >> /opt/logs.txt; sleep 1; done']
          volumeMounts:
            - name: data
              mountPath: /opt
      initContainers:
        - name: logshipper
          image: alpine:latest
          # Setting restartPolicy: Always makes this a sidecar container.
          restartPolicy: Always
          command: ['sh', '-c', 'tail -F /opt/logs.txt']
          volumeMounts:
            - name: data
              mountPath: /opt
      volumes:
        - name: data
          emptyDir: {}
EOF
deployment.apps/myapp created

# The sidecar starts first; the app container only once the sidecar has
# started (it has no startup probe, so a running process is enough).
$ sim advance 1s
advanced 1s to 2025-01-01T00:00:03Z (10 steps ran)

$ kubectl get pods
NAME                     READY   STATUS     RESTARTS   AGE
myapp-78c6b7649d-jjhv7   0/2     Init:0/1   0          1s

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pods
NAME                     READY   STATUS    RESTARTS   AGE
myapp-78c6b7649d-jjhv7   2/2     Running   0          3s

$ kubectl describe pod -l app.kubernetes.io/name=myapp
Name:             myapp-78c6b7649d-jjhv7
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:02 +0000
Labels:           app.kubernetes.io/name=myapp
                  pod-template-hash=78c6b7649d
Annotations:      <none>
Status:           Running
IP:               10.244.3.2
IPs:
  IP:           10.244.3.2
Controlled By:  ReplicaSet/myapp-78c6b7649d
Init Containers:
  logshipper:
    Container ID:  containerd://2e511200f766466c081c3a0dbf25229b30e066f675c46cda918032d1e60d1182
    Image:         alpine:latest
    Image ID:      docker.io/library/alpine@sha256:7636ffbc4db6a2cd8b0973256981e3fe1b972c598b774eb741a8f4c9f2dad140
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      tail -F /opt/logs.txt
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /opt from data (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Containers:
  myapp:
    Container ID:  containerd://f155ef1530c38853fb465872256b5f4434c62df7bb1f834c937354ce193dd275
    Image:         alpine:latest
    Image ID:      docker.io/library/alpine@sha256:7636ffbc4db6a2cd8b0973256981e3fe1b972c598b774eb741a8f4c9f2dad140
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      while true; do echo "logging" >> /opt/logs.txt; sleep 1; done
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:04 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /opt from data (rw)
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-rn27c (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  data:
    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
    Medium:
    SizeLimit:  <unset>
  kube-api-access-rn27c:
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
  Normal  Scheduled  3s    default-scheduler  Successfully assigned default/myapp-78c6b7649d-jjhv7 to kubeplay-worker3
  Normal  Pulling    2s    kubelet            Pulling image "alpine:latest"
  Normal  Pulled     1s    kubelet            Successfully pulled image "alpine:latest" in 643ms (643ms including waiting). Image size: 3592996 bytes.
  Normal  Created    1s    kubelet            Created container logshipper
  Normal  Started    1s    kubelet            Started container logshipper
  Normal  Pulling    1s    kubelet            Pulling image "alpine:latest"
  Normal  Pulled     1s    kubelet            Successfully pulled image "alpine:latest" in 500ms (500ms including waiting). Image size: 3592996 bytes.
  Normal  Created    1s    kubelet            Created container myapp
  Normal  Started    1s    kubelet            Started container myapp

# The app appends a line every second; busybox `tail -F` found no file
# when it started, tries again every second, and then follows it. tail
# looks once a second, so the line written last shows at its next look.
$ sim advance 5s
advanced 5s to 2025-01-01T00:00:10Z (0 steps ran)

$ kubectl logs deploy/myapp -c logshipper
tail: can't open '/opt/logs.txt': No such file or directory
tail: /opt/logs.txt has appeared; following end of new file
logging
logging
logging
logging
logging
logging

$ kubectl exec deploy/myapp -c logshipper -- wc -l /opt/logs.txt
7 /opt/logs.txt

$ kubectl logs deploy/myapp
Defaulted container "myapp" out of: myapp, logshipper (init)

# "Upon Pod termination, the kubelet postpones terminating sidecar
# containers until the main application container has fully stopped."
# Neither `sh` looping nor `tail` handles SIGTERM as PID 1, so each
# waits out the 30 s grace period: myapp is killed at 30 s, the sidecar,
# whose turn came only then, gets the 2 s minimum after it.
$ kubectl delete pod -l app.kubernetes.io/name=myapp --wait=false
pod "myapp-78c6b7649d-jjhv7" deleted

$ sim advance 31s
advanced 31s to 2025-01-01T00:00:41Z (19 steps ran)

$ kubectl get pods
NAME                     READY   STATUS        RESTARTS   AGE
myapp-78c6b7649d-8cvzm   2/2     Running       0          31s
myapp-78c6b7649d-jjhv7   2/2     Terminating   0          39s

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:43Z (3 steps ran)

$ kubectl get pods
NAME                     READY   STATUS    RESTARTS   AGE
myapp-78c6b7649d-8cvzm   2/2     Running   0          33s

$ kubectl delete deployment myapp
deployment.apps "myapp" deleted

$ sim settle
settled after 7 steps and 32s of virtual time

# "Jobs with sidecar containers": the sidecar does not keep the Job from
# completing.
$ kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: myjob
spec:
  template:
    spec:
      containers:
        - name: myjob
          image: alpine:latest
          command: ['sh', '-c', 'echo "logging" > /opt/logs.txt']
          volumeMounts:
            - name: data
              mountPath: /opt
      initContainers:
        - name: logshipper
          image: alpine:latest
          # Setting restartPolicy: Always makes this a sidecar container.
          restartPolicy: Always
          command: ['sh', '-c', 'tail -F /opt/logs.txt']
          volumeMounts:
            - name: data
              mountPath: /opt
      restartPolicy: Never
      volumes:
        - name: data
          emptyDir: {}
EOF
job.batch/myjob created

$ sim advance 4s
advanced 4s to 2025-01-01T00:01:19Z (12 steps ran)

# The main container is done; the kubelet stops the sidecar, which has
# its 30 s grace period since `tail` ignores SIGTERM as PID 1. Until then
# the pod is still Running (its phase counts the running sidecar) and the
# Job waits.
$ kubectl get pods -l job-name=myjob
NAME          READY   STATUS      RESTARTS   AGE
myjob-6dxsq   1/2     Completed   0          4s

$ kubectl get job myjob
NAME    STATUS    COMPLETIONS   DURATION   AGE
myjob   Running   0/1           4s         4s

$ sim settle
settled after 4 steps and 30s of virtual time

$ kubectl get pods -l job-name=myjob
NAME          READY   STATUS      RESTARTS   AGE
myjob-6dxsq   0/2     Completed   0          34s

$ kubectl get job myjob
NAME    STATUS     COMPLETIONS   DURATION   AGE
myjob   Complete   1/1           34s        34s

$ kubectl get pod -l job-name=myjob -o jsonpath='{range .items[0].status.initContainerStatuses[*]}{.name}: {.state.terminated.reason} {.state.terminated.exitCode}{"\n"}{end}'
logshipper: Error 137

$ kubectl logs job/myjob -c logshipper
tail: can't open '/opt/logs.txt': No such file or directory
tail: /opt/logs.txt has appeared; following end of new file
logging

$ kubectl get events --field-selector involvedObject.kind=Pod,reason=Killing
LAST SEEN   TYPE     REASON    OBJECT                       MESSAGE
66s         Normal   Killing   pod/myapp-78c6b7649d-8cvzm   Stopping container logshipper
66s         Normal   Killing   pod/myapp-78c6b7649d-8cvzm   Stopping container myapp
99s         Normal   Killing   pod/myapp-78c6b7649d-jjhv7   Stopping container logshipper
99s         Normal   Killing   pod/myapp-78c6b7649d-jjhv7   Stopping container myapp
31s         Normal   Killing   pod/myjob-6dxsq              Stopping container logshipper

# "Changing the image of a sidecar container will not cause the Pod to
# restart, but will trigger a container restart."
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: sidecar-image
spec:
  initContainers:
  - name: proxy
    image: nginx:1.25
    restartPolicy: Always
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'sleep 3600']
EOF
pod/sidecar-image created

$ sim settle
settled after 8 steps and 5s of virtual time

$ kubectl set image pod/sidecar-image proxy=nginx:1.26
pod/sidecar-image image updated

$ sim settle
settled after 4 steps and 3s of virtual time

$ kubectl get pod sidecar-image
NAME            READY   STATUS    RESTARTS     AGE
sidecar-image   2/2     Running   1 (3s ago)   9s

$ kubectl get pod sidecar-image -o jsonpath='{.status.initContainerStatuses[0].image} {.status.initContainerStatuses[0].restartCount} {.status.containerStatuses[0].restartCount}{"\n"}'
docker.io/library/nginx:1.26 1 0

$ kubectl get events --field-selector involvedObject.name=sidecar-image,reason=Killing
LAST SEEN   TYPE     REASON    OBJECT              MESSAGE
3s          Normal   Killing   pod/sidecar-image   Init container proxy definition changed
