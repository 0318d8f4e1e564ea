# kubernetes.io's "HorizontalPodAutoscaler Walkthrough", line by line.
# The page applies https://k8s.io/examples/application/php-apache.yaml;
# transcripts never download, so it comes from a here-document with the
# same text. Where the reader waits ("within a minute or so") the
# transcript advances the virtual clock.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: php-apache
spec:
  selector:
    matchLabels:
      run: php-apache
  template:
    metadata:
      labels:
        run: php-apache
    spec:
      containers:
      - name: php-apache
        image: registry.k8s.io/hpa-example
        ports:
        - containerPort: 80
        resources:
          limits:
            cpu: 500m
          requests:
            cpu: 200m
---
apiVersion: v1
kind: Service
metadata:
  name: php-apache
  labels:
    run: php-apache
spec:
  ports:
  - port: 80
  selector:
    run: php-apache
EOF
deployment.apps/php-apache created
service/php-apache created

$ kubectl autoscale deployment php-apache --cpu-percent=50 --min=1 --max=10
horizontalpodautoscaler.autoscaling/php-apache autoscaled

# The page shows 0%/50% at 18s; until metrics-server has a reading of the
# new pod (its first window), TARGETS is <unknown> and REPLICAS 0.
$ kubectl get hpa
NAME         REFERENCE               TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
php-apache   Deployment/php-apache   cpu: <unknown>/50%   1         10        0          0s

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:02Z (29 steps ran)

$ kubectl get hpa
NAME         REFERENCE               TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
php-apache   Deployment/php-apache   cpu: 0%/50%   1         10        1          60s

# "Run this in a separate terminal": the playground has one terminal, so
# the attached loop goes on as a job while the page's other lines run.
$ kubectl run -i --tty load-generator --rm --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"
If you don't see a command prompt, try pressing enter.
OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!OK!
(playground) the loop runs until Ctrl-C, which this terminal cannot send while it runs: it goes on as job [1], as in a second terminal; kill -INT %1 is that Ctrl-C (kill %1 would end kubectl alone, leaving the pod running)

# "Within a minute or so, you should see the higher CPU load": the watch
# prints each change of the autoscaler until a minute passes without one
# (a real watch goes on until Ctrl-C).
$ kubectl get hpa php-apache --watch
NAME         REFERENCE               TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
php-apache   Deployment/php-apache   cpu: 0%/50%   1         10        1          62s
php-apache   Deployment/php-apache   cpu: 250%/50%   1         10        1          75s
php-apache   Deployment/php-apache   cpu: 88%/50%    1         10        4          90s
php-apache   Deployment/php-apache   cpu: 70%/50%    1         10        5          105s
php-apache   Deployment/php-apache   cpu: 58%/50%    1         10        6          2m
php-apache   Deployment/php-apache   cpu: 58%/50%    1         10        6          2m15s
php-apache   Deployment/php-apache   cpu: 50%/50%    1         10        7          2m30s
(playground) stopped watching: nothing changed for 60s of virtual time; kubectl would keep watching until interrupted

# One load generator keeps about 700m of CPU busy: 7 replicas at 100m
# each (50% of the 200m they request), as on the page.
$ kubectl get deployment php-apache
NAME         READY   UP-TO-DATE   AVAILABLE   AGE
php-apache   7/7     7            7           3m30s

$ kubectl top pods -l run=php-apache
NAME                         CPU(cores)   MEMORY(bytes)
php-apache-8d58bfd8d-2jj9z   101m         10Mi
php-apache-8d58bfd8d-6tj6b   101m         10Mi
php-apache-8d58bfd8d-7h4fg   101m         10Mi
php-apache-8d58bfd8d-fpr79   101m         10Mi
php-apache-8d58bfd8d-h9h8p   101m         10Mi
php-apache-8d58bfd8d-hl54k   101m         10Mi
php-apache-8d58bfd8d-l864j   101m         10Mi

# "terminate the load generation by typing <Ctrl> + C": kill -INT %1 is
# that Ctrl-C here. kubectl deletes the pod (--rm) and reports the
# container's end, as on a real terminal.
$ kill -INT %1
pod "load-generator" deleted
pod default/load-generator terminated (Error)

$ sim advance 1m
advanced 60s to 2025-01-01T00:04:33Z (5 steps ran)

# The load is gone, but the autoscaler scales down only after its
# 5-minute stabilization window.
$ kubectl get hpa php-apache
NAME         REFERENCE               TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
php-apache   Deployment/php-apache   cpu: 0%/50%   1         10        7          4m31s

$ sim advance 5m
advanced 5m to 2025-01-01T00:09:33Z (50 steps ran)

$ kubectl get hpa php-apache --watch
NAME         REFERENCE               TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
php-apache   Deployment/php-apache   cpu: 0%/50%   1         10        1          9m31s
(playground) stopped watching: nothing changed for 60s of virtual time; kubectl would keep watching until interrupted

