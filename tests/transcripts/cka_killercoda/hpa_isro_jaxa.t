# omkar-shelke25/cka-killercoda, HorizontalPodAutoscaler-ISRO–JAXA:
# setup.sh, then step1.md's solution. setup.sh installs metrics-server
# with helm, which the playground does not run; its cluster serves the
# metrics API already, so those lines are left out. The playground models
# request load only for the HPA walkthrough's php-apache image, not the
# load generator's `ab` loop against nginx, so the usage figures here are
# idle ones and the HPA keeps one replica where killercoda's scales up.

# setup.sh
$ kubectl create ns isro-jaxa
namespace/isro-jaxa created

$ mkdir -p /isro-jaxa

$ cat > /tmp/isro-jaxa-deployment.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: isro-jaxa-collab-deployment
  namespace: isro-jaxa
  labels:
    app: isro-jaxa-app
    collaboration: isro-jaxa
    countries: india-japan
spec:
  replicas: 1
  selector:
    matchLabels:
      app: isro-jaxa-app
  template:
    metadata:
      labels:
        app: isro-jaxa-app
        collaboration: isro-jaxa
        countries: india-japan
    spec:
      containers:
      - name: isro-jaxa-container
        image: nginx
        resources:
          requests:
            cpu: 200m
            memory: 200Mi
          limits:
            cpu: 200m
            memory: 200Mi
---
apiVersion: v1
kind: Service
metadata:
  name: isro-jaxa-collab-service
  namespace: isro-jaxa
  labels:
    app: isro-jaxa-app
    collaboration: isro-jaxa
    countries: india-japan
spec:
  selector:
    app: isro-jaxa-app
  ports:
  - name: http
    port: 80
    targetPort: 80
    protocol: TCP
  type: ClusterIP
EOF

$ kubectl apply -f /tmp/isro-jaxa-deployment.yaml > /dev/null 2>&1

$ kubectl wait --for=condition=available deployment/isro-jaxa-collab-deployment -n isro-jaxa --timeout=120s > /dev/null 2>&1

$ cat > /tmp/lunar-robot.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: lunar-robot-01
  namespace: isro-jaxa
  labels:
    app: lunar-robot
spec:
  containers:
  - name: ab
    image: jordi/ab
    command: ["sh", "-c"]
    args:
      - |
        sleep 10
        while true; do
          ab -n 7500 -c 20 http://isro-jaxa-collab-service.isro-jaxa.svc.cluster.local/ >/dev/null 2>&1
          sleep 2
        done
    resources:
      requests:
        cpu: "200m"
        memory: "200Mi"
      limits:
        cpu: "512m"
        memory: "512Mi"
  restartPolicy: Always
EOF

$ kubectl apply -f /tmp/lunar-robot.yaml > /dev/null 2>&1

$ kubectl wait --for=condition=ready pod/lunar-robot-01 -n isro-jaxa --timeout=120s > /dev/null 2>&1

$ sleep 10

# Task 1. kubectl v1.32 has no --cpu flag (kubernetes/kubernetes#129373
# added it in v1.33); its flag is --cpu-percent, so the solution's command
# is refused and its YAML alternative is what works.
$ kubectl autoscale deployment isro-jaxa-collab-deployment --namespace isro-jaxa --cpu=50% --min=1 --max=5
error: unknown flag: --cpu
See 'kubectl autoscale --help' for usage.

$ cat > /tmp/hpa.yaml <<'EOF'
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: isro-jaxa-collab-deployment
  namespace: isro-jaxa
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: isro-jaxa-collab-deployment
  minReplicas: 1
  maxReplicas: 5
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
EOF

$ kubectl apply -f /tmp/hpa.yaml
horizontalpodautoscaler.autoscaling/isro-jaxa-collab-deployment created

# Task 2
$ kubectl get hpa -n isro-jaxa
NAME                          REFERENCE                                TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
isro-jaxa-collab-deployment   Deployment/isro-jaxa-collab-deployment   cpu: <unknown>/50%   1         5         0          0s

$ sleep 60

$ kubectl get hpa -n isro-jaxa
NAME                          REFERENCE                                TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
isro-jaxa-collab-deployment   Deployment/isro-jaxa-collab-deployment   cpu: 0%/50%   1         5         1          60s

$ kubectl describe hpa isro-jaxa-collab-deployment -n isro-jaxa
Name:                                                  isro-jaxa-collab-deployment
Namespace:                                             isro-jaxa
Labels:                                                <none>
Annotations:                                           <none>
CreationTimestamp:                                     Wed, 01 Jan 2025 00:00:19 +0000
Reference:                                             Deployment/isro-jaxa-collab-deployment
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  0% (1m) / 50%
Min replicas:                                          1
Max replicas:                                          5
Deployment pods:                                       1 current / 1 desired
Conditions:
  Type            Status  Reason               Message
  ----            ------  ------               -------
  AbleToScale     True    ScaleDownStabilized  recent recommendations were higher than current one, applying the highest recent recommendation
  ScalingActive   True    ValidMetricFound     the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)
  ScalingLimited  False   DesiredWithinRange   the desired count is within the acceptable range
Events:           <none>

$ kubectl get deployment isro-jaxa-collab-deployment -n isro-jaxa
NAME                          READY   UP-TO-DATE   AVAILABLE   AGE
isro-jaxa-collab-deployment   1/1     1            1           77s

$ kubectl get pods -n isro-jaxa
NAME                                          READY   STATUS    RESTARTS   AGE
isro-jaxa-collab-deployment-5d6cb9bf5-2jj9z   1/1     Running   0          77s
lunar-robot-01                                1/1     Running   0          73s

$ kubectl top pods -n isro-jaxa
NAME                                          CPU(cores)   MEMORY(bytes)
isro-jaxa-collab-deployment-5d6cb9bf5-2jj9z   1m           3Mi
lunar-robot-01                                0m           10Mi

# Task 3
$ kubectl top pods -n isro-jaxa --sum=true > /isro-jaxa/space-details.txt

$ cat /isro-jaxa/space-details.txt
NAME                                          CPU(cores)   MEMORY(bytes)
isro-jaxa-collab-deployment-5d6cb9bf5-2jj9z   1m           3Mi
lunar-robot-01                                0m           10Mi
                                              ________     ________
                                              1m           13Mi
