# kubernetes.io "Logging Architecture"
# (concepts/cluster-administration/logging.md), line by line on the
# playground's kind cluster (v1.32). Transcripts never download: the
# page's manifests (debug/counter-pod.yaml and admin/logging/
# two-files-counter-pod-streaming-sidecar.yaml) are quoted here-documents,
# since their scripts' `$i` and `$(date)` are the container's to expand.
# `date` in a container answers the cluster's virtual clock. The last
# section's fluentd agent ships its logs to Stackdriver, which no kubectl
# command shows, so it is left out.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: counter
spec:
  containers:
  - name: count
    image: busybox:1.28
    args: [/bin/sh, -c,
            'i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done']
EOF
pod/counter created

# One line a second from the container's start.
$ sleep 5

$ kubectl logs counter
0: Wed Jan  1 00:00:03 UTC 2025
1: Wed Jan  1 00:00:04 UTC 2025
2: Wed Jan  1 00:00:05 UTC 2025
3: Wed Jan  1 00:00:06 UTC 2025

# The container has not crashed: there is no previous instance to show
# (the kubelet's "previous terminated container … not found").
$ kubectl logs counter --previous
Error from server (BadRequest): previous terminated container "count" in pod "counter" not found

# A container's name may follow the pod's; --tail keeps the last lines.
$ kubectl logs counter count --tail=2
2: Wed Jan  1 00:00:05 UTC 2025
3: Wed Jan  1 00:00:06 UTC 2025

# busybox sh is PID 1 and ignores SIGTERM, so the delete waits out the
# 30-second grace period before the kubelet kills it.
$ kubectl delete pod counter
pod "counter" deleted

# The streaming sidecars: the app writes two files into an emptyDir,
# and each sidecar's `tail -n+1 -f` prints one of them from its first line.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: counter
spec:
  containers:
  - name: count
    image: busybox:1.28
    args:
    - /bin/sh
    - -c
    - >
      i=0;
      while true;
      do
        echo "$i: $(date)" >> /var/log/1.log;
        echo "$(date) INFO $i" >> /var/log/2.log;
        i=$((i+1));
        sleep 1;
      done
    volumeMounts:
    - name: varlog
      mountPath: /var/log
  - name: count-log-1
    image: busybox:1.28
    args: [/bin/sh, -c, 'tail -n+1 -f /var/log/1.log']
    volumeMounts:
    - name: varlog
      mountPath: /var/log
  - name: count-log-2
    image: busybox:1.28
    args: [/bin/sh, -c, 'tail -n+1 -f /var/log/2.log']
    volumeMounts:
    - name: varlog
      mountPath: /var/log
  volumes:
  - name: varlog
    emptyDir: {}
EOF
pod/counter created

$ sleep 5

$ kubectl get pod counter
NAME      READY   STATUS    RESTARTS   AGE
counter   3/3     Running   0          5s

$ kubectl logs counter count-log-1
0: Wed Jan  1 00:00:38 UTC 2025
1: Wed Jan  1 00:00:39 UTC 2025
2: Wed Jan  1 00:00:40 UTC 2025
3: Wed Jan  1 00:00:41 UTC 2025

$ kubectl logs counter count-log-2
Wed Jan  1 00:00:38 UTC 2025 INFO 0
Wed Jan  1 00:00:39 UTC 2025 INFO 1
Wed Jan  1 00:00:40 UTC 2025 INFO 2
Wed Jan  1 00:00:41 UTC 2025 INFO 3

# The app container itself prints nothing: without a container name,
# kubectl v1.32 picks the first one and says so on stderr.
$ kubectl logs counter
Defaulted container "count" out of: count, count-log-1, count-log-2

# Both streams together, each line prefixed with its pod and container.
$ kubectl logs counter --all-containers --prefix --tail=1
[pod/counter/count-log-1] 3: Wed Jan  1 00:00:41 UTC 2025
[pod/counter/count-log-2] Wed Jan  1 00:00:41 UTC 2025 INFO 3

$ kubectl delete pod counter --grace-period=1
pod "counter" deleted
