# ResourceQuota scopeSelector: requirements validated as the API server
# validates them, a priority-class selector matched as a label selector
# would be, and scopes that cannot change once set.
$ kubectl create priorityclass high --value=1000
priorityclass.scheduling.k8s.io/high created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: high-pods
spec:
  hard:
    pods: "1"
  scopeSelector:
    matchExpressions:
    - scopeName: PriorityClass
      operator: In
      values: [high]
EOF
resourcequota/high-pods created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: high
  containers:
  - name: c
    image: nginx
EOF
pod/urgent created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: urgent-too
spec:
  priorityClassName: high
  containers:
  - name: c
    image: nginx
EOF
Error from server (Forbidden): error when creating "STDIN": pods "urgent-too" is forbidden: exceeded quota: high-pods, requested: pods=1, used: pods=1, limited: pods=1

$ kubectl run ordinary --image=nginx
pod/ordinary created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: bad-selector
spec:
  hard:
    pods: "1"
  scopeSelector:
    matchExpressions:
    - scopeName: BestEffort
      operator: In
      values: [x]
    - scopeName: PriorityClass
      operator: In
    - scopeName: PriorityClass
      operator: Exists
      values: [high]
EOF
The ResourceQuota "bad-selector" is invalid: 
* spec.scopeSelector.matchExpressions.operator: Invalid value: "In": must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity
* spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector
* spec.scopeSelector.matchExpressions.values: Invalid value: []string{"high"}: must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: best-effort
spec:
  hard:
    pods: "1"
  scopes: [NotBestEffort]
EOF
resourcequota/best-effort created

$ sim settle
settled after 13 steps and 4s of virtual time

$ kubectl get quota
NAME          REQUEST     LIMIT   AGE
best-effort   pods: 0/1           4s
high-pods     pods: 1/1           4s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: best-effort
spec:
  hard:
    pods: "1"
  scopes: [BestEffort]
EOF
The ResourceQuota "best-effort" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: field is immutable
