# omkar-shelke25/ckad-killercoda, LimitRange-Enforcement: nothing is set
# up; the solution in step1.md, then verify.sh's checks.
$ kubectl create namespace team-a
namespace/team-a created

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: LimitRange
metadata:
  name: mem-limit-range
  namespace: team-a
spec:
  limits:
  - type: Container
    min:
      memory: 64Mi
    max:
      memory: 512Mi
    defaultRequest:
      memory: 128Mi
    default:
      memory: 256Mi
---
apiVersion: v1
kind: Pod
metadata:
  name: busy-pod
  namespace: team-a
spec:
  containers:
  - name: bb
    image: busybox:1.37.0
    command: ["sh","-c","sleep 3600"]
EOF
limitrange/mem-limit-range created
pod/busy-pod created

$ kubectl -n team-a get pod busy-pod -o jsonpath='{.spec.containers[0].resources}'
{"limits":{"memory":"256Mi"},"requests":{"memory":"128Mi"}}

# The LimitRange admission plugin records what it set.
$ kubectl -n team-a get pod busy-pod -o jsonpath='{.metadata.annotations}{"\n"}'
{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{},\"name\":\"busy-pod\",\"namespace\":\"team-a\"},\"spec\":{\"containers\":[{\"command\":[\"sh\",\"-c\",\"sleep 3600\"],\"image\":\"busybox:1.37.0\",\"name\":\"bb\"}]}}\n","kubernetes.io/limit-ranger":"LimitRanger plugin set: memory request for container bb; memory limit for container bb"}

$ kubectl describe limitrange mem-limit-range -n team-a
Name:       mem-limit-range
Namespace:  team-a
Type        Resource  Min   Max    Default Request  Default Limit  Max Limit/Request Ratio
----        --------  ---   ---    ---------------  -------------  -----------------------
Container   memory    64Mi  512Mi  128Mi            256Mi          -

# verify.sh
$ kubectl -n team-a get limitrange mem-limit-range -o jsonpath='{range .spec.limits[*]}{.type}{"|"}{.min.memory}{"|"}{.max.memory}{"|"}{.defaultRequest.memory}{"|"}{.default.memory}{"\n"}{end}'
Container|64Mi|512Mi|128Mi|256Mi

$ kubectl -n team-a wait --for=condition=Ready pod/busy-pod --timeout=120s
pod/busy-pod condition met

$ kubectl -n team-a get pod busy-pod -o jsonpath='{.spec.containers[0].resources.requests.memory} {.spec.containers[0].resources.limits.memory}{"\n"}'
128Mi 256Mi

# Beyond the checker: the range's max and min refuse a pod outside them.
$ kubectl -n team-a run too-big --image=busybox:1.37.0 --overrides='{"spec":{"containers":[{"name":"too-big","image":"busybox:1.37.0","resources":{"limits":{"memory":"1Gi"}}}]}}'
Error from server (Forbidden): pods "too-big" is forbidden: maximum memory usage per Container is 512Mi, but limit is 1Gi

$ kubectl -n team-a run too-small --image=busybox:1.37.0 --overrides='{"spec":{"containers":[{"name":"too-small","image":"busybox:1.37.0","resources":{"requests":{"memory":"32Mi"}}}]}}'
Error from server (Forbidden): pods "too-small" is forbidden: minimum memory usage per Container is 64Mi, but request is 32Mi
