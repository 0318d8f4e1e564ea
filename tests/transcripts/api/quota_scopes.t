# ResourceQuota scopes: validated as the API server validates them, and
# a scoped quota counts (and limits) only the pods its scopes select.
$ kubectl create quota bogus --hard=pods=10 --scopes=Bogus
error: failed to create quota: ResourceQuota "bogus" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"Bogus"}: unsupported scope

$ kubectl create quota misapplied --hard=pods=10,services=5 --scopes=BestEffort
error: failed to create quota: ResourceQuota "misapplied" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource

$ kubectl create quota both --hard=pods=10 --scopes=BestEffort,NotBestEffort
error: failed to create quota: ResourceQuota "both" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes

$ kubectl create quota best-effort --hard=pods=1 --scopes=BestEffort
resourcequota/best-effort created

$ kubectl create quota not-best-effort --hard=pods=1,requests.cpu=1 --scopes=NotBestEffort
resourcequota/not-best-effort created

$ kubectl create quota everything --hard=pods=10,services=5
resourcequota/everything created

$ kubectl run a --image=nginx
pod/a created

$ kubectl run b --image=nginx
Error from server (Forbidden): pods "b" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sized
spec:
  containers:
  - name: c
    image: nginx
    resources:
      requests:
        cpu: 250m
EOF
pod/sized created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sized-too
spec:
  containers:
  - name: c
    image: nginx
    resources:
      requests:
        cpu: 250m
EOF
Error from server (Forbidden): error when creating "STDIN": pods "sized-too" is forbidden: exceeded quota: not-best-effort, requested: pods=1, used: pods=1, limited: pods=1

# Each admitted pod is already counted by the quotas that select it.
$ kubectl get quota
NAME              REQUEST                           LIMIT   AGE
best-effort       pods: 1/1                                 0s
everything        pods: 2/10, services: 1/5                 0s
not-best-effort   pods: 1/1, requests.cpu: 250m/1           0s
