# kubernetes.io "Concepts → Workloads → Workload Management → ReplicaSet",
# line by line. The page applies https://kubernetes.io/examples/
# controllers/frontend.yaml, pods/pod-rs.yaml and controllers/hpa-rs.yaml:
# transcripts never download, so they are here-documents with the same
# content.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  # modify replicas according to your case
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
EOF
replicaset.apps/frontend created

$ sim settle
settled after 21 steps and 3s of virtual time

$ kubectl get rs
NAME       DESIRED   CURRENT   READY   AGE
frontend   3         3         3       3s

$ kubectl describe rs/frontend
Name:         frontend
Namespace:    default
Selector:     tier=frontend
Labels:       app=guestbook
              tier=frontend
Annotations:  <none>
Replicas:     3 current / 3 desired
Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  tier=frontend
  Containers:
   php-redis:
    Image:         gcr.io/google_samples/gb-frontend:v3
    Port:          <none>
    Host Port:     <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age   From                   Message
  ----    ------            ----  ----                   -------
  Normal  SuccessfulCreate  3s    replicaset-controller  Created pod: frontend-dn4qg
  Normal  SuccessfulCreate  3s    replicaset-controller  Created pod: frontend-w9g48
  Normal  SuccessfulCreate  3s    replicaset-controller  Created pod: frontend-nxlbt

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
frontend-dn4qg   1/1     Running   0          3s
frontend-nxlbt   1/1     Running   0          3s
frontend-w9g48   1/1     Running   0          3s

$ kubectl get pods frontend-dn4qg -o yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  generateName: frontend-
  labels:
    tier: frontend
  name: frontend-dn4qg
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: ReplicaSet
    name: frontend
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  resourceVersion: "398"
  uid: 6b00cc40-f5ec-48eb-bfb2-e731c4ff275d
spec:
  containers:
  - image: gcr.io/google_samples/gb-frontend:v3
    imagePullPolicy: IfNotPresent
    name: php-redis
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-gnns5
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
  - name: kube-api-access-gnns5
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
    lastTransitionTime: "2025-01-01T00:00:05Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:05Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:05Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://34c62df7bb1f834c937354ce193dd2759970723a22d9670b683222ce0f773bb3
    image: gcr.io/google_samples/gb-frontend:v3
    imageID: gcr.io/google_samples/gb-frontend@sha256:3a130484b70ada8c439be9f8c58b0d593c63bdadf80ff10a7bc785fdcb7ab96f
    name: php-redis
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:05Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.2
  podIPs:
  - ip: 10.244.3.2
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:02Z"

# Non-template Pod acquisitions: pods created after the ReplicaSet are
# acquired and deleted at once, the ReplicaSet being over its count.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "pod1",
    labels: {
      tier: "frontend",
    },
  },
  spec: {
    containers: [{
      name: "hello1",
      image: "gcr.io/google-samples/hello-app:2.0",
    }],
  },
}
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "pod2",
    labels: {
      tier: "frontend",
    },
  },
  spec: {
    containers: [{
      name: "hello2",
      image: "gcr.io/google-samples/hello-app:1.0",
    }],
  },
}
EOF
pod/pod1 created
pod/pod2 created

# The scheduler binds pod1, then the ReplicaSet controller adopts and
# deletes both before any container starts (pod2, never bound, goes at
# once).
$ sim step 3
#25 2025-01-01T00:00:05Z default-scheduler pod/pod1 -n default
    pod1 fits on 3 of the 4 nodes examined; kubeplay-worker scored best (490), so the pod is bound there
    event Normal Scheduled: Successfully assigned default/pod1 to kubeplay-worker
#26 2025-01-01T00:00:05Z replicaset-controller replicaset/frontend -n default
    ReplicaSet frontend has 5 active pods for 3 replicas: deleted pod2 (not scheduled), pod1 (still Pending), chosen as the pods that matter least
    event Normal SuccessfulDelete: Deleted pod: pod2
    event Normal SuccessfulDelete: Deleted pod: pod1
#27 2025-01-01T00:00:05Z default-scheduler pod/pod2 -n default (no change)
    pod pod2 is gone; nothing to schedule

$ kubectl get pods
NAME             READY   STATUS        RESTARTS   AGE
frontend-dn4qg   1/1     Running       0          3s
frontend-nxlbt   1/1     Running       0          3s
frontend-w9g48   1/1     Running       0          3s
pod1             0/1     Terminating   0          0s

