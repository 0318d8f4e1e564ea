# dgkanatsios/CKAD-exercises, c.pod_design.md.

# Labels and annotations
# Create 3 pods with names nginx1,nginx2,nginx3. All of them should have the label app=v1
$ kubectl run nginx1 --image=nginx --restart=Never --labels=app=v1
pod/nginx1 created

$ kubectl run nginx2 --image=nginx --restart=Never --labels=app=v1
pod/nginx2 created

$ kubectl run nginx3 --image=nginx --restart=Never --labels=app=v1
pod/nginx3 created

# The loop's way (the pods exist now), with backticks and with $(…).
$ for i in `seq 1 3`; do kubectl run nginx$i --image=nginx -l app=v1 ; done
Error from server (AlreadyExists): pods "nginx1" already exists
Error from server (AlreadyExists): pods "nginx2" already exists
Error from server (AlreadyExists): pods "nginx3" already exists

$ for i in $(seq 1 3); do kubectl run nginx$i --image=nginx -l app=v1 ; done
Error from server (AlreadyExists): pods "nginx1" already exists
Error from server (AlreadyExists): pods "nginx2" already exists
Error from server (AlreadyExists): pods "nginx3" already exists

$ sim settle
settled after 14 steps and 7s of virtual time

# Show all labels of the pods
$ kubectl get po --show-labels
NAME     READY   STATUS    RESTARTS   AGE   LABELS
nginx1   1/1     Running   0          7s    app=v1
nginx2   1/1     Running   0          7s    app=v1
nginx3   1/1     Running   0          7s    app=v1

# Change the labels of pod 'nginx2' to be app=v2
$ kubectl label po nginx2 app=v2 --overwrite
pod/nginx2 labeled

# Get the label 'app' for the pods (show a column with APP labels)
$ kubectl get po -L app
NAME     READY   STATUS    RESTARTS   AGE   APP
nginx1   1/1     Running   0          7s    v1
nginx2   1/1     Running   0          7s    v2
nginx3   1/1     Running   0          7s    v1

$ kubectl get po --label-columns=app
NAME     READY   STATUS    RESTARTS   AGE   APP
nginx1   1/1     Running   0          7s    v1
nginx2   1/1     Running   0          7s    v2
nginx3   1/1     Running   0          7s    v1

# Get only the 'app=v2' pods
$ kubectl get po -l app=v2
NAME     READY   STATUS    RESTARTS   AGE
nginx2   1/1     Running   0          7s

$ kubectl get po -l 'app in (v2)'
NAME     READY   STATUS    RESTARTS   AGE
nginx2   1/1     Running   0          7s

$ kubectl get po --selector=app=v2
NAME     READY   STATUS    RESTARTS   AGE
nginx2   1/1     Running   0          7s

# Add a new label tier=web to all pods having 'app=v2' or 'app=v1' labels
$ kubectl label po -l "app in(v1,v2)" tier=web
pod/nginx1 labeled
pod/nginx2 labeled
pod/nginx3 labeled

# Add an annotation 'owner: marketing' to all pods having 'app=v2' label
$ kubectl annotate po -l "app=v2" owner=marketing
pod/nginx2 annotated

# Remove the 'app' label from the pods we created before
$ kubectl label po nginx1 nginx2 nginx3 app-
pod/nginx1 unlabeled
pod/nginx2 unlabeled
pod/nginx3 unlabeled

# Brace expansion passes nginx1 nginx2 nginx3, which have no app label
# left.
$ kubectl label po nginx{1..3} app-
label "app" not found.
pod/nginx1 not labeled
label "app" not found.
pod/nginx2 not labeled
label "app" not found.
pod/nginx3 not labeled

$ kubectl label po -l app app-

# Create a pod that will be deployed to a Node that has the label 'accelerator=nvidia-tesla-p100'
$ kubectl label nodes kubeplay-worker accelerator=nvidia-tesla-p100
node/kubeplay-worker labeled

$ kubectl get nodes --show-labels
NAME                     STATUS   ROLES           AGE   VERSION   LABELS
kubeplay-control-plane   Ready    control-plane   9s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=
kubeplay-worker          Ready    <none>          9s    v1.32.0   accelerator=nvidia-tesla-p100,beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-a
kubeplay-worker2         Ready    <none>          9s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker2,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-b
kubeplay-worker3         Ready    <none>          9s    v1.32.0   beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kubeplay-worker3,kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-c

$ cat <<EOF > cuda.yaml
apiVersion: v1
kind: Pod
metadata:
  name: cuda-test
spec:
  containers:
    - name: cuda-test
      image: "k8s.gcr.io/cuda-vector-add:v0.1"
  nodeSelector: # add this
    accelerator: nvidia-tesla-p100 # the selection label
EOF

$ kubectl apply -f cuda.yaml
pod/cuda-test created

$ kubectl explain po.spec | head -20
KIND:       Pod
VERSION:    v1

FIELD: spec <PodSpec>


DESCRIPTION:
    The containers to run and how.
    What a pod runs and where it may run.

FIELDS:
  activeDeadlineSeconds	<integer>
    How long the pod may run before the kubelet stops it.

  affinity	<Affinity>
    Rules that attract the pod to, or keep it away from, certain nodes and other
    pods.

  automountServiceAccountToken	<boolean>
    Whether the ServiceAccount's API token is mounted into the containers.

