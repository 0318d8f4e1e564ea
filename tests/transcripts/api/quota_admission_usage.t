# The ResourceQuota admission plugin records what it admits in the
# quota's status, as a status write of its own before the object is
# stored; the quota controller's sync releases usage and corrects the
# rest.
$ kubectl create quota q --hard=pods=5,count/configmaps=3
resourcequota/q created

$ kubectl get quota q -o jsonpath='{.metadata.resourceVersion}{"\n"}'
374

$ kubectl create configmap c
configmap/c created

# Counted at once (kube-root-ca.crt is the other ConfigMap), with a new
# resourceVersion; pods, which the write adds nothing to, stay at 0.
$ kubectl get quota q -o jsonpath='{.metadata.resourceVersion} {.status.used}{"\n"}'
375 {"count/configmaps":"2","pods":"0"}

# A create that admission lets through but storage then refuses stays
# charged until the controller's sync (kubernetes/kubernetes#61530).
$ kubectl create configmap c
error: failed to create configmap: configmaps "c" already exists

$ kubectl get quota q -o jsonpath='{.status.used}{"\n"}'
{"count/configmaps":"3","pods":"0"}

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl describe quota q
Name:             q
Namespace:        default
Resource          Used  Hard
--------          ----  ----
count/configmaps  2     3
pods              0     5

# A delete is released by the controller, not by admission.
$ kubectl delete configmap c
configmap "c" deleted

$ kubectl get quota q -o jsonpath='{.status.used}{"\n"}'
{"count/configmaps":"2","pods":"0"}

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get quota q -o jsonpath='{.status.used}{"\n"}'
{"count/configmaps":"1","pods":"0"}

# A server-side dry run is checked against the quota but charges nothing.
$ kubectl create configmap d --dry-run=server
configmap/d created (server dry run)

$ kubectl create configmap e --dry-run=server -o name
configmap/e

$ kubectl get quota q -o jsonpath='{.metadata.resourceVersion} {.status.used}{"\n"}'
380 {"count/configmaps":"1","pods":"0"}

$ kubectl create configmap d
configmap/d created

$ kubectl create configmap e
configmap/e created

$ kubectl create configmap f --dry-run=server
error: failed to create configmap: configmaps "f" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=3, limited: count/configmaps=3

$ kubectl describe quota q
Name:             q
Namespace:        default
Resource          Used  Hard
--------          ----  ----
count/configmaps  3     3
pods              0     5
