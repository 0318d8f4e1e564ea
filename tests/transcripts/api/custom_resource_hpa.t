# An HPA on a custom resource with the scale subresource: kubectl
# autoscale accepts it (discovery lists widgets/scale), the autoscaler
# reads the Scale at the CRD's paths, needs its selector
# (labelSelectorPath) to find pods, and rescales by writing spec.replicas
# at specReplicasPath. No controller acts on a Widget, so the pods here
# are made by hand with the selector's labels.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
      scale:
        specReplicasPath: .spec.replicas
        statusReplicasPath: .status.replicas
        labelSelectorPath: .status.selector
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
EOF
customresourcedefinition.apiextensions.k8s.io/widgets.example.com created

$ kubectl wait --for condition=established --timeout=60s crd/widgets.example.com
customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
spec:
  replicas: 2
EOF
widget.example.com/w created

$ kubectl autoscale widget w --cpu-percent=50 --min=1 --max=5
horizontalpodautoscaler.autoscaling/w autoscaled

$ kubectl get hpa w -o jsonpath='{.spec.scaleTargetRef}{"\n"}'
{"apiVersion":"example.com/v1","kind":"Widget","name":"w"}

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:22Z (3 steps ran)

$ kubectl describe hpa w
Name:                                                  w
Namespace:                                             default
Labels:                                                <none>
Annotations:                                           <none>
CreationTimestamp:                                     Wed, 01 Jan 2025 00:00:02 +0000
Reference:                                             Widget/w
Metrics:                                               ( current / target )
  resource cpu on pods  (as a percentage of request):  <unknown> / 50%
Min replicas:                                          1
Max replicas:                                          5
Widget pods:                                           2 current / 0 desired
Conditions:
  Type           Status  Reason             Message
  ----           ------  ------             -------
  AbleToScale    True    SucceededGetScale  the HPA controller was able to get the target's current scale
  ScalingActive  False   InvalidSelector    the HPA target's scale is missing a selector
Events:
  Type     Reason                        Age   From                       Message
  ----     ------                        ----  ----                       -------
  Warning  SelectorRequired              5s    horizontal-pod-autoscaler  selector is required
  Warning  FailedComputeMetricsReplicas  5s    horizontal-pod-autoscaler  selector is required

$ kubectl patch widget w --subresource=status --type=merge -p '{"status":{"replicas":2,"selector":"app=w"}}'
widget.example.com/w patched

$ kubectl get widget w --subresource=scale -o jsonpath='{.spec.replicas} {.status.selector}{"\n"}'
2 app=w

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: w-1, labels: {app: w}}
spec:
  containers:
  - name: c
    image: registry.k8s.io/hpa-example
    resources: {requests: {cpu: 200m}}
---
apiVersion: v1
kind: Pod
metadata: {name: w-2, labels: {app: w}}
spec:
  containers:
  - name: c
    image: registry.k8s.io/hpa-example
    resources: {requests: {cpu: 200m}}
EOF
pod/w-1 created
pod/w-2 created

$ sim load pod/w-1 cpu=300m
load on pod/w-1: cpu=300m in total, shared by its ready pods

$ sim load pod/w-2 cpu=300m
load on pod/w-2: cpu=300m in total, shared by its ready pods

$ sim advance 1m
advanced 60s to 2025-01-01T00:01:22Z (14 steps ran)

$ kubectl get hpa
NAME   REFERENCE   TARGETS         MINPODS   MAXPODS   REPLICAS   AGE
w      Widget/w    cpu: 150%/50%   1         5         5          80s

$ kubectl get widget w -o jsonpath='{.spec.replicas}{"\n"}'
5

$ kubectl get events --field-selector involvedObject.kind=HorizontalPodAutoscaler,reason=SuccessfulRescale
LAST SEEN   TYPE     REASON              OBJECT                      MESSAGE
35s         Normal   SuccessfulRescale   horizontalpodautoscaler/w   New size: 4; reason: cpu resource utilization (percentage of request) above target
20s         Normal   SuccessfulRescale   horizontalpodautoscaler/w   New size: 5; reason: cpu resource utilization (percentage of request) above target
