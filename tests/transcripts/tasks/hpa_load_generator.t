# The HPA walkthrough's load generator, its other forms and its ends. A
# loop of requests to a Service loads the pods behind it (hpa-example
# spends CPU on each request); kubectl run -i stays attached to it until
# Ctrl-C, which the playground turns into a job. kill -INT is that Ctrl-C;
# any other signal ends kubectl alone, as on a real machine, and the pod
# keeps looping.
$ kubectl create deployment php-apache --image=registry.k8s.io/hpa-example
deployment.apps/php-apache created

$ kubectl set resources deployment php-apache --requests=cpu=200m --limits=cpu=500m
deployment.apps/php-apache resource requirements updated

$ kubectl expose deployment php-apache --port=80
service/php-apache exposed

$ sim settle
settled after 24 steps and 8s of virtual time

$ kubectl run -i --tty lg --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"
If you don't see a command prompt, try pressing enter.
OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

$ jobs
[1]+  Running                 kubectl run -i --tty lg --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done" &

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:12Z (0 steps ran)

$ kubectl top pods
NAME                          CPU(cores)   MEMORY(bytes)
lg                            0m           0Mi
php-apache-6c5c9cd66d-g46q7   500m         10Mi

# SIGTERM ends kubectl, not the loop: --rm never runs, the pod stays.
$ kill %1
[1]+  Terminated              kubectl run -i --tty lg --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"

$ kubectl get pods lg
NAME   READY   STATUS    RESTARTS   AGE
lg     1/1     Running   0          62s

$ kubectl delete pod lg --wait=false
pod "lg" deleted

# A request loop that fails prints its error on every turn.
$ kubectl run -i --tty lg2 --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://nope; done"
If you don't see a command prompt, try pressing enter.
wget: bad address 'nope'
wget: bad address 'nope'
wget: bad address 'nope'
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

# Deleted from the other terminal: the attach ends with the pod.
$ kubectl delete pod lg2
pod "lg2" deleted

$ jobs

# Started with &, bash announces it and its end.
$ kubectl run -i --tty lg3 --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while true; do wget -q -O- http://php-apache; done" &
[1] 2722
If you don't see a command prompt, try pressing enter.
OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

$ jobs
[1]+  Running                 kubectl run -i --tty lg3 --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while true; do wget -q -O- http://php-apache; done" &

$ kill -INT %1
pod "lg3" deleted
pod default/lg3 terminated (Error)
[1]+  Exit 130                kubectl run -i --tty lg3 --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while true; do wget -q -O- http://php-apache; done"

# Without -i the loop runs in its pod as any command does.
$ kubectl run load-gen --image=busybox:1.28 --restart=Never -- /bin/sh -c "while true; do wget -q -O- http://php-apache > /dev/null; done"
pod/load-gen created

$ sim advance 1m
advanced 60s to 2025-01-01T00:02:47Z (5 steps ran)

$ kubectl top pods -l app=php-apache
NAME                          CPU(cores)   MEMORY(bytes)
php-apache-6c5c9cd66d-g46q7   500m         10Mi

# Any endless loop holds the terminal the same way: one that sleeps shows
# its first turn, the rest coming as time passes.
$ kubectl run -it --rm hello --image=busybox:1.28 --restart=Never -- sh -c "echo start; while true; do echo hello; sleep 10; done"
If you don't see a command prompt, try pressing enter.
start
hello
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

$ kill -INT %1
pod "hello" deleted
pod default/hello terminated (Error)

# Without -t, Ctrl-C ends kubectl alone; deleting the pod ends the loop.
$ kubectl run -i --rm quiet --image=busybox:1.28 --restart=Never -- sh -c "while true; do echo hello; sleep 10; done"
If you don't see a command prompt, try pressing enter.
hello
(playground) the loop runs until its pod is deleted: it goes on as job [1], as in a second terminal; without -t, Ctrl-C (kill -INT %1) would end kubectl alone, leaving the pod running: kubectl delete pod quiet ends it

$ kill -INT %1
[1]+  Interrupt               kubectl run -i --rm quiet --image=busybox:1.28 --restart=Never -- sh -c "while true; do echo hello; sleep 10; done"

$ kubectl get pod quiet
NAME    READY   STATUS    RESTARTS   AGE
quiet   1/1     Running   0          2s

$ kubectl delete pod quiet --wait=false
pod "quiet" deleted
