# omkar-shelke25/ckad-killercoda, Mount-ConfigMap: setup.sh, the
# imperative start and the recommended YAML in step1.md, then verify.sh's
# checks (its jq filters as jsonpath).
$ kubectl get ns apps >/dev/null 2>&1 || kubectl create namespace apps
namespace/apps created

$ kubectl -n apps create configmap app-config --from-literal=APP_MODE=production --from-literal=APP_PORT=8080
configmap/app-config created

$ kubectl -n apps create deployment app-workload --image=nginx:stable --replicas=2 --dry-run=client -o yaml > app-deploy.yaml

$ cat app-deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: app-workload
  name: app-workload
  namespace: apps
spec:
  replicas: 2
  selector:
    matchLabels:
      app: app-workload
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: app-workload
    spec:
      containers:
      - image: nginx:stable
        name: nginx
        resources: {}
status: {}

$ kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-workload
  namespace: apps
spec:
  replicas: 2
  selector:
    matchLabels:
      app: app-workload
  template:
    metadata:
      labels:
        app: app-workload
    spec:
      containers:
      - name: nginx
        image: nginx:stable
        volumeMounts:
        - name: config
          mountPath: /etc/appconfig
          readOnly: true
        readinessProbe:
          exec:
            command:
              - /bin/sh
              - -c
              - >
                grep -qx "production" /etc/appconfig/APP_MODE
                && grep -qx "8080" /etc/appconfig/APP_PORT
          initialDelaySeconds: 2
          periodSeconds: 5
      volumes:
      - name: config
        configMap:
          name: app-config
EOF
deployment.apps/app-workload created

# verify.sh
$ kubectl -n apps get cm app-config -o jsonpath='{.data.APP_MODE} {.data.APP_PORT}{"\n"}'
production 8080

$ kubectl -n apps get deploy app-workload -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}{"\n"}'
2 nginx:stable

$ kubectl -n apps get deploy app-workload -o jsonpath='{.spec.template.spec.containers[0].volumeMounts[?(@.mountPath=="/etc/appconfig")].name} {.spec.template.spec.volumes[?(@.name=="config")].configMap.name}{"\n"}'
config app-config

$ kubectl -n apps get deploy app-workload -o jsonpath='{range .spec.template.spec.containers[0].readinessProbe.exec.command[*]}{@}{"\n"}{end}'
/bin/sh
-c
grep -qx "production" /etc/appconfig/APP_MODE && grep -qx "8080" /etc/appconfig/APP_PORT

$ kubectl -n apps rollout status deploy/app-workload --timeout=90s
Waiting for deployment spec update to be observed...
Waiting for deployment "app-workload" rollout to finish: 0 out of 2 new replicas have been updated...
Waiting for deployment "app-workload" rollout to finish: 0 of 2 updated replicas are available...
deployment "app-workload" successfully rolled out

$ kubectl -n apps get pods -l app=app-workload --field-selector=status.phase=Running -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}'
app-workload-85456777d5-5rkn4 True
app-workload-85456777d5-jmbf6 True

# Each key is a file; the probe's grep sees the values exactly.
$ POD=$(kubectl -n apps get pods -l app=app-workload -o jsonpath='{.items[0].metadata.name}')

$ kubectl -n apps exec $POD -- ls /etc/appconfig
APP_MODE
APP_PORT

$ kubectl -n apps exec $POD -- cat /etc/appconfig/APP_PORT; echo
8080
