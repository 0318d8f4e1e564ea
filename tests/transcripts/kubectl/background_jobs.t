# `&` as an interactive bash shows it: the job's number and process id,
# then what it prints. A port-forward or a proxy keeps running in the
# background; anything else runs to its end at once, and bash says so
# before the next prompt. jobs lists them, kill ends them.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ sim settle
settled after 16 steps and 4s of virtual time

$ echo hello &
[1] 2718
hello
[1]+  Done                    echo hello

$ false &
[1] 2720
[1]+  Exit 1                  false

$ echo $?
0

$ kubectl get pods nope && echo found &
[1] 2722
Error from server (NotFound): pods "nope" not found
[1]+  Exit 1                  kubectl get pods nope && echo found

$ kubectl port-forward deploy/web 8080:80 &
[1] 2724
Forwarding from 127.0.0.1:8080 -> 80
Forwarding from [::1]:8080 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8080 on this machine reaches pod web-797596b896-jjhv7; it ends when the pod does

$ kubectl proxy --port 8002 &
[2] 2726
Starting to serve on 127.0.0.1:8002

$ jobs
[1]-  Running                 kubectl port-forward deploy/web 8080:80 &
[2]+  Running                 kubectl proxy --port 8002 &

$ jobs -l
[1]- 2724 Running                 kubectl port-forward deploy/web 8080:80 &
[2]+ 2726 Running                 kubectl proxy --port 8002 &

$ jobs -p
2724
2726

$ fg
bash: fg: (playground) jobs stay in the background here: the terminal cannot type into a job or stop it with Ctrl-C; kill %N ends it

$ wait
bash: wait: (playground) a proxy never ends by itself, and a port-forward only with its pod: wait would not return; kill %N ends them

$ curl -s localhost:8080 | grep title
Handling connection for 8080
<title>Welcome to nginx!</title>

$ curl -s localhost:8002/api/v1/namespaces/default/pods/$(kubectl get pods -o name | cut -d/ -f2)/proxy/ | grep title
<title>Welcome to nginx!</title>

$ kill %2
[2]+  Terminated              kubectl proxy --port 8002

$ curl -s localhost:8002/version; echo "exit $?"
exit 7

$ kill %2
bash: kill: %2: no such job

$ kill 99
bash: kill: (99) - No such process

$ kill -9 %kubectl
[1]+  Killed                  kubectl port-forward deploy/web 8080:80

$ kubectl proxy --port 8002 &
[1] 2728
Starting to serve on 127.0.0.1:8002

$ kill -9 %kubectl
[1]+  Killed                  kubectl proxy --port 8002

$ kill %kubectl\ proxy %kubectl
bash: kill: %kubectl proxy: no such job
bash: kill: %kubectl: no such job

$ kill
bash: kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]

$ jobs

$ fg
bash: fg: current: no such job

$ wait; echo "exit $?"
exit 0

# A forward started without & is a job too (without bash's notices);
# forwards end with their pod, and bash tells of a & job when it next can.
$ kubectl port-forward deploy/web 8081:80
Forwarding from 127.0.0.1:8081 -> 80
Forwarding from [::1]:8081 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8081 on this machine reaches pod web-797596b896-jjhv7; it ends when the pod does

$ kubectl port-forward deploy/web 8082:80 &
[2] 2732
Forwarding from 127.0.0.1:8082 -> 80
Forwarding from [::1]:8082 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8082 on this machine reaches pod web-797596b896-jjhv7; it ends when the pod does

$ jobs
[1]-  Running                 kubectl port-forward deploy/web 8081:80 &
[2]+  Running                 kubectl port-forward deploy/web 8082:80 &

$ kubectl delete pod -l app=web
pod "web-797596b896-jjhv7" deleted

$ sim settle
[2]+  Exit 1                  kubectl port-forward deploy/web 8082:80
settled after 9 steps and 4s of virtual time

$ jobs

# Only a & at the end of a list (or between commands) runs in the background.
$ echo a & echo b
[1] 2734
a
[1]+  Done                    echo a
b

$ echo a && & echo b
error: syntax error near unexpected token `&'
