# sim image behave: an app that crashes 30 s after starting, and sim pod kill.
$ sim image behave nginx:1.25 crash-after=30s exit-code=2
image nginx:1.25: crash-after=30s exit-code=2

$ kubectl run web --image=nginx:1.25
pod/web created

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:22Z (5 steps ran)

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
web    1/1     Running   0          20s

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:42Z (2 steps ran)

$ kubectl get pods
NAME   READY   STATUS    RESTARTS     AGE
web    1/1     Running   1 (5s ago)   40s

$ sim image behave nginx:1.25 reset=true
image nginx:1.25 behaves as itself again

$ sim image behave nginx:1.25 bogus=1
error: unknown setting "bogus": want ready-after, crash-after, exit-code, exit-after, fail-readiness, missing or reset

$ sim image behave nginx:1.25 exit-code=3
error: exit-code needs crash-after or exit-after

$ sim pod kill nope
error: pod "nope" not found in namespace "default"

$ sim image missing httpd:2.4
image httpd:2.4 is now missing from its registry: pulls fail

$ kubectl run apache --image=httpd:2.4
pod/apache created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:52Z (5 steps ran)

$ kubectl get pod apache
NAME     READY   STATUS         RESTARTS   AGE
apache   0/1     ErrImagePull   0          10s
