# omkar-shelke25/ckad-killercoda, Deployment-Harden-SCC: setup.sh's
# kubectl part (its sudo mkdir is for the host), the task done with
# patches (step1.md gives no solution), then verify.sh's checks (its jq
# filters as jsonpath).
$ kubectl get ns net-acm >/dev/null 2>&1 || kubectl create ns net-acm
namespace/net-acm created

$ cat <<'EOF' | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: busybox
  namespace: net-acm
spec:
  replicas: 1
  selector:
    matchLabels:
      app: busybox
  template:
    metadata:
      labels:
        app: busybox
    spec:
      containers:
      - name: bb
        image: busybox:1.36.1
        command: ["sh","-c","sleep 3600"]
EOF
deployment.apps/busybox created

$ cat <<'EOF' | kubectl apply -f -
apiVersion: v1
kind: Service
metadata:
  name: busybox-svc
  namespace: net-acm
spec:
  selector:
    app: busybox
  ports:
  - port: 80
    targetPort: 80
EOF
service/busybox-svc created

$ kubectl -n net-acm rollout status deploy/busybox --timeout=120s || true
Waiting for deployment spec update to be observed...
Waiting for deployment "busybox" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "busybox" rollout to finish: 0 of 1 updated replicas are available...
deployment "busybox" successfully rolled out

# runAsNonRoot alone: busybox's image runs as root, so the kubelet
# refuses to start the container and the rollout stalls.
$ kubectl -n net-acm patch deploy busybox --type=json -p='[{"op":"add","path":"/spec/template/spec/containers/0/securityContext","value":{"runAsNonRoot":true,"allowPrivilegeEscalation":false,"capabilities":{"add":["NET_BIND_SERVICE"]}}}]'
deployment.apps/busybox patched

$ sleep 10

$ kubectl -n net-acm get pods
NAME                       READY   STATUS                       RESTARTS   AGE
busybox-58b6548bf7-2jj9z   1/1     Running                      0          12s
busybox-7776d4775d-4ltx9   0/1     CreateContainerConfigError   0          10s

$ kubectl -n net-acm describe pods -l app=busybox | grep -A3 'State:'
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:03 +0000
    Ready:          True
    Restart Count:  0
--
    State:          Waiting
      Reason:       CreateContainerConfigError
    Ready:          False
    Restart Count:  0

$ kubectl -n net-acm get events --field-selector reason=Failed
LAST SEEN   TYPE      REASON   OBJECT                         MESSAGE
8s          Warning   Failed   pod/busybox-7776d4775d-4ltx9   Error: container has runAsNonRoot and image will run as root (pod: "busybox-7776d4775d-4ltx9_net-acm(b65a4a19-9251-4b8b-80f1-ad4cf3b4aa4f)", container: bb)

# A non-root user as well lets it start.
$ kubectl -n net-acm patch deploy busybox --type=json -p='[{"op":"add","path":"/spec/template/spec/containers/0/securityContext/runAsUser","value":1000}]'
deployment.apps/busybox patched

$ kubectl -n net-acm rollout status deploy/busybox --timeout=120s
Waiting for deployment spec update to be observed...
Waiting for deployment "busybox" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "busybox" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "busybox" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "busybox" rollout to finish: 1 old replicas are pending termination...
deployment "busybox" successfully rolled out

$ kubectl -n net-acm get pods
NAME                       READY   STATUS        RESTARTS   AGE
busybox-58b6548bf7-2jj9z   1/1     Terminating   0          14s
busybox-77b896b5dc-zq5kt   1/1     Running       0          2s

# exec picks the pod ready the longest, the old one while it is still
# terminating (its sleep, PID 1, ignores SIGTERM); once it is gone:
$ sleep 30

$ kubectl -n net-acm get pods
NAME                       READY   STATUS    RESTARTS   AGE
busybox-77b896b5dc-zq5kt   1/1     Running   0          32s

$ kubectl -n net-acm exec deploy/busybox -- id
uid=1000 gid=0(root) groups=0(root)

# verify.sh
$ kubectl -n net-acm get deploy busybox -o jsonpath='{.spec.template.spec.containers[0].securityContext}{"\n"}'
{"allowPrivilegeEscalation":false,"capabilities":{"add":["NET_BIND_SERVICE"]},"runAsNonRoot":true,"runAsUser":1000}

$ kubectl -n net-acm get deploy busybox -o jsonpath='{.spec.template.spec.containers[0].securityContext.runAsNonRoot} {.spec.template.spec.containers[0].securityContext.runAsUser} {.spec.template.spec.containers[0].securityContext.allowPrivilegeEscalation} {.spec.template.spec.containers[0].securityContext.capabilities.add}{"\n"}'
true 1000 false ["NET_BIND_SERVICE"]

$ kubectl -n net-acm rollout status deploy/busybox --timeout=120s
deployment "busybox" successfully rolled out
