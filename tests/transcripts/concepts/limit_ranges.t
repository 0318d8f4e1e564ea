# kubernetes.io's "Concepts → Policies → Limit Ranges", line by line.
# Transcripts never download: the page's manifests (content/en/examples/
# concepts/policy/limit-range/*.yaml) are here-documents.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: cpu-resource-constraint
spec:
  limits:
  - default: # this section defines default limits
      cpu: 500m
    defaultRequest: # this section defines default requests
      cpu: 500m
    max: # max and min define the limit range
      cpu: "1"
    min:
      cpu: 100m
    type: Container
EOF
limitrange/cpu-resource-constraint created

$ kubectl describe limitrange cpu-resource-constraint
Name:       cpu-resource-constraint
Namespace:  default
Type        Resource  Min   Max  Default Request  Default Limit  Max Limit/Request Ratio
----        --------  ---   ---  ---------------  -------------  -----------------------
Container   cpu       100m  1    500m             500m           -

# A request above the default limit: the default limit (500m) is set and
# the request is then more than the limit.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: example-conflict-with-limitrange-cpu
spec:
  containers:
  - name: demo
    image: registry.k8s.io/pause:3.8
    resources:
      requests:
        cpu: 700m
EOF
The Pod "example-conflict-with-limitrange-cpu" is invalid: spec.containers[0].resources.requests: Invalid value: "700m": must be less than or equal to cpu limit of 500m

# Setting both request and limit avoids the conflict.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: example-no-conflict-with-limitrange-cpu
spec:
  containers:
  - name: demo
    image: registry.k8s.io/pause:3.8
    resources:
      requests:
        cpu: 700m
      limits:
        cpu: 700m
EOF
pod/example-no-conflict-with-limitrange-cpu created

# A pod without resources gets the defaults, and the annotation says so.
$ kubectl run defaults --image=registry.k8s.io/pause:3.8
pod/defaults created

$ kubectl get pod defaults -o jsonpath='{.spec.containers[0].resources}{"\n"}{.metadata.annotations}{"\n"}'
{"limits":{"cpu":"500m"},"requests":{"cpu":"500m"}}
{"kubernetes.io/limit-ranger":"LimitRanger plugin set: cpu request for container defaults; cpu limit for container defaults"}

# Above max or below min.
$ kubectl run too-big --image=registry.k8s.io/pause:3.8 --overrides='{"spec":{"containers":[{"name":"too-big","image":"registry.k8s.io/pause:3.8","resources":{"limits":{"cpu":"2"}}}]}}'
Error from server (Forbidden): pods "too-big" is forbidden: maximum cpu usage per Container is 1, but limit is 2

$ kubectl run too-small --image=registry.k8s.io/pause:3.8 --overrides='{"spec":{"containers":[{"name":"too-small","image":"registry.k8s.io/pause:3.8","resources":{"requests":{"cpu":"50m"},"limits":{"cpu":"50m"}}}]}}'
Error from server (Forbidden): pods "too-small" is forbidden: minimum cpu usage per Container is 100m, but request is 50m

# A LimitRange whose default is above its max is itself invalid.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: problematic
spec:
  limits:
  - default:
      cpu: "2"
    max:
      cpu: "1"
    type: Container
EOF
The LimitRange "problematic" is invalid:
* spec.limits[0].defaultRequest[cpu]: Invalid value: "2": default request value 2 is greater than max value 1
* spec.limits[0].default[cpu]: Invalid value: "1": default value 2 is greater than max value 1

$ kubectl get limitrange
NAME                      CREATED AT
cpu-resource-constraint   2025-01-01T00:00:02Z
