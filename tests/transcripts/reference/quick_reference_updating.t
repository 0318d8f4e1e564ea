# kubernetes.io's kubectl Quick Reference, part 3: "Updating resources",
# "Patching resources", "Editing resources", "Scaling resources" and
# "Deleting resources", line by line on the playground's kind cluster,
# each section's objects made first. The page's images (image:v2,
# myimage) are the reader's own, never pushed: as one-word names they are
# Docker Hub official images, which they are not, so their pulls are
# refused (ImagePullBackOff) as on a real cluster, and the frontend's
# rollouts to image:v2 wait out the progress deadline.
# frontend: a Deployment whose container is called www
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  replicas: 2
  selector:
    matchLabels:
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
    spec:
      containers:
      - name: www
        image: nginx:1.27
EOF
deployment.apps/frontend created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl set image deployment/frontend www=image:v2
deployment.apps/frontend image updated

# -w is the default: status watches until the rollout is done.
$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 1 out of 2 new replicas have been updated...
error: deployment "frontend" exceeded its progress deadline

$ kubectl rollout history deployment/frontend
deployment.apps/frontend
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl rollout undo deployment/frontend
deployment.apps/frontend rolled back

$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 1 old replicas are pending termination...
deployment "frontend" successfully rolled out

# Revision 1 came back as revision 3: revision 2 is image:v2.
$ kubectl rollout undo deployment/frontend --to-revision=2
deployment.apps/frontend rolled back

$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 1 out of 2 new replicas have been updated...
error: deployment "frontend" exceeded its progress deadline

$ kubectl rollout restart deployment/frontend
deployment.apps/frontend restarted

$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 1 out of 2 new replicas have been updated...
error: deployment "frontend" exceeded its progress deadline

$ kubectl rollout history deployment/frontend
deployment.apps/frontend
REVISION  CHANGE-CAUSE
3         <none>
4         <none>
5         <none>

$ kubectl get deployment frontend -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
image:v2

# pod.json: a pod mypod running myimage
$ cat > pod.json <<EOF
{
  "apiVersion": "v1",
  "kind": "Pod",
  "metadata": {"name": "mypod"},
  "spec": {"containers": [{"name": "main", "image": "myimage:v1"}]}
}
EOF

$ kubectl create -f pod.json
pod/mypod created

