# kubernetes.io's kubectl Quick Reference, "Patching resources", line by
# line on the playground's kind cluster: the three patch types, and the
# scale subresource. k8s-node-1 is kubeplay-worker here.
$ kubectl patch node kubeplay-worker -p '{"spec":{"unschedulable":true}}'
node/kubeplay-worker patched

$ kubectl get node kubeplay-worker
NAME              STATUS                     ROLES    AGE   VERSION
kubeplay-worker   Ready,SchedulingDisabled   <none>   2s    v1.32.0

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

# A strategic merge patch finds the container by its name, its merge key.
$ kubectl patch pod valid-pod -p '{"spec":{"containers":[{"name":"kubernetes-serve-hostname","image":"new image"}]}}'
pod/valid-pod patched

# The JSON patch sets what is already there.
$ kubectl patch pod valid-pod --type='json' -p='[{"op": "replace", "path": "/spec/containers/0/image", "value":"new image"}]'
pod/valid-pod patched (no change)

$ kubectl get pod valid-pod -o jsonpath='{.spec.containers[0].image}'
new image

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

# Removing it twice: the path is gone, and the API server refuses the
# patch.
$ kubectl patch deployment valid-deployment  --type json   -p='[{"op": "remove", "path": "/spec/template/spec/containers/0/livenessProbe"}]'
The request is invalid: the server rejected our request due to an error in our request

# Since v1.24 the default ServiceAccount has no secrets list, so index 1
# of it does not exist: the page's line fails on a new cluster. With a
# first element added, it works.
$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets/1", "value": {"name": "whatever" } }]'
The request is invalid: the server rejected our request due to an error in our request

$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets", "value": [{"name": "first" }] }]'
serviceaccount/default patched

$ kubectl patch sa default --type='json' -p='[{"op": "add", "path": "/secrets/1", "value": {"name": "whatever" } }]'
serviceaccount/default patched

$ kubectl get sa default -o jsonpath='{.secrets}'
[{"name":"first"},{"name":"whatever"}]

$ kubectl create deployment nginx-deployment --image=nginx
deployment.apps/nginx-deployment created

$ kubectl patch deployment nginx-deployment --subresource='scale' --type='merge' -p '{"spec":{"replicas":2}}'
scale.autoscaling/nginx-deployment patched

$ kubectl get deployment nginx-deployment -o jsonpath='{.spec.replicas}'
2
