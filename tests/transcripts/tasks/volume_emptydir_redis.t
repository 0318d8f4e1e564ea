# kubernetes.io "Configure a Pod to Use a Volume for Storage", line by
# line. Transcripts never download: the page's manifest
# (https://k8s.io/examples/pods/storage/redis.yaml) is a here-document.
# The image is today's redis (Debian bookworm, WORKDIR /data, no ps until
# apt-get installs procps); the page's ps output is from an older image.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: redis
spec:
  containers:
  - name: redis
    image: redis
    volumeMounts:
    - name: redis-storage
      mountPath: /data/redis
  volumes:
  - name: redis-storage
    emptyDir: {}
EOF
pod/redis created

$ kubectl get pod redis --watch
NAME    READY   STATUS    RESTARTS   AGE
redis   0/1     Pending   0          0s
redis   0/1     Pending   0          0s
redis   0/1     ContainerCreating   0          0s
redis   1/1     Running             0          3s
(playground) stopped watching: the cluster settled after 3s of virtual time; kubectl would keep watching until interrupted

# "In another terminal, get a shell to the running Container".
$ kubectl exec -it redis -- /bin/bash

$ pwd
/data

$ cd /data/redis/

$ echo Hello > test-file

# The image has no ps, and no package lists until apt-get update.
$ ps aux
bash: ps: command not found

$ apt-get install procps
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
E: Unable to locate package procps

$ apt-get update
Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]
Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]
Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [13.5 kB]
Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [246 kB]
Fetched 9306 kB in 1s (7038 kB/s)
Reading package lists... Done

$ apt-get install procps
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
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
redis          1  0.0  0.1 141796 10240 ?        Ssl  00:00   0:00 redis-server *:6379
root           6  0.0  0.0   4188  3456 pts/0    Ss   00:00   0:00 /bin/bash
root          14  0.0  0.0   8088  4096 pts/0    R+   00:00   0:00 ps aux

# The page's `kill <pid>` is a placeholder for the Redis process's PID:
# typed as it stands, bash reads < and > as redirections.
$ kill <pid>
bash: syntax error near unexpected token `newline'

# Only a signal redis handles reaches PID 1 from inside the container:
# SIGKILL does not.
$ kill -9 1

$ kill 2
bash: kill: (2) - No such process

$ kill 1
command terminated with exit code 137

# "In your original terminal, watch for changes to the Redis Pod."
$ kubectl get pod redis --watch
NAME    READY   STATUS    RESTARTS   AGE
redis   1/1     Running   0          3s
redis   0/1     Completed   0          4s
redis   1/1     Running     1 (2s ago)   5s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl exec -it redis -- /bin/bash

$ cd /data/redis/

$ ls
test-file

# The container's own files went with it: procps is gone, the volume stayed.
$ ps aux
bash: ps: command not found

$ exit
exit
command terminated with exit code 127

$ kubectl delete pod redis
pod "redis" deleted
