# omkar-shelke25/ckad-killercoda, ConfigMap-as-Environment: setup.sh only
# prints; the solution's commands in step1.md, then verify.sh's checks
# (its jq filters as kubectl jsonpath).
$ kubectl create cm app-config --from-literal APP_MODE=production --from-literal APP_VERSION=1.0
configmap/app-config created

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: app-pod
spec:
  containers:
  - name: app-pod
    image: nginx:1.29.0
    envFrom:
    - configMapRef:
        name: app-config
EOF
pod/app-pod created

$ kubectl wait --for=condition=Ready pod/app-pod --timeout=60s
pod/app-pod condition met

$ kubectl exec app-pod -- sh -c 'echo APP_MODE=$APP_MODE; echo APP_VERSION=$APP_VERSION'
APP_MODE=production
APP_VERSION=1.0

$ kubectl exec app-pod -- env | grep "^APP_"
APP_MODE=production
APP_VERSION=1.0

# verify.sh
$ kubectl -n default get cm app-config -o jsonpath='{.data.APP_MODE} {.data.APP_VERSION}{"\n"}'
production 1.0

$ kubectl -n default get pod app-pod -o jsonpath='{.spec.containers[0].image}{"\n"}'
nginx:1.29.0

$ kubectl -n default wait --for=condition=Ready pod/app-pod --timeout=90s
pod/app-pod condition met

$ kubectl -n default get pod app-pod -o jsonpath='{.spec.containers[0].envFrom[*].configMapRef.name}{"\n"}'
app-config

$ kubectl -n default exec app-pod -- /bin/sh -c 'echo "APP_MODE=$APP_MODE"; echo "APP_VERSION=$APP_VERSION"'
APP_MODE=production
APP_VERSION=1.0

$ kubectl get cm app-config -o yaml
apiVersion: v1
data:
  APP_MODE: production
  APP_VERSION: "1.0"
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: app-config
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