$ cat <<EOF > affinity.yaml
apiVersion: v1
kind: Pod
metadata:
  name: affinity-pod
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: accelerator
            operator: In
            values:
            - nvidia-tesla-p100
  containers:
  - name: nginx
    image: nginx
EOF

$ kubectl apply -f affinity.yaml
pod/affinity-pod created

$ sim settle
settled after 9 steps and 3s of virtual time

# (playground) The catalog does not know cuda-vector-add, so it runs as a
# server here; on kind's nodes, which have no GPU, the sample exits with
# an error and the pod goes into CrashLoopBackOff.
$ kubectl get po cuda-test affinity-pod -o wide
NAME           READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
cuda-test      1/1     Running   0          3s    10.244.1.3   kubeplay-worker   <none>           <none>
affinity-pod   1/1     Running   0          3s    10.244.1.4   kubeplay-worker   <none>           <none>

$ kubectl delete po cuda-test affinity-pod
pod "cuda-test" deleted
pod "affinity-pod" deleted

# Annotate pods nginx1, nginx2, nginx3 with "description='my description'" value
$ kubectl annotate po nginx1 nginx2 nginx3 description='my description'
pod/nginx1 annotated
pod/nginx2 annotated
pod/nginx3 annotated

# The brace expansion's way annotates the three pods again: unchanged
# values are not an error for annotate.
$ kubectl annotate po nginx{1..3} description='my description'
pod/nginx1 annotated
pod/nginx2 annotated
pod/nginx3 annotated

# Check the annotations for pod nginx1
$ kubectl annotate pod nginx1 --list
description=my description

$ kubectl describe po nginx1 | grep -i 'annotations'
Annotations:      description: my description

$ kubectl get po nginx1 -o custom-columns=Name:metadata.name,ANNOTATIONS:metadata.annotations.description
Name     ANNOTATIONS
nginx1   my description

$ kubectl get po nginx1 -o jsonpath='{.metadata.annotations}{"\n"}'
{"description":"my description"}

# Remove the annotations for these three pods
$ kubectl annotate po nginx{1..3} description-
pod/nginx1 annotated
pod/nginx2 annotated
pod/nginx3 annotated

$ kubectl annotate po nginx1 nginx2 nginx3 description-
pod/nginx1 annotated
pod/nginx2 annotated
pod/nginx3 annotated

# Remove these pods to have a clean state in your cluster (the
# exercise's second way then finds them gone)
$ kubectl delete po nginx{1..3}
pod "nginx1" deleted
pod "nginx2" deleted
pod "nginx3" deleted

$ kubectl delete po nginx1 nginx2 nginx3
Error from server (NotFound): pods "nginx1" not found
Error from server (NotFound): pods "nginx2" not found
Error from server (NotFound): pods "nginx3" not found

# Deployments
# Create a deployment with image nginx:1.18.0, called nginx, having 2
# replicas, defining port 80 as the port that this container exposes
$ kubectl create deployment nginx  --image=nginx:1.18.0  --dry-run=client -o yaml > deploy.yaml

$ cat deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: nginx
  name: nginx
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.18.0
        name: nginx
        resources: {}
status: {}

$ kubectl create deployment nginx  --image=nginx:1.18.0  --dry-run=client -o yaml | sed 's/replicas: 1/replicas: 2/g'  | sed 's/image: nginx:1.18.0/image: nginx:1.18.0\n        ports:\n        - containerPort: 80/g' | kubectl apply -f -
deployment.apps/nginx created

$ kubectl create deploy nginx --image=nginx:1.18.0 --replicas=2 --port=80
error: failed to create deployment: deployments.apps "nginx" already exists

$ sim settle
settled after 25 steps and 4s of virtual time

# View the YAML of this deployment
$ kubectl get deploy nginx -o yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"creationTimestamp":null,"labels":{"app":"nginx"},"name":"nginx","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"nginx"}},"strategy":{},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.18.0","name":"nginx","ports":[{"containerPort":80}],"resources":{}}]}}},"status":{}}
  creationTimestamp: "2025-01-01T00:00:14Z"
  generation: 1
  labels:
    app: nginx
  name: nginx
  namespace: default
  resourceVersion: "488"
  uid: d6301ff5-595d-47d7-b112-711868c4f859
spec:
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.18.0
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:18Z"
    lastUpdateTime: "2025-01-01T00:00:18Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:14Z"
    lastUpdateTime: "2025-01-01T00:00:18Z"
    message: ReplicaSet "nginx-59cd564f7f" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2

