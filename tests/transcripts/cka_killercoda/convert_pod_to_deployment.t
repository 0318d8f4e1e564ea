# omkar-shelke25/cka-killercoda, convert-pod-to-deployment: step1.md's
# solution. The scenario's setup.sh is not in the repository; it leaves
# the Pod holy-api running in pluto and its manifest in /opt/course/9,
# written here from the Deployment's container.

$ kubectl create namespace pluto
namespace/pluto created

$ mkdir -p /opt/course/9

$ cat > /opt/course/9/holy-api-pod.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: holy-api
  namespace: pluto
  labels:
    app: holy-api
spec:
  containers:
  - name: app
    image: public.ecr.aws/docker/library/busybox:stable
    command: ["/bin/sh","-c","sleep 1d"]
EOF

$ kubectl apply -f /opt/course/9/holy-api-pod.yaml
pod/holy-api created

$ kubectl -n pluto wait --for=condition=Ready pod/holy-api
pod/holy-api condition met

# The solution.
$ cat /opt/course/9/holy-api-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: holy-api
  namespace: pluto
  labels:
    app: holy-api
spec:
  containers:
  - name: app
    image: public.ecr.aws/docker/library/busybox:stable
    command: ["/bin/sh","-c","sleep 1d"]

$ touch /opt/course/9/holy-api-deployment.yaml

$ cat > /opt/course/9/holy-api-deployment.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: holy-api
  namespace: pluto
  labels:
    app: holy-api
spec:
  replicas: 3
  selector:
    matchLabels:
      app: holy-api
  template:
    metadata:
      labels:
        app: holy-api
    spec:
      containers:
      - name: app
        image: public.ecr.aws/docker/library/busybox:stable
        command: ["/bin/sh","-c","sleep 1d"]
        securityContext:
          allowPrivilegeEscalation: false
          privileged: false
EOF

$ kubectl -n pluto apply -f /opt/course/9/holy-api-deployment.yaml
deployment.apps/holy-api created

$ kubectl -n pluto delete pod holy-api
pod "holy-api" deleted

$ kubectl -n pluto rollout status deploy/holy-api --timeout=120s
deployment "holy-api" successfully rolled out

$ kubectl -n pluto get deploy holy-api -o wide
NAME       READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES                                         SELECTOR
holy-api   3/3     3            3           30s   app          public.ecr.aws/docker/library/busybox:stable   app=holy-api

$ kubectl -n pluto get pods
NAME                        READY   STATUS    RESTARTS   AGE
holy-api-6bfd485cb9-gtx98   1/1     Running   0          30s
holy-api-6bfd485cb9-jrv7s   1/1     Running   0          30s
holy-api-6bfd485cb9-sn96l   1/1     Running   0          30s

$ kubectl -n pluto get deploy holy-api -o jsonpath='{.spec.template.spec.containers[0].securityContext}{"\n"}'
{"allowPrivilegeEscalation":false,"privileged":false}
