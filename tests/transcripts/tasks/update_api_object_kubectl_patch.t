# kubernetes.io "Update API Objects in Place Using kubectl patch"
# (tasks/manage-kubernetes-objects/update-api-object-kubectl-patch.md),
# line by line on the playground's kind cluster (v1.32). Transcripts never
# download: the page's manifests are here-documents written to files.
$ cat <<EOF > deployment-patch.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: patch-demo
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  template:
    metadata:
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - name: patch-demo-ctr
        image: nginx
      tolerations:
      - effect: NoSchedule
        key: dedicated
        value: test-team
EOF

$ kubectl apply -f deployment-patch.yaml
deployment.apps/patch-demo created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get pods
NAME                      READY   STATUS    RESTARTS   AGE
patch-demo-5f74d4-2bcp5   1/1     Running   0          4s
patch-demo-5f74d4-jjhv7   1/1     Running   0          4s

# "Use a strategic merge patch to update a Deployment".
$ cat <<EOF > patch-file.yaml
spec:
  template:
    spec:
      containers:
      - name: patch-demo-ctr-2
        image: redis
EOF

$ kubectl patch deployment patch-demo --patch-file patch-file.yaml
deployment.apps/patch-demo patched

# The containers list was merged (its patch strategy is merge, by name):
# redis first, then nginx.
$ kubectl get deployment patch-demo --output yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"patch-demo","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app.kubernetes.io/name":"nginx"}},"template":{"metadata":{"labels":{"app.kubernetes.io/name":"nginx"}},"spec":{"containers":[{"image":"nginx","name":"patch-demo-ctr"}],"tolerations":[{"effect":"NoSchedule","key":"dedicated","value":"test-team"}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 2
  name: patch-demo
  namespace: default
  resourceVersion: "406"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - image: redis
        imagePullPolicy: Always
        name: patch-demo-ctr-2
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      - image: nginx
        imagePullPolicy: Always
        name: patch-demo-ctr
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
      tolerations:
      - effect: NoSchedule
        key: dedicated
        value: test-team
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:06Z"
    lastUpdateTime: "2025-01-01T00:00:06Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:06Z"
    message: ReplicaSet "patch-demo-5f74d4" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2

$ sim settle
settled after 50 steps and 10s of virtual time

# New pods, two containers each; the old ones are gone.
$ kubectl get pods
NAME                          READY   STATUS    RESTARTS   AGE
patch-demo-694d6c9bc7-44rtj   2/2     Running   0          10s
patch-demo-694d6c9bc7-x5wpr   2/2     Running   0          4s

$ kubectl get pod patch-demo-694d6c9bc7-44rtj --output yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:06Z"
  generateName: patch-demo-694d6c9bc7-
  labels:
    app.kubernetes.io/name: nginx
    pod-template-hash: 694d6c9bc7
  name: patch-demo-694d6c9bc7-44rtj
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: ReplicaSet
    name: patch-demo-694d6c9bc7
    uid: 0c0c7503-2dbe-4e6d-b8fa-6bd60a11ea50
  resourceVersion: "428"
  uid: cee7802f-f1ec-4593-920d-65800d2bf892
spec:
  containers:
  - image: redis
    imagePullPolicy: Always
    name: patch-demo-ctr-2
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-kkj4h
      readOnly: true
  - image: nginx
    imagePullPolicy: Always
    name: patch-demo-ctr
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-kkj4h
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker2
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoSchedule
    key: dedicated
    value: test-team
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-kkj4h
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
    lastTransitionTime: "2025-01-01T00:00:13Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:13Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:13Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:06Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://cc8f7e0abae8249dca43f78ead03caac4fae99080af73c881c2e5a7dffcc1580
    image: docker.io/library/nginx:latest
    imageID: docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    name: patch-demo-ctr
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:13Z"
  - containerID: containerd://3813d1be1f75b20b273d34900c7ec134afd085fa615a87d32c0c6fa05be70f63
    image: docker.io/library/redis:latest
    imageID: docker.io/library/redis@sha256:45a4ac12d26b5d67a346604f1b1b8916835c342014ed9e715a701d1a3ceea600
    name: patch-demo-ctr-2
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:09Z"
  hostIP: 172.18.0.4
  hostIPs:
  - ip: 172.18.0.4
  phase: Running
  podIP: 10.244.2.3
  podIPs:
  - ip: 10.244.2.3
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:06Z"

# The tolerations list has no patch strategy: replaced, not merged.
$ cat <<EOF > patch-file-tolerations.yaml
spec:
  template:
    spec:
      tolerations:
      - effect: NoSchedule
        key: disktype
        value: ssd
EOF

$ kubectl patch deployment patch-demo --patch-file patch-file-tolerations.yaml
deployment.apps/patch-demo patched

$ kubectl get deployment patch-demo --output yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "2"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"patch-demo","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app.kubernetes.io/name":"nginx"}},"template":{"metadata":{"labels":{"app.kubernetes.io/name":"nginx"}},"spec":{"containers":[{"image":"nginx","name":"patch-demo-ctr"}],"tolerations":[{"effect":"NoSchedule","key":"dedicated","value":"test-team"}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 3
  name: patch-demo
  namespace: default
  resourceVersion: "473"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - image: redis
        imagePullPolicy: Always
        name: patch-demo-ctr-2
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      - image: nginx
        imagePullPolicy: Always
        name: patch-demo-ctr
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
      tolerations:
      - effect: NoSchedule
        key: disktype
        value: ssd
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:06Z"
    lastUpdateTime: "2025-01-01T00:00:06Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:16Z"
    message: ReplicaSet "patch-demo-694d6c9bc7" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 2
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2

# "Use a JSON merge patch to update a Deployment": the list given replaces
# the whole containers list.
$ cat <<EOF > patch-file-2.yaml
spec:
  template:
    spec:
      containers:
      - name: patch-demo-ctr-3
        image: gcr.io/google-samples/hello-app:2.0
EOF

$ kubectl patch deployment patch-demo --type merge --patch-file patch-file-2.yaml
deployment.apps/patch-demo patched

$ kubectl get deployment patch-demo --output yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "2"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"patch-demo","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app.kubernetes.io/name":"nginx"}},"template":{"metadata":{"labels":{"app.kubernetes.io/name":"nginx"}},"spec":{"containers":[{"image":"nginx","name":"patch-demo-ctr"}],"tolerations":[{"effect":"NoSchedule","key":"dedicated","value":"test-team"}]}}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 4
  name: patch-demo
  namespace: default
  resourceVersion: "474"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - image: gcr.io/google-samples/hello-app:2.0
        imagePullPolicy: IfNotPresent
        name: patch-demo-ctr-3
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
      tolerations:
      - effect: NoSchedule
        key: disktype
        value: ssd
status:
  availableReplicas: 2
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:06Z"
    lastUpdateTime: "2025-01-01T00:00:06Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    lastUpdateTime: "2025-01-01T00:00:16Z"
    message: ReplicaSet "patch-demo-694d6c9bc7" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 2
  readyReplicas: 2
  replicas: 2
  updatedReplicas: 2

$ sim settle
settled after 49 steps and 4s of virtual time

$ kubectl get pods
NAME                          READY   STATUS    RESTARTS   AGE
patch-demo-74d944fd77-mnvp2   1/1     Running   0          2s
patch-demo-74d944fd77-pr47c   1/1     Running   0          4s

# "Use strategic merge patch to update a Deployment using the retainKeys
# strategy".
$ cat <<EOF > deployment-retainkeys.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: retainkeys-demo
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  strategy:
    rollingUpdate:
      maxSurge: 30%
  template:
    metadata:
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - name: retainkeys-demo-ctr
        image: nginx
EOF

$ kubectl apply -f deployment-retainkeys.yaml
deployment.apps/retainkeys-demo created

$ sim settle
settled after 16 steps and 2s of virtual time

$ cat <<EOF > patch-file-no-retainkeys.yaml
spec:
  strategy:
    type: Recreate
EOF

# Without the directive, strategic merge keeps spec.strategy.rollingUpdate
# beside the new type.
$ kubectl patch deployment retainkeys-demo --type strategic --patch-file patch-file-no-retainkeys.yaml
The Deployment "retainkeys-demo" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'

$ cat <<'EOF' > patch-file-retainkeys.yaml
spec:
  strategy:
    $retainKeys:
    - type
    type: Recreate
EOF

$ kubectl patch deployment retainkeys-demo --type strategic --patch-file patch-file-retainkeys.yaml
deployment.apps/retainkeys-demo patched

$ kubectl get deployment retainkeys-demo --output yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"retainkeys-demo","namespace":"default"},"spec":{"selector":{"matchLabels":{"app.kubernetes.io/name":"nginx"}},"strategy":{"rollingUpdate":{"maxSurge":"30%"}},"template":{"metadata":{"labels":{"app.kubernetes.io/name":"nginx"}},"spec":{"containers":[{"image":"nginx","name":"retainkeys-demo-ctr"}]}}}}
  creationTimestamp: "2025-01-01T00:00:21Z"
  generation: 2
  name: retainkeys-demo
  namespace: default
  resourceVersion: "554"
  uid: c033177e-4afc-4120-9545-bf6a1ddd1e54
