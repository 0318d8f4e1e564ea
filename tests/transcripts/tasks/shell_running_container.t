# kubernetes.io "Get a Shell to a Running Container", line by line.
# Transcripts never download: the page's manifest
# (https://k8s.io/examples/application/shell-demo.yaml) is a here-document.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: shell-demo
spec:
  volumes:
  - name: shared-data
    emptyDir: {}
  containers:
  - name: nginx
    image: nginx
    volumeMounts:
    - name: shared-data
      mountPath: /usr/share/nginx/html
  hostNetwork: true
  dnsPolicy: Default
EOF
pod/shell-demo created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod shell-demo
NAME         READY   STATUS    RESTARTS   AGE
shell-demo   1/1     Running   0          4s

$ kubectl exec --stdin --tty shell-demo -- /bin/bash

# On a terminal, ls prints names in columns (coreutils at 80 columns).
$ ls /
bin   docker-entrypoint.d   home   media  proc	sbin  tmp
boot  docker-entrypoint.sh  lib    mnt	  root	srv   usr
dev   etc		    lib64  opt	  run	sys   var

$ cat /proc/mounts
overlay / overlay rw,relatime,lowerdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/59/fs:/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/58/fs:/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/57/fs,upperdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/60/fs,workdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/60/work 0 0
proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
tmpfs /dev tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
devpts /dev/pts devpts rw,nosuid,noexec,relatime,gid=5,mode=620,ptmxmode=666 0 0
mqueue /dev/mqueue mqueue rw,nosuid,nodev,noexec,relatime 0 0
sysfs /sys sysfs ro,nosuid,nodev,noexec,relatime 0 0
cgroup /sys/fs/cgroup cgroup2 ro,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot 0 0
/dev/sda1 /etc/hosts ext4 rw,relatime 0 0
/dev/sda1 /dev/termination-log ext4 rw,relatime 0 0
/dev/sda1 /etc/hostname ext4 rw,relatime 0 0
/dev/sda1 /etc/resolv.conf ext4 rw,relatime 0 0
shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k,inode64 0 0
/dev/sda1 /usr/share/nginx/html ext4 rw,relatime 0 0
tmpfs /run/secrets/kubernetes.io/serviceaccount tmpfs ro,relatime,size=8388608k,inode64 0 0
proc /proc/bus proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/fs proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/irq proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/sys proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/sysrq-trigger proc ro,nosuid,nodev,noexec,relatime 0 0
tmpfs /proc/acpi tmpfs ro,relatime,inode64 0 0
tmpfs /proc/kcore tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/keys tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/timer_list tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/scsi tmpfs ro,relatime,inode64 0 0
tmpfs /sys/firmware tmpfs ro,relatime,inode64 0 0

# The playground knows no process's memory map.
$ cat /proc/1/maps
error: (playground) the playground does not know what /proc/1/maps holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

$ apt-get update
Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]
Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Get:4 http://deb.debian.org/debian bookworm/main amd64 Packages [8792 kB]
Get:5 http://deb.debian.org/debian bookworm-updates/main amd64 Packages [13.5 kB]
Get:6 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [246 kB]
Fetched 9306 kB in 1s (7038 kB/s)
Reading package lists... Done

$ apt-get install -y tcpdump
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
The following additional packages will be installed:
  libpcap0.8
Suggested packages:
  apparmor
The following NEW packages will be installed:
  libpcap0.8 tcpdump
0 upgraded, 2 newly installed, 0 to remove and 0 not upgraded.
Need to get 616 kB of archives.
After this operation, 1,695 kB of additional disk space will be used.
Get:1 http://deb.debian.org/debian bookworm/main amd64 libpcap0.8 amd64 1.10.3-1 [154 kB]
Get:2 http://deb.debian.org/debian bookworm/main amd64 tcpdump amd64 4.99.3-1 [462 kB]
Fetched 616 kB in 0s (6160 kB/s)
debconf: delaying package configuration, since apt-utils is not installed
Selecting previously unselected package libpcap0.8:amd64.
(Reading database ... 7580 files and directories currently installed.)
Preparing to unpack .../0-libpcap0.8_1.10.3-1_amd64.deb ...
Unpacking libpcap0.8:amd64 (1.10.3-1) ...
Selecting previously unselected package tcpdump.
Preparing to unpack .../1-tcpdump_4.99.3-1_amd64.deb ...
Unpacking tcpdump (4.99.3-1) ...
Setting up libpcap0.8:amd64 (1.10.3-1) ...
Setting up tcpdump (4.99.3-1) ...
Processing triggers for libc-bin (2.36-9+deb12u10) ...

$ tcpdump
tcpdump: verbose output suppressed, use -v[v]... for full protocol decode
listening on eth0, link-type EN10MB (Ethernet), snapshot length 262144 bytes
(playground) no packets are simulated: tcpdump stops here as after Ctrl-C
^C
0 packets captured
0 packets received by filter
0 packets dropped by kernel

$ apt-get install -y lsof
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
Suggested packages:
  perl
