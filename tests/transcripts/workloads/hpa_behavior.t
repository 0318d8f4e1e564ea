# A user `behavior`: scale down by at most one pod per 60 s with no
# stabilization window, and no scaling up at all (selectPolicy Disabled,
# whose default policies the API server still fills in). Upstream's
# calculateScaleUpLimitWithScalingRules returns the current count for
# Disabled, so the HPA reports ScalingLimited/ScaleUpLimit.
$ kubectl create deployment web --image=nginx --replicas=4
deployment.apps/web created

$ kubectl set resources deployment web --requests=cpu=200m
deployment.apps/web resource requirements updated

$ kubectl apply -f - <<EOF
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
  behavior:
    scaleUp:
      selectPolicy: Disabled
    scaleDown:
      stabilizationWindowSeconds: 0
      policies:
      - type: Pods
        value: 1
        periodSeconds: 60
EOF
horizontalpodautoscaler.autoscaling/web created

$ sim settle
settled after 36 steps and 7s of virtual time

# 100m over 4 pods of 200m is 12%: the metric asks for 1 pod at once,
# the policy allows one fewer per minute.
$ sim load deployment/web cpu=100m
load on deployment/web: cpu=100m in total, shared by its ready pods

$ sim advance 3m
advanced 3m to 2025-01-01T00:03:09Z (49 steps ran)

$ kubectl get events --field-selector reason=SuccessfulRescale
LAST SEEN   TYPE     REASON              OBJECT                        MESSAGE
2m37s       Normal   SuccessfulRescale   horizontalpodautoscaler/web   New size: 3; reason: All metrics below target
97s         Normal   SuccessfulRescale   horizontalpodautoscaler/web   New size: 2; reason: All metrics below target
37s         Normal   SuccessfulRescale   horizontalpodautoscaler/web   New size: 1; reason: All metrics below target

$ kubectl get hpa
NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE
web    Deployment/web   cpu: 50%/50%   1         10        1          3m7s

$ sim load deployment/web cpu=800m
load on deployment/web: cpu=800m in total, shared by its ready pods

$ sim advance 1m
advanced 60s to 2025-01-01T00:04:09Z (5 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS         MINPODS   MAXPODS   REPLICAS   AGE
web    Deployment/web   cpu: 400%/50%   1         10        1          4m7s

$ kubectl describe hpa web
Name:                                                  web
Namespace:                                             default
Labels:                                                <none>
Annotations:                                           <none>
CreationTimestamp:                                     Wed, 01 Jan 2025 00:00:02 +0000
Reference:                                             Deployment/web
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  400% (800m) / 50%
Min replicas:                                          1
Max replicas:                                          10
Behavior:
  Scale Up:
    Stabilization Window: 0 seconds
    Select Policy: Disabled
    Policies:
      - Type: Pods     Value: 4    Period: 15 seconds
      - Type: Percent  Value: 100  Period: 15 seconds
  Scale Down:
    Stabilization Window: 0 seconds
    Select Policy: Max
    Policies:
      - Type: Pods  Value: 1  Period: 60 seconds
Deployment pods:    1 current / 1 desired
Conditions:
  Type            Status  Reason            Message
  ----            ------  ------            -------
  AbleToScale     True    ReadyForNewScale  recommended size matches current size
  ScalingActive   True    ValidMetricFound  the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)
  ScalingLimited  True    ScaleUpLimit      the desired replica count is increasing faster than the maximum scale rate
Events:
  Type     Reason                        Age    From                       Message
  ----     ------                        ----   ----                       -------
  Warning  FailedGetResourceMetric       3m52s  horizontal-pod-autoscaler  failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Warning  FailedComputeMetricsReplicas  3m52s  horizontal-pod-autoscaler  invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Normal   SuccessfulRescale             3m37s  horizontal-pod-autoscaler  New size: 3; reason: All metrics below target
  Normal   SuccessfulRescale             2m37s  horizontal-pod-autoscaler  New size: 2; reason: All metrics below target
  Normal   SuccessfulRescale             97s    horizontal-pod-autoscaler  New size: 1; reason: All metrics below target
