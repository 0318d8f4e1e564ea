# A node debugging pod mounts the node's root at /host: its top-level
# directories show (a kind node's), and what is written there stays with
# the node. What the node's own directories hold is not simulated.
$ kubectl debug node/kubeplay-worker -it --image=busybox:1.36
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Creating debugging pod node-debugger-kubeplay-worker-n5tjb with container debugger on node kubeplay-worker.
If you don't see a command prompt, try pressing enter.

$ ls /host
bin    dev    home   lib    media  opt    root   sbin   sys    usr
boot   etc    kind   lib64  mnt    proc   run    srv    tmp    var

$ ls /host/etc
error: (playground) the playground does not know what /host/etc holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec

$ ls /host/tmp

$ echo hi > /host/tmp/x

$ cat /host/tmp/x
hi

$ cd /host/etc

$ exit