# A real kubelet takes a moment to tear down their sandboxes; here pods
# whose containers never started are gone at once.
$ sim settle
settled after 4 steps and 0s of virtual time

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
frontend-dn4qg   1/1     Running   0          3s
frontend-nxlbt   1/1     Running   0          3s
frontend-w9g48   1/1     Running   0          3s

# Pods first, then the ReplicaSet: it acquires them and creates only one.
$ kubectl delete rs frontend
replicaset.apps "frontend" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "pod1",
    labels: {
      tier: "frontend",
    },
  },
  spec: {
    containers: [{
      name: "hello1",
      image: "gcr.io/google-samples/hello-app:2.0",
    }],
  },
}
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "pod2",
    labels: {
      tier: "frontend",
    },
  },
  spec: {
    containers: [{
      name: "hello2",
      image: "gcr.io/google-samples/hello-app:1.0",
    }],
  },
}
EOF
pod/pod1 created
pod/pod2 created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  # modify replicas according to your case
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
EOF
replicaset.apps/frontend created

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
frontend-vsrqj   1/1     Running   0          2s
pod1             1/1     Running   0          4s
pod2             1/1     Running   0          4s

$ kubectl get pod pod1 -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}{"\n"}'
ReplicaSet/frontend

# Deleting just a ReplicaSet: the page's --cascade=false is deprecated
# in favour of --cascade=orphan; either leaves the pods, without owner.
# (The page's curl through kubectl proxy is the same request.)
$ kubectl delete rs frontend --cascade=false
warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.
replicaset.apps "frontend" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
frontend-vsrqj   1/1     Running   0          2s
pod1             1/1     Running   0          4s
pod2             1/1     Running   0          4s

$ kubectl get pod pod1 -o jsonpath='{.metadata.ownerReferences}{"\n"}'

# A new ReplicaSet with the same selector adopts the old pods.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
EOF
replicaset.apps/frontend created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pods
NAME             READY   STATUS    RESTARTS   AGE
frontend-vsrqj   1/1     Running   0          2s
pod1             1/1     Running   0          4s
pod2             1/1     Running   0          4s

$ kubectl delete rs frontend --cascade=orphan
replicaset.apps "frontend" deleted

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
EOF
replicaset.apps/frontend created

$ sim settle
settled after 2 steps and 0s of virtual time

# Isolating Pods from a ReplicaSet: a relabelled pod is released and
# replaced.
$ kubectl label pod pod1 tier=debug --overwrite
pod/pod1 labeled

$ sim settle
settled after 10 steps and 2s of virtual time

$ kubectl get pods -L tier
NAME             READY   STATUS    RESTARTS   AGE   TIER
frontend-7plcn   1/1     Running   0          2s    frontend
frontend-vsrqj   1/1     Running   0          4s    frontend
pod1             1/1     Running   0          6s    debug
pod2             1/1     Running   0          6s    frontend

# Scaling a ReplicaSet.
$ kubectl scale rs frontend --replicas=4
replicaset.apps/frontend scaled

$ sim settle
settled after 9 steps and 2s of virtual time

$ kubectl get rs frontend
NAME       DESIRED   CURRENT   READY   AGE
frontend   4         4         4       4s

# ReplicaSet as a Horizontal Pod Autoscaler target.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "autoscaling/v1",
  kind: "HorizontalPodAutoscaler",
  metadata: {
    name: "frontend-scaler",
  },
  spec: {
    scaleTargetRef: {
      apiVersion: "apps/v1",
      kind: "ReplicaSet",
      name: "frontend",
    },
    minReplicas: 3,
    maxReplicas: 10,
    targetCPUUtilizationPercentage: 50,
  },
}
EOF
horizontalpodautoscaler.autoscaling/frontend-scaler created

# "Alternatively", kubectl autoscale: two autoscalers on one ReplicaSet
# would fight (the HPA controller reports AmbiguousSelector), so the
# manifest's goes first.
$ kubectl delete hpa frontend-scaler
horizontalpodautoscaler.autoscaling "frontend-scaler" deleted

$ kubectl autoscale rs frontend --max=10 --min=3 --cpu-percent=50
horizontalpodautoscaler.autoscaling/frontend autoscaled

$ kubectl get hpa
NAME       REFERENCE             TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
frontend   ReplicaSet/frontend   cpu: <unknown>/50%   3         10        0          0s
