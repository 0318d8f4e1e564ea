# kubectl delete -i/--interactive: delete.go lists what a preview of the
# same targets found, asks, and reads one word from standard input (Go's
# fmt.Fscan); only "y" or "Y" deletes. The question ends without a newline,
# so with a piped answer the next line starts after it. Anything else, or
# no input at all, cancels: "deletion is cancelled", exit status 0.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl create configmap a --from-literal=k=v
configmap/a created

$ kubectl create configmap b --from-literal=k=v
configmap/b created

$ echo n | kubectl delete configmap a -i
You are about to delete the following 1 resource(s):
configmap/a
Do you want to continue? (y/n): deletion is cancelled

$ echo $?
0

$ echo yes | kubectl delete configmap a --interactive
You are about to delete the following 1 resource(s):
configmap/a
Do you want to continue? (y/n): deletion is cancelled

$ kubectl delete configmap a -i
You are about to delete the following 1 resource(s):
configmap/a
Do you want to continue? (y/n): deletion is cancelled
(playground) the terminal cannot answer a prompt: give the answer on standard input (echo y | kubectl delete … -i)

$ echo Y | kubectl delete configmap a b -i
You are about to delete the following 2 resource(s):
configmap/a
configmap/b
Do you want to continue? (y/n): configmap "a" deleted
configmap "b" deleted

# Selectors and --all list what they match; the group is in the kind.
$ kubectl delete deployment,configmap --all -i --dry-run=client <<EOF

y
EOF
You are about to delete the following 2 resource(s):
deployment.apps/web
configmap/kube-root-ca.crt
Do you want to continue? (y/n): deployment.apps "web" deleted (dry run)
configmap "kube-root-ca.crt" deleted (dry run)

$ echo y | kubectl delete pods -l app=nope -i
No resources found

# An object the preview cannot find ends the command before the question.
$ echo y | kubectl delete configmap a -i
Error from server (NotFound): configmaps "a" not found

$ echo y | kubectl delete deployment web -i
You are about to delete the following 1 resource(s):
deployment.apps/web
Do you want to continue? (y/n): deployment.apps "web" deleted
