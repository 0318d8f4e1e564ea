# A DaemonSet with a nodeSelector runs only on the matching nodes (NODE
# SELECTOR column); relabelling a node out of eligibility removes its pod,
# removing a node shrinks DESIRED only once pod GC deletes its bound pod
# (after 40s), as that deletion, not the node's, wakes the controller.
$ kubectl label node kubeplay-worker kubeplay-worker2 kubeplay-worker3 disk=ssd
node/kubeplay-worker labeled
node/kubeplay-worker2 labeled
node/kubeplay-worker3 labeled

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      nodeSelector:
        disk: ssd
      containers:
      - name: agent
        image: busybox:1.36
        command: ["sleep", "infinity"]
EOF
daemonset.apps/agent created

$ sim settle
settled after 24 steps and 2s of virtual time

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   3         3         3       3            3           disk=ssd        2s

$ kubectl label node kubeplay-worker3 disk-
node/kubeplay-worker3 unlabeled

$ sim settle
settled after 7 steps and 30s of virtual time

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   2         2         2       2            2           disk=ssd        32s

$ kubectl get pods -l app=agent -o wide
NAME          READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
agent-956rh   1/1     Running   0          32s   10.244.2.3   kubeplay-worker2   <none>           <none>
agent-sgkwf   1/1     Running   0          32s   10.244.1.2   kubeplay-worker    <none>           <none>

# An update rolls node by node (maxUnavailable 1). The old pod ignores
# SIGTERM (sleep as PID 1), so it terminates for its 30 s grace period;
# upstream counts it in CURRENT, READY and AVAILABLE until it is gone
# (getNodesToDaemonPods(…, false) skips only finished *and* deleted pods).
$ kubectl set image ds agent agent=busybox:1.37
daemonset.apps/agent image updated

$ sim advance 3s
advanced 3s to 2025-01-01T00:00:37Z (3 steps ran)

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   2         2         2       0            2           disk=ssd        35s

$ kubectl get pods -l app=agent
NAME          READY   STATUS        RESTARTS   AGE
agent-956rh   1/1     Running       0          35s
agent-sgkwf   1/1     Terminating   0          35s

$ kubectl rollout status ds agent
Waiting for daemon set "agent" rollout to finish: 0 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 of 2 updated pods are available...
daemon set "agent" successfully rolled out

$ kubectl rollout history ds agent
daemonset.apps/agent
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl rollout history ds agent --revision=2
daemonset.apps/agent with revision #2
Pod Template:
  Labels:	app=agent
  Containers:
   agent:
    Image:	busybox:1.37
    Port:	<none>
    Host Port:	<none>
    Command:
      sleep
      infinity
    Environment:	<none>
    Mounts:	<none>
  Volumes:	<none>
  Node-Selectors:	disk=ssd
  Tolerations:	<none>

$ kubectl rollout undo ds agent --to-revision=3
error: unable to find specified revision 3 in history

$ kubectl rollout undo ds agent --to-revision=2
daemonset.apps/agent skipped rollback (current template already matches revision 2)

$ kubectl rollout undo ds agent
daemonset.apps/agent rolled back

$ kubectl rollout status ds agent
Waiting for daemon set spec update to be observed...
Waiting for daemon set "agent" rollout to finish: 0 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 out of 2 new pods have been updated...
Waiting for daemon set "agent" rollout to finish: 1 of 2 updated pods are available...
daemon set "agent" successfully rolled out

$ kubectl rollout history ds agent
daemonset.apps/agent
REVISION  CHANGE-CAUSE
2         <none>
3         <none>

$ kubectl get pods -l app=agent -o jsonpath='{range .items[*]}{.spec.nodeName} {.spec.containers[0].image}{"\n"}{end}'
kubeplay-worker2 busybox:1.36
kubeplay-worker busybox:1.36

$ sim node remove kubeplay-worker2
node kubeplay-worker2 removed

$ sim settle
settled after 38 steps and 42s of virtual time

$ kubectl get ds agent
NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
agent   1         1         1       1            1           disk=ssd        3m22s
