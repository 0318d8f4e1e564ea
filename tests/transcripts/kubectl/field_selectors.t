# --field-selector as the v1.32 API server takes it: each kind's
# conversion func decides which labels a list may use (spec.host is
# spec.nodeName for old clients; status.podIPs is accepted but never set,
# so it matches nothing), and refuses others in its own words: core kinds
# "field label not supported", Job its own, and kinds without a func
# (apps/v1 ReplicaSet included, kubernetes#135136) the generic one.
$ kubectl get pods -A --field-selector spec.host=kubeplay-worker
NAMESPACE     NAME               READY   STATUS    RESTARTS   AGE
kube-system   kindnet-fghbd      1/1     Running   0          2s
kube-system   kube-proxy-rm9bv   1/1     Running   0          2s

$ kubectl get pods -A --field-selector status.podIP=10.244.0.2
NAMESPACE            NAME                                      READY   STATUS    RESTARTS   AGE
local-path-storage   local-path-provisioner-57597c459b-97xlv   1/1     Running   0          2s

$ kubectl get pods -A --field-selector status.podIPs=10.244.0.2
No resources found

$ kubectl get pods --field-selector foo=bar
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "foo=bar": field label not supported: foo

$ kubectl get pods --field-selector ' zzz=1,aaa=2 '
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "zzz=1,aaa=2": field label not supported: aaa

$ kubectl get nodes --field-selector metadata.namespace=x
Error from server (BadRequest): Unable to find "/v1, Resource=nodes" that match label selector "", field selector "metadata.namespace=x": field label not supported: metadata.namespace

$ kubectl get nodes --field-selector spec.unschedulable==false,metadata.name!=kubeplay-worker
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   2s    v1.32.0
kubeplay-worker2         Ready    <none>          2s    v1.32.0
kubeplay-worker3         Ready    <none>          2s    v1.32.0

$ kubectl get ns --field-selector status.phase=Active,metadata.name!=default
NAME                 STATUS   AGE
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

$ kubectl get svc -A --field-selector spec.type=ClusterIP,spec.clusterIP!=10.96.0.1
NAMESPACE     NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-system   kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   2s

$ kubectl get rs -A --field-selector status.replicas=2
Error from server (BadRequest): Unable to find "apps/v1, Resource=replicasets" that match label selector "", field selector "status.replicas=2": "status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"

$ kubectl get rc --field-selector status.replicas=0
No resources found in default namespace.

$ kubectl get jobs --field-selector status.active=1
Error from server (BadRequest): Unable to find "batch/v1, Resource=jobs" that match label selector "", field selector "status.active=1": field label "status.active" not supported for Job

$ kubectl get jobs --field-selector status.successful=0
No resources found in default namespace.

$ kubectl get cm -A --field-selector foo.bar=baz
Error from server (BadRequest): Unable to find "/v1, Resource=configmaps" that match label selector "", field selector "foo.bar=baz": "foo.bar" is not a known field selector: only "metadata.name", "metadata.namespace"

$ kubectl get pods --field-selector 'status.phase in (Running)'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "status.phase in (Running)": invalid selector: 'status.phase in (Running)'; can't understand 'status.phase in (Running)'
