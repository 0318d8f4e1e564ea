# bmuschko/ckad-crash-course, exercises/08-implementing-adapter-pattern,
# the solution's commands in order; adapter.yaml is the solution's file.
$ kubectl run adapter --image=busybox -o yaml --dry-run=client -- /bin/sh -c 'while true; do echo "$(date) | $(du -sh ~)" >> /var/logs/diskspace.txt; sleep 5; done;' > adapter.yaml

$ cat adapter.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: adapter
  name: adapter
spec:
  containers:
  - args:
    - /bin/sh
    - -c
    - while true; do echo "$(date) | $(du -sh ~)" >> /var/logs/diskspace.txt; sleep
      5; done;
    image: busybox
    name: adapter
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ cat <<'EOF' > adapter.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  name: adapter
spec:
  volumes:
    - name: config-volume
      emptyDir: {}
  containers:
  - args:
    - /bin/sh
    - -c
    - 'while true; do echo "$(date) | $(du -sh ~)" >> /var/logs/diskspace.txt; sleep 5; done;'
    image: busybox
    name: app
    volumeMounts:
      - name: config-volume
        mountPath: /var/logs
    resources: {}
  - image: busybox
    name: transformer
    args:
    - /bin/sh
    - -c
    - 'sleep 20; while true; do while read LINE; do echo "$LINE" | cut -f2 -d"|" >> $(date +%Y-%m-%d-%H-%M-%S)-transformed.txt; done < /var/logs/diskspace.txt; sleep 20; done;'
    volumeMounts:
      - name: config-volume
        mountPath: /var/logs
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f adapter.yaml
pod/adapter created

# The solution looks once the transformer has run twice.
$ sim settle
settled after 6 steps and 2s of virtual time

$ sleep 45

$ kubectl exec adapter --container=transformer -it -- /bin/sh

$ cat /var/logs/diskspace.txt
Wed Jan  1 00:00:03 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:08 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:13 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:18 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:23 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:28 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:33 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:38 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:43 UTC 2025 | 4.0K	/root
Wed Jan  1 00:00:48 UTC 2025 | 4.0K	/root

# (playground) the transformer's loop is not followed: a real one has
# written a file 20 s and 40 s after it started (its working
# directory is /), 2025-01-01-00-00-23-transformed.txt and
# 2025-01-01-00-00-43-transformed.txt, each line " 4.0K\t/root", which
# ls -l lists beside the image's directories.
$ ls -l
total 48
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 bin
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 dev
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 etc
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 home
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 lib
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 lib64
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 proc
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 root
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 sys
drwxrwxrwt    1 root     root          4096 Jan  1 00:00 tmp
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 usr
drwxr-xr-x    1 root     root          4096 Jan  1 00:00 var

$ cat 2025-01-01-00-00-23-transformed.txt
cat: can't open '2025-01-01-00-00-23-transformed.txt': No such file or directory

$ exit
command terminated with exit code 1
