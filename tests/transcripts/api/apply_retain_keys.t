# kubectl apply sends `$retainKeys` for a Deployment's spec.strategy and
# for each pod volume (patchStrategy retainKeys / merge,retainKeys), so a
# field the manifest no longer names is cleared even though the server,
# not the manifest, set it (kubernetes#24198, #70436).
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.14.2
        volumeMounts:
        - name: data
          mountPath: /data
      volumes:
      - name: data
        emptyDir: {}
EOF
deployment.apps/web created

$ kubectl get deployment web -o jsonpath='{.spec.strategy}'
{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"}

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  strategy:
    type: Recreate
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.14.2
        volumeMounts:
        - name: data
          mountPath: /data
      volumes:
      - name: data
        configMap:
          name: settings
EOF
deployment.apps/web configured

$ kubectl get deployment web -o jsonpath='{.spec.strategy}'
{"type":"Recreate"}

$ kubectl get deployment web -o jsonpath='{.spec.template.spec.volumes}'
[{"configMap":{"defaultMode":420,"name":"settings"},"name":"data"}]

# kubectl patch sends the patch as written: without the directive the
# defaulted rollingUpdate stays, and Recreate refuses it (the kubectl
# patch task page shows the same error).
$ kubectl create deployment demo --image=nginx
deployment.apps/demo created

$ kubectl patch deployment demo -p '{"spec":{"strategy":{"type":"Recreate"}}}'
The Deployment "demo" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'

$ kubectl patch deployment demo -p '{"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}}'
deployment.apps/demo patched

$ kubectl get deployment demo -o jsonpath='{.spec.strategy}'
{"type":"Recreate"}

$ kubectl patch deployment demo -p '{"spec":{"strategy":{"$retainKeys":["type"],"rollingUpdate":{"maxSurge":1}}}}'
Error from server (BadRequest): invalid patch format of retainKeys

$ kubectl patch deployment demo -p '{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.16"}]}}}}'
Error from server: map: map[image:nginx:1.16] does not contain declared merge key: name
