# bmuschko/ckad-crash-course, exercises/20-troubleshooting-pod (the
# course's later numbering), the solution's commands in order; pod.yaml
# is the exercise's file.
$ cat <<'EOF' > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: date-recorder
spec:
  containers:
  - name: debian
    image: gcr.io/distroless/nodejs20-debian11
    command: ["/nodejs/bin/node", "-e", "const fs = require('fs'); let timestamp = Date.now(); fs.writeFile('/root/tmp/startup-marker.txt', timestamp.toString(), err => { if (err) { console.error(err); } while(true) {} });"]
EOF

$ kubectl apply -f pod.yaml
pod/date-recorder created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl get pods
NAME            READY   STATUS    RESTARTS   AGE
date-recorder   1/1     Running   0          3s

# (playground) the inline Node.js program is not run: a real one logs
# the ENOENT error for /root/tmp/startup-marker.txt the solution shows.
$ kubectl logs date-recorder
(playground) gcr.io/distroless/nodejs20-debian11 started; the simulator runs no real process, so this is all it printed

# (playground) the distroless image has no shell: on kind containerd
# refuses the exec ("OCI runtime exec failed: … exec: "/bin/sh": stat
# /bin/sh: no such file or directory: unknown").
$ kubectl exec -it date-recorder -- /bin/sh
error: (playground) the playground does not know which programs gcr.io/distroless/nodejs20-debian11 contains; it runs wget, curl and nslookup in the busybox, alpine, curlimages/curl, nginx, httpd, redis, ubuntu, debian, nicolaka/netshoot, agnhost and kubernetes-bootcamp images, and nslookup and dig in jessie-dnsutils (dig in nicolaka/netshoot and agnhost too)

# --share-processes applies to --copy-to's copy only; the ephemeral
# container shares the target's PID namespace through --target.
$ kubectl debug -it date-recorder --image=busybox --target=debian --share-processes
Targeting container "debian". If you don't see processes from this container it may be because the container runtime doesn't support this feature.
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".
Defaulting debug container name to debugger-sd6f6.
If you don't see a command prompt, try pressing enter.

# (playground) node's busy loop shows no CPU time here (the solution's
# 4:21).
$ ps
PID   USER     TIME  COMMAND
    1 root      0:00 /nodejs/bin/node -e const fs = require('fs'); let timestamp = Date.now(); fs.writeFile('/root/tmp/startup-marker.txt', timestamp.toString(), err => { if (err) { console.error(err); } while(true) {} });
    6 root      0:00 sh
    7 root      0:00 ps

$ exit
Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach date-recorder -c debugger-sd6f6 -i -t' if it is still running

# The solution's pod name is the earlier exercise's.
$ kubectl exec failing-pod -it -- /bin/sh
Error from server (NotFound): pods "failing-pod" not found
