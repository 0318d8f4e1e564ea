# A file written through kubectl exec is part of the cluster's history:
# it belongs to the step the cluster was at, so going back and forward
# again (or jumping) finds it, and it is gone at steps before it. Writing
# after a jump back starts a new future, as a kubectl write does.
$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec bb -- sh -c 'echo hi > /tmp/f'

$ sim back
at step 6 of 7 (2025-01-01T00:00:03Z); step 7 stays recorded: sim forward replays it, a change starts a new future

$ sim forward
#7 2025-01-01T00:00:04Z kubelet pod/bb -n default
    kubelet on kubeplay-worker3, pod bb: nothing is due
at step 7 of 7 (2025-01-01T00:00:04Z), the latest

$ kubectl exec bb -- cat /tmp/f
hi

$ sim jump 3
at step 3 of 7 (2025-01-01T00:00:02Z); steps 4-7 stay recorded: sim forward replays them, a change starts a new future

$ sim jump 7
at step 7 of 7 (2025-01-01T00:00:04Z), the latest

$ kubectl exec bb -- cat /tmp/f
hi

$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl exec bb -- sh -c 'echo later > /tmp/g'

$ sim back
at step 12 of 13 (2025-01-01T00:00:08Z); step 13 stays recorded: sim forward replays it, a change starts a new future

$ kubectl exec bb -- ls /tmp
f

$ kubectl exec bb -- sh -c 'echo other > /tmp/h'

$ sim forward
error: no recorded steps ahead: "sim step" runs new ones

$ kubectl exec bb -- ls /tmp
f
h