# The file lacks what the API server filled in at creation (the token
# volume, the service account), and a pod's spec is immutable but for
# images: replace is refused; --force deletes and creates it anew.
$ cat pod.json | kubectl replace -f -
The Pod "mypod" is invalid:
* spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds
* spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)
  core.PodSpec{
- 	containers[0].volumeMounts: [{"name":"kube-api-access-tztb2","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}]
+ 	containers[0].volumeMounts: null
- 	preemptionPolicy: "PreemptLowerPriority"
+ 	preemptionPolicy: null
- 	priority: 0
+ 	priority: null
- 	serviceAccount: "default"
+ 	serviceAccount: null
- 	serviceAccountName: "default"
+ 	serviceAccountName: null
- 	volumes: [{"name":"kube-api-access-tztb2","projected":{"defaultMode":420,"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"items":[{"key":"ca.crt","path":"ca.crt"}],"name":"kube-root-ca.crt"}},{"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"},"path":"namespace"}]}}]}}]
+ 	volumes: null
  }

$ kubectl replace --force -f ./pod.json
pod "mypod" deleted
pod/mypod replaced

# nginx: a ReplicationController
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
replicationcontroller/nginx created

$ kubectl expose rc nginx --port=80 --target-port=8000
service/nginx exposed

$ kubectl get service nginx -o jsonpath='{.spec.ports[0]}{"\n"}'
{"port":80,"protocol":"TCP","targetPort":8000}

$ kubectl get pod mypod -o yaml | sed 's/\(image: myimage\):.*$/\1:v4/' | kubectl replace -f -
pod/mypod replaced

$ kubectl get pod mypod -o jsonpath='{.spec.containers[0].image}{"\n"}'
myimage:v4

$ kubectl run my-pod --image=nginx
pod/my-pod created

$ kubectl label pods my-pod new-label=awesome
pod/my-pod labeled

$ kubectl label pods my-pod new-label-
pod/my-pod unlabeled

$ kubectl label pods my-pod new-label=awesome
pod/my-pod labeled

$ kubectl label pods my-pod new-label=new-value
error: 'new-label' already has a value (awesome), and --overwrite is false

$ kubectl label pods my-pod new-label=new-value --overwrite
pod/my-pod labeled

$ kubectl get pod my-pod --show-labels
NAME     READY   STATUS    RESTARTS   AGE   LABELS
my-pod   0/1     Pending   0          0s    new-label=new-value,run=my-pod

$ kubectl annotate pods my-pod icon-url=http://goo.gl/XXBTWq
pod/my-pod annotated

$ kubectl get pod my-pod -o jsonpath='{.metadata.annotations}{"\n"}'
{"icon-url":"http://goo.gl/XXBTWq"}

$ kubectl annotate pods my-pod icon-url-
pod/my-pod annotated

$ kubectl create deployment foo --image=nginx
deployment.apps/foo created

$ kubectl autoscale deployment foo --min=2 --max=10
horizontalpodautoscaler.autoscaling/foo autoscaled

$ sim settle
settled after 75 steps and 17s of virtual time

$ kubectl get hpa foo
NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
foo    Deployment/foo   cpu: <unknown>/80%   2         10        1          17s

# Patching resources; k8s-node-1 is kubeplay-worker here.
$ kubectl patch node kubeplay-worker -p '{"spec":{"unschedulable":true}}'
node/kubeplay-worker patched

$ kubectl get node kubeplay-worker
NAME              STATUS                     ROLES    AGE   VERSION
kubeplay-worker   Ready,SchedulingDisabled   <none>   30m   v1.32.0

$ kubectl patch node kubeplay-worker -p '{"spec":{"unschedulable":null}}'
node/kubeplay-worker patched

# valid-pod: its container is kubernetes-serve-hostname
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: valid-pod
spec:
  containers:
  - name: kubernetes-serve-hostname
    image: registry.k8s.io/serve_hostname
EOF
pod/valid-pod created

$ kubectl patch pod valid-pod -p '{"spec":{"containers":[{"name":"kubernetes-serve-hostname","image":"new image"}]}}'
pod/valid-pod patched

# The same value again changes nothing; kubectl says so.
$ kubectl patch pod valid-pod --type='json' -p='[{"op": "replace", "path": "/spec/containers/0/image", "value":"new image"}]'
pod/valid-pod patched (no change)

# "new image" is not a pullable reference: the kubelet refuses it.
$ sim advance 5s
advanced 5s to 2025-01-01T00:30:31Z (6 steps ran)

$ kubectl get pod valid-pod
NAME        READY   STATUS             RESTARTS   AGE
valid-pod   0/1     InvalidImageName   0          5s

# valid-deployment: a liveness probe to remove
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: valid-deployment
spec:
  selector:
    matchLabels:
      app: valid
  template:
    metadata:
      labels:
        app: valid
    spec:
      containers:
      - name: web
        image: nginx
        livenessProbe:
          httpGet:
            path: /
            port: 80
EOF
deployment.apps/valid-deployment created

$ kubectl patch deployment valid-deployment  --type json   -p='[{"op": "remove", "path": "/spec/template/spec/containers/0/livenessProbe"}]'
deployment.apps/valid-deployment patched

# Removing what is gone fails the whole patch.
$ kubectl patch deployment valid-deployment  --type json   -p='[{"op": "remove", "path": "/spec/template/spec/containers/0/livenessProbe"}]'
The request is invalid: the server rejected our request due to an error in our request

# Since v1.24 the default ServiceAccount has no secrets list, so there
# is no position 1 to add at; with one entry there is.
$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets/1", "value": {"name": "whatever" } }]'
The request is invalid: the server rejected our request due to an error in our request

$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets", "value": [{"name": "first"}]}]'
serviceaccount/default patched

$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets/1", "value": {"name": "whatever" } }]'
serviceaccount/default patched

$ kubectl get sa default -o jsonpath='{.secrets}{"\n"}'
[{"name":"first"},{"name":"whatever"}]

$ kubectl create deployment nginx-deployment --image=nginx
deployment.apps/nginx-deployment created

$ kubectl patch deployment nginx-deployment --subresource='scale' --type='merge' -p '{"spec":{"replicas":2}}'
scale.autoscaling/nginx-deployment patched

$ kubectl get deployment nginx-deployment --subresource=scale -o jsonpath='{.kind} {.spec.replicas}{"\n"}'
Scale 2

# Editing resources: docker-registry is a Deployment and its Service.
$ kubectl create deployment docker-registry --image=registry:2 --port=5000
deployment.apps/docker-registry created

$ kubectl expose deployment docker-registry
service/docker-registry exposed

$ kubectl edit svc/docker-registry
error: (playground) kubectl edit runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit …, or use the page's editor

$ KUBE_EDITOR="nano" kubectl edit svc/docker-registry
error: (playground) the editor nano needs an interactive terminal, which this one is not: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit …, or use the page's editor

# An editor that needs no terminal does what the reader would.
$ KUBE_EDITOR="sed -i s/port:\ 5000/port:\ 5001/" kubectl edit svc/docker-registry
service/docker-registry edited

$ kubectl get svc docker-registry -o jsonpath='{.spec.ports[0].port}{"\n"}'
5001

# Scaling resources: a ReplicaSet foo (also saved as foo.yaml), a
# Deployment mysql with two replicas, ReplicationControllers foo, bar, baz.
$ cat > foo.yaml <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: foo
spec:
  replicas: 1
  selector:
    matchLabels:
      rs: foo
  template:
    metadata:
      labels:
        rs: foo
    spec:
      containers:
      - name: nginx
        image: nginx
EOF

$ kubectl apply -f foo.yaml
replicaset.apps/foo created

$ kubectl create deployment mysql --image=mysql --replicas=2
deployment.apps/mysql created

$ for rc in foo bar baz; do kubectl create -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: $rc
spec:
  replicas: 1
  selector:
    app: rc-$rc
  template:
    metadata:
      labels:
        app: rc-$rc
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
> done
replicationcontroller/foo created
replicationcontroller/bar created
replicationcontroller/baz created

$ kubectl scale --replicas=3 rs/foo
replicaset.apps/foo scaled

$ kubectl scale --replicas=3 -f foo.yaml
replicaset.apps/foo scaled

$ kubectl scale --current-replicas=2 --replicas=3 deployment/mysql
deployment.apps/mysql scaled

# Now mysql has three: the precondition fails.
$ kubectl scale --current-replicas=2 --replicas=3 deployment/mysql
error: Expected replicas to be 2, was 3

$ kubectl scale --replicas=5 rc/foo rc/bar rc/baz
replicationcontroller/foo scaled
replicationcontroller/bar scaled
replicationcontroller/baz scaled

$ sim advance 5s
advanced 5s to 2025-01-01T00:30:36Z (182 steps ran)

$ kubectl get rs,rc,deployment
NAME                                          DESIRED   CURRENT   READY   AGE
replicaset.apps/docker-registry-56754d6668    1         1         0       5s
replicaset.apps/foo                           3         3         3       5s
replicaset.apps/foo-c5dcdd794                 2         2         2       27s
replicaset.apps/frontend-7ff7c59555           1         1         0       10m
replicaset.apps/frontend-cf6bf68b4            0         0         0       30m
replicaset.apps/frontend-d7669b6f7            2         2         2       30m
replicaset.apps/mysql-5ddf6494f6              3         3         0       5s
replicaset.apps/nginx-deployment-84dd588dfb   2         2         2       5s
replicaset.apps/valid-deployment-6bd869cbf4   1         1         1       5s

NAME                          DESIRED   CURRENT   READY   AGE
replicationcontroller/bar     5         5         5       5s
replicationcontroller/baz     5         5         5       5s
replicationcontroller/foo     5         5         5       5s
replicationcontroller/nginx   2         2         2       27s

NAME                               READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/docker-registry    0/1     1            0           5s
deployment.apps/foo                2/2     2            2           27s
deployment.apps/frontend           2/2     1            2           30m
deployment.apps/mysql              0/3     3            0           5s
deployment.apps/nginx-deployment   2/2     2            2           5s
deployment.apps/valid-deployment   1/1     1            1           5s

# Deleting resources
$ kubectl delete -f ./pod.json
pod "mypod" deleted

$ kubectl run unwanted --image=nginx
pod/unwanted created

$ kubectl delete pod unwanted --now
pod "unwanted" deleted

$ kubectl run baz --image=nginx
pod/baz created

$ kubectl run foo --image=nginx
pod/foo created

$ kubectl create service clusterip baz --tcp=80
service/baz created

$ kubectl create service clusterip foo --tcp=80
service/foo created

$ kubectl delete pod,service baz foo
pod "baz" deleted
pod "foo" deleted
service "baz" deleted
service "foo" deleted

$ kubectl run labeled --image=nginx --labels=name=myLabel
pod/labeled created

$ kubectl expose pod labeled --port=80
service/labeled exposed

$ kubectl delete pods,services -l name=myLabel
pod "labeled" deleted
service "labeled" deleted

$ kubectl create namespace my-ns
namespace/my-ns created

$ kubectl -n my-ns run a --image=nginx
pod/a created

$ kubectl -n my-ns create service clusterip a --tcp=80
service/a created

$ kubectl -n my-ns delete pod,svc --all
pod "a" deleted
service "a" deleted

$ kubectl create namespace mynamespace
namespace/mynamespace created

$ kubectl -n mynamespace run pattern1-a --image=nginx
pod/pattern1-a created

$ kubectl -n mynamespace run pattern2-b --image=nginx
pod/pattern2-b created

$ kubectl -n mynamespace run other --image=nginx
pod/other created

$ kubectl get pods  -n mynamespace --no-headers=true | awk '/pattern1|pattern2/{print $1}' | xargs  kubectl delete -n mynamespace pod
pod "pattern1-a" deleted
pod "pattern2-b" deleted

$ kubectl get pods -n mynamespace
NAME    READY   STATUS    RESTARTS   AGE
other   0/1     Pending   0          0s
