# kubernetes.io's "Debug Pods", line by line. The page names no
# manifests: each case below is the smallest pod that shows it.

# "My pod stays pending": more CPU than any node has.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "64"
EOF
pod/big created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl describe pods big | sed -n '/^Status:/p;/^Events:/,$p'
Status:           Pending
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  0s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl delete pod big
pod "big" deleted

# "You are using hostPort": one pod per node can have it.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hp
spec:
  replicas: 5
  selector:
    matchLabels:
      app: hp
  template:
    metadata:
      labels:
        app: hp
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
          hostPort: 8080
EOF
deployment.apps/hp created

$ sim settle
settled after 29 steps and 4s of virtual time

$ kubectl get pods -l app=hp --field-selector=status.phase=Pending
NAME                 READY   STATUS    RESTARTS   AGE
hp-f8fc84944-dpppm   0/1     Pending   0          4s
hp-f8fc84944-mgpb4   0/1     Pending   0          4s

$ kubectl describe pod hp-f8fc84944-dpppm | sed -n '/^Events:/,$p'
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  4s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't have free ports for the requested pod ports. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.

$ kubectl delete deployment hp
deployment.apps "hp" deleted

# "My pod stays waiting": an image name with a typo. ngnix is no Docker
# Hub official image, so the registry refuses it.
$ kubectl run typo --image=ngnix
pod/typo created

$ sim settle
settled after 19 steps and 13s of virtual time

$ kubectl get pod typo
NAME   READY   STATUS             RESTARTS   AGE
typo   0/1     ImagePullBackOff   0          13s

$ kubectl describe pods typo | sed -n '/^Events:/,$p'
Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  13s               default-scheduler  Successfully assigned default/typo to kubeplay-worker3
  Normal   BackOff    11s               kubelet            Back-off pulling image "ngnix"
  Warning  Failed     11s               kubelet            Error: ImagePullBackOff
  Normal   Pulling    1s (x2 over 12s)  kubelet            Pulling image "ngnix"
  Warning  Failed     0s (x2 over 11s)  kubelet            Failed to pull image "ngnix": failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
  Warning  Failed     0s (x2 over 11s)  kubelet            Error: ErrImagePull

$ kubectl delete pod typo
pod "typo" deleted

# "My pod stays terminating": a finalizer nobody removes.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: stuck
  finalizers:
  - example.com/never
spec:
  containers:
  - name: app
    image: nginx
EOF
pod/stuck created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl delete pod stuck --wait=false
pod "stuck" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

# kubectl shows Terminating only until the kubelet has stopped the
# containers: then the pod's phase is terminal (nginx exits 0 on SIGTERM).
$ kubectl get pod stuck
NAME    READY   STATUS      RESTARTS   AGE
stuck   0/1     Completed   0          2s

# The playground models no admission webhooks.
$ kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations
error: the server doesn't have a resource type "validatingwebhookconfigurations"
(playground) a real cluster serves ValidatingWebhookConfiguration as admissionregistration.k8s.io/v1; the simulated cluster does not model it

$ kubectl patch pod stuck --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'
pod/stuck patched

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod stuck
Error from server (NotFound): pods "stuck" not found

# "My pod is running but not doing what I told it to do": `commnd`.
$ cat > mypod.yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mypod
spec:
  containers:
  - name: app
    image: busybox:1.28
    commnd: ["sleep", "3600"]
EOF

# The API server's strict field validation (kubectl's default) refuses
# it, as the page shows; the (playground) line is the playground's hint.
$ kubectl apply -f mypod.yaml
Error from server (BadRequest): error when creating "mypod.yaml": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].commnd"
(playground) unknown field "spec.containers[0].commnd": did you mean "command"?

$ kubectl create -f mypod.yaml
Error from server (BadRequest): error when creating "mypod.yaml": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].commnd"
(playground) unknown field "spec.containers[0].commnd": did you mean "command"?

$ kubectl apply --validate=strict -f mypod.yaml
Error from server (BadRequest): error when creating "mypod.yaml": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].commnd"
(playground) unknown field "spec.containers[0].commnd": did you mean "command"?

$ kubectl apply --dry-run=server -f mypod.yaml
Error from server (BadRequest): error when creating "mypod.yaml": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].commnd"
(playground) unknown field "spec.containers[0].commnd": did you mean "command"?

$ kubectl apply --validate=ignore -f mypod.yaml
pod/mypod created

$ kubectl get pods mypod -o yaml > mypod-on-apiserver.yaml

# Ignored, the field is dropped: the pod runs the image's command. Only
# kubectl's last-applied annotation still has the typo.
$ kubectl get pod mypod -o jsonpath='{.spec.containers[0].command}{"\n"}'

$ grep -c '"commnd"' mypod-on-apiserver.yaml
1

$ kubectl delete pod mypod
pod "mypod" deleted

# "Debugging Replication Controllers"
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    name: nginx
    type: frontend
  template:
    metadata:
      labels:
        name: nginx
        type: frontend
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
EOF
replicationcontroller/nginx created

$ sim settle
settled after 17 steps and 2s of virtual time

$ kubectl describe rc nginx
Name:         nginx
Namespace:    default
Selector:     name=nginx,type=frontend
Labels:       name=nginx
              type=frontend
Annotations:  <none>
Replicas:     2 current / 2 desired
Pods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  name=nginx
           type=frontend
  Containers:
   nginx:
    Image:         nginx
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                    Message
  ----    ------            ----  ----                    -------
  Normal  SuccessfulCreate  2s    replication-controller  Created pod: nginx-scdtr
  Normal  SuccessfulCreate  2s    replication-controller  Created pod: nginx-kls7k

# "Debugging Services"
$ kubectl expose rc nginx --port=80
service/nginx exposed

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get endpointslices -l kubernetes.io/service-name=nginx
NAME          ADDRESSTYPE   PORTS   ENDPOINTS               AGE
nginx-dwmfr   IPv4          80      10.244.1.4,10.244.3.4   0s

$ kubectl get pods --selector=name=nginx,type=frontend
NAME          READY   STATUS    RESTARTS   AGE
nginx-kls7k   1/1     Running   0          2s
nginx-scdtr   1/1     Running   0          2s

$ kubectl delete rc,svc nginx
replicationcontroller "nginx" deleted
service "nginx" deleted
