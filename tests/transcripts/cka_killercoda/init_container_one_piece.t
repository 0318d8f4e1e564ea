# omkar-shelke25/cka-killercoda, init-container-one-piece: step1.md's
# solution. The scenario's setup.sh is not in the repository; it makes the
# namespace and /one-piece/index.html, written here with a short page.

$ kubectl create namespace one-piece
namespace/one-piece created

$ mkdir -p /one-piece

$ cat > /one-piece/index.html <<'EOF'
<html><body><h1>Strawhat Crew</h1></body></html>
EOF

# 1. The ConfigMap from the file, keyed by its base name.
$ kubectl create configmap strawhat-cm --from-file=/one-piece/index.html -n one-piece
configmap/strawhat-cm created

$ kubectl get configmap strawhat-cm -n one-piece -o jsonpath='{.data}{"\n"}'
{"index.html":"\u003chtml\u003e\u003cbody\u003e\u003ch1\u003eStrawhat Crew\u003c/h1\u003e\u003c/body\u003e\u003c/html\u003e\n"}

# 2. The Deployment with its init container.
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: strawhat-deploy
  namespace: one-piece
spec:
  replicas: 1
  selector:
    matchLabels:
      app: strawhat
  template:
    metadata:
      labels:
        app: strawhat
    spec:
      initContainers:
      - name: init-copy
        image: public.ecr.aws/docker/library/busybox:latest
        command: ['sh', '-c', 'cp /config/index.html /usr/share/nginx/html/']
        volumeMounts:
        - name: config-volume
          mountPath: /config
        - name: html-volume
          mountPath: /usr/share/nginx/html
      containers:
      - name: strawhat-nginx
        image: public.ecr.aws/nginx/nginx:latest
        ports:
        - containerPort: 80
        volumeMounts:
        - name: html-volume
          mountPath: /usr/share/nginx/html
      volumes:
      - name: config-volume
        configMap:
          name: strawhat-cm
      - name: html-volume
        emptyDir: {}
EOF
deployment.apps/strawhat-deploy created

# 3. The NodePort Service.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Service
metadata:
  name: strawhat-svc
  namespace: one-piece
spec:
  type: NodePort
  selector:
    app: strawhat
  ports:
  - port: 80
    targetPort: 80
    nodePort: 32100
EOF
service/strawhat-svc created

# 4.
$ kubectl rollout status deployment/strawhat-deploy -n one-piece
Waiting for deployment spec update to be observed...
Waiting for deployment "strawhat-deploy" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "strawhat-deploy" rollout to finish: 0 of 1 updated replicas are available...
deployment "strawhat-deploy" successfully rolled out

$ kubectl get pods -n one-piece
NAME                               READY   STATUS    RESTARTS   AGE
strawhat-deploy-7f9485b599-58ljc   1/1     Running   0          7s

$ kubectl get svc strawhat-svc -n one-piece
NAME           TYPE       CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE
strawhat-svc   NodePort   10.97.60.148   <none>        80:32100/TCP   7s

$ kubectl get endpoints strawhat-svc -n one-piece
NAME           ENDPOINTS       AGE
strawhat-svc   10.244.3.2:80   7s

# The solution's `curl localhost:32100` runs on killercoda's controlplane
# node and prints the page; the playground's catalog does not know the
# public.ecr.aws copy of the nginx image, so what it would serve is left
# out.