spec:
  progressDeadlineSeconds: 600
  replicas: 1
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  strategy:
    type: Recreate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - image: nginx
        imagePullPolicy: Always
        name: retainkeys-demo-ctr
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status:
  availableReplicas: 1
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:23Z"
    lastUpdateTime: "2025-01-01T00:00:23Z"
    message: Deployment has minimum availability.
    reason: MinimumReplicasAvailable
    status: "True"
    type: Available
  - lastTransitionTime: "2025-01-01T00:00:21Z"
    lastUpdateTime: "2025-01-01T00:00:23Z"
    message: ReplicaSet "retainkeys-demo-78f9778d5c" has successfully progressed.
    reason: NewReplicaSetAvailable
    status: "True"
    type: Progressing
  observedGeneration: 1
  readyReplicas: 1
  replicas: 1
  updatedReplicas: 1

# Earlier versions of the page sent this patch with --type merge. A JSON
# merge patch knows no directives: $retainKeys is one more field, which
# the API server drops with a warning (kubectl patch asks for no field
# validation, so the server's default, Warn, applies), and rollingUpdate
# stays. Shown on a fresh copy of the page's Deployment.
$ kubectl delete deployment retainkeys-demo
deployment.apps "retainkeys-demo" deleted

$ kubectl apply -f deployment-retainkeys.yaml
deployment.apps/retainkeys-demo created

