# kubernetes.io "Scale a Deployment Manually"
# (tasks/run-application/scale-deployment.md), line by line on the
# playground's kind cluster (v1.32). Transcripts never download: the
# page's manifests (application/deployment.yaml and
# deployment-scale.yaml) are here-documents with the published text.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 2 # tells deployment to run 2 pods matching the template
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

$ sleep 10

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   2/2     2            2           10s

# Scaling up.
$ kubectl scale deployment/nginx-deployment --replicas=4
deployment.apps/nginx-deployment scaled

$ sleep 5

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   4/4     4            4           15s

# Declaratively: the file's replicas is 4 again, and its image is new,
# so the apply is also a rolling update (a new ReplicaSet).
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  replicas: 4 # Update the replicas from 2 to 4
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1
        ports:
        - containerPort: 80
EOF
deployment.apps/nginx-deployment configured

$ kubectl rollout status deployment/nginx-deployment
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 0 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 2 out of 4 new replicas have been updated...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx-deployment" rollout to finish: 3 of 4 updated replicas are available...
deployment "nginx-deployment" successfully rolled out

$ kubectl get replicasets -l app=nginx
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       23s
nginx-deployment-69b9447b68   4         4         4       8s

# Scaling down: the surplus pods are sent SIGTERM and go once nginx exits.
$ kubectl scale deployment/nginx-deployment --replicas=2
deployment.apps/nginx-deployment scaled

$ sleep 5

$ kubectl get pods -l app=nginx
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-69b9447b68-pn5nt   1/1     Running   0          13s
nginx-deployment-69b9447b68-rmc52   1/1     Running   0          9s

# Scaling to zero keeps the Deployment and its ReplicaSets.
$ kubectl scale deployment/nginx-deployment --replicas=0
deployment.apps/nginx-deployment scaled

$ sleep 5

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   0/0     0            0           33s

$ kubectl get pods -l app=nginx
No resources found in default namespace.

$ kubectl get replicasets -l app=nginx
NAME                          DESIRED   CURRENT   READY   AGE
nginx-deployment-65c97d6c5c   0         0         0       33s
nginx-deployment-69b9447b68   0         0         0       18s

# The other ways: edit (sed stands in for the editor) and patch.
$ KUBE_EDITOR="sed -i s/replicas:.0/replicas:\ 2/" kubectl edit deployment nginx-deployment
deployment.apps/nginx-deployment edited

$ kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":4}}'
deployment.apps/nginx-deployment patched

$ sleep 5

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   4/4     4            4           38s

# With an autoscaler on it, a manual scale lasts only until the
# autoscaler's next sync (every 15 s). Here it has no utilization to
# read (the pods request no CPU), but a count above its maximum is what
# it corrects even so.
$ kubectl autoscale deployment nginx-deployment --min=1 --max=3
horizontalpodautoscaler.autoscaling/nginx-deployment autoscaled

$ sleep 30

$ kubectl get hpa nginx-deployment
NAME               REFERENCE                     TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
nginx-deployment   Deployment/nginx-deployment   cpu: <unknown>/80%   1         3         3          30s

$ kubectl get deployment nginx-deployment
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
nginx-deployment   3/3     3            3           68s

$ kubectl delete hpa nginx-deployment
horizontalpodautoscaler.autoscaling "nginx-deployment" deleted

# Clean up.
$ kubectl delete deployment nginx-deployment
deployment.apps "nginx-deployment" deleted
