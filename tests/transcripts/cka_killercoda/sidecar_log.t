# omkar-shelke25/cka-killercoda, sidecar-log: step1.md's solution. The
# scenario's setup.sh is not in the repository; its starting Deployment
# is the solution's without the sidecar, written to the path the question
# names.

$ kubectl create namespace mercury
namespace/mercury created

$ mkdir -p /opt/course/16

$ cat <<'EOF' > /opt/course/16/cleaner.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cleaner
  namespace: mercury
spec:
  replicas: 1
  selector:
    matchLabels:
      app: cleaner
  template:
    metadata:
      labels:
        app: cleaner
    spec:
      volumes:
      - name: logs
        emptyDir: {}
      containers:
      - name: cleaner-con
        image: public.ecr.aws/docker/library/busybox:latest
        volumeMounts:
        - name: logs
          mountPath: /var/log
        command: ["sh", "-c"]
        args:
        - |
          while true; do
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Cleaning data..." >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Found 42 records" >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - WARNING: 3 records missing!" >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Data cleanup completed" >> /var/log/cleaner.log
            sleep 10
          done
EOF

$ kubectl apply -f /opt/course/16/cleaner.yaml
deployment.apps/cleaner created

$ kubectl rollout status deployment/cleaner -n mercury
Waiting for deployment spec update to be observed...
Waiting for deployment "cleaner" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "cleaner" rollout to finish: 0 of 1 updated replicas are available...
deployment "cleaner" successfully rolled out

# The solution.
$ cat /opt/course/16/cleaner.yaml | head -5
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cleaner
  namespace: mercury

$ cp /opt/course/16/cleaner.yaml /opt/course/16/cleaner-new.yaml

$ cat <<'EOF' > /opt/course/16/cleaner-new.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cleaner
  namespace: mercury
spec:
  replicas: 1
  selector:
    matchLabels:
      app: cleaner
  template:
    metadata:
      labels:
        app: cleaner
    spec:
      volumes:
      - name: logs
        emptyDir: {}
      initContainers:
      - name: logger-con
        image: public.ecr.aws/docker/library/busybox:latest
        restartPolicy: Always
        volumeMounts:
        - name: logs
          mountPath: /var/log
        command: ["sh", "-c", "tail -F /var/log/cleaner.log"]
      containers:
      - name: cleaner-con
        image: public.ecr.aws/docker/library/busybox:latest
        volumeMounts:
        - name: logs
          mountPath: /var/log
        command: ["sh", "-c"]
        args:
        - |
          while true; do
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Cleaning data..." >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Found 42 records" >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - WARNING: 3 records missing!" >> /var/log/cleaner.log
            echo "$(date '+%Y-%m-%d %H:%M:%S') - Data cleanup completed" >> /var/log/cleaner.log
            sleep 10
          done
EOF

$ kubectl apply -f /opt/course/16/cleaner-new.yaml
deployment.apps/cleaner configured

$ kubectl rollout status deployment/cleaner -n mercury
Waiting for deployment spec update to be observed...
Waiting for deployment "cleaner" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "cleaner" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "cleaner" rollout to finish: 1 old replicas are pending termination...
deployment "cleaner" successfully rolled out

$ kubectl get pods -n mercury
NAME                       READY   STATUS        RESTARTS   AGE
cleaner-67dd684656-6g9s2   1/1     Terminating   0          8s
cleaner-7cf765685f-jrv7s   2/2     Running       0          4s

# verify.sh
$ grep -q "initContainers:" /opt/course/16/cleaner-new.yaml && echo found
found

$ grep -A10 "name: logger-con" /opt/course/16/cleaner-new.yaml | grep "restartPolicy: Always"
        restartPolicy: Always

$ grep -A10 "name: cleaner-con" /opt/course/16/cleaner-new.yaml | grep "mountPath" | awk '{print $2}'
/var/log

$ kubectl get deployment cleaner -n mercury -o jsonpath='{.status.availableReplicas}{"\n"}'
1

$ POD_NAME=$(kubectl get pods -n mercury -l app=cleaner -o jsonpath='{.items[0].metadata.name}' 2>/dev/null || echo "")

$ kubectl get pod "${POD_NAME}" -n mercury -o jsonpath='{.spec.initContainers[*].name}' | grep logger-con
