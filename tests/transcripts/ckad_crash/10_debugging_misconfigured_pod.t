# bmuschko/ckad-crash-course, exercises/10-debugging-misconfigured-pod,
# the solution's commands in order; pod.yaml is the exercise's file
# (the quoted 'EOF' leaves $(date) to the container's shell, as vim
# would).
$ cat <<'EOF' > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: failing-pod
  name: failing-pod
spec:
  containers:
  - args:
    - /bin/sh
    - -c
    - while true; do echo $(date) >> ~/tmp/curr-date.txt; sleep
      5; done;
    image: busybox
    name: failing-pod
  restartPolicy: Never
EOF

$ kubectl create -f pod.yaml
pod/failing-pod created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pods
NAME          READY   STATUS    RESTARTS   AGE
failing-pod   1/1     Running   0          2s

$ sleep 10

# The shell expands ~ to $HOME before it opens the file.
$ kubectl logs failing-pod
/bin/sh: can't create /root/tmp/curr-date.txt: nonexistent directory
/bin/sh: can't create /root/tmp/curr-date.txt: nonexistent directory
/bin/sh: can't create /root/tmp/curr-date.txt: nonexistent directory

$ kubectl exec failing-pod -it -- /bin/sh

$ mkdir -p ~/tmp

$ cd ~/tmp

$ sleep 10

$ ls -l
total 4
-rw-r--r--    1 root     root            56 Jan  1 00:00 curr-date.txt

$ cat ~/tmp/curr-date.txt
Wed Jan 1 00:00:18 UTC 2025
Wed Jan 1 00:00:23 UTC 2025

$ exit
