# HPA at 50% CPU on a 2-replica Deployment requesting 200m: 800m of load
# scales it out to about 8; when the load drops it scales back in after
# the 5-minute stabilization window. The second rescale's empty reason is
# upstream's too: the metric alone proposed no change (the new pods count as
# unready, at 0%), the higher recent recommendation did.
$ kubectl create deployment php --image=registry.k8s.io/hpa-example --replicas=2
deployment.apps/php created

$ kubectl set resources deployment php --requests=cpu=200m
deployment.apps/php resource requirements updated

$ kubectl autoscale deployment php --cpu-percent=50 --min=1 --max=10
horizontalpodautoscaler.autoscaling/php autoscaled

$ sim settle
settled after 23 steps and 8s of virtual time

$ kubectl get hpa
NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
php    Deployment/php   cpu: <unknown>/50%   1         10        0          8s

$ kubectl top pods
NAME                   CPU(cores)   MEMORY(bytes)
php-78cd468bcf-6g9s2   1m           10Mi
php-78cd468bcf-8nw65   1m           10Mi

$ sim load deployment/php cpu=800m
load on deployment/php: cpu=800m in total, shared by its ready pods

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:40Z (30 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS         MINPODS   MAXPODS   REPLICAS   AGE
php    Deployment/php   cpu: 200%/50%   1         10        2          38s

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:40Z (39 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE
php    Deployment/php   cpu: 50%/50%   1         10        8          2m38s

$ kubectl get deploy php
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
php    8/8     8            8           2m38s

$ kubectl top pods
NAME                   CPU(cores)   MEMORY(bytes)
php-78cd468bcf-6g9s2   100m         10Mi
php-78cd468bcf-8nw65   100m         10Mi
php-78cd468bcf-fbss8   100m         10Mi
php-78cd468bcf-g7vkl   100m         10Mi
php-78cd468bcf-j9mdh   100m         10Mi
php-78cd468bcf-jvtfw   100m         10Mi
php-78cd468bcf-k97gr   100m         10Mi
php-78cd468bcf-rvp7f   100m         10Mi

$ sim load deployment/php cpu=50m
load on deployment/php: cpu=50m in total, shared by its ready pods

$ sim advance 1m
advanced 60s to 2025-01-01T00:03:40Z (12 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS       MINPODS   MAXPODS   REPLICAS   AGE
php    Deployment/php   cpu: 3%/50%   1         10        8          3m38s

$ sim advance 5m
advanced 5m to 2025-01-01T00:08:40Z (49 steps ran)

$ kubectl get hpa
NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE
php    Deployment/php   cpu: 25%/50%   1         10        1          8m38s

$ kubectl get events --field-selector reason=SuccessfulRescale
LAST SEEN   TYPE     REASON              OBJECT                        MESSAGE
8m8s        Normal   SuccessfulRescale   horizontalpodautoscaler/php   New size: 4; reason: cpu resource utilization (percentage of request) above target
7m53s       Normal   SuccessfulRescale   horizontalpodautoscaler/php   New size: 8; reason:
53s         Normal   SuccessfulRescale   horizontalpodautoscaler/php   New size: 1; reason: All metrics below target

$ kubectl describe hpa php
Name:                                                  php
Namespace:                                             default
Labels:                                                <none>
Annotations:                                           <none>
CreationTimestamp:                                     Wed, 01 Jan 2025 00:00:02 +0000
Reference:                                             Deployment/php
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  25% (50m) / 50%
Min replicas:                                          1
Max replicas:                                          10
Deployment pods:                                       1 current / 1 desired
Conditions:
  Type            Status  Reason              Message
  ----            ------  ------              -------
  AbleToScale     True    ReadyForNewScale    recommended size matches current size
  ScalingActive   True    ValidMetricFound    the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)
  ScalingLimited  False   DesiredWithinRange  the desired count is within the acceptable range
Events:
  Type     Reason                        Age    From                       Message
  ----     ------                        ----   ----                       -------
  Warning  FailedGetResourceMetric       8m23s  horizontal-pod-autoscaler  failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Warning  FailedComputeMetricsReplicas  8m23s  horizontal-pod-autoscaler  invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: did not receive metrics for targeted pods (pods might be unready)
  Normal   SuccessfulRescale             8m8s   horizontal-pod-autoscaler  New size: 4; reason: cpu resource utilization (percentage of request) above target
  Normal   SuccessfulRescale             7m53s  horizontal-pod-autoscaler  New size: 8; reason:
  Normal   SuccessfulRescale             53s    horizontal-pod-autoscaler  New size: 1; reason: All metrics below target
