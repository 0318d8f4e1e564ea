# omkar-shelke25/ckad-killercoda, Canary-rollout: setup.sh's kubectl part,
# the solution in step1.md, then verify.sh's checks as kubectl commands.
# Skipped: setup.sh's Headlamp install (helm, outside the playground).
$ kubectl -n default create deployment frontend --image=nginx:1.19 --dry-run=client -o yaml | kubectl -n default apply -f -
deployment.apps/frontend created

$ kubectl -n default patch deploy frontend --type='json' -p='[{"op":"add","path":"/spec/template/metadata/labels","value":{"app":"frontend","version":"v1"}},{"op":"add","path":"/spec/selector/matchLabels","value":{"app":"frontend"}},{"op":"add","path":"/metadata/labels","value":{"app":"frontend"}}]' || true
deployment.apps/frontend patched

$ kubectl -n default scale deploy frontend --replicas=5
deployment.apps/frontend scaled

$ cat <<EOF | kubectl -n default apply -f -
apiVersion: v1
kind: Service
metadata:
  name: frontend-svc
  labels:
    app: frontend
spec:
  selector:
    app: frontend
  ports:
  - name: http
    port: 80
    targetPort: 80
EOF
service/frontend-svc created

$ kubectl -n default patch deploy frontend --type='json' -p='[{"op":"add","path":"/spec/template/spec/containers/0/ports","value":[{"containerPort":80}]}]' || true
deployment.apps/frontend patched

$ kubectl -n default rollout status deploy/frontend --timeout=180s || true
Waiting for deployment spec update to be observed...
Waiting for deployment "frontend" rollout to finish: 0 out of 5 new replicas have been updated...
Waiting for deployment "frontend" rollout to finish: 0 of 5 updated replicas are available...
Waiting for deployment "frontend" rollout to finish: 3 of 5 updated replicas are available...
deployment "frontend" successfully rolled out

# The solution: one canary pod beside four stable ones.
$ kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend-canary
  labels:
    app: frontend
spec:
  replicas: 1
  selector:
    matchLabels:
      app: frontend
      version: v2
  template:
    metadata:
      labels:
        app: frontend
        version: v2
    spec:
      containers:
      - name: nginx
        image: nginx:1.20
        ports:
        - containerPort: 80
EOF
deployment.apps/frontend-canary created

$ kubectl scale deploy/frontend --replicas=4
deployment.apps/frontend scaled

$ sleep 5

$ kubectl get svc -o wide
NAME           TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE   SELECTOR
frontend-svc   ClusterIP   10.107.77.184   <none>        80/TCP    12s   app=frontend
kubernetes     ClusterIP   10.96.0.1       <none>        443/TCP   14s   <none>

$ kubectl get deploy -o wide
NAME              READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES       SELECTOR
frontend          4/4     4            4           12s   nginx        nginx:1.19   app=frontend
frontend-canary   1/1     1            1           5s    nginx        nginx:1.20   app=frontend,version=v2

$ kubectl get pods --show-labels -o wide
NAME                              READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES   LABELS
frontend-6d9f59b45f-g46q7         1/1     Running   0          12s   10.244.1.2   kubeplay-worker    <none>           <none>            app=frontend,pod-template-hash=6d9f59b45f,version=v1
frontend-6d9f59b45f-hq85l         1/1     Running   0          12s   10.244.1.3   kubeplay-worker    <none>           <none>            app=frontend,pod-template-hash=6d9f59b45f,version=v1
frontend-6d9f59b45f-rngh8         1/1     Running   0          12s   10.244.3.2   kubeplay-worker3   <none>           <none>            app=frontend,pod-template-hash=6d9f59b45f,version=v1
frontend-6d9f59b45f-rztc7         1/1     Running   0          12s   10.244.2.3   kubeplay-worker2   <none>           <none>            app=frontend,pod-template-hash=6d9f59b45f,version=v1
frontend-canary-8cbd58774-tmn74   1/1     Running   0          5s    10.244.3.4   kubeplay-worker3   <none>           <none>            app=frontend,pod-template-hash=8cbd58774,version=v2

$ kubectl describe ep
Name:         frontend-svc
Namespace:    default
Labels:       app=frontend
Annotations:  <none>
Subsets:
  Addresses:          10.244.1.2,10.244.1.3,10.244.2.3,10.244.3.2,10.244.3.4
  NotReadyAddresses:  <none>
  Ports:
    Name  Port  Protocol
    ----  ----  --------
    http  80    TCP

Events:  <none>


Name:         kubernetes
Namespace:    default
Labels:       endpointslice.kubernetes.io/skip-mirror=true
Annotations:  <none>
Subsets:
  Addresses:          172.18.0.2
  NotReadyAddresses:  <none>
  Ports:
    Name   Port  Protocol
    ----   ----  --------
    https  6443  TCP

Events:  <none>

# verify.sh
$ kubectl get deploy frontend -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.replicas}{"\n"}'
nginx:1.19 4

$ kubectl get deploy frontend-canary -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.replicas} {.spec.template.metadata.labels.version}{"\n"}'
nginx:1.20 1 v2

$ POD_V2=$(kubectl get pods -l app=frontend,version=v2 -o jsonpath='{.items[0].metadata.name}')

$ kubectl get pod $POD_V2 -o jsonpath='{.spec.containers[0].image}{"\n"}'
nginx:1.20

$ kubectl get svc frontend-svc -o jsonpath='selector app={.spec.selector.app} version={.spec.selector.version}{"\n"}'
selector app=frontend version=

$ kubectl get pods -l app=frontend -o jsonpath='{range .items[*]}{.metadata.name} {"->"} {.spec.containers[0].image}{"\n"}{end}'
frontend-6d9f59b45f-g46q7 -> nginx:1.19
frontend-6d9f59b45f-hq85l -> nginx:1.19
frontend-6d9f59b45f-rngh8 -> nginx:1.19
frontend-6d9f59b45f-rztc7 -> nginx:1.19
frontend-canary-8cbd58774-tmn74 -> nginx:1.20

$ kubectl rollout status deploy/frontend --timeout=180s
deployment "frontend" successfully rolled out

$ kubectl rollout status deploy/frontend-canary --timeout=180s
deployment "frontend-canary" successfully rolled out
