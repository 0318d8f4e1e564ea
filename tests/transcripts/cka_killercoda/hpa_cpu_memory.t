# omkar-shelke25/cka-killercoda, HHPA-with-CPU-Memory: setup.sh, then
# step1.md's solution. setup.sh installs metrics-server with helm, which
# the playground does not run; its cluster serves the metrics API already
# (kubectl top works), so those lines are left out. Killercoda's
# controlplane is this cluster's kubeplay-control-plane.

# setup.sh
$ kubectl taint no kubeplay-control-plane node-role.kubernetes.io/control-plane:NoSchedule-
node/kubeplay-control-plane untainted

$ sleep 5

$ kubectl create ns iot-sys
namespace/iot-sys created

$ cat > /tmp/sensor-api-deployment.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: sensor-api
  namespace: iot-sys
  labels:
    app: sensor-api
    environment: production
  annotations:
    purpose: "production-deployment"
spec:
  replicas: 12
  selector:
    matchLabels:
      app: sensor-api
  template:
    metadata:
      labels:
        app: sensor-api
        environment: production
    spec:
      containers:
      - name: sensor-api
        image: public.ecr.aws/docker/library/httpd:trixie
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: "100m"
            memory: "128Mi"
          limits:
            cpu: "512m"
            memory: "512Mi"
EOF

$ kubectl apply -f /tmp/sensor-api-deployment.yaml
deployment.apps/sensor-api created

$ cat > /tmp/sensor-api-service.yaml <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: sensor-api
  namespace: iot-sys
  labels:
    app: sensor-api
    environment: production
spec:
  selector:
    app: sensor-api
  ports:
  - port: 80
    targetPort: 80
    protocol: TCP
EOF

$ kubectl apply -f /tmp/sensor-api-service.yaml
service/sensor-api created

$ kubectl wait --for=condition=available --timeout=120s deployment/sensor-api -n iot-sys
deployment.apps/sensor-api condition met

$ mkdir -p /iot-platform

$ kubectl get deploy,svc -n iot-sys
NAME                         READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/sensor-api   11/12   12           11          8s

NAME                 TYPE        CLUSTER-IP    EXTERNAL-IP   PORT(S)   AGE
service/sensor-api   ClusterIP   10.99.11.76   <none>        80/TCP    8s

# The solution.
$ cat > /iot-platform/sensor-hpa.yaml <<'EOF'
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: sensor-hpa
  namespace: iot-sys
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: sensor-api
  minReplicas: 2
  maxReplicas: 8
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 80
  - type: Resource
    resource:
      name: memory
      target:
        type: Utilization
        averageUtilization: 80
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 5
EOF

$ kubectl apply -f /iot-platform/sensor-hpa.yaml
horizontalpodautoscaler.autoscaling/sensor-hpa created

$ kubectl get hpa sensor-hpa -n iot-sys
NAME         REFERENCE               TARGETS                                     MINPODS   MAXPODS   REPLICAS   AGE
sensor-hpa   Deployment/sensor-api   cpu: <unknown>/80%, memory: <unknown>/80%   2         8         0          0s

$ sleep 60

$ kubectl describe hpa sensor-hpa -n iot-sys
Name:                                                     sensor-hpa
Namespace:                                                iot-sys
Labels:                                                   <none>
Annotations:                                              <none>
CreationTimestamp:                                        Wed, 01 Jan 2025 00:00:15 +0000
Reference:                                                Deployment/sensor-api
Metrics:                                                  ( current / target )
  resource cpu on pods  (as a percentage of request):     1% (1m) / 80%
  resource memory on pods  (as a percentage of request):  7% (10485760) / 80%
Min replicas:                                             2
Max replicas:                                             8
Behavior:
  Scale Up:
    Stabilization Window: 0 seconds
    Select Policy: Max
    Policies:
      - Type: Pods     Value: 4    Period: 15 seconds
      - Type: Percent  Value: 100  Period: 15 seconds
  Scale Down:
    Stabilization Window: 5 seconds
    Select Policy: Max
    Policies:
      - Type: Percent  Value: 100  Period: 15 seconds
Deployment pods:       2 current / 2 desired
Conditions:
  Type            Status  Reason            Message
  ----            ------  ------            -------
  AbleToScale     True    ReadyForNewScale  recommended size matches current size
  ScalingActive   True    ValidMetricFound  the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)
  ScalingLimited  True    TooFewReplicas    the desired replica count is less than the minimum replica count
Events:
  Type    Reason             Age   From                       Message
  ----    ------             ----  ----                       -------
  Normal  SuccessfulRescale  45s   horizontal-pod-autoscaler  New size: 8; reason: Current number of replicas above Spec.MaxReplicas
  Normal  SuccessfulRescale  30s   horizontal-pod-autoscaler  New size: 2; reason: All metrics below target

$ watch -n 2 kubectl get hpa,deployment -n iot-sys
NAME                                             REFERENCE               TARGETS                       MINPODS   MAXPODS   REPLICAS   AGE
horizontalpodautoscaler.autoscaling/sensor-hpa   Deployment/sensor-api   cpu: 1%/80%, memory: 7%/80%   2         8         2          60s

NAME                         READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/sensor-api   2/2     2            2           68s
(playground) watch ran this once: a real terminal reruns it every 2s until Ctrl-C (here, run it again after sleep or sim advance, or use kubectl get -w)

$ kubectl top pods -n iot-sys
NAME                          CPU(cores)   MEMORY(bytes)
sensor-api-5c44879cb8-58665   1m           10Mi
sensor-api-5c44879cb8-72qw9   1m           10Mi

$ kubectl get hpa sensor-hpa -n iot-sys -o jsonpath='{.spec.behavior.scaleDown.stabilizationWindowSeconds}{"\n"}'
5
