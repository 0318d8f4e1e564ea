# Files inside containers through kubectl exec: the kubelet's /etc/hosts,
# resolv.conf and hostname, the image's files, and writes that last as
# long as where they were written: the container's layer (gone when the
# container restarts), an emptyDir (gone with the pod).
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: box
spec:
  hostname: box-1
  subdomain: sub
  hostAliases:
  - ip: "127.0.0.1"
    hostnames:
    - "foo.local"
    - "bar.local"
  - ip: "10.1.2.3"
    hostnames:
    - "foo.remote"
    - "bar.remote"
  containers:
  - name: box
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    emptyDir: {}
EOF
pod/box created

$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 11 steps and 4s of virtual time

$ kubectl exec box -- cat /etc/hosts
# Kubernetes-managed hosts file.
127.0.0.1	localhost
::1	localhost ip6-localhost ip6-loopback
fe00::0	ip6-localnet
fe00::0	ip6-mcastprefix
fe00::1	ip6-allnodes
fe00::2	ip6-allrouters
10.244.1.2	box-1.sub.default.svc.cluster.local	box-1

# Entries added by HostAliases.
127.0.0.1	foo.local	bar.local
10.1.2.3	foo.remote	bar.remote

$ kubectl exec box -- cat /etc/resolv.conf
search default.svc.cluster.local svc.cluster.local cluster.local
nameserver 10.96.0.10
options ndots:5

$ kubectl exec box -- cat /etc/hostname
box-1

$ kubectl exec box -- ls /
bin
cache
dev
etc
home
lib
lib64
proc
root
sys
tmp
usr
var

$ kubectl exec box -- cat /nope
cat: can't open '/nope': No such file or directory
command terminated with exit code 1

$ kubectl exec web -- cat /nope
cat: /nope: No such file or directory
command terminated with exit code 1

$ kubectl exec box -- ls /nope
ls: /nope: No such file or directory
command terminated with exit code 1

$ kubectl exec web -- ls /nope
ls: cannot access '/nope': No such file or directory
command terminated with exit code 2

$ kubectl exec box -- cat /etc/group
error: (playground) the playground does not know what /etc/group holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

# Writes: > and >>, $(hostname), mkdir -p, touch, rm.
$ kubectl exec box -- sh -c 'echo "written by $(hostname)" > /tmp/note; echo again >> /tmp/note; cat /tmp/note; wc -l /tmp/note'
written by box-1
again
2 /tmp/note

$ kubectl exec box -- sh -c 'mkdir -p /cache/a/b && touch /cache/a/b/f && ls -la /cache/a/b'
total 8
drwxr-xr-x    2 root     root          4096 Jan  1 00:00 .
drwxr-xr-x    3 root     root          4096 Jan  1 00:00 ..
-rw-r--r--    1 root     root             0 Jan  1 00:00 f

$ kubectl exec box -- sh -c 'echo kept > /cache/keep; ls /cache'
a
keep

$ kubectl exec box -- rm /cache/a
rm: '/cache/a' is a directory
command terminated with exit code 1

$ kubectl exec box -- sh -c 'rm -r /cache/a; ls /cache; mkdir /cache'
keep
mkdir: can't create directory '/cache': File exists
command terminated with exit code 1

$ kubectl exec box -- sh -c 'echo x > /nodir/f'
sh: can't create /nodir/f: nonexistent directory
command terminated with exit code 1

$ kubectl exec web -- sh -c 'echo x > /nodir/f'
sh: 1: cannot create /nodir/f: Directory nonexistent
command terminated with exit code 2

$ kubectl exec web -- bash -c 'echo x > /nodir/f'
bash: line 1: /nodir/f: No such file or directory
command terminated with exit code 1

$ kubectl exec box -- sh -c '[ -f /tmp/note ] && echo yes; test -d /tmp/note || echo "not a dir"; head -n 1 /etc/hosts; tail -n 1 /etc/hosts'
yes
not a dir
# Kubernetes-managed hosts file.
10.1.2.3	foo.remote	bar.remote

# The container restarts: its layer is new, the emptyDir stays.
$ sim pod kill box
killed box in pod box (exit code 137)

$ sim settle
settled after 3 steps and 2s of virtual time

$ kubectl exec box -- cat /tmp/note
cat: can't open '/tmp/note': No such file or directory
command terminated with exit code 1

$ kubectl exec box -- cat /cache/keep
kept

# nginx serves what was written to its web root.
$ kubectl exec web -- ls -l /usr/share/nginx/html
total 8
-rw-r--r-- 1 root root 497 Jan  1 00:00 50x.html
-rw-r--r-- 1 root root 615 Jan  1 00:00 index.html

$ kubectl exec web -- sh -c 'echo "<h1>$(hostname)</h1>" > /usr/share/nginx/html/index.html'

$ kubectl exec box -- wget -qO- http://$(kubectl get pod web -o jsonpath='{.status.podIP}')/
<h1>web</h1>

$ kubectl exec web -- curl -s http://localhost/missing.html
<html>
<head><title>404 Not Found</title></head>
<body>
<center><h1>404 Not Found</h1></center>
<hr><center>nginx/1.29.1</center>
</body>
</html>

# A pod made again under the same name has a new emptyDir.
$ kubectl delete pod box --now
pod "box" deleted

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: box
spec:
  containers:
  - name: box
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    emptyDir: {}
EOF
pod/box created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl exec box -- ls /cache

$ kubectl exec box -- sh -c 'for i in 1 2; do echo $i; done'
1
2