$ kubectl get deployment php-apache
NAME         READY   UP-TO-DATE   AVAILABLE   AGE
php-apache   1/1     1            1           10m

# Autoscaling on multiple metrics: the HPA as autoscaling/v2.
$ kubectl get hpa php-apache -o yaml > /tmp/hpa-v2.yaml

$ cat /tmp/hpa-v2.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: php-apache
  namespace: default
  resourceVersion: "580"
  uid: ccff3330-a10f-43d7-a052-5b8c4365370d
spec:
  maxReplicas: 10
  metrics:
  - resource:
      name: cpu
      target:
        averageUtilization: 50
        type: Utilization
    type: Resource
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: php-apache
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:17Z"
    message: recommended size matches current size
    reason: ReadyForNewScale
    status: "True"
    type: AbleToScale
  - lastTransitionTime: "2025-01-01T00:00:32Z"
    message: the HPA was able to successfully calculate a replica count from cpu resource
      utilization (percentage of request)
    reason: ValidMetricFound
    status: "True"
    type: ScalingActive
  - lastTransitionTime: "2025-01-01T00:08:47Z"
    message: the desired replica count is less than the minimum replica count
    reason: TooFewReplicas
    status: "True"
    type: ScalingLimited
  currentMetrics:
  - resource:
      current:
        averageUtilization: 0
        averageValue: 1m
      name: cpu
    type: Resource
  currentReplicas: 1
  desiredReplicas: 1
  lastScaleTime: "2025-01-01T00:08:47Z"

# The page's edit adds a Pods and an Object metric; this cluster, as a
# kind cluster with only metrics-server, has no custom metrics API, so
# the autoscaler reports those metrics as unavailable.
$ kubectl apply -f - <<EOF
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: php-apache
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: php-apache
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
  - type: Pods
    pods:
      metric:
        name: packets-per-second
      target:
        type: AverageValue
        averageValue: 1k
  - type: Object
    object:
      metric:
        name: requests-per-second
      describedObject:
        apiVersion: networking.k8s.io/v1
        kind: Ingress
        name: main-route
      target:
        type: Value
        value: 10k
EOF
Warning: resource horizontalpodautoscalers/php-apache is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
horizontalpodautoscaler.autoscaling/php-apache configured

$ sim advance 30s
advanced 30s to 2025-01-01T00:11:03Z (2 steps ran)

$ kubectl describe hpa php-apache
Name:                                                          php-apache
Namespace:                                                     default
Labels:                                                        <none>
Annotations:                                                   <none>
CreationTimestamp:                                             Wed, 01 Jan 2025 00:00:02 +0000
Reference:                                                     Deployment/php-apache
Metrics:                                                       ( current / target )
  resource cpu on pods  (as a percentage of request):          0% (1m) / 50%
  "packets-per-second" on pods:                                <unknown> / 1k
  "requests-per-second" on Ingress/main-route (target value):  <unknown> / 10k
Min replicas:                                                  1
Max replicas:                                                  10
Deployment pods:                                               1 current / 1 desired
Conditions:
  Type            Status  Reason               Message
  ----            ------  ------               -------
  AbleToScale     True    SucceededGetScale    the HPA controller was able to get the target's current scale
  ScalingActive   False   FailedGetPodsMetric  the HPA was unable to compute the replica count: unable to get metric packets-per-second: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered
  ScalingLimited  True    TooFewReplicas       the desired replica count is less than the minimum replica count
Events:
  Type     Reason                        Age               From                       Message
  ----     ------                        ----              ----                       -------
  Warning  FailedGetResourceMetric       10m               horizontal-pod-autoscaler  failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Warning  FailedComputeMetricsReplicas  10m               horizontal-pod-autoscaler  invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Normal   SuccessfulRescale             9m46s             horizontal-pod-autoscaler  New size: 4; reason: cpu resource utilization (percentage of request) above target
  Normal   SuccessfulRescale             9m31s             horizontal-pod-autoscaler  New size: 5; reason:
  Normal   SuccessfulRescale             9m16s             horizontal-pod-autoscaler  New size: 6; reason: cpu resource utilization (percentage of request) above target
  Normal   SuccessfulRescale             8m46s             horizontal-pod-autoscaler  New size: 7; reason: cpu resource utilization (percentage of request) above target
  Normal   SuccessfulRescale             2m16s             horizontal-pod-autoscaler  New size: 1; reason: All metrics below target
  Warning  FailedGetPodsMetric           1s (x2 over 16s)  horizontal-pod-autoscaler  unable to get metric packets-per-second: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered
  Warning  FailedGetObjectMetric         1s (x2 over 16s)  horizontal-pod-autoscaler  unable to get metric requests-per-second: Ingress on default main-route/unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered
  Warning  FailedComputeMetricsReplicas  1s (x2 over 16s)  horizontal-pod-autoscaler  invalid metrics (2 invalid out of 3), first error is: failed to get pods metric value: unable to get metric packets-per-second: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered
