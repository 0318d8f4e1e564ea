# An HPA with two metrics, cpu (the pods request none) and memory. A
# metric that fails keeps its place in status.currentMetrics as an empty
# `{type: ""}`, as upstream's statuses[i] does, so TARGETS and describe,
# which read statuses by position, show cpu as <unknown> and memory's
# value under memory. Every sync reports the failing metric
# (FailedGetResourceMetric, the error as computeStatusForResourceMetric
# wraps it); FailedComputeMetricsReplicas, with computeReplicasForMetric's
# "failed to get cpu resource metric value: " prefix, comes only when the
# failure blocks scaling: here while memory alone would scale down.
$ kubectl create deployment web --image=nginx --replicas=4
deployment.apps/web created

$ kubectl set resources deployment web --requests=memory=20Mi
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
  - type: Resource
    resource:
      name: memory
      target:
        type: Utilization
        averageUtilization: 80
EOF
horizontalpodautoscaler.autoscaling/web created

$ sim settle
settled after 36 steps and 7s of virtual time

$ sim advance 40s
advanced 40s to 2025-01-01T00:00:49Z (3 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS                               MINPODS   MAXPODS   REPLICAS   AGE
web    Deployment/web   cpu: <unknown>/50%, memory: 15%/80%   1         10        4          47s

$ kubectl get hpa web -o jsonpath='{.status.currentMetrics}'
[{"type":""},{"resource":{"current":{"averageUtilization":15,"averageValue":"3145728"},"name":"memory"},"type":"Resource"}]

# Blocked: the status keeps its last desiredReplicas (still 0, never set).
$ kubectl describe hpa web
Name:                                                     web
Namespace:                                                default
Labels:                                                   <none>
Annotations:                                              <none>
CreationTimestamp:                                        Wed, 01 Jan 2025 00:00:02 +0000
Reference:                                                Deployment/web
Metrics:                                                  ( current / target )
  resource cpu on pods  (as a percentage of request):     <unknown> / 50%
  resource memory on pods  (as a percentage of request):  15% (3145728) / 80%
Min replicas:                                             1
Max replicas:                                             10
Deployment pods:                                          4 current / 0 desired
Conditions:
  Type           Status  Reason                   Message
  ----           ------  ------                   -------
  AbleToScale    True    SucceededGetScale        the HPA controller was able to get the target's current scale
  ScalingActive  False   FailedGetResourceMetric  the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container nginx of Pod web-6bf69c9749-422k9
Events:
  Type     Reason                        Age               From                       Message
  ----     ------                        ----              ----                       -------
  Warning  FailedGetResourceMetric       32s               horizontal-pod-autoscaler  failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Warning  FailedComputeMetricsReplicas  32s               horizontal-pod-autoscaler  invalid metrics (1 invalid out of 2), first error is: failed to get cpu resource metric value: failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Warning  FailedGetResourceMetric       2s (x2 over 17s)  horizontal-pod-autoscaler  failed to get cpu utilization: missing request for cpu in container nginx of Pod web-6bf69c9749-422k9
  Warning  FailedComputeMetricsReplicas  2s (x2 over 17s)  horizontal-pod-autoscaler  invalid metrics (1 invalid out of 2), first error is: failed to get cpu resource metric value: failed to get cpu utilization: missing request for cpu in container nginx of Pod web-6bf69c9749-422k9

# With memory over its target the HPA scales out, though cpu still fails.
$ sim load deployment/web cpu=4m memory=200Mi
load on deployment/web: cpu=4m memory=200Mi in total, shared by its ready pods

$ sim advance 30s
advanced 30s to 2025-01-01T00:01:19Z (59 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS                                MINPODS   MAXPODS   REPLICAS   AGE
web    Deployment/web   cpu: <unknown>/50%, memory: 125%/80%   1         10        8          77s

$ kubectl get events --field-selector involvedObject.kind=HorizontalPodAutoscaler
LAST SEEN   TYPE      REASON                         OBJECT                        MESSAGE
62s         Warning   FailedGetResourceMetric        horizontalpodautoscaler/web   failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
62s         Warning   FailedComputeMetricsReplicas   horizontalpodautoscaler/web   invalid metrics (1 invalid out of 2), first error is: failed to get cpu resource metric value: failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
2s          Warning   FailedGetResourceMetric        horizontalpodautoscaler/web   failed to get cpu utilization: missing request for cpu in container nginx of Pod web-6bf69c9749-422k9
32s         Warning   FailedComputeMetricsReplicas   horizontalpodautoscaler/web   invalid metrics (1 invalid out of 2), first error is: failed to get cpu resource metric value: failed to get cpu utilization: missing request for cpu in container nginx of Pod web-6bf69c9749-422k9
17s         Normal    SuccessfulRescale              horizontalpodautoscaler/web   New size: 8; reason: memory resource utilization (percentage of request) above target
2s          Normal    SuccessfulRescale              horizontalpodautoscaler/web   New size: 10; reason: memory resource utilization (percentage of request) above target
