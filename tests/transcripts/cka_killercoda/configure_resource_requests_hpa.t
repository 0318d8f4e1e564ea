# omkar-shelke25/cka-killercoda, Configure-Resource-Requests-HPA: setup.sh,
# then step1.md's solution and verify.sh's checks as kubectl commands.

# setup.sh
$ kubectl create ns jujutsu-high
namespace/jujutsu-high created

$ mkdir -p "/Jujutsu Kaisen"

$ cat > "/Jujutsu Kaisen/jujutsu-kaisen-deployment.yaml" <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: tokyo-jutsu
  namespace: jujutsu-high
  labels:
    environment: production
spec:
  replicas: 1
  selector:
    matchLabels:
      app: tokyo-jutsu
      environment: production
  template:
    metadata:
      labels:
        app: tokyo-jutsu
        environment: production
    spec:
      containers:
        - name: app
          image: nginx
          ports:
            - containerPort: 80
EOF

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: tokyo-jutsu-svc
  namespace: jujutsu-high
  labels:
    environment: production
spec:
  type: ClusterIP
  selector:
    app: tokyo-jutsu
    environment: production
  ports:
    - port: 80
      targetPort: 80
EOF
service/tokyo-jutsu-svc created

$ kubectl apply -f - <<'EOF'
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: gojo-hpa
  namespace: jujutsu-high
  labels:
    environment: production
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: tokyo-jutsu
  minReplicas: 1
  maxReplicas: 5
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: AverageValue
          averageValue: 512m
    - type: Resource
      resource:
        name: memory
        target:
          type: AverageValue
          averageValue: 512Mi
EOF
horizontalpodautoscaler.autoscaling/gojo-hpa created

# setup.sh's last apply leaves the path unquoted, so bash splits it in two
# and kubectl refuses the second word: the Deployment is first created by
# the learner's apply below.
$ kubectl apply -f /Jujutsu Kaisen/jujutsu-kaisen-deployment.yaml -n jujutsu-high
error: Unexpected args: [Kaisen/jujutsu-kaisen-deployment.yaml]
See 'kubectl apply -h' for help and examples

$ sleep 5

# The solution: the HPA has no pods to measure yet.
$ kubectl get hpa -n jujutsu-high
NAME       REFERENCE                TARGETS                                        MINPODS   MAXPODS   REPLICAS   AGE
gojo-hpa   Deployment/tokyo-jutsu   cpu: <unknown>/512m, memory: <unknown>/512Mi   1         5         0          5s

$ cat "/Jujutsu Kaisen/jujutsu-kaisen-deployment.yaml" | grep -c resources
0

# The edit made with the solution's manifest.
$ cat > "/Jujutsu Kaisen/jujutsu-kaisen-deployment.yaml" <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: tokyo-jutsu
  namespace: jujutsu-high
  labels:
    environment: production
spec:
  replicas: 1
  selector:
    matchLabels:
      app: tokyo-jutsu
      environment: production
  template:
    metadata:
      labels:
        app: tokyo-jutsu
        environment: production
    spec:
      containers:
        - name: app
          image: nginx
          ports:
            - containerPort: 80
          resources:
            requests:
              cpu: 256m
              memory: 256Mi
            limits:
              cpu: 512m
              memory: 512Mi
EOF

$ kubectl apply -f "/Jujutsu Kaisen/jujutsu-kaisen-deployment.yaml"
deployment.apps/tokyo-jutsu created

$ kubectl rollout status deployment/tokyo-jutsu -n jujutsu-high
Waiting for deployment spec update to be observed...
Waiting for deployment "tokyo-jutsu" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "tokyo-jutsu" rollout to finish: 0 of 1 updated replicas are available...
deployment "tokyo-jutsu" successfully rolled out

$ kubectl get pod -n jujutsu-high -l app=tokyo-jutsu -o jsonpath='{.items[0].spec.containers[0].resources}'
{"limits":{"cpu":"512m","memory":"512Mi"},"requests":{"cpu":"256m","memory":"256Mi"}}

$ sleep 60

$ kubectl get hpa -n jujutsu-high
NAME       REFERENCE                TARGETS                               MINPODS   MAXPODS   REPLICAS   AGE
gojo-hpa   Deployment/tokyo-jutsu   cpu: 1m/512m, memory: 3145728/512Mi   1         5         1          69s

$ kubectl describe hpa gojo-hpa -n jujutsu-high
Name:                       gojo-hpa
Namespace:                  jujutsu-high
Labels:                     environment=production
Annotations:                <none>
CreationTimestamp:          Wed, 01 Jan 2025 00:00:02 +0000
Reference:                  Deployment/tokyo-jutsu
Metrics:                    ( current / target )
  resource cpu on pods:     1m / 512m
  resource memory on pods:  3145728 / 512Mi
Min replicas:               1
Max replicas:               5
Deployment pods:            1 current / 1 desired
Conditions:
  Type            Status  Reason              Message
  ----            ------  ------              -------
  AbleToScale     True    ReadyForNewScale    recommended size matches current size
  ScalingActive   True    ValidMetricFound    the HPA was able to successfully calculate a replica count from cpu resource
  ScalingLimited  False   DesiredWithinRange  the desired count is within the acceptable range
Events:
  Type     Reason                   Age   From                       Message
  ----     ------                   ----  ----                       -------
  Warning  FailedGetResourceMetric  54s   horizontal-pod-autoscaler  failed to get cpu usage: did not receive metrics for targeted pods (pods might be unready)

# verify.sh's checks.
$ kubectl wait --for=condition=ready pod -l app=tokyo-jutsu -n jujutsu-high --timeout=60s
pod/tokyo-jutsu-89b97b57b-58ljc condition met

$ POD_NAME=$(kubectl get pods -n jujutsu-high -l app=tokyo-jutsu -o jsonpath='{.items[0].metadata.name}')

$ kubectl get pod "${POD_NAME}" -n jujutsu-high -o jsonpath='{.spec.containers[0].resources.requests.cpu} {.spec.containers[0].resources.requests.memory} {.spec.containers[0].resources.limits.cpu} {.spec.containers[0].resources.limits.memory}{"\n"}'
256m 256Mi 512m 512Mi

$ kubectl get hpa gojo-hpa -n jujutsu-high -o jsonpath='{.spec.metrics[?(@.resource.name=="cpu")].resource.target.averageValue}{"\n"}'
512m

$ kubectl get hpa gojo-hpa -n jujutsu-high -o jsonpath='{.spec.metrics[?(@.resource.name=="memory")].resource.target.averageValue}{"\n"}'
512Mi
