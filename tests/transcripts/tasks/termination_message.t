# kubernetes.io "Determine the Reason for Pod Failure", line by line.
# Transcripts never download: the page's manifest
# (https://k8s.io/examples/debug/termination.yaml) is a here-document.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: termination-demo
spec:
  containers:
  - name: termination-demo-container
    image: debian
    command: ["/bin/sh"]
    args: ["-c", "sleep 10 && echo Sleep expired > /dev/termination-log"]
EOF
pod/termination-demo created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (5 steps ran)

$ kubectl get pod termination-demo
NAME               READY   STATUS    RESTARTS   AGE
termination-demo   1/1     Running   0          5s

# The container wrote its message and exited after 10 seconds; with
# restartPolicy Always it starts again, so the message is in lastState.
$ sim advance 15s
advanced 15s to 2025-01-01T00:00:22Z (3 steps ran)

$ kubectl get pod termination-demo --output=yaml
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"termination-demo","namespace":"default"},"spec":{"containers":[{"args":["-c","sleep 10 \u0026\u0026 echo Sleep expired \u003e /dev/termination-log"],"command":["/bin/sh"],"image":"debian","name":"termination-demo-container"}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: termination-demo
  namespace: default
  resourceVersion: "389"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  containers:
  - args:
    - -c
    - sleep 10 && echo Sleep expired > /dev/termination-log
    command:
    - /bin/sh
    image: debian
    imagePullPolicy: Always
    name: termination-demo-container
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-sf7xb
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
  - name: kube-api-access-sf7xb
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
    lastTransitionTime: "2025-01-01T00:00:17Z"
    status: "True"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:17Z"
    status: "True"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://081c3a0dbf25229b30e066f675c46cda918032d1e60d1182c941f80f548dd8ac
    image: docker.io/library/debian:latest
    imageID: docker.io/library/debian@sha256:4f960540da00779fbd0f50b0381582acd38d3cebe90face5caccf5c440663ac2
    lastState:
      terminated:
        containerID: containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
        exitCode: 0
        finishedAt: "2025-01-01T00:00:15Z"
        message: |
          Sleep expired
        reason: Completed
        startedAt: "2025-01-01T00:00:05Z"
    name: termination-demo-container
    ready: true
    restartCount: 1
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:16Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.2
  podIPs:
  - ip: 10.244.3.2
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:02Z"

$ kubectl get pod termination-demo -o go-template="{{range .status.containerStatuses}}{{.lastState.terminated.message}}{{end}}"
Sleep expired
