# rollout undo --to-revision copies that revision's template back as a new revision.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl set image deployment/nginx-deployment nginx=nginx:1.17.0
deployment.apps/nginx-deployment image updated

$ sim settle
settled after 69 steps and 13s of virtual time

$ kubectl rollout history deployment/nginx-deployment --revision=1
deployment.apps/nginx-deployment with revision #1
Pod Template:
  Labels:  app=nginx
           pod-template-hash=65c97d6c5c
  Containers:
   nginx:
    Image:         nginx:1.14.2
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>

$ kubectl rollout undo deployment/nginx-deployment --to-revision=1
deployment.apps/nginx-deployment rolled back

$ sim settle
settled after 66 steps and 6s of virtual time

$ kubectl rollout history deployment/nginx-deployment
deployment.apps/nginx-deployment
REVISION  CHANGE-CAUSE
2         <none>
3         <none>
4         <none>

$ kubectl get deploy nginx-deployment -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
nginx:1.14.2

$ kubectl rollout undo deployment/nginx-deployment --to-revision=9
error: unable to find specified revision 9 in history
