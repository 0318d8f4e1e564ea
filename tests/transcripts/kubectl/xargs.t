# GNU xargs (findutils 4.9) at the end of a pipe: items split on blanks
# and newlines with quotes and backslashes processed, -n, -L, -I, -r, -0,
# -d, -t; the command is kubectl or a text tool (echo when none is
# given); its exit status is xargs' own (123 when a command failed).
$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ kubectl create deployment db --image=redis
deployment.apps/db created

$ sim settle
settled after 43 steps and 6s of virtual time

$ kubectl get pods -o name | xargs
pod/db-589ffd8dfd-gtx98 pod/web-797596b896-5drg4 pod/web-797596b896-nxlbt pod/web-797596b896-sd6f6

$ kubectl get pods -l app=web -o name | xargs kubectl delete
pod "web-797596b896-5drg4" deleted
pod "web-797596b896-nxlbt" deleted
pod "web-797596b896-sd6f6" deleted

$ kubectl get deploy -o name | xargs -n1 kubectl rollout status
deployment "db" successfully rolled out
Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...
deployment "web" successfully rolled out

$ kubectl get deploy -o jsonpath='{.items[*].metadata.name}' | xargs -n1 | xargs -I{} kubectl get deploy {} -o jsonpath='{.metadata.name}={.spec.replicas}{"\n"}'
db=1
web=3

$ kubectl get deploy -o name | xargs -I % echo "deployment: %"
deployment: deployment.apps/db
deployment: deployment.apps/web

$ echo "a 'b c' \"d e\" f\ g" | xargs -n1 echo
a
b c
d e
f g

$ printf 'a b \nc\nd\n' | xargs -L1 echo
a b c
d

$ printf 'x,y,z' | xargs -d, -t echo
echo x y z
x y z

$ printf '' | xargs kubectl delete pod; echo "exit $?"
error: resource(s) were provided, but no name was specified
exit 123

$ printf '' | xargs -r kubectl delete pod; echo "exit $?"
exit 0

$ echo nope1 nope2 | xargs -n1 kubectl get deploy; echo "exit $?"
Error from server (NotFound): deployments.apps "nope1" not found
Error from server (NotFound): deployments.apps "nope2" not found
exit 123

$ echo x | xargs nosuch; echo "exit $?"
xargs: nosuch: No such file or directory
exit 127

$ echo "a 'b" | xargs echo; echo "exit $?"
a
xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option
exit 1

$ echo x | xargs -n0 echo
xargs: value 0 for -n option should be >= 1
Try 'xargs --help' for more information.

$ echo x | xargs -Q
xargs: invalid option -- 'Q'
Try 'xargs --help' for more information.

$ echo x | xargs -p echo
xargs: (playground) -p is not simulated here
