$ kubectl get nodes -o name
node/kubeplay-control-plane
node/kubeplay-worker
node/kubeplay-worker2
node/kubeplay-worker3

$ kubectl taint nodes kubeplay-worker dedicated=gpu:NoSchedule
node/kubeplay-worker tainted

$ kubectl taint nodes kubeplay-worker dedicated=ml:NoSchedule
error: node kubeplay-worker already has dedicated taint(s) with same effect(s) and --overwrite is false

$ kubectl taint nodes kubeplay-worker dedicated=ml:NoSchedule --overwrite
node/kubeplay-worker modified

$ kubectl get node kubeplay-worker -o jsonpath='{.spec.taints}'
[{"effect":"NoSchedule","key":"dedicated","value":"ml"}]

$ kubectl taint nodes kubeplay-worker dedicated:NoSchedule-
node/kubeplay-worker untainted

$ kubectl taint nodes kubeplay-worker dedicated:NoSchedule-
error: taint "dedicated:NoSchedule" not found

$ kubectl taint nodes kubeplay-worker dedicated=gpu:Sometimes
error: invalid taint effect: Sometimes, unsupported taint effect
See 'kubectl taint -h' for help and examples

$ kubectl taint pods kubeplay-worker a=b:NoSchedule
error: invalid resource type pods, only node types are supported

$ kubectl taint nodes nope a=b:NoSchedule
Error from server (NotFound): nodes "nope" not found

$ kubectl cordon kubeplay-worker
node/kubeplay-worker cordoned

$ kubectl cordon kubeplay-worker
node/kubeplay-worker already cordoned

$ kubectl get node kubeplay-worker
NAME              STATUS                     ROLES    AGE   VERSION
kubeplay-worker   Ready,SchedulingDisabled   <none>   2s    v1.32.0

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker uncordoned

$ kubectl uncordon kubeplay-worker
node/kubeplay-worker already uncordoned

$ kubectl cordon kubeplay-worker --dry-run=client
node/kubeplay-worker cordoned (dry run)

$ kubectl cordon
error: USAGE: cordon NODE [flags]
See 'kubectl cordon -h' for help and examples

$ kubectl cordon nope
Error from server (NotFound): nodes "nope" not found

# Drain: only kubeplay-worker3 takes new pods, so the pods below land there.
$ kubectl cordon kubeplay-worker kubeplay-worker2
node/kubeplay-worker cordoned
node/kubeplay-worker2 cordoned

$ kubectl run solo --image=nginx --labels=drain=me
pod/solo created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: scratch
  labels:
    drain: me
spec:
  containers:
  - name: app
    image: busybox
    command: ["sleep", "3600"]
  volumes:
  - name: tmp
    emptyDir: {}
EOF
pod/scratch created

$ sim settle
settled after 14 steps and 4s of virtual time

$ kubectl drain kubeplay-worker3 --pod-selector=drain=me
node/kubeplay-worker3 cordoned
error: unable to drain node "kubeplay-worker3" due to error: [cannot delete Pods declare no controller (use --force to override): default/solo, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/scratch], continuing command...
There are pending nodes to be drained:
 kubeplay-worker3
error: [cannot delete Pods declare no controller (use --force to override): default/solo, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/scratch]

$ kubectl drain kubeplay-worker3 --pod-selector=drain=me --force
node/kubeplay-worker3 already cordoned
error: unable to drain node "kubeplay-worker3" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/scratch, continuing command...
There are pending nodes to be drained:
 kubeplay-worker3
error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/scratch

$ kubectl drain kubeplay-worker3 --pod-selector=drain=me --force --delete-emptydir-data --dry-run=client
node/kubeplay-worker3 already cordoned (dry run)
Warning: deleting Pods that declare no controller: default/scratch, default/solo
evicting pod default/scratch (dry run)
evicting pod default/solo (dry run)
node/kubeplay-worker3 drained (dry run)

$ kubectl drain kubeplay-worker3 --pod-selector=drain=me --force --delete-emptydir-data
node/kubeplay-worker3 already cordoned
Warning: deleting Pods that declare no controller: default/scratch, default/solo
evicting pod default/scratch
evicting pod default/solo
pod/solo evicted
pod/scratch evicted
node/kubeplay-worker3 drained

$ kubectl get pods
No resources found in default namespace.

$ kubectl get node kubeplay-worker3
NAME               STATUS                     ROLES    AGE   VERSION
kubeplay-worker3   Ready,SchedulingDisabled   <none>   36s   v1.32.0

$ kubectl uncordon kubeplay-worker kubeplay-worker2 kubeplay-worker3
node/kubeplay-worker uncordoned
node/kubeplay-worker2 uncordoned
node/kubeplay-worker3 uncordoned

$ kubectl drain
error: USAGE: drain NODE [flags]
See 'kubectl drain -h' for help and examples
