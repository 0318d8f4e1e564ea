# ls -t, -S and -r in a container: newest (largest) first, ties by name,
# -r reversing all of it, as GNU coreutils and busybox order them.
$ kubectl run web --image=nginx:1.14.2
pod/web created

$ kubectl wait --for=condition=Ready pod/web
pod/web condition met

$ kubectl exec web -- sh -c 'echo hello > /tmp/b'

$ sleep 5

$ kubectl exec web -- sh -c 'echo hi > /tmp/a; mkdir /tmp/c'

$ sleep 5

$ kubectl exec web -- touch /tmp/d

$ kubectl exec web -- ls /tmp
a
b
c
d

$ kubectl exec web -- ls -t /tmp
d
a
c
b

$ kubectl exec web -- ls -ltr /tmp
total 12
-rw-r--r-- 1 root root    6 Jan  1 00:00 b
drwxr-xr-x 2 root root 4096 Jan  1 00:00 c
-rw-r--r-- 1 root root    3 Jan  1 00:00 a
-rw-r--r-- 1 root root    0 Jan  1 00:00 d

$ kubectl exec web -- ls -r /tmp
d
c
b
a

$ kubectl exec web -- ls -S /tmp
c
b
a
d

$ kubectl exec web -- ls -Sr /tmp
d
a
b
c

$ kubectl exec web -- ls -tS /tmp
c
b
a
d

$ kubectl exec web -- ls -t /tmp/b /tmp/d /tmp/a
/tmp/d
/tmp/a
/tmp/b

$ kubectl exec -it web -- ls -t /tmp
d  a  c  b

$ kubectl exec web -- ls -t /usr
error: (playground) the playground does not know what /usr holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

$ kubectl exec web -- ls -X /tmp
error: (playground) ls runs with -l, -a, -A, -R, -d, -1, -t, -r and -S only (not -X)

$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl wait --for=condition=Ready pod/bb
pod/bb condition met

$ kubectl exec bb -- sh -c 'echo 1 > /tmp/x; echo 22 > /tmp/y'

$ sleep 1

$ kubectl exec bb -- touch /tmp/x

$ kubectl exec bb -- ls -lt /tmp
total 8
-rw-r--r--    1 root     root             2 Jan  1 00:00 x
-rw-r--r--    1 root     root             3 Jan  1 00:00 y

$ kubectl exec bb -- ls -S /tmp
y
x
