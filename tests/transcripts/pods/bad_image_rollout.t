# The Deployment's bad-image rollout: the new ReplicaSet's pod cannot pull
# nginx:1.91 (the tag does not exist). Each failed pull shows ErrImagePull;
# the kubelet then backs off, showing ImagePullBackOff, and pulls again only
# when the back-off since the last failure is over: 10 s, doubling to the
# 300 s cap (a failed pull takes 1 s, the pod worker retries every 10 s):
# pulls at 0:07, then 10, 20, 40, 80, 160, 300 and 300 s after each failure.
# The old ReplicaSet keeps its 3 pods, so the Deployment stays available.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.91
deployment.apps/nginx-deployment image updated

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:09Z (12 steps ran)

$ kubectl get pods
NAME                                READY   STATUS         RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running        0          7s
nginx-deployment-65c97d6c5c-2jj9z   1/1     Running        0          7s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running        0          7s
nginx-deployment-76cdf889b4-2nwpc   0/1     ErrImagePull   0          3s

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:19Z (3 steps ran)

$ kubectl get pods
NAME                                READY   STATUS             RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running            0          17s
nginx-deployment-65c97d6c5c-2jj9z   1/1     Running            0          17s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running            0          17s
nginx-deployment-76cdf889b4-2nwpc   0/1     ImagePullBackOff   0          13s

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
2       2025-01-01T00:00:07Z   2025-01-01T00:00:18Z

$ sim advance 11s
advanced 11s to 2025-01-01T00:00:30Z (2 steps ran)

$ kubectl get pods
NAME                                READY   STATUS         RESTARTS   AGE
nginx-deployment-65c97d6c5c-2bcp5   1/1     Running        0          28s
nginx-deployment-65c97d6c5c-2jj9z   1/1     Running        0          28s
nginx-deployment-65c97d6c5c-jjhv7   1/1     Running        0          28s
nginx-deployment-76cdf889b4-2nwpc   0/1     ErrImagePull   0          24s

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
2       2025-01-01T00:00:07Z   2025-01-01T00:00:18Z

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:40Z (3 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
3       2025-01-01T00:00:07Z   2025-01-01T00:00:39Z

$ sim advance 41s
advanced 41s to 2025-01-01T00:01:21Z (7 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
4       2025-01-01T00:00:07Z   2025-01-01T00:01:20Z

$ sim advance 81s
advanced 81s to 2025-01-01T00:02:42Z (11 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
4       2025-01-01T00:00:07Z   2025-01-01T00:01:20Z

$ sim advance 161s
advanced 2m41s to 2025-01-01T00:05:23Z (19 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
4       2025-01-01T00:00:07Z   2025-01-01T00:01:20Z

$ sim advance 301s
advanced 5m1s to 2025-01-01T00:10:24Z (38 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
4       2025-01-01T00:00:07Z   2025-01-01T00:01:20Z

$ sim advance 301s
advanced 5m1s to 2025-01-01T00:15:25Z (33 steps ran)

$ kubectl get events --field-selector reason=Pulling,involvedObject.name=nginx-deployment-76cdf889b4-2nwpc -o custom-columns=COUNT:.count,FIRST:.firstTimestamp,LAST:.lastTimestamp
COUNT   FIRST                  LAST
4       2025-01-01T00:00:07Z   2025-01-01T00:01:20Z

$ kubectl get deploy nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     1            3           15m

$ kubectl get rs
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   3         3         3       15m
nginx-deployment-76cdf889b4   1         1         0       15m

$ kubectl describe pod nginx-deployment-76cdf889b4-2nwpc
Name:             nginx-deployment-76cdf889b4-2nwpc
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:06 +0000
Labels:           app=nginx
                  pod-template-hash=76cdf889b4
Annotations:      <none>
Status:           Pending
IP:               10.244.1.3
IPs:
  IP:           10.244.1.3
Controlled By:  ReplicaSet/nginx-deployment-76cdf889b4
Containers:
  nginx:
    Container ID:
    Image:          nginx:1.91
    Image ID:
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-t88lp (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-t88lp:
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
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  15m                 default-scheduler  Successfully assigned default/nginx-deployment-76cdf889b4-2nwpc to kubeplay-worker
  Normal   Pulling    14m (x4 over 15m)   kubelet            Pulling image "nginx:1.91"
  Warning  Failed     14m (x4 over 15m)   kubelet            Failed to pull image "nginx:1.91": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found
  Warning  Failed     14m (x4 over 15m)   kubelet            Error: ErrImagePull
  Warning  Failed     13m (x6 over 15m)   kubelet            Error: ImagePullBackOff
  Normal   BackOff    11s (x85 over 15m)  kubelet            Back-off pulling image "nginx:1.91"
