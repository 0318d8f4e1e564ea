# The cluster's own Leases: a presented Lease's resourceVersion moves
# when its renew time does (each renewal is a write), and a deleted one
# is made again by its kubelet or elector, with a new uid.
$ kubectl -n kube-node-lease get lease kubeplay-worker -o jsonpath='{.metadata.uid} {.spec.renewTime} {.metadata.resourceVersion}{"\n"}'
a6c04652-064e-46a1-8315-3d171c717216 2025-01-01T00:00:00.000000Z 373

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (0 steps ran)

$ kubectl -n kube-node-lease get lease kubeplay-worker -o jsonpath='{.metadata.uid} {.spec.renewTime} {.metadata.resourceVersion}{"\n"}'
a6c04652-064e-46a1-8315-3d171c717216 2025-01-01T00:00:00.000000Z 373

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:17Z (0 steps ran)

$ kubectl -n kube-node-lease get lease kubeplay-worker -o jsonpath='{.metadata.uid} {.spec.renewTime} {.metadata.resourceVersion}{"\n"}'
a6c04652-064e-46a1-8315-3d171c717216 2025-01-01T00:00:10.000000Z 383

$ kubectl -n kube-node-lease delete lease kubeplay-worker
lease.coordination.k8s.io "kubeplay-worker" deleted

$ kubectl -n kube-node-lease get lease kubeplay-worker -o jsonpath='{.metadata.uid} {.metadata.creationTimestamp} {.metadata.ownerReferences[0].name}{"\n"}'
c480a664-e61c-4144-91a8-f0adadd32ec9 2025-01-01T00:00:17Z kubeplay-worker

$ kubectl -n kube-system delete lease kube-scheduler
lease.coordination.k8s.io "kube-scheduler" deleted

$ kubectl -n kube-system get lease kube-scheduler -o jsonpath='{.metadata.uid} {.metadata.creationTimestamp} {.spec.acquireTime} {.spec.renewTime}{"\n"}'
7a4f1963-4cf5-4227-83f9-7ebf7a66a8e5 2025-01-01T00:00:17Z 2025-01-01T00:00:17.000000Z 2025-01-01T00:00:17.000000Z
