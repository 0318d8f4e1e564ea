# kubectl create -f FILE --edit: each object of the file goes through the
# editor before it is created (EditBeforeCreateMode).
$ cat <<EOF > app.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data:
  mode: dev
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
spec:
  replicas: 1
  selector:
    matchLabels: {app: app}
  template:
    metadata:
      labels: {app: app}
    spec:
      containers:
      - name: app
        image: nginx
EOF

$ KUBE_EDITOR="sed -i -e 's/mode: dev/mode: prod/' -e 's/replicas: 1/replicas: 2/'" kubectl create -f app.yaml --edit
configmap/app-config created
deployment.apps/app created

$ kubectl get configmap app-config -o jsonpath='{.data.mode}{"\n"}'
prod

$ kubectl get deployment app -o jsonpath='{.spec.replicas}{"\n"}'
2

# What the editor is given: the object as read, in the default namespace.
$ KUBE_EDITOR=cat kubectl create -f app.yaml --edit
# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
apiVersion: v1
data:
  mode: dev
kind: ConfigMap
metadata:
  name: app-config
  namespace: default
Edit cancelled, no changes made.
# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  namespace: default
spec:
  replicas: 1
  selector:
    matchLabels:
      app: app
  template:
    metadata:
      labels:
        app: app
    spec:
      containers:
      - image: nginx
        name: app
Edit cancelled, no changes made.

# Saved unchanged, an object is not created; a refused one stops the rest.
$ kubectl delete configmap app-config
configmap "app-config" deleted

$ KUBE_EDITOR=true kubectl create -f app.yaml --edit
Edit cancelled, no changes made.
Edit cancelled, no changes made.

$ KUBE_EDITOR="sed -i 's/mode: dev/mode: test/'" kubectl create -f app.yaml --edit
configmap/app-config created
Edit cancelled, no changes made.

$ kubectl get configmap app-config -o jsonpath='{.data.mode}{"\n"}'
test
