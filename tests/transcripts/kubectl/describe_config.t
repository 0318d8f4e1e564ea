# kubectl describe for ConfigMaps, Secrets, ServiceAccounts,
# PriorityClasses, PodDisruptionBudgets, ResourceQuotas and LimitRanges:
# the pages of kubectl v1.32's describe.go (data keys sorted, where
# kubectl walks a Go map), and the namespace page's quota and limit tables.
$ kubectl create configmap x --from-literal=a=b --from-literal=greeting=hello
configmap/x created

$ kubectl create secret generic s --from-literal=k=v --from-literal=password=hunter22
secret/s created

$ kubectl create serviceaccount sa
serviceaccount/sa created

$ kubectl create priorityclass hi --value=1000 --description=d
priorityclass.scheduling.k8s.io/hi created

$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl create pdb p --selector=app=web --min-available=1
poddisruptionbudget.policy/p created

$ kubectl create quota q --hard=pods=10,services=5
resourcequota/q created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
spec:
  limits:
  - type: Container
    default:
      cpu: 200m
      memory: 256Mi
    defaultRequest:
      cpu: 100m
      memory: 128Mi
    max:
      cpu: "1"
    maxLimitRequestRatio:
      cpu: "4"
  - type: Pod
    max:
      memory: 1Gi
EOF
limitrange/limits created

$ sim settle
settled after 30 steps and 4s of virtual time

$ kubectl describe configmap x
Name:         x
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
a:
----
b

greeting:
----
hello


BinaryData
====

Events:  <none>

$ kubectl describe secret s
Name:         s
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  Opaque

Data
====
k:         1 bytes
password:  8 bytes

$ kubectl describe serviceaccount sa
Name:                sa
Namespace:           default
Labels:              <none>
Annotations:         <none>
Image pull secrets:  <none>
Mountable secrets:   <none>
Tokens:              <none>
Events:              <none>

$ kubectl describe priorityclass hi
Name:              hi
Value:             1000
GlobalDefault:     false
PreemptionPolicy:  PreemptLowerPriority
Description:       d
Annotations:       <none>
Events:            <none>

$ kubectl describe pdb p
Name:           p
Namespace:      default
Min available:  1
Selector:       app=web
Status:
    Allowed disruptions:  1
    Current:              2
    Desired:              1
    Total:                2
Events:                   <none>

$ kubectl describe quota q
Name:       q
Namespace:  default
Resource    Used  Hard
--------    ----  ----
pods        2     10
services    1     5

$ kubectl describe limitrange limits
Name:       limits
Namespace:  default
Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio
----        --------  ---  ---  ---------------  -------------  -----------------------
Container   cpu       -    1    100m             200m           4
Container   memory    -    -    128Mi            256Mi          -
Pod         memory    -    1Gi  -                -              -

$ kubectl describe namespace default
Name:         default
Labels:       kubernetes.io/metadata.name=default
Annotations:  <none>
Status:       Active

Resource Quotas
  Name:     q
  Resource  Used  Hard
  --------  ---   ---
  pods      2     10
  services  1     5

Resource Limits
 Type       Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio
 ----       --------  ---  ---  ---------------  -------------  -----------------------
 Container  cpu       -    1    100m             200m           4
 Container  memory    -    -    128Mi            256Mi          -
 Pod        memory    -    1Gi  -                -              -
