# kubectl cp: files between this machine and a container, through the
# container's tar. A directory destination takes the source's name; a
# remote path without a leading / is read from the container's working
# directory (and tar does not complain about the /). Images without tar
# fail as exec does; tar's stderr comes out on kubectl's stdout when
# copying out. kubectl's unpacker skips symbolic links, such as a
# ConfigMap volume's keys, with a warning.
$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl run hello --image=gcr.io/google-samples/hello-app:1.0
pod/hello created

$ sim settle
settled after 12 steps and 2s of virtual time

$ echo hello > f

$ kubectl cp f bb:/tmp/f

$ kubectl exec bb -- cat /tmp/f
hello

$ kubectl cp ./f bb:/tmp

$ kubectl exec bb -- ls /tmp
f

$ kubectl cp bb:/tmp/f ./g
tar: removing leading '/' from member names

$ cat g
hello

$ kubectl cp bb:tmp/f h

$ cat h
hello

$ mkdir site

$ echo '<h1>hi</h1>' > site/index.html

$ echo a > site/css/a.css

$ kubectl cp site default/bb:/srv/site

$ kubectl exec bb -- ls -R /srv
/srv:
site

/srv/site:
css
index.html

/srv/site/css:
a.css

$ kubectl cp bb:/srv/site ./copy
tar: removing leading '/' from member names

$ ls copy
css
index.html

$ cat copy/css/a.css
a

$ kubectl cp nope bb:/tmp/x
error: nope doesn't exist in local filesystem

$ kubectl cp bb:/tmp/nope ./x
tar: /tmp/nope: No such file or directory
tar: error exit delayed from previous errors
command terminated with exit code 1

$ kubectl cp f bb:/nope/dir/f
tar: can't change directory to '/nope/dir': No such file or directory
command terminated with exit code 1

$ kubectl cp f bb:/tmp/f/g
tar: can't change directory to '/tmp/f': Not a directory
command terminated with exit code 1

$ kubectl cp f hello:/tmp/f
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "700071e29a48ff64eb992e2cff341922e7ac685b2a2e28427f34751e37941940": OCI runtime exec failed: exec failed: unable to start container process: exec: "tar": executable file not found in $PATH: unknown

$ kubectl cp f ghost:/tmp/f
Error from server (NotFound): pods "ghost" not found

$ kubectl cp f bb:/tmp/f -c other
Error from server (BadRequest): container other is not valid for pod bb

$ kubectl cp bb:/a bb:/b
error: one of src or dest must be a local file specification

$ kubectl cp f g
error: one of src or dest must be a remote file specification

$ kubectl cp f bb:
error: filepath can not be empty

$ kubectl cp :f bb:/x
error: filespec must match the canonical format: [[namespace/]pod:]file/path

$ kubectl cp f
error: source and destination are required

$ kubectl cp bb:/tmp/f .
tar: removing leading '/' from member names
error: open .: is a directory

$ kubectl cp f deploy/web:/tmp/f
Error from server (NotFound): pods "web" not found

# GNU tar (Debian images), a ConfigMap volume, -c and a second container.
$ kubectl run web --image=nginx
pod/web created

$ kubectl create configmap cfg --from-literal=color=blue --from-literal=size=L
configmap/cfg created

$ kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  volumes:
  - name: cfg
    configMap:
      name: cfg
  containers:
  - name: app
    image: busybox:1.36
    command: [sleep, "3600"]
    volumeMounts:
    - name: cfg
      mountPath: /etc/cfg
  - name: side
    image: nginx
EOF2
pod/two created

$ sim settle
settled after 12 steps and 4s of virtual time

$ kubectl cp bb:/etc/passwd ./passwd
tar: removing leading '/' from member names

$ cat passwd
root:x:0:0:root:/root:/bin/sh
daemon:x:1:1:daemon:/usr/sbin:/bin/false
bin:x:2:2:bin:/bin:/bin/false
sys:x:3:3:sys:/dev:/bin/false
sync:x:4:100:sync:/bin:/bin/sync
mail:x:8:8:mail:/var/spool/mail:/bin/false
www-data:x:33:33:www-data:/var/www:/bin/false
operator:x:37:37:Operator:/var:/bin/false
nobody:x:65534:65534:nobody:/home:/bin/false

$ kubectl cp web:/etc/hostname ./hn
tar: Removing leading `/' from member names

$ cat hn
web

$ kubectl cp web:/nope ./x
tar: Removing leading `/' from member names
tar: /nope: Cannot stat: No such file or directory
tar: Exiting with failure status due to previous errors
command terminated with exit code 2

$ echo hi > f

$ kubectl cp f web:/nope/f
tar: /nope: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
command terminated with exit code 2

$ kubectl cp f web:/usr/share/nginx/html/index.html

$ kubectl exec web -- curl -s localhost
hi

$ kubectl cp two:/etc/cfg ./cfg
Defaulted container "app" out of: app, side
tar: removing leading '/' from member names
warning: skipping symlink: "cfg/..data" -> "..2025_01_01_00_00_04.2472827030" (consider using "kubectl exec -n "" "two" -- tar cf - "/etc/cfg" | tar xf -")
warning: skipping symlink: "cfg/color" -> "..data/color"
warning: skipping symlink: "cfg/size" -> "..data/size"

$ ls cfg

$ ls -A cfg
..2025_01_01_00_00_04.2472827030

$ cat cfg/..2025_01_01_00_00_04.2472827030/color
blue

$ kubectl cp -n default two:/etc/cfg/color ./color
Defaulted container "app" out of: app, side
tar: removing leading '/' from member names
warning: skipping symlink: "color" -> "..data/color" (consider using "kubectl exec -n "" "two" -- tar cf - "/etc/cfg/color" | tar xf -")

$ kubectl cp f two:/etc/cfg/f
Defaulted container "app" out of: app, side
tar: can't open 'f': Read-only file system
command terminated with exit code 1

$ kubectl cp f two:/tmp/f -c side

$ kubectl exec two -c side -- cat /tmp/f
hi

$ kubectl cp two:/etc/hosts ./hosts -c side
tar: Removing leading `/' from member names

$ kubectl cp bb:/etc ./etc
error: (playground) the playground does not know all that /etc holds in this image; kubectl cp copies what was written, volumes and the files the kubelet mounts
