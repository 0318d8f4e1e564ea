# Task "Communicate Between Containers in the Same Pod Using a Shared
# Volume", line by line, on the playground's kind cluster (v1.32).
# pods/two-container-pod.yaml comes from a here-document.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: two-containers
spec:
  restartPolicy: Never
  volumes:
  - name: shared-data
    emptyDir: {}
  containers:
  - name: nginx-container
    image: nginx
    volumeMounts:
    - name: shared-data
      mountPath: /usr/share/nginx/html
  - name: debian-container
    image: debian
    volumeMounts:
    - name: shared-data
      mountPath: /pod-data
    command: ["/bin/sh"]
    args: ["-c", "echo Hello from the debian container > /pod-data/index.html"]
EOF
pod/two-containers created

$ sim settle
settled after 7 steps and 6s of virtual time

# The debian container has run its command and terminated; the nginx
# container is still running.
$ kubectl get pod two-containers --output=yaml
apiVersion: v1
kind: Pod
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"two-containers","namespace":"default"},"spec":{"containers":[{"image":"nginx","name":"nginx-container","volumeMounts":[{"mountPath":"/usr/share/nginx/html","name":"shared-data"}]},{"args":["-c","echo Hello from the debian container \u003e /pod-data/index.html"],"command":["/bin/sh"],"image":"debian","name":"debian-container","volumeMounts":[{"mountPath":"/pod-data","name":"shared-data"}]}],"restartPolicy":"Never","volumes":[{"emptyDir":{},"name":"shared-data"}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: two-containers
  namespace: default
  resourceVersion: "387"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: nginx-container
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /usr/share/nginx/html
      name: shared-data
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-sf7xb
      readOnly: true
  - args:
    - -c
    - echo Hello from the debian container > /pod-data/index.html
    command:
    - /bin/sh
    image: debian
    imagePullPolicy: Always
    name: debian-container
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /pod-data
      name: shared-data
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-sf7xb
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kubeplay-worker3
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Never
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
  - emptyDir: {}
    name: shared-data
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
    lastTransitionTime: "2025-01-01T00:00:08Z"
    status: "True"
    type: PodReadyToStartContainers
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: Initialized
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    message: 'containers with unready status: [debian-container]'
    reason: ContainersNotReady
    status: "False"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    message: 'containers with unready status: [debian-container]'
    reason: ContainersNotReady
    status: "False"
    type: ContainersReady
  - lastProbeTime: null
    lastTransitionTime: "2025-01-01T00:00:02Z"
    status: "True"
    type: PodScheduled
  containerStatuses:
  - containerID: containerd://918032d1e60d1182c941f80f548dd8ac0c693a1768f4a72bc34979fc05f3db7b
    image: docker.io/library/debian:latest
    imageID: docker.io/library/debian@sha256:4f960540da00779fbd0f50b0381582acd38d3cebe90face5caccf5c440663ac2
    name: debian-container
    ready: false
    restartCount: 0
    started: false
    state:
      terminated:
        containerID: containerd://918032d1e60d1182c941f80f548dd8ac0c693a1768f4a72bc34979fc05f3db7b
        exitCode: 0
        finishedAt: "2025-01-01T00:00:08Z"
        reason: Completed
        startedAt: "2025-01-01T00:00:08Z"
  - containerID: containerd://1721471597adbdb4ef9b0d7ddc7b024d32169fe65961e82824531e0da37257b6
    image: docker.io/library/nginx:latest
    imageID: docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    name: nginx-container
    ready: true
    restartCount: 0
    started: true
    state:
      running:
        startedAt: "2025-01-01T00:00:06Z"
  hostIP: 172.18.0.5
  hostIPs:
  - ip: 172.18.0.5
  phase: Running
  podIP: 10.244.3.2
  podIPs:
  - ip: 10.244.3.2
  qosClass: BestEffort
  startTime: "2025-01-01T00:00:02Z"

$ kubectl get pod two-containers
NAME             READY   STATUS     RESTARTS   AGE
two-containers   1/2     NotReady   0          6s

$ kubectl exec -it two-containers -c nginx-container -- /bin/bash

$ apt-get update
Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]
Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]
Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [13.5 kB]
Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [246 kB]
Fetched 9306 kB in 1s (7038 kB/s)
Reading package lists... Done

$ apt-get install curl procps
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
curl is already the newest version (7.88.1-10+deb12u12).
The following additional packages will be installed:
  libgpm2 libncursesw6 libproc2-0 psmisc
Suggested packages:
  gpm
The following NEW packages will be installed:
  libgpm2 libncursesw6 libproc2-0 procps psmisc
0 upgraded, 5 newly installed, 0 to remove and 0 not upgraded.
Need to get 1,178 kB of archives.
After this operation, 3,795 kB of additional disk space will be used.
Do you want to continue? [Y/n]
(playground) the session answers apt-get's question with Enter: yes
Get:1 http://deb.debian.org/debian bookworm/main amd64 libgpm2 amd64 1.20.7-10+b1 [14 kB]
Get:2 http://deb.debian.org/debian bookworm/main amd64 libncursesw6 amd64 6.4-4 [134 kB]
Get:3 http://deb.debian.org/debian bookworm/main amd64 libproc2-0 amd64 2:4.0.2-3 [62 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 procps amd64 2:4.0.2-3 [709 kB]
Get:5 http://deb.debian.org/debian bookworm/main amd64 psmisc amd64 23.6-1 [259 kB]
Fetched 1178 kB in 0s (11.8 MB/s)
debconf: delaying package configuration, since apt-utils is not installed
Selecting previously unselected package libgpm2:amd64.
(Reading database ... 7580 files and directories currently installed.)
Preparing to unpack .../0-libgpm2_1.20.7-10+b1_amd64.deb ...
Unpacking libgpm2:amd64 (1.20.7-10+b1) ...
Selecting previously unselected package libncursesw6:amd64.
Preparing to unpack .../1-libncursesw6_6.4-4_amd64.deb ...
Unpacking libncursesw6:amd64 (6.4-4) ...
Selecting previously unselected package libproc2-0:amd64.
Preparing to unpack .../2-libproc2-0_2%3a4.0.2-3_amd64.deb ...
Unpacking libproc2-0:amd64 (2:4.0.2-3) ...
Selecting previously unselected package procps.
Preparing to unpack .../3-procps_2%3a4.0.2-3_amd64.deb ...
Unpacking procps (2:4.0.2-3) ...
Selecting previously unselected package psmisc.
Preparing to unpack .../4-psmisc_23.6-1_amd64.deb ...
Unpacking psmisc (23.6-1) ...
Setting up libgpm2:amd64 (1.20.7-10+b1) ...
Setting up libncursesw6:amd64 (6.4-4) ...
Setting up libproc2-0:amd64 (2:4.0.2-3) ...
Setting up procps (2:4.0.2-3) ...
Setting up psmisc (23.6-1) ...
Processing triggers for libc-bin (2.36-9+deb12u10) ...

$ ps aux
USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
root           1  0.0  0.1  11404  7424 ?        Ss   00:00   0:00 nginx: master process nginx -g daemon off;
nginx         29  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         30  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         31  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         32  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
root          37  0.0  0.0   4188  3456 pts/0    Ss   00:00   0:00 /bin/bash
root          40  0.0  0.0   8088  4096 pts/0    R+   00:00   0:00 ps aux

$ curl localhost
Hello from the debian container

$ cat /usr/share/nginx/html/index.html
Hello from the debian container

$ exit
exit
