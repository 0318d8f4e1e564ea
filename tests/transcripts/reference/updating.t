# kubernetes.io's kubectl Quick Reference, "Updating resources", line by
# line on the playground's kind cluster: a Deployment "frontend" whose
# container is called www, a ReplicationController "nginx", pods mypod
# (image myimage) and my-pod, a Deployment "foo". The page's images
# image:v1, image:v2 and myimage are no Docker Hub official images: as on
# a real cluster their pulls are refused (ImagePullBackOff), so the
# frontend's rollouts never finish and `rollout status` waits out the
# progress deadline.
$ kubectl create deployment frontend --image=image:v1 --dry-run=client -o yaml | sed 's/name: image$/name: www/' | kubectl apply -f -
deployment.apps/frontend created

$ sim settle
settled after 15 steps and 13s of virtual time

$ kubectl set image deployment/frontend www=image:v2
deployment.apps/frontend image updated

$ sim settle
settled after 20 steps and 21s of virtual time

$ kubectl rollout history deployment/frontend
deployment.apps/frontend
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

$ kubectl rollout undo deployment/frontend
deployment.apps/frontend rolled back

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl rollout undo deployment/frontend --to-revision=2
deployment.apps/frontend rolled back

# -w is the default: status watches until the rollout is done.
$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 1 old replicas are pending termination...
error: deployment "frontend" exceeded its progress deadline

$ kubectl rollout restart deployment/frontend
deployment.apps/frontend restarted

$ kubectl rollout status -w deployment/frontend
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 1 old replicas are pending termination...
error: deployment "frontend" exceeded its progress deadline

$ kubectl rollout history deployment/frontend
deployment.apps/frontend
REVISION  CHANGE-CAUSE
3         <none>
4         <none>
5         <none>

$ kubectl run mypod --image=myimage:v1
pod/mypod created

$ kubectl get pod mypod -o json > pod.json

$ cat pod.json | kubectl replace -f -
pod/mypod replaced

$ kubectl replace --force -f ./pod.json
pod "mypod" deleted
pod/mypod replaced

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 1
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

$ kubectl get service nginx -o jsonpath='{.spec.ports[0]}'
{"port":80,"protocol":"TCP","targetPort":8000}

# A pod's image is one of the few fields of its spec that may change.
$ kubectl get pod mypod -o yaml | sed 's/\(image: myimage\):.*$/\1:v4/' | kubectl replace -f -
pod/mypod replaced

$ kubectl get pod mypod -o jsonpath='{.spec.containers[0].image}'
myimage:v4

$ kubectl run my-pod --image=nginx
pod/my-pod created

$ kubectl label pods my-pod new-label=awesome
pod/my-pod labeled

$ kubectl label pods my-pod new-label-
pod/my-pod unlabeled

$ kubectl label pods my-pod new-label=awesome
pod/my-pod labeled

# Without --overwrite a label keeps its value.
$ kubectl label pods my-pod new-label=new-value
error: 'new-label' already has a value (awesome), and --overwrite is false

$ kubectl label pods my-pod new-label=new-value --overwrite
pod/my-pod labeled

$ kubectl get pod my-pod --show-labels
NAME     READY   STATUS    RESTARTS   AGE   LABELS
my-pod   0/1     Pending   0          0s    new-label=new-value,run=my-pod

$ kubectl annotate pods my-pod icon-url=http://goo.gl/XXBTWq
pod/my-pod annotated

$ kubectl annotate pods my-pod icon-url-
pod/my-pod annotated

$ kubectl create deployment foo --image=nginx
deployment.apps/foo created

$ kubectl autoscale deployment foo --min=2 --max=10
horizontalpodautoscaler.autoscaling/foo autoscaled

$ kubectl get hpa foo
NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
foo    Deployment/foo   cpu: <unknown>/80%   2         10        0          0s
