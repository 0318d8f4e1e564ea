# kubectl exec -it POD -- sh: a shell of its own in the container, which
# the terminal types into until exit; kubectl then reports a non-zero exit
# code ("command terminated with exit code N") and exits with it. The
# image must have that shell: nginx has bash and Debian's sh, busybox only
# ash, a distroless image none (the runtime's exec error).
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ kubectl run bb --image=busybox:1.28 -- sleep 3600
pod/bb created

$ kubectl run hello --image=gcr.io/google-samples/hello-app:1.0
pod/hello created

$ sim settle
settled after 36 steps and 5s of virtual time

$ kubectl exec -it deploy/web -- bash

$ hostname
web-797596b896-422k9

$ cd /usr/share/nginx/html

$ pwd
/usr/share/nginx/html

$ echo $HOME $PWD
/root /usr/share/nginx/html

$ cd ..

$ pwd
/usr/share/nginx

$ kubectl get pods
bash: kubectl: command not found

$ exit 3
exit
command terminated with exit code 3

$ echo $?
3

# Debian's sh is dash: its messages carry the line number.
$ kubectl exec -it deploy/web -- sh

$ kubectl version
sh: 1: kubectl: not found

$ cd /nope
sh: 2: cd: can't cd to /nope

$ exit
command terminated with exit code 2

$ echo $?
2

# Into busybox, wget to the Service and its environment variables.
$ kubectl exec -it bb -- sh

$ wget -q -O /dev/null http://web && echo reachable
reachable

$ printenv WEB_SERVICE_HOST
10.107.77.184

$ X=1

$ echo $X
1

$ unset X

$ echo "[$X]"
[]

$ exit

$ kubectl exec -it bb -- bash
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "cbd87541542aa223b2f3518d48013fc751bd7f3be195c0b37f598a738ea09cea": OCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown

$ kubectl exec -it hello -- sh
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "31d71c3e7a98a8df07ca1b706ae10c3eadc50180d7ab798ab69bebc40eb78d3d": OCI runtime exec failed: exec failed: unable to start container process: exec: "sh": executable file not found in $PATH: unknown

# -i without -t: no prompt, but the lines still go to the shell; -t
# without -i: the shell reads nothing and exits at once.
$ kubectl exec -i bb -- sh

$ hostname
bb

$ exit

$ kubectl exec -t bb -- sh

# The container ends under an open session (sleep in the shell lets the
# cluster's time pass): the exec'd shell dies with it, and the next line
# is the user's own again.
$ kubectl run short --image=busybox -- sleep 20
pod/short created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:12Z (6 steps ran)

$ kubectl exec -it short -- sh

$ sleep 30
command terminated with exit code 137

$ kubectl get pod short
NAME    READY   STATUS    RESTARTS      AGE
short   1/1     Running   1 (13s ago)   35s

# A Job past its deadline: its pod is deleted under the session.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: slow
spec:
  activeDeadlineSeconds: 30
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        command: ["sleep", "3600"]
EOF
job.batch/slow created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:47Z (11 steps ran)

$ kubectl exec -it job/slow -- sh

$ hostname
slow-qcgj9

$ sleep 60
command terminated with exit code 137

$ hostname
hostname: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kubectl get pods -l job-name=slow
No resources found in default namespace.