The following NEW packages will be installed:
  lsof
0 upgraded, 1 newly installed, 0 to remove and 0 not upgraded.
Need to get 314 kB of archives.
After this operation, 484 kB of additional disk space will be used.
Get:1 http://deb.debian.org/debian bookworm/main amd64 lsof amd64 4.95.0-1 [314 kB]
Fetched 314 kB in 0s (3140 kB/s)
debconf: delaying package configuration, since apt-utils is not installed
Selecting previously unselected package lsof.
(Reading database ... 7580 files and directories currently installed.)
Preparing to unpack .../lsof_4.95.0-1_amd64.deb ...
Unpacking lsof (4.95.0-1) ...
Setting up lsof (4.95.0-1) ...
Processing triggers for libc-bin (2.36-9+deb12u10) ...

$ lsof
error: (playground) lsof's table of open files is not simulated

$ apt-get install -y procps
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
root          47  0.0  0.0   8088  4096 pts/0    R+   00:00   0:00 ps aux

$ ps aux | grep nginx
root           1  0.0  0.1  11404  7424 ?        Ss   00:00   0:00 nginx: master process nginx -g daemon off;
nginx         29  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         30  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         31  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         32  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
root          49  0.0  0.0   6332  2048 pts/0    S+   00:00   0:00 grep nginx

# Write the root page for nginx.
$ echo 'Hello shell demo' > /usr/share/nginx/html/index.html

$ apt-get update
Hit:1 http://deb.debian.org/debian bookworm InRelease
Hit:2 http://deb.debian.org/debian bookworm-updates InRelease
Hit:3 http://deb.debian.org/debian-security bookworm-security InRelease
Reading package lists... Done

# The nginx image already has curl.
$ apt-get install curl
Reading package lists... Done
Building dependency tree... Done
Reading state information... Done
curl is already the newest version (7.88.1-10+deb12u12).
0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.

$ curl http://localhost/
Hello shell demo

$ exit
exit

# Running individual commands in a container.
$ kubectl exec shell-demo -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=kubeplay-worker3
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

$ kubectl exec shell-demo -- ps aux
USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
root           1  0.0  0.1  11404  7424 ?        Ss   00:00   0:00 nginx: master process nginx -g daemon off;
nginx         29  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         30  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         31  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
nginx         32  0.0  0.0  11868  2900 ?        S    00:00   0:00 nginx: worker process
root          37  0.0  0.0   8088  4096 ?        Rs   00:00   0:00 ps aux

$ kubectl exec shell-demo -- ls /
bin
boot
dev
docker-entrypoint.d
docker-entrypoint.sh
etc
home
lib
lib64
media
mnt
opt
proc
root
run
sbin
srv
sys
tmp
usr
var

$ kubectl exec shell-demo -- cat /proc/1/mounts
overlay / overlay rw,relatime,lowerdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/59/fs:/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/58/fs:/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/57/fs,upperdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/60/fs,workdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/60/work 0 0
proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
tmpfs /dev tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
devpts /dev/pts devpts rw,nosuid,noexec,relatime,gid=5,mode=620,ptmxmode=666 0 0
mqueue /dev/mqueue mqueue rw,nosuid,nodev,noexec,relatime 0 0
sysfs /sys sysfs ro,nosuid,nodev,noexec,relatime 0 0
cgroup /sys/fs/cgroup cgroup2 ro,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot 0 0
/dev/sda1 /etc/hosts ext4 rw,relatime 0 0
/dev/sda1 /dev/termination-log ext4 rw,relatime 0 0
/dev/sda1 /etc/hostname ext4 rw,relatime 0 0
/dev/sda1 /etc/resolv.conf ext4 rw,relatime 0 0
shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k,inode64 0 0
/dev/sda1 /usr/share/nginx/html ext4 rw,relatime 0 0
tmpfs /run/secrets/kubernetes.io/serviceaccount tmpfs ro,relatime,size=8388608k,inode64 0 0
proc /proc/bus proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/fs proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/irq proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/sys proc ro,nosuid,nodev,noexec,relatime 0 0
proc /proc/sysrq-trigger proc ro,nosuid,nodev,noexec,relatime 0 0
tmpfs /proc/acpi tmpfs ro,relatime,inode64 0 0
tmpfs /proc/kcore tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/keys tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/timer_list tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
tmpfs /proc/scsi tmpfs ro,relatime,inode64 0 0
tmpfs /sys/firmware tmpfs ro,relatime,inode64 0 0

# The procps installed above was the container's own: the next instance
# of the container starts without it.
$ sim pod kill shell-demo
killed nginx in pod shell-demo (exit code 137)

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec shell-demo -- ps aux
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "f873aa3e7108d4f454f87882d4d1ac78e04fd99a704c597dd22517718384c72c": OCI runtime exec failed: exec failed: unable to start container process: exec: "ps": executable file not found in $PATH: unknown

# Opening a shell when a Pod has more than one container: -c names it.
$ kubectl exec -i -t shell-demo --container nginx -- /bin/bash

$ exit
exit
