# omkar-shelke25/ckad-killercoda, ResourceQuota-Pod-Resources: nothing is
# set up; the solution in step1.md, then verify.sh's checks.
$ kubectl create namespace production-apps
namespace/production-apps created

$ cat <<'EOF' | kubectl apply -f -
apiVersion: v1
kind: ResourceQuota
metadata:
  name: app-quota
  namespace: production-apps
spec:
  hard:
    pods: "4"
    requests.cpu: "2000m"
    requests.memory: "4Gi"
    limits.cpu: "4000m"
    limits.memory: "8Gi"
EOF
resourcequota/app-quota created

$ cat <<'EOF' | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-server
  namespace: production-apps
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web-server
  template:
    metadata:
      labels:
        app: web-server
    spec:
      containers:
      - name: nginx
        image: nginx:1.25.3
        resources:
          requests:
            cpu: "200m"
            memory: "256Mi"
          limits:
            cpu: "500m"
            memory: "512Mi"
EOF
deployment.apps/web-server created

$ kubectl -n production-apps rollout status deployment web-server
Waiting for deployment spec update to be observed...
Waiting for deployment "web-server" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "web-server" rollout to finish: 0 of 3 updated replicas are available...
deployment "web-server" successfully rolled out

$ kubectl -n production-apps get pods
NAME                          READY   STATUS    RESTARTS   AGE
web-server-6b7f585f55-5rkn4   1/1     Running   0          4s
web-server-6b7f585f55-jmbf6   1/1     Running   0          4s
web-server-6b7f585f55-rzrgs   1/1     Running   0          4s

$ kubectl -n production-apps describe resourcequota app-quota
Name:            app-quota
Namespace:       production-apps
Resource         Used    Hard
--------         ----    ----
limits.cpu       1500m   4
limits.memory    1536Mi  8Gi
pods             3       4
requests.cpu     600m    2
requests.memory  768Mi   4Gi

# verify.sh
$ kubectl -n production-apps get resourcequota app-quota -o jsonpath='{.spec.hard.pods} {.spec.hard.requests\.cpu} {.spec.hard.requests\.memory} {.spec.hard.limits\.cpu} {.spec.hard.limits\.memory}{"\n"}'
4 2 4Gi 4 8Gi

$ kubectl -n production-apps get deploy web-server -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}{"\n"}'
3 nginx:1.25.3

$ kubectl -n production-apps get deploy web-server -o jsonpath='{.spec.template.spec.containers[0].resources}{"\n"}'
{"limits":{"cpu":"500m","memory":"512Mi"},"requests":{"cpu":"200m","memory":"256Mi"}}

$ kubectl -n production-apps get resourcequota app-quota -o jsonpath='{.status.used.pods} {.status.used.requests\.cpu} {.status.used.requests\.memory}{"\n"}'
3 600m 768Mi

$ kubectl -n production-apps get pods -l app=web-server --field-selector=status.phase=Running --no-headers | wc -l
3

# Beyond the checker: the quota holds a fifth pod back.
$ kubectl -n production-apps scale deployment web-server --replicas=5
deployment.apps/web-server scaled

$ sleep 5

$ kubectl -n production-apps get deploy web-server
NAME         READY   UP-TO-DATE   AVAILABLE   AGE
web-server   4/5     4            4           9s

$ kubectl -n production-apps get rs -l app=web-server
NAME                    DESIRED   CURRENT   READY   AGE
web-server-6b7f585f55   5         4         4       9s

$ kubectl -n production-apps get events --field-selector reason=FailedCreate
LAST SEEN   TYPE      REASON         OBJECT                             MESSAGE
5s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-5n8fl" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
5s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-2cn4j" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
5s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-x5wpr" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
4s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-qcgj9" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
4s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-k97gr" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
4s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-jvtfw" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
4s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-g7vkl" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
4s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-fbss8" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
3s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   Error creating: pods "web-server-6b7f585f55-hbsjc" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4
2s          Warning   FailedCreate   replicaset/web-server-6b7f585f55   (combined from similar events): Error creating: pods "web-server-6b7f585f55-4x4qk" is forbidden: exceeded quota: app-quota, requested: pods=1, used: pods=4, limited: pods=4

$ kubectl -n production-apps get resourcequota
NAME        REQUEST                                                     LIMIT                                     AGE
app-quota   pods: 4/4, requests.cpu: 800m/2, requests.memory: 1Gi/4Gi   limits.cpu: 2/4, limits.memory: 2Gi/8Gi   9s
