# bmuschko/ckad-crash-course, exercises/04-creating-securitycontext, the
# solution's commands in order; secured.yaml is the solution's file.
$ kubectl run secured --image=nginx -o yaml --dry-run=client > secured.yaml

$ cat <<EOF > secured.yaml
apiVersion: v1
kind: Pod
metadata:
  name: secured
spec:
  securityContext:
    fsGroup: 3000
  containers:
  - image: nginx
    name: secured
    volumeMounts:
    - name: data-vol
      mountPath: /data/app
    resources: {}
  volumes:
  - name: data-vol
    emptyDir: {}
  restartPolicy: Never
EOF

$ kubectl create -f secured.yaml
pod/secured created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl exec -it secured -- sh

$ cd /data/app

$ touch logs.txt

# The file is root's (nginx runs as root) and in fsGroup's group, which
# owns the volume: its directory has the set-group-id bit.
$ ls -l
total 0
-rw-r--r-- 1 root 3000 0 Jan  1 00:00 logs.txt

$ ls -ld /data/app
drwxrwsrwx 2 root 3000 4096 Jan  1 00:00 /data/app

$ exit
