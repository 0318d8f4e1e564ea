# omkar-shelke25/ckad-killercoda, Init-volume: setup.sh, the solution in
# step1.md (the file rewritten with a here-document where it says to
# edit), its test commands, then verify.sh's checks.
$ mkdir -p /opt/course/17

$ cat > /opt/course/17/test-init-container.yaml << 'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: test-init-container
  namespace: default
  labels:
    app: test-init-container
spec:
  replicas: 1
  selector:
    matchLabels:
      app: test-init-container
  template:
    metadata:
      labels:
        app: test-init-container
    spec:
      containers:
      - name: nginx
        image: nginx:1.17.3-alpine
        ports:
        - containerPort: 80
        volumeMounts:
        - name: web-content
          mountPath: /usr/share/nginx/html
      volumes:
      - name: web-content
        emptyDir: {}
EOF

# The solution.
$ cat > /opt/course/17/test-init-container.yaml << 'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: test-init-container
  namespace: default
  labels:
    app: test-init-container
spec:
  replicas: 1
  selector:
    matchLabels:
      app: test-init-container
  template:
    metadata:
      labels:
        app: test-init-container
    spec:
      initContainers:
      - name: init-con
        image: busybox:1.31.0
        command: ['sh', '-c', 'echo "check this out!" > /usr/share/nginx/html/index.html']
        volumeMounts:
        - name: web-content
          mountPath: /usr/share/nginx/html
      containers:
      - name: nginx
        image: nginx:1.17.3-alpine
        ports:
        - containerPort: 80
        volumeMounts:
        - name: web-content
          mountPath: /usr/share/nginx/html
      volumes:
      - name: web-content
        emptyDir: {}
EOF

# Nothing created the Deployment yet, so replace's delete finds nothing;
# it creates it all the same.
$ kubectl replace -f /opt/course/17/test-init-container.yaml --force
deployment.apps/test-init-container replaced

$ kubectl expose deployment test-init-container --port=80
service/test-init-container exposed

$ kubectl rollout status deployment test-init-container
Waiting for deployment spec update to be observed...
Waiting for deployment "test-init-container" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "test-init-container" rollout to finish: 0 of 1 updated replicas are available...
deployment "test-init-container" successfully rolled out

$ kubectl run tmp --restart=Never --rm -i --image=nginx:alpine -- curl test-init-container
If you don't see a command prompt, try pressing enter.
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
check this out!
100    16  100    16    0     0  16000      0 --:--:-- --:--:-- --:--:-- 16000
pod "tmp" deleted

# verify.sh
$ grep -c "initContainers:\|name: init-con\|busybox:1.31.0" /opt/course/17/test-init-container.yaml
3

$ kubectl wait --for=condition=Available deployment/test-init-container --timeout=120s
deployment.apps/test-init-container condition met

$ kubectl wait --for=condition=Ready pod -l app=test-init-container --timeout=120s
pod/test-init-container-549f76fcb5-g46q7 condition met

$ POD_NAME=$(kubectl get pods -l app=test-init-container -o jsonpath='{.items[0].metadata.name}')

$ kubectl get pod "$POD_NAME" -o jsonpath='{.status.initContainerStatuses[0].state.terminated.reason}{"\n"}'
Completed

# verify.sh looks for the mount within 10 lines of initContainers:, but
# the API server's defaults put it on the 12th, so that check fails on a
# real cluster too.
$ kubectl get pod "$POD_NAME" -o yaml | grep -A 10 "initContainers:" | grep "mountPath: /usr/share/nginx/html"; echo $?
1

$ kubectl run tmp-test --restart=Never --rm -i --image=nginx:alpine -- sh -c "curl -s http://test-init-container"
If you don't see a command prompt, try pressing enter.
check this out!
pod "tmp-test" deleted

$ kubectl logs "$POD_NAME" -c init-con

$ kubectl exec "$POD_NAME" -c nginx -- cat /usr/share/nginx/html/index.html
check this out!

$ kubectl get pods
NAME                                   READY   STATUS    RESTARTS   AGE
test-init-container-549f76fcb5-g46q7   1/1     Running   0          10s
