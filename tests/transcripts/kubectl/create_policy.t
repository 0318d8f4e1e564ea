# kubectl create poddisruptionbudget, priorityclass and quota: the
# --dry-run=client outputs and client-side errors are what kubectl v1.32
# prints for the same commands; the created objects then meet the API
# server's validation and admission.
$ kubectl create pdb web-pdb --selector='app in (a,b),!canary,env' --min-available=50% --dry-run=client -o json
{
    "kind": "PodDisruptionBudget",
    "apiVersion": "policy/v1",
    "metadata": {
        "name": "web-pdb",
        "creationTimestamp": null
    },
    "spec": {
        "minAvailable": "50%",
        "selector": {
            "matchExpressions": [
                {
                    "key": "app",
                    "operator": "In",
                    "values": [
                        "a",
                        "b"
                    ]
                },
                {
                    "key": "canary",
                    "operator": "DoesNotExist"
                },
                {
                    "key": "env",
                    "operator": "Exists"
                }
            ]
        }
    },
    "status": {
        "disruptionsAllowed": 0,
        "currentHealthy": 0,
        "desiredHealthy": 0,
        "expectedPods": 0
    }
}

$ kubectl create pdb web-pdb -n prod --selector=app=web --max-unavailable=1 --dry-run=client -o yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  creationTimestamp: null
  name: web-pdb
  namespace: prod
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app: web
status:
  currentHealthy: 0
  desiredHealthy: 0
  disruptionsAllowed: 0
  expectedPods: 0

$ kubectl create pdb web-pdb --selector=app=web --dry-run=client
error: one of min-available or max-unavailable must be specified

$ kubectl create pdb web-pdb --selector=app=web --min-available=1 --max-unavailable=1 --dry-run=client
error: min-available and max-unavailable cannot be both specified

$ kubectl create pdb web-pdb --selector=app=web --min-available=10Gb --dry-run=client
error: invalid format specified for min-available

$ kubectl create pdb web-pdb --selector=tier!=fe --min-available=1 --dry-run=client
error: "!=" is not a valid label selector operator

$ kubectl create pdb web-pdb --selector='a>3' --min-available=1 --dry-run=client
error: "gt" isn't supported in label selectors

$ kubectl create pdb web-pdb --selector='a=(' --min-available=1 --dry-run=client
error: couldn't parse the selector string "a=(": unable to parse requirement: found '(', expected: identifier

$ kubectl create pdb --selector=app=web --min-available=1
error: exactly one NAME is required, got 0
See 'kubectl create poddisruptionbudget -h' for help and examples

$ kubectl create priorityclass high --value=1000 --description="for important pods" --global-default=true --dry-run=client -o json
{
    "kind": "PriorityClass",
    "apiVersion": "scheduling.k8s.io/v1",
    "metadata": {
        "name": "high",
        "creationTimestamp": null
    },
    "value": 1000,
    "globalDefault": true,
    "description": "for important pods",
    "preemptionPolicy": "PreemptLowerPriority"
}

$ kubectl create pc batch --preemption-policy=Never --dry-run=client -o yaml
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  creationTimestamp: null
  name: batch
preemptionPolicy: Never
value: 0

$ kubectl create pc x --value=99999999999 --dry-run=client
error: invalid argument "99999999999" for "--value" flag: strconv.ParseInt: parsing "99999999999": value out of range
See 'kubectl create priorityclass --help' for usage.

$ kubectl create quota q --hard=pods=2,cpu=1.5,memory=1Gi,requests.cpu=500m,cpu=2 --scopes=BestEffort,NotTerminating --dry-run=client -o json
{
    "kind": "ResourceQuota",
    "apiVersion": "v1",
    "metadata": {
        "name": "q",
        "creationTimestamp": null
    },
    "spec": {
        "hard": {
            "cpu": "2",
            "memory": "1Gi",
            "pods": "2",
            "requests.cpu": "500m"
        },
        "scopes": [
            "BestEffort",
            "NotTerminating"
        ]
    },
    "status": {}
}

$ kubectl create quota q -n prod --dry-run=client -o yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  creationTimestamp: null
  name: q
  namespace: prod
spec: {}
status: {}

$ kubectl create quota q --hard=cpu=abc --dry-run=client
error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'

$ kubectl create quota q --hard='pods=2,,cpu=1' --dry-run=client
error: Invalid argument syntax , expected <resource>=<value>

$ kubectl create quota q --scopes=',A' --dry-run=client
error: invalid resource quota scope ""

$ kubectl create resourcequota q --hard=cpu=1=2 --dry-run=client
error: Invalid argument syntax cpu=1=2, expected <resource>=<value>

$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ kubectl create pdb web-pdb --selector=app=web --min-available=2
poddisruptionbudget.policy/web-pdb created

$ kubectl create pdb web-pdb --selector=app=web --min-available=2
error: failed to create poddisruptionbudgets: poddisruptionbudgets.policy "web-pdb" already exists

$ kubectl create pdb too-many --selector=app=web --min-available=200%
error: failed to create poddisruptionbudgets: PodDisruptionBudget.policy "too-many" is invalid: spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"200%"}: must not be greater than 100%

$ kubectl create pdb elsewhere -n nope --selector=app=web --min-available=2
error: failed to create poddisruptionbudgets: namespaces "nope" not found

$ kubectl create priorityclass high --value=1000 --global-default=true
priorityclass.scheduling.k8s.io/high created

$ kubectl create priorityclass higher --value=2000 --global-default=true
error: failed to create priorityclass: priorityclasses.scheduling.k8s.io "higher" is forbidden: PriorityClass high is already marked as default. Only one default can exist

$ kubectl create priorityclass huge --value=2000000000
error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000

$ kubectl create quota pods --hard=pods=10,services=5
resourcequota/pods created

$ kubectl create quota negative --hard=pods=-1
error: failed to create quota: ResourceQuota "negative" is invalid: spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0

$ sim settle
settled after 35 steps and 4s of virtual time

$ kubectl get pdb
NAME      MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
web-pdb   2               N/A               1                     4s

$ kubectl get pc high
NAME   VALUE   GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY
high   1000    true             4s    PreemptLowerPriority

$ kubectl get quota
NAME   REQUEST                     LIMIT   AGE
pods   pods: 3/10, services: 1/5           4s