# View the YAML of the replica set that was created by this deployment
$ kubectl describe deploy nginx
Name:                   nginx
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:14 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=nginx
Replicas:               2 desired | 2 updated | 2 total | 2 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.18.0
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   nginx-59cd564f7f (2/2 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  4s    deployment-controller  Scaled up replica set nginx-59cd564f7f from 0 to 2

$ kubectl get rs -l run=nginx
No resources found in default namespace.

$ kubectl get rs -l app=nginx
NAME               DESIRED   CURRENT   READY   AGE
nginx-59cd564f7f   2         2         2       4s

$ kubectl get rs $(kubectl get rs -l app=nginx -o jsonpath='{.items[0].metadata.name}') -o yaml
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  annotations:
    deployment.kubernetes.io/desired-replicas: "2"
    deployment.kubernetes.io/max-replicas: "3"
    deployment.kubernetes.io/revision: "1"
  creationTimestamp: "2025-01-01T00:00:14Z"
  generation: 1
  labels:
    app: nginx
    pod-template-hash: 59cd564f7f
  name: nginx-59cd564f7f
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: Deployment
    name: nginx
    uid: d6301ff5-595d-47d7-b112-711868c4f859
  resourceVersion: "486"
  uid: d054a23f-64a6-47a2-9e4d-3e6413aa28b1
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
      pod-template-hash: 59cd564f7f
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
        pod-template-hash: 59cd564f7f
    spec:
      containers:
      - image: nginx:1.18.0
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 2
  fullyLabeledReplicas: 2
  observedGeneration: 1
  readyReplicas: 2
  replicas: 2

# Get the YAML for one of the pods
$ kubectl get po
NAME                     READY   STATUS    RESTARTS   AGE
nginx-59cd564f7f-jvtfw   1/1     Running   0          4s
nginx-59cd564f7f-k97gr   1/1     Running   0          4s

$ kubectl get po -l run=nginx
No resources found in default namespace.

$ kubectl get po -l app=nginx
NAME                     READY   STATUS    RESTARTS   AGE
nginx-59cd564f7f-jvtfw   1/1     Running   0          4s
nginx-59cd564f7f-k97gr   1/1     Running   0          4s

$ kubectl get po $(kubectl get po -l app=nginx -o jsonpath='{.items[0].metadata.name}') -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:14Z"
  generateName: nginx-59cd564f7f-
  labels:
    app: nginx
    pod-template-hash: 59cd564f7f
  name: nginx-59cd564f7f-jvtfw
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: ReplicaSet
    name: nginx-59cd564f7f
    uid: d054a23f-64a6-47a2-9e4d-3e6413aa28b1
  resourceVersion: "484"
  uid: 6b0e9a68-26c1-4fa0-99fa-dd8a50053798
spec:
  containers:
  - image: nginx:1.18.0
    imagePullPolicy: IfNotPresent
    name: nginx
    ports:
    - containerPort: 80
      protocol: TCP
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-58wlb
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker3
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-58wlb
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:18Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:14Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:18Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:18Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:14Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://21d80e2d35e20bb774141503c7aa81ba41105cc3d96155613a6f73c987156afe
    image: docker.io/library/nginx:1.18.0
    imageID: docker.io/library/nginx@sha256:708bc0afe9088961fd75e1590c7e1a4076f284b7bdb2b86baa36f5f71fd0a1d2
    name: nginx
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:18Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.4
  podIPs:
  - ip: 10.244.3.4
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:14Z"

# Check how the deployment rollout is going
$ kubectl rollout status deploy nginx
deployment "nginx" successfully rolled out

# Update the nginx image to nginx:1.19.8
$ kubectl set image deploy nginx nginx=nginx:1.19.8
deployment.apps/nginx image updated

$ sim advance 1s
advanced 1s to 2025-01-01T00:00:19Z (10 steps ran)

# Check the rollout history and confirm that the replicas are OK
$ kubectl rollout history deploy nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl get deploy nginx
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   2/2     1            2           5s

$ kubectl get rs
NAME               DESIRED   CURRENT   READY   AGE
nginx-59cd564f7f   2         2         2       5s
nginx-f9fbb458b    1         1         0       1s

$ kubectl get po
NAME                     READY   STATUS              RESTARTS   AGE
nginx-59cd564f7f-jvtfw   1/1     Running             0          5s
nginx-59cd564f7f-k97gr   1/1     Running             0          5s
nginx-f9fbb458b-4x4qk    0/1     ContainerCreating   0          1s

$ sim settle
settled after 37 steps and 8s of virtual time

$ kubectl get rs
NAME               DESIRED   CURRENT   READY   AGE
nginx-59cd564f7f   0         0         0       13s
nginx-f9fbb458b    2         2         2       9s

# Undo the latest rollout and verify that new pods have the old image (nginx:1.18.0)
$ kubectl rollout undo deploy nginx
deployment.apps/nginx rolled back

$ sim settle
settled after 45 steps and 4s of virtual time

$ kubectl get po
NAME                     READY   STATUS    RESTARTS   AGE
nginx-59cd564f7f-mgtst   1/1     Running   0          4s
nginx-59cd564f7f-wbbbz   1/1     Running   0          2s

$ kubectl describe po $(kubectl get po -l app=nginx -o jsonpath='{.items[0].metadata.name}') | grep -i image
    Image:          nginx:1.18.0
    Image ID:       docker.io/library/nginx@sha256:708bc0afe9088961fd75e1590c7e1a4076f284b7bdb2b86baa36f5f71fd0a1d2
  Normal  Pulled     3s    kubelet            Container image "nginx:1.18.0" already present on machine

# Do an on purpose update of the deployment with a wrong image nginx:1.91
$ kubectl set image deploy nginx nginx=nginx:1.91
deployment.apps/nginx image updated

# Verify that something's wrong with the rollout: it never finishes.
$ kubectl rollout status deploy nginx --timeout=60s
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 out of 2 new replicas have been updated...
error: timed out waiting for the condition

$ kubectl get po
NAME                     READY   STATUS             RESTARTS   AGE
nginx-59cd564f7f-mgtst   1/1     Running            0          64s
nginx-59cd564f7f-wbbbz   1/1     Running            0          62s
nginx-76cdf889b4-n54qb   0/1     ImagePullBackOff   0          60s

# Return the deployment to the second revision (number 2) and verify the image is nginx:1.19.8
$ kubectl rollout undo deploy nginx --to-revision=2
deployment.apps/nginx rolled back

$ kubectl describe deploy nginx | grep Image:
    Image:         nginx:1.19.8

$ kubectl rollout status deploy nginx
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx" rollout to finish: 1 old replicas are pending termination...
deployment "nginx" successfully rolled out

# Check the details of the fourth revision (number 4)
$ kubectl rollout history deploy nginx --revision=4
deployment.apps/nginx with revision #4
Pod Template:
  Labels:	app=nginx
	pod-template-hash=76cdf889b4
  Containers:
   nginx:
    Image:	nginx:1.91
    Port:	80/TCP
    Host Port:	0/TCP
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

# Scale the deployment to 5 replicas
$ kubectl scale deploy nginx --replicas=5
deployment.apps/nginx scaled

$ sim advance 1s
advanced 1s to 2025-01-01T00:01:36Z (21 steps ran)

$ kubectl get po
NAME                    READY   STATUS              RESTARTS   AGE
nginx-f9fbb458b-2vkpf   0/1     ContainerCreating   0          1s
nginx-f9fbb458b-6cghs   0/1     ContainerCreating   0          1s
nginx-f9fbb458b-9gtbq   1/1     Running             0          3s
nginx-f9fbb458b-thktj   0/1     ContainerCreating   0          1s
nginx-f9fbb458b-z7w7r   1/1     Running             0          5s

$ kubectl describe deploy nginx
Name:                   nginx
Namespace:              default
CreationTimestamp:      Wed, 01 Jan 2025 00:00:14 +0000
Labels:                 app=nginx
Annotations:            deployment.kubernetes.io/revision: 5
Selector:               app=nginx
Replicas:               5 desired | 5 updated | 5 total | 2 available | 3 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:         nginx:1.19.8
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Progressing    True    NewReplicaSetAvailable
  Available      False   MinimumReplicasUnavailable
OldReplicaSets:  nginx-59cd564f7f (0/0 replicas created), nginx-76cdf889b4 (0/0 replicas created)
NewReplicaSet:   nginx-f9fbb458b (5/5 replicas created)
Events:
  Type    Reason             Age               From                   Message
  ----    ------             ----              ----                   -------
  Normal  ScalingReplicaSet  82s               deployment-controller  Scaled up replica set nginx-59cd564f7f from 0 to 2
  Normal  ScalingReplicaSet  69s               deployment-controller  Scaled up replica set nginx-59cd564f7f from 0 to 1
  Normal  ScalingReplicaSet  67s               deployment-controller  Scaled down replica set nginx-f9fbb458b from 2 to 1
  Normal  ScalingReplicaSet  67s               deployment-controller  Scaled up replica set nginx-59cd564f7f from 1 to 2
  Normal  ScalingReplicaSet  65s               deployment-controller  Scaled down replica set nginx-f9fbb458b from 1 to 0
  Normal  ScalingReplicaSet  5s (x2 over 78s)  deployment-controller  Scaled up replica set nginx-f9fbb458b from 0 to 1
  Normal  ScalingReplicaSet  3s (x2 over 73s)  deployment-controller  Scaled down replica set nginx-59cd564f7f from 2 to 1
  Normal  ScalingReplicaSet  3s (x2 over 73s)  deployment-controller  Scaled up replica set nginx-f9fbb458b from 1 to 2
  Normal  ScalingReplicaSet  1s (x2 over 69s)  deployment-controller  Scaled down replica set nginx-59cd564f7f from 1 to 0
  Normal  ScalingReplicaSet  1s (x3 over 65s)  deployment-controller  (combined from similar events): Scaled up replica set nginx-f9fbb458b from 2 to 5

# Autoscale the deployment, pods between 5 and 10, targetting CPU utilization at 80%
$ kubectl autoscale deploy nginx --min=5 --max=10 --cpu-percent=80
horizontalpodautoscaler.autoscaling/nginx autoscaled

$ kubectl get hpa nginx
NAME    REFERENCE          TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
nginx   Deployment/nginx   cpu: <unknown>/80%   5         10        0          0s

# Pause the rollout of the deployment
$ kubectl rollout pause deploy nginx
deployment.apps/nginx paused

# Update the image to nginx:1.19.9 and check that there's nothing going on
$ kubectl set image deploy nginx nginx=nginx:1.19.9
deployment.apps/nginx image updated

$ kubectl rollout history deploy nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
3         <none>
4         <none>
5         <none>

# Resume the rollout and check that the nginx:1.19.9 image has been applied
$ kubectl rollout resume deploy nginx
deployment.apps/nginx resumed

$ sim settle
settled after 86 steps and 10s of virtual time

$ kubectl rollout history deploy nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
3         <none>
4         <none>
5         <none>
6         <none>

$ kubectl rollout history deploy nginx --revision=6
deployment.apps/nginx with revision #6
Pod Template:
  Labels:	app=nginx
	pod-template-hash=5bd879bb7
  Containers:
   nginx:
    Image:	nginx:1.19.9
    Port:	80/TCP
    Host Port:	0/TCP
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	<none>
  Tolerations:	<none>

# Delete the deployment and the horizontal pod autoscaler you created
$ kubectl delete deploy nginx
deployment.apps "nginx" deleted

$ kubectl delete hpa nginx
horizontalpodautoscaler.autoscaling "nginx" deleted

$ kubectl delete deploy/nginx hpa/nginx
Error from server (NotFound): deployments.apps "nginx" not found
Error from server (NotFound): horizontalpodautoscalers.autoscaling "nginx" not found

# Implement canary deployment by running two instances of nginx marked as
# version=v1 and version=v2 so that the load is balanced at 75%-25% ratio
$ cat <<EOF > v1.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-app-v1
  labels:
    app: my-app
spec:
  replicas: 3
  selector:
    matchLabels:
      app: my-app
      version: v1
  template:
    metadata:
      labels:
        app: my-app
        version: v1
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
        volumeMounts:
        - name: workdir
          mountPath: /usr/share/nginx/html
      initContainers:
      - name: install
        image: busybox:1.28
        command:
        - /bin/sh
        - -c
        - "echo version-1 > /work-dir/index.html"
        volumeMounts:
        - name: workdir
          mountPath: "/work-dir"
      volumes:
      - name: workdir
        emptyDir: {}
EOF

$ kubectl apply -f v1.yaml
deployment.apps/my-app-v1 created

$ cat <<EOF > svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: my-app-svc
  labels:
    app: my-app
spec:
  type: ClusterIP
  ports:
  - name: http
    port: 80
    targetPort: 80
  selector:
    app: my-app
EOF

$ kubectl apply -f svc.yaml
service/my-app-svc created

$ sim settle
settled after 79 steps and 6s of virtual time

# Test if the deployment was successful. The exercise curls the service's
# address from a machine inside the cluster's network.
$ curl $(kubectl get svc my-app-svc -o jsonpath="{.spec.clusterIP}")
curl: (28) Failed to connect to 10.101.110.240 port 80 after 130000 ms: Couldn't connect to server
(playground) this machine has no route to the cluster's pod and service addresses; a port-forward (localhost) or a node's address with a NodePort reaches them

# From a pod, then.
$ kubectl run curl --image=curlimages/curl --restart=Never --rm -it -- sh
If you don't see a command prompt, try pressing enter.

$ curl -s my-app-svc
version-1

$ exit
pod "curl" deleted

$ cat <<EOF > v2.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-app-v2
  labels:
    app: my-app
spec:
  replicas: 1
  selector:
    matchLabels:
      app: my-app
      version: v2
  template:
    metadata:
      labels:
        app: my-app
        version: v2
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
        volumeMounts:
        - name: workdir
          mountPath: /usr/share/nginx/html
      initContainers:
      - name: install
        image: busybox:1.28
        command:
        - /bin/sh
        - -c
        - "echo version-2 > /work-dir/index.html"
        volumeMounts:
        - name: workdir
          mountPath: "/work-dir"
      volumes:
      - name: workdir
        emptyDir: {}
EOF

$ kubectl apply -f v2.yaml
deployment.apps/my-app-v2 created

$ sim settle
settled after 27 steps and 3s of virtual time

# Calls through the service are balanced across the four pods.
$ kubectl run curl --image=curlimages/curl --restart=Never --rm -i -- sh -c 'for i in 1 2 3 4 5 6 7 8; do curl -s my-app-svc; done'
If you don't see a command prompt, try pressing enter.
version-1
version-1
version-1
version-1
version-2
version-1
version-1
version-1
pod "curl" deleted

# If the v2 is stable, scale it up to 4 replicas and shut down the v1
$ kubectl scale --replicas=4 deploy my-app-v2
deployment.apps/my-app-v2 scaled

$ kubectl delete deploy my-app-v1
deployment.apps "my-app-v1" deleted

$ sim settle
settled after 57 steps and 3s of virtual time

$ kubectl run curl --image=curlimages/curl --restart=Never --rm -i -- sh -c 'for i in 1 2 3 4 5 6; do curl -s my-app-svc; done'
If you don't see a command prompt, try pressing enter.
version-2
version-2
version-2
version-2
version-2
version-2
pod "curl" deleted

$ kubectl delete deploy my-app-v2
deployment.apps "my-app-v2" deleted

$ kubectl delete svc my-app-svc
service "my-app-svc" deleted

# Jobs
# Create a job named pi with image perl:5.34 that runs the command with
# arguments "perl -Mbignum=bpi -wle 'print bpi(2000)'"
$ kubectl create job pi  --image=perl:5.34 -- perl -Mbignum=bpi -wle 'print bpi(2000)'
job.batch/pi created

# Wait till it's done, get the output
$ kubectl get jobs -w
NAME   STATUS    COMPLETIONS   DURATION   AGE
pi     Running   0/1                      0s
pi     Running   0/1           0s         0s
pi     Running   0/1           14s        14s
pi     Complete   1/1           19s        19s
(playground) stopped watching: the cluster settled after 20s of virtual time; kubectl would keep watching until interrupted

$ kubectl get po
NAME       READY   STATUS      RESTARTS   AGE
pi-qrrd9   0/1     Completed   0          20s

$ kubectl logs $(kubectl get po -l job-name=pi -o name)
3.1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679821480865132823066470938446095505822317253594081284811174502841027019385211055596446229489549303819644288109756659334461284756482337867831652712019091456485669234603486104543266482133936072602491412737245870066063155881748815209209628292540917153643678925903600113305305488204665213841469519415116094330572703657595919530921861173819326117931051185480744623799627495673518857527248912279381830119491298336733624406566430860213949463952247371907021798609437027705392171762931767523846748184676694051320005681271452635608277857713427577896091736371787214684409012249534301465495853710507922796892589235420199561121290219608640344181598136297747713099605187072113499999983729780499510597317328160963185950244594553469083026425223082533446850352619311881710100031378387528865875332083814206171776691473035982534904287554687311595628638823537875937519577818577805321712268066130019278766111959092164201989380952572010654858632788659361533818279682303019520353018529689957736225994138912497217752834791315155748572424541506959508295331168617278558890750983817546374649393192550604009277016711390098488240128583616035637076601047101819429555961989467678374494482553797747268471040475346462080466842590694912933136770289891521047521620569660240580381501935112533824300355876402474964732639141992726042699227967823547816360093417216412199245863150302861829745557067498385054945885869269956909272107975093029553211653449872027559602364806654991198818347977535663698074265425278625518184175746728909777727938000816470600161452491921732172147723501414419735685481613611573525521334757418494684385233239073941433345477624168625189835694855620992192221842725502542568876717904946016534668049886272327917860857843838279679766814541009538837863609506800642251252051173929848960841284886269456042419652850222106611863067442786220391949450471237137869609563643719172874677646575739624138908658326459958133904780275901

$ kubectl logs job/pi
3.1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679821480865132823066470938446095505822317253594081284811174502841027019385211055596446229489549303819644288109756659334461284756482337867831652712019091456485669234603486104543266482133936072602491412737245870066063155881748815209209628292540917153643678925903600113305305488204665213841469519415116094330572703657595919530921861173819326117931051185480744623799627495673518857527248912279381830119491298336733624406566430860213949463952247371907021798609437027705392171762931767523846748184676694051320005681271452635608277857713427577896091736371787214684409012249534301465495853710507922796892589235420199561121290219608640344181598136297747713099605187072113499999983729780499510597317328160963185950244594553469083026425223082533446850352619311881710100031378387528865875332083814206171776691473035982534904287554687311595628638823537875937519577818577805321712268066130019278766111959092164201989380952572010654858632788659361533818279682303019520353018529689957736225994138912497217752834791315155748572424541506959508295331168617278558890750983817546374649393192550604009277016711390098488240128583616035637076601047101819429555961989467678374494482553797747268471040475346462080466842590694912933136770289891521047521620569660240580381501935112533824300355876402474964732639141992726042699227967823547816360093417216412199245863150302861829745557067498385054945885869269956909272107975093029553211653449872027559602364806654991198818347977535663698074265425278625518184175746728909777727938000816470600161452491921732172147723501414419735685481613611573525521334757418494684385233239073941433345477624168625189835694855620992192221842725502542568876717904946016534668049886272327917860857843838279679766814541009538837863609506800642251252051173929848960841284886269456042419652850222106611863067442786220391949450471237137869609563643719172874677646575739624138908658326459958133904780275901

$ kubectl wait --for=condition=complete --timeout=300s job pi
job.batch/pi condition met

$ kubectl delete job pi
job.batch "pi" deleted

# Create a job with the image busybox that executes the command 'echo hello;sleep 30;echo world'
$ kubectl create job busybox --image=busybox -- /bin/sh -c 'echo hello;sleep 30;echo world'
job.batch/busybox created

$ sim advance 5s
advanced 5s to 2025-01-01T00:02:38Z (15 steps ran)

# Follow the logs for the pod (you'll wait for 30 seconds)
$ kubectl get po
NAME            READY   STATUS    RESTARTS   AGE
busybox-mpgnl   1/1     Running   0          5s

$ kubectl logs $(kubectl get po -l job-name=busybox -o name) -f
hello
world

# See the status of the job, describe it and see the logs (a moment
# later: the job controller has yet to see the pod succeed).
$ sim settle
settled after 4 steps and 1s of virtual time

$ kubectl get jobs
NAME      STATUS     COMPLETIONS   DURATION   AGE
busybox   Complete   1/1           32s        33s

$ kubectl describe jobs busybox
Name:             busybox
Namespace:        default
Selector:         batch.kubernetes.io/controller-uid=5abf740b-ca16-4131-8ab4-33f9a7160875
Labels:           batch.kubernetes.io/controller-uid=5abf740b-ca16-4131-8ab4-33f9a7160875
                  batch.kubernetes.io/job-name=busybox
                  controller-uid=5abf740b-ca16-4131-8ab4-33f9a7160875
                  job-name=busybox
Annotations:      <none>
Parallelism:      1
Completions:      1
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    6
Start Time:       Wed, 01 Jan 2025 00:02:33 +0000
Completed At:     Wed, 01 Jan 2025 00:03:05 +0000
Duration:         32s
Pods Statuses:    0 Active (0 Ready) / 1 Succeeded / 0 Failed
Pod Template:
  Labels:  batch.kubernetes.io/controller-uid=5abf740b-ca16-4131-8ab4-33f9a7160875
           batch.kubernetes.io/job-name=busybox
           controller-uid=5abf740b-ca16-4131-8ab4-33f9a7160875
           job-name=busybox
  Containers:
   busybox:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      /bin/sh
      -c
      echo hello;sleep 30;echo world
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From            Message
  ----    ------            ----  ----            -------
  Normal  SuccessfulCreate  33s   job-controller  Created pod: busybox-mpgnl
  Normal  Completed         1s    job-controller  Job completed

$ kubectl logs job/busybox
hello
world

# Delete the job
$ kubectl delete job busybox
job.batch "busybox" deleted

# Create a job but ensure that it will be automatically terminated by
# kubernetes if it takes more than 30 seconds to execute
$ kubectl create job busybox --image=busybox --dry-run=client -o yaml -- /bin/sh -c 'while true; do echo hello; sleep 10;done' > job.yaml

$ cat job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  name: busybox
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - command:
        - /bin/sh
        - -c
        - while true; do echo hello; sleep 10;done
        image: busybox
        name: busybox
        resources: {}
      restartPolicy: Never
status: {}

# The exercise's YAML, with activeDeadlineSeconds (its labels are
# kubectl run's, its restartPolicy create job's).
$ cat <<EOF > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  activeDeadlineSeconds: 30 # add this line
  template:
    metadata:
      creationTimestamp: null
      labels:
        run: busybox
    spec:
      containers:
      - args:
        - /bin/sh
        - -c
        - while true; do echo hello; sleep 10;done
        image: busybox
        name: busybox
        resources: {}
      restartPolicy: OnFailure
status: {}
EOF

$ kubectl create -f job.yaml
job.batch/busybox created

$ sim advance 40s
advanced 40s to 2025-01-01T00:03:46Z (15 steps ran)

# At 30s the deadline fails the job (FailureTarget), and it is Failed once
# its pod, whose shell ignores SIGTERM, is killed after the grace period.
$ kubectl get job busybox
NAME      STATUS          COMPLETIONS   DURATION   AGE
busybox   FailureTarget   0/1           40s        40s

$ sim settle
settled after 4 steps and 20s of virtual time

$ kubectl get job busybox
NAME      STATUS   COMPLETIONS   DURATION   AGE
busybox   Failed   0/1           60s        60s

$ kubectl describe job busybox | tail -6
Events:
  Type     Reason            Age   From            Message
  ----     ------            ----  ----            -------
  Normal   SuccessfulCreate  60s   job-controller  Created pod: busybox-zclx2
  Normal   SuccessfulDelete  30s   job-controller  Deleted pod: busybox-zclx2
  Warning  DeadlineExceeded  0s    job-controller  Job was active longer than specified deadline

$ kubectl delete job busybox
job.batch "busybox" deleted

# Create the same job, make it run 5 times, one after the other. Verify its status and delete it
$ kubectl create job busybox --image=busybox --dry-run=client -o yaml -- /bin/sh -c 'echo hello;sleep 30;echo world' > job.yaml

$ cat <<EOF > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  completions: 5 # add this line
  template:
    metadata:
      creationTimestamp: null
      labels:
        run: busybox
    spec:
      containers:
      - args:
        - /bin/sh
        - -c
        - echo hello;sleep 30;echo world
        image: busybox
        name: busybox
        resources: {}
      restartPolicy: OnFailure
status: {}
EOF

$ kubectl create -f job.yaml
job.batch/busybox created

# Two and a half minutes.
$ kubectl get job busybox -w
NAME      STATUS    COMPLETIONS   DURATION   AGE
busybox   Running   0/5                      0s
busybox   Running   0/5           0s         0s
busybox   Running   0/5           2s         2s
busybox   Running   1/5           32s        32s
busybox   Running   1/5           34s        34s
busybox   Running   2/5           65s        65s
busybox   Running   2/5           67s        67s
busybox   Running   3/5           97s        97s
busybox   Running   3/5           99s        99s
busybox   Running   4/5           2m10s      2m10s
busybox   Running   4/5           2m12s      2m12s
busybox   Complete   5/5           2m42s      2m42s
(playground) stopped watching: the cluster settled after 2m43s of virtual time; kubectl would keep watching until interrupted

$ kubectl delete jobs busybox
job.batch "busybox" deleted

# Create the same job, but make it run 5 parallel times
$ cat <<EOF > job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  labels:
    run: busybox
  name: busybox
spec:
  parallelism: 5 # add this line
  template:
    metadata:
      creationTimestamp: null
      labels:
        run: busybox
    spec:
      containers:
      - args:
        - /bin/sh
        - -c
        - echo hello;sleep 30;echo world
        image: busybox
        name: busybox
        resources: {}
      restartPolicy: OnFailure
status: {}
EOF

$ kubectl create -f job.yaml
job.batch/busybox created

$ kubectl get jobs
NAME      STATUS    COMPLETIONS   DURATION   AGE
busybox   Running   0/1 of 5                 0s

$ sim settle
settled after 55 steps and 34s of virtual time

$ kubectl get jobs
NAME      STATUS     COMPLETIONS   DURATION   AGE
busybox   Complete   5/1 of 5      33s        34s

$ kubectl delete job busybox
job.batch "busybox" deleted

# Cron jobs
# Create a cron job with image busybox that runs on a schedule of
# "*/1 * * * *" and writes 'date; echo Hello from the Kubernetes cluster'
# to standard output
$ kubectl create cronjob busybox --image=busybox --schedule="*/1 * * * *" -- /bin/sh -c 'date; echo Hello from the Kubernetes cluster'
cronjob.batch/busybox created

# See its logs and delete it
$ sim advance 65s
advanced 65s to 2025-01-01T00:08:29Z (25 steps ran)

$ kubectl get po
NAME                     READY   STATUS      RESTARTS   AGE
busybox-28928168-jzjph   0/1     Completed   0          29s

$ kubectl logs $(kubectl get po -o name | head -1)
Wed Jan  1 00:08:01 UTC 2025
Hello from the Kubernetes cluster

$ kubectl delete cj busybox --force
Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.
cronjob.batch "busybox" force deleted

# Create the same cron job again, and watch the status. Once it ran,
# check which job ran by the created cron job. Check the log, and delete
# the cron job
$ kubectl create cronjob busybox --image=busybox --schedule="*/1 * * * *" -- /bin/sh -c 'date; echo Hello from the Kubernetes cluster'
cronjob.batch/busybox created

$ kubectl get cj
NAME      SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
busybox   */1 * * * *   <none>     False     0        <none>          0s

$ kubectl get jobs --watch
NAME               STATUS     COMPLETIONS   DURATION   AGE
busybox-28928168   Complete   1/1           2s         29s
busybox-28928168   Complete   1/1           2s         29s
busybox-28928169   Running    0/1                      0s
busybox-28928169   Running    0/1           0s         0s
busybox-28928169   Complete   1/1           2s         2s
busybox-28928170   Running    0/1                      0s
busybox-28928170   Running    0/1           0s         0s
busybox-28928170   Complete   1/1           2s         2s
busybox-28928171   Running    0/1                      0s
busybox-28928171   Running    0/1           0s         0s
busybox-28928171   Complete   1/1           2s         2s
busybox-28928172   Running    0/1                      0s
busybox-28928172   Running    0/1           0s         0s
busybox-28928172   Complete   1/1           2s         2s
busybox-28928169   Complete   1/1           2s         3m2s
busybox-28928173   Running    0/1                      0s
busybox-28928173   Running    0/1           0s         0s
busybox-28928173   Complete   1/1           2s         2s
busybox-28928170   Complete   1/1           2s         3m2s
(playground) stopped watching: the cluster settled after 4m33s of virtual time; kubectl would keep watching until interrupted

$ sim advance 60s
advanced 60s to 2025-01-01T00:14:03Z (20 steps ran)

$ kubectl get jobs
NAME               STATUS     COMPLETIONS   DURATION   AGE
busybox-28928172   Complete   1/1           2s         2m3s
busybox-28928173   Complete   1/1           2s         63s
busybox-28928174   Complete   1/1           2s         3s

$ kubectl get po --show-labels
NAME                     READY   STATUS      RESTARTS   AGE    LABELS
busybox-28928172-jcnvv   0/1     Completed   0          2m3s   batch.kubernetes.io/controller-uid=1913858d-2fdc-4531-9b44-e8483407f385,batch.kubernetes.io/job-name=busybox-28928172,controller-uid=1913858d-2fdc-4531-9b44-e8483407f385,job-name=busybox-28928172
busybox-28928173-db258   0/1     Completed   0          63s    batch.kubernetes.io/controller-uid=531f3684-ed79-45f8-ad58-8256f30ec35e,batch.kubernetes.io/job-name=busybox-28928173,controller-uid=531f3684-ed79-45f8-ad58-8256f30ec35e,job-name=busybox-28928173
busybox-28928174-whp5w   0/1     Completed   0          3s     batch.kubernetes.io/controller-uid=918638c2-e4f0-4bce-acd6-906420923360,batch.kubernetes.io/job-name=busybox-28928174,controller-uid=918638c2-e4f0-4bce-acd6-906420923360,job-name=busybox-28928174

$ kubectl logs $(kubectl get po -o name | tail -1)
Wed Jan  1 00:14:01 UTC 2025
Hello from the Kubernetes cluster

$ kubectl delete cj busybox
cronjob.batch "busybox" deleted

# Create a cron job with image busybox that runs every minute and writes
# 'date; echo Hello from the Kubernetes cluster' to standard output. The
# cron job should be terminated if it takes more than 17 seconds to start
# execution after its scheduled time.
$ kubectl create cronjob time-limited-job --image=busybox --restart=Never --dry-run=client --schedule="* * * * *" -o yaml -- /bin/sh -c 'date; echo Hello from the Kubernetes cluster' > time-limited-job.yaml

$ cat time-limited-job.yaml
apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: time-limited-job
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: time-limited-job
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
            image: busybox
            name: time-limited-job
            resources: {}
          restartPolicy: Never
  schedule: '* * * * *'
status: {}

$ cat <<EOF > time-limited-job.yaml
apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: time-limited-job
spec:
  startingDeadlineSeconds: 17 # add this line
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: time-limited-job
    spec:
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - args:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
            image: busybox
            name: time-limited-job
            resources: {}
          restartPolicy: Never
  schedule: '* * * * *'
status: {}
EOF

$ kubectl apply -f time-limited-job.yaml
cronjob.batch/time-limited-job created

$ kubectl get cj time-limited-job -o jsonpath='{.spec.startingDeadlineSeconds}{"\n"}'
17

# The cron job should be terminated if it successfully starts but takes
# more than 12 seconds to complete execution.
$ cat <<EOF > time-limited-job.yaml
apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: null
  name: time-limited-job
spec:
  jobTemplate:
    metadata:
      creationTimestamp: null
      name: time-limited-job
    spec:
      activeDeadlineSeconds: 12 # add this line
      template:
        metadata:
          creationTimestamp: null
        spec:
          containers:
          - args:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
            image: busybox
            name: time-limited-job
            resources: {}
          restartPolicy: Never
  schedule: '* * * * *'
status: {}
EOF

$ kubectl apply -f time-limited-job.yaml
cronjob.batch/time-limited-job configured

$ kubectl get cj time-limited-job -o jsonpath='{.spec.startingDeadlineSeconds}/{.spec.jobTemplate.spec.activeDeadlineSeconds}{"\n"}'
/12

$ kubectl delete cj time-limited-job
cronjob.batch "time-limited-job" deleted
