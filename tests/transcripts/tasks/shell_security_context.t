# kubernetes.io "Configure a Security Context for a Pod or Container", the
# parts visible from inside the container: which user the processes run
# as. Transcripts never download: the page's manifest
# (https://k8s.io/examples/pods/security/security-context.yaml) is a
# here-document. The page's ls -l (the volume's group from fsGroup) and
# id lines are left out: the playground does not model file ownership or
# the process's groups yet.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: security-context-demo
spec:
  securityContext:
    runAsUser: 1000
    runAsGroup: 3000
    fsGroup: 2000
  volumes:
  - name: sec-ctx-vol
    emptyDir: {}
  containers:
  - name: sec-ctx-demo
    image: busybox:1.28
    command: [ "sh", "-c", "sleep 1h" ]
    volumeMounts:
    - name: sec-ctx-vol
      mountPath: /data/demo
    securityContext:
      allowPrivilegeEscalation: false
EOF
pod/security-context-demo created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod security-context-demo
NAME                    READY   STATUS    RESTARTS   AGE
security-context-demo   1/1     Running   0          2s

$ kubectl exec -it security-context-demo -- sh

# The processes run as user 1000, the value of runAsUser.
$ ps
PID   USER     TIME  COMMAND
    1 1000      0:00 sleep 1h
    6 1000      0:00 sh
    7 1000      0:00 ps

$ exit

# A container's runAsUser overrides the pod's. The page's pod runs
# node-hello, whose processes the playground does not know: busybox here.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: security-context-demo-2
spec:
  securityContext:
    runAsUser: 1000
  containers:
  - name: sec-ctx-demo-2
    image: busybox:1.28
    command: [ "sh", "-c", "sleep 1h" ]
    securityContext:
      runAsUser: 2000
      allowPrivilegeEscalation: false
EOF
pod/security-context-demo-2 created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec -it security-context-demo-2 -- sh

$ ps aux
PID   USER     TIME  COMMAND
    1 2000      0:00 sleep 1h
    6 2000      0:00 sh
    7 2000      0:00 ps aux

$ exit

$ kubectl delete pod security-context-demo security-context-demo-2
pod "security-context-demo" deleted
pod "security-context-demo-2" deleted
