# A shell session keeps its working directory and exported variables
# between lines, as a real shell does: relative paths are read from where
# cd went, cd checks the directory exists (each shell complaining in its
# own words), and env lists what was exported. cd also works inside a
# sh -c script.
$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl exec -it bb -- sh

$ mkdir /data

$ cd /data

$ echo hi > f

$ cat f
hi

$ ls
f

$ pwd
/data

$ cd f
sh: cd: can't cd to f: Not a directory

$ cd /nope
sh: cd: can't cd to /nope: No such file or directory

$ echo $?
1

$ cd ..

$ cat data/f
hi

$ X=1

$ export FOO=bar

$ printenv FOO
bar

$ printenv X

$ env
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT=443
HOSTNAME=bb
SHLVL=1
HOME=/root
OLDPWD=/data
TERM=xterm
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
KUBERNETES_PORT_443_TCP_PORT=443
FOO=bar
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT_HTTPS=443
KUBERNETES_SERVICE_HOST=10.96.0.1
PWD=/

$ exit

$ kubectl exec bb -- sh -c 'cd /data; cat f; cd /nope; pwd'
hi
sh: cd: can't cd to /nope: No such file or directory
/data

$ kubectl exec -it deploy/web -- bash

$ cd /nope
bash: cd: /nope: No such file or directory

$ mkdir /srv/x && cd /srv/x && pwd
/srv/x

$ exit
exit

$ kubectl exec deploy/web -- sh -c 'cd /nope'
sh: 1: cd: can't cd to /nope
command terminated with exit code 2

$ kubectl exec deploy/web -- bash -c 'cd /nope || pwd; cd /usr/share/nginx/html && head -4 index.html'
bash: line 1: cd: /nope: No such file or directory
/
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