$ kubectl patch deployment retainkeys-demo --type merge --patch "$(cat patch-file-retainkeys.yaml)"
Warning: unknown field "spec.strategy.$retainKeys"
The Deployment "retainkeys-demo" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'

# "Alternate forms of the kubectl patch command".
$ cat <<EOF > patch-file.json
{
   "spec": {
      "template": {
         "spec": {
            "containers": [
               {
                  "name": "patch-demo-ctr-2",
                  "image": "redis"
               }
            ]
         }
      }
   }
}
EOF

$ kubectl patch deployment patch-demo --patch-file patch-file.yaml
deployment.apps/patch-demo patched

# In single quotes \n is a backslash and an n, not a line break: this one
# line is not the YAML the page means, in bash as here (real kubectl
# v1.32 prints the same error). $'…' would make the line breaks.
$ kubectl patch deployment patch-demo --patch 'spec:\n template:\n  spec:\n   containers:\n   - name: patch-demo-ctr-2\n     image: redis'
error: unable to parse "spec:\\n template:\\n  spec:\\n   containers:\\n   - name: patch-demo-ctr-2\\n     image: redis": yaml: mapping values are not allowed in this context

$ kubectl patch deployment patch-demo --patch-file patch-file.json
deployment.apps/patch-demo patched (no change)

$ kubectl patch deployment patch-demo --patch '{"spec": {"template": {"spec": {"containers": [{"name": "patch-demo-ctr-2","image": "redis"}]}}}}'
deployment.apps/patch-demo patched (no change)

$ kubectl get deployment patch-demo -o jsonpath='{.spec.template.spec.containers[*].name}{"\n"}'
patch-demo-ctr-2 patch-demo-ctr-3

# "Update an object's replica count using kubectl patch with
# --subresource".
$ cat <<EOF > deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2 # tells deployment to run 2 pods matching the template
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

$ kubectl apply -f deployment.yaml
deployment.apps/nginx-deployment created

$ sim settle
settled after 92 steps and 5s of virtual time

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-lq2gv   1/1     Running   0          5s
nginx-deployment-65c97d6c5c-wz8ng   1/1     Running   0          5s

$ kubectl patch deployment nginx-deployment --subresource='scale' --type='merge' -p '{"spec":{"replicas":3}}'
scale.autoscaling/nginx-deployment patched

$ sim settle
settled after 16 steps and 4s of virtual time

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-65c97d6c5c-lq2gv   1/1     Running   0          9s
nginx-deployment-65c97d6c5c-vnqfv   1/1     Running   0          4s
nginx-deployment-65c97d6c5c-wz8ng   1/1     Running   0          9s

$ kubectl get deployment nginx-deployment -o jsonpath='{.spec.replicas} {.status.availableReplicas} {.status.readyReplicas} {.status.replicas}{"\n"}'
3 3 3 3

# A subresource the kind does not have: the API server's 404.
$ kubectl patch configmap kube-root-ca.crt --subresource='scale' --type='merge' -p '{"spec":{"replicas":3}}'
Error from server (NotFound): the server could not find the requested resource
