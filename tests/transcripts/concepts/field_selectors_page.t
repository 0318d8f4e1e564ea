# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Field
# Selectors", line by line.
#
# A running pod, a completed one and a Deployment's pod to select among.
$ kubectl run web --image=nginx
pod/web created

$ kubectl run once --image=busybox --restart=Never -- true
pod/once created

$ kubectl create deployment db --image=redis
deployment.apps/db created

$ sim settle
settled after 28 steps and 4s of virtual time

$ kubectl get pods --field-selector status.phase=Running
NAME                  READY   STATUS    RESTARTS   AGE
db-589ffd8dfd-5rkn4   1/1     Running   0          4s
web                   1/1     Running   0          4s

# No field selector, or an empty one, selects everything.
$ kubectl get pods
NAME                  READY   STATUS      RESTARTS   AGE
db-589ffd8dfd-5rkn4   1/1     Running     0          4s
once                  0/1     Completed   0          4s
web                   1/1     Running     0          4s

$ kubectl get pods --field-selector ""
NAME                  READY   STATUS      RESTARTS   AGE
db-589ffd8dfd-5rkn4   1/1     Running     0          4s
once                  0/1     Completed   0          4s
web                   1/1     Running     0          4s

# "Supported fields": a field the kind does not offer. The page shows an
# older kubectl's "ingresses"; v1.32 names the group, version and resource.
$ kubectl get ingress --field-selector foo.bar=baz
Error from server (BadRequest): Unable to find "networking.k8s.io/v1, Resource=ingresses" that match label selector "", field selector "foo.bar=baz": "foo.bar" is not a known field selector: only "metadata.name", "metadata.namespace"

# "Supported operators" and "Chained selectors".
$ kubectl get services --all-namespaces --field-selector metadata.namespace!=default
NAMESPACE     NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-system   kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   6s

$ kubectl get pods --field-selector=status.phase!=Running,spec.restartPolicy=Always
No resources found in default namespace.

# "Multiple resource types": kubectl names each row's kind.
$ kubectl get statefulsets,services --all-namespaces --field-selector metadata.namespace!=default
NAMESPACE     NAME               TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-system   service/kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   6s

# Each kind judges the field for itself: the lists it can answer are
# printed, the others' errors follow.
$ kubectl get pods,rs --field-selector status.phase=Running
NAME                      READY   STATUS    RESTARTS   AGE
pod/db-589ffd8dfd-5rkn4   1/1     Running   0          4s
pod/web                   1/1     Running   0          4s
Error from server (BadRequest): Unable to find "apps/v1, Resource=replicasets" that match label selector "", field selector "status.phase=Running": "status.phase" is not a known field selector: only "metadata.name", "metadata.namespace"

# == is =; a bare field is not a selector.
$ kubectl get pods --field-selector status.phase==Succeeded
NAME   READY   STATUS      RESTARTS   AGE
once   0/1     Completed   0          4s

$ kubectl get pods --field-selector metadata.name=web -o name
pod/web

$ kubectl get pods --field-selector status.phase
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "status.phase": invalid selector: 'status.phase'; can't understand 'status.phase'

$ kubectl get pods --field-selector 'status.phase!=Running,status.phase!=Succeeded'
No resources found in default namespace.

# Other commands take --field-selector too.
$ kubectl delete pods --field-selector status.phase=Succeeded
pod "once" deleted

$ kubectl get pods
NAME                  READY   STATUS    RESTARTS   AGE
db-589ffd8dfd-5rkn4   1/1     Running   0          4s
web                   1/1     Running   0          4s
