# Shell variables and command substitution in the terminal: assignments
# live in the session, so later lines (and replays of a share link or a
# kubeplay run script) see them.
$ kubectl create deployment nginx --image=nginx --replicas=2
deployment.apps/nginx created

$ sim settle
settled after 22 steps and 4s of virtual time

$ POD=$(kubectl get pods -l app=nginx -o jsonpath='{.items[0].metadata.name}')

$ echo $POD
nginx-76f77dbcc8-2bcp5

$ echo "pod: $POD" '$POD' ${POD}-copy
pod: nginx-76f77dbcc8-2bcp5 $POD nginx-76f77dbcc8-2bcp5-copy

$ kubectl exec $POD -- env | grep -c =
16

$ kubectl logs "$POD" | head -2
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/

$ kubectl get pod $POD -o jsonpath='{.spec.containers[0].image}'
nginx

$ export NS=kube-system

$ kubectl get pods -n $NS --no-headers | wc -l
14

$ kubectl get deploy -n "$NS"
NAME      READY   UP-TO-DATE   AVAILABLE   AGE
coredns   2/2     2            2           6s

$ export NS=default TIER=frontend

$ kubectl label deployment nginx tier=$TIER -n $NS
deployment.apps/nginx labeled

$ kubectl get deploy -l tier=$TIER
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   2/2     2            2           4s

$ NODES=$(kubectl get nodes -o name)

$ echo $NODES
node/kubeplay-control-plane node/kubeplay-worker node/kubeplay-worker2 node/kubeplay-worker3

$ echo "$NODES"
node/kubeplay-control-plane
node/kubeplay-worker
node/kubeplay-worker2
node/kubeplay-worker3

$ kubectl delete $(kubectl get pods -o name | head -1)
pod "nginx-76f77dbcc8-2bcp5" deleted

$ sim settle
settled after 9 steps and 1s of virtual time

$ kubectl get pods --no-headers | wc -l
2

$ COUNT=$(kubectl get pods --no-headers | wc -l)

$ kubectl scale deployment nginx --replicas=$(( COUNT + 1 ))
deployment.apps/nginx scaled

$ kubectl scale deployment nginx --replicas=$(echo 3)
deployment.apps/nginx scaled

$ SECRET=$(echo -n hunter2 | base64)

$ kubectl create secret generic login --from-literal=token=$SECRET
secret/login created

$ kubectl get secret login -o jsonpath='{.data.token}' | base64 -d | base64 -d
hunter2

$ echo $UNSET_VARIABLE done
done

$ unset POD

$ echo "[$POD]"
[]

$ NAME=web kubectl get pods
NAME                     READY   STATUS    RESTARTS   AGE
nginx-76f77dbcc8-58crp   1/1     Running   0          2s
nginx-76f77dbcc8-jjhv7   1/1     Running   0          6s

$ echo `kubectl get deploy -o name`
deployment.apps/nginx

$ kubectl get pods -l app=$(kubectl get deploy -o jsonpath='{.items[0].metadata.labels.app}') -o name | wc -l
2

$ MISSING=$(kubectl get pod nope -o name)
Error from server (NotFound): pods "nope" not found

$ echo "[$MISSING]"
[]
