# The terminal's shell: lists (; && ||), for loops, if, sleep, $((…)),
# ${NAME:-word}, seq, true/false and $?, as tutorials write them. The
# shell's own outputs and statuses were checked against bash 5.2 with
# GNU coreutils; sleep advances the cluster's virtual clock as sim
# advance does.
$ kubectl create namespace demo && kubectl config set-context --current --namespace=demo
namespace/demo created
Context "kind-kubeplay" modified.

$ kubectl get nodes; kubectl get pods
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker          Ready    <none>          2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0
No resources found in demo namespace.

$ kubectl delete pod web || true
Error from server (NotFound): pods "web" not found

$ echo $?
0

$ kubectl get deploy web || echo missing
Error from server (NotFound): deployments.apps "web" not found
missing

$ kubectl get deploy web && echo found; echo status $?
Error from server (NotFound): deployments.apps "web" not found
status 1

$ for i in 1 2 3; do kubectl run pod$i --image=nginx; done
pod/pod1 created
pod/pod2 created
pod/pod3 created

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
pod1   0/1     Pending   0          0s
pod2   0/1     Pending   0          0s
pod3   0/1     Pending   0          0s

$ sleep 30

$ kubectl get pods
NAME   READY   STATUS    RESTARTS   AGE
pod1   1/1     Running   0          30s
pod2   1/1     Running   0          30s
pod3   1/1     Running   0          30s

$ for p in $(kubectl get pods -o name); do kubectl describe $p | grep Image:; done
    Image:          nginx
    Image:          nginx
    Image:          nginx

$ for i in $(seq 1 5); do echo pod-$i; done
pod-1
pod-2
pod-3
pod-4
pod-5

$ for p in $(kubectl get pods -o name); do kubectl delete $p --wait=false; done
pod "pod1" deleted
pod "pod2" deleted
pod "pod3" deleted

$ kubectl create job pi --image=perl -- perl -e 'print 3.14'
job.batch/pi created

$ kubectl get job pi
NAME   STATUS    COMPLETIONS   DURATION   AGE
pi     Running   0/1                      0s

$ sleep 1m

$ kubectl get job pi
NAME   STATUS     COMPLETIONS   DURATION   AGE
pi     Complete   1/1           14s        60s

$ kubectl wait --for=condition=complete job/pi && echo done
job.batch/pi condition met
done

$ echo $((3 * 2)) $((7 / 2)) $((2 ** 10)) $((-7 % 3))
6 3 1024 -1

$ REPLICAS=1

$ REPLICAS=$((REPLICAS + 1)); echo $REPLICAS
2

$ kubectl create deployment web --image=nginx --replicas=$REPLICAS
deployment.apps/web created

$ kubectl scale deployment web --replicas=$((REPLICAS * 2)) && sleep 10s && kubectl get deploy web
deployment.apps/web scaled
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    4/4     4            4           10s

$ echo ${NS:-default} ${NAME:-web} ${#REPLICAS}
default web 1

$ kubectl get pods -n ${NS:-kube-system} --no-headers | wc -l
14

$ if kubectl get deploy web >/dev/null; then echo exists; else echo absent; fi
exists

$ if kubectl get deploy nope; then echo exists; else echo absent; fi
Error from server (NotFound): deployments.apps "nope" not found
absent

$ true; echo $?; false; echo $?
0
1

$ nosuchtool; echo $?
nosuchtool: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"
127

$ ! kubectl get pod nope && echo "no such pod"
Error from server (NotFound): pods "nope" not found
no such pod

$ kubectl get pods | grep -q Running && echo running || echo none
running

$ echo $((1/0)); echo not reached
bash: 1/0: division by 0 (error token is "0")

$ while true; do kubectl get pods; done
error: (playground) this loop (column 1) would never end and would stop the page: use kubectl get -w or kubectl wait, or a for loop with sleep (for i in $(seq 10); do …; sleep 5; done)

$ for i in $(seq 2000); do true; done
error: (playground) the line's loops stopped after 1000 iterations, the most one line may run

$ watch kubectl get deploy web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    4/4     4            4           10s
(playground) watch ran this once: a real terminal reruns it every 2.0s until Ctrl-C (here, run it again after sleep or sim advance, or use kubectl get -w)

$ COUNT=$(kubectl get deploy web -o jsonpath='{.status.readyReplicas}'); if [ "$COUNT" -ge 4 ]; then echo "ready: $COUNT"; fi
ready: 4

$ for i in $(seq 3); do [ $i -eq 2 ] && continue_marker=yes || echo "not two: $i"; done
not two: 1
not two: 3

$ X=; echo "${X:-empty}" "${X-unset}" "${X:=filled}" "$X"
empty  filled filled

$ kubectl get pods -o name | while read p; do echo "$p: $(kubectl get $p -o jsonpath='{.status.phase}')"; done
pod/pi-j9mdh: Succeeded
pod/web-797596b896-kt86l: Running
pod/web-797596b896-mjv8k: Running
pod/web-797596b896-pcmwg: Running
pod/web-797596b896-pn5nt: Running

$ for d in $(kubectl get deploy -o name); do kubectl get $d --no-headers; done | wc -l
1

$ kubectl get ns staging 2>/dev/null || kubectl create ns staging
namespace/staging created

$ kubectl get pod nope 2>&1 | grep -c NotFound
1

$ echo $((i++))
bash: i++: (playground) ++ and -- are not supported: assign with NAME=$((NAME + 1)) (error token is "i++")

# At the end of the input an open compound command is bash's syntax error.
$ for i in 1 2 3
error: syntax error: unexpected end of file
