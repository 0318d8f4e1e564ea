# API Priority and Fairness (flowcontrol.apiserver.k8s.io/v1): the API
# server's bootstrap FlowSchemas and PriorityLevelConfigurations, listed
# as its printers list them (schemas by matching precedence, then name),
# each with apf.kubernetes.io/autoupdate-spec and, on every schema, the
# configuration controller's Dangling condition.
$ kubectl get flowschemas
NAME                           PRIORITYLEVEL     MATCHINGPRECEDENCE   DISTINGUISHERMETHOD   AGE   MISSINGPL
exempt                         exempt            1                    <none>                2s    False
probes                         exempt            2                    <none>                2s    False
system-leader-election         leader-election   100                  ByUser                2s    False
endpoint-controller            workload-high     150                  ByUser                2s    False
workload-leader-election       leader-election   200                  ByUser                2s    False
system-node-high               node-high         400                  ByUser                2s    False
system-nodes                   system            500                  ByUser                2s    False
kube-controller-manager        workload-high     800                  ByNamespace           2s    False
kube-scheduler                 workload-high     800                  ByNamespace           2s    False
kube-system-service-accounts   workload-high     900                  ByNamespace           2s    False
service-accounts               workload-low      9000                 ByUser                2s    False
global-default                 global-default    9900                 ByUser                2s    False
catch-all                      catch-all         10000                ByUser                2s    False

$ kubectl get prioritylevelconfigurations
NAME              TYPE      NOMINALCONCURRENCYSHARES   QUEUES   HANDSIZE   QUEUELENGTHLIMIT   AGE
catch-all         Limited   5                          <none>   <none>     <none>             2s
exempt            Exempt    <none>                     <none>   <none>     <none>             2s
global-default    Limited   20                         128      6          50                 2s
leader-election   Limited   10                         16       4          50                 2s
node-high         Limited   40                         64       6          50                 2s
system            Limited   30                         64       6          50                 2s
workload-high     Limited   40                         128      6          50                 2s
workload-low      Limited   100                        128      6          50                 2s

$ kubectl get prioritylevelconfiguration exempt -o yaml
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  annotations:
    apf.kubernetes.io/autoupdate-spec: "true"
  creationTimestamp: "2025-01-01T00:00:00Z"
  generation: 1
  name: exempt
  resourceVersion: "373"
  uid: d6dd7f9d-5dc0-4c6d-a678-a3621868f000
spec:
  exempt:
    lendablePercent: 0
    nominalConcurrencyShares: 0
  type: Exempt
status: {}

$ kubectl get flowschema system-node-high -o yaml
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  annotations:
    apf.kubernetes.io/autoupdate-spec: "true"
  creationTimestamp: "2025-01-01T00:00:00Z"
  generation: 1
  name: system-node-high
  resourceVersion: "373"
  uid: bb1b841e-5c28-4624-ac2c-ed1371d13336
spec:
  distinguisherMethod:
    type: ByUser
  matchingPrecedence: 400
  priorityLevelConfiguration:
    name: node-high
  rules:
  - resourceRules:
    - apiGroups:
      - ""
      clusterScope: true
      namespaces:
      - '*'
      resources:
      - nodes
      - nodes/status
      verbs:
      - '*'
    - apiGroups:
      - coordination.k8s.io
      namespaces:
      - '*'
      resources:
      - leases
      verbs:
      - '*'
    subjects:
    - group:
        name: system:nodes
      kind: Group
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:00Z"
    message: This FlowSchema references the PriorityLevelConfiguration object named
      "node-high" and it exists
    reason: Found
    status: "False"
    type: Dangling

$ kubectl describe prioritylevelconfiguration leader-election
Name:         leader-election
Namespace:
Labels:       <none>
Annotations:  apf.kubernetes.io/autoupdate-spec: true
API Version:  flowcontrol.apiserver.k8s.io/v1
Kind:         PriorityLevelConfiguration
Metadata:
  Creation Timestamp:  2025-01-01T00:00:00Z
  Generation:          1
  Resource Version:    373
  UID:                 3e00fdfc-ca86-4cb9-a922-178d77a77481
Spec:
  Limited:
    Lendable Percent:  0
    Limit Response:
      Queuing:
        Hand Size:               4
        Queue Length Limit:      50
        Queues:                  16
      Type:                      Queue
    Nominal Concurrency Shares:  10
  Type:                          Limited
Status:
Events:  <none>

# A user's level and schemas: the level's queuing and shares are
# defaulted, a schema's precedence too; a schema naming a level that does
# not exist is Dangling.
$ kubectl apply -f - <<EOF
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: team-low
spec:
  type: Limited
  limited:
    limitResponse:
      type: Queue
      queuing: {}
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: team-a
spec:
  priorityLevelConfiguration:
    name: team-low
  distinguisherMethod:
    type: ByUser
  rules:
  - subjects:
    - kind: ServiceAccount
      serviceAccount:
        name: builder
        namespace: default
    resourceRules:
    - verbs: ["list", "watch"]
      apiGroups: [""]
      resources: ["pods"]
      namespaces: ["default"]
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: team-b
spec:
  matchingPrecedence: 500
  priorityLevelConfiguration:
    name: team-missing
  rules:
  - subjects:
    - kind: Group
      group:
        name: team-b
    nonResourceRules:
    - verbs: ["get"]
      nonResourceURLs: ["/metrics"]
EOF
prioritylevelconfiguration.flowcontrol.apiserver.k8s.io/team-low created
flowschema.flowcontrol.apiserver.k8s.io/team-a created
flowschema.flowcontrol.apiserver.k8s.io/team-b created

$ kubectl get flowschemas team-a team-b
NAME     PRIORITYLEVEL   MATCHINGPRECEDENCE   DISTINGUISHERMETHOD   AGE   MISSINGPL
team-a   team-low        1000                 ByUser                0s    False
team-b   team-missing    500                  <none>                0s    True

$ kubectl get prioritylevelconfiguration team-low -o yaml
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"PriorityLevelConfiguration","metadata":{"annotations":{},"name":"team-low"},"spec":{"limited":{"limitResponse":{"queuing":{},"type":"Queue"}},"type":"Limited"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: team-low
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  limited:
    lendablePercent: 0
    limitResponse:
      queuing:
        handSize: 8
        queueLengthLimit: 50
        queues: 64
      type: Queue
    nominalConcurrencyShares: 30
  type: Limited
status: {}

$ kubectl get flowschema team-b -o yaml
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"annotations":{},"name":"team-b"},"spec":{"matchingPrecedence":500,"priorityLevelConfiguration":{"name":"team-missing"},"rules":[{"nonResourceRules":[{"nonResourceURLs":["/metrics"],"verbs":["get"]}],"subjects":[{"group":{"name":"team-b"},"kind":"Group"}]}]}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: team-b
  resourceVersion: "376"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
spec:
  matchingPrecedence: 500
  priorityLevelConfiguration:
    name: team-missing
  rules:
  - nonResourceRules:
    - nonResourceURLs:
      - /metrics
      verbs:
      - get
    subjects:
    - group:
        name: team-b
      kind: Group
status:
  conditions:
  - lastTransitionTime: "2025-01-01T00:00:02Z"
    message: This FlowSchema references the PriorityLevelConfiguration object named
      "team-missing" but there is no such object
    reason: NotFound
    status: "True"
    type: Dangling

$ kubectl delete prioritylevelconfiguration team-low
prioritylevelconfiguration.flowcontrol.apiserver.k8s.io "team-low" deleted

$ kubectl get flowschema team-a
NAME     PRIORITYLEVEL   MATCHINGPRECEDENCE   DISTINGUISHERMETHOD   AGE   MISSINGPL
team-a   team-low        1000                 ByUser                0s    True

# The API server's validation, in its words.
$ kubectl create -f - <<EOF
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: bad
spec:
  matchingPrecedence: 1
  distinguisherMethod:
    type: ByGroup
  priorityLevelConfiguration:
    name: ""
  rules:
  - subjects: []
    resourceRules:
    - verbs: ["*", "get"]
      apiGroups: []
      resources: ["pods"]
EOF
The FlowSchema "bad" is invalid:
* spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1
* spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByGroup"}: supported values: "ByNamespace", "ByUser"
* spec.priorityLevelConfiguration.name: Required value: must reference a priority level
* spec.rules[0].subjects: Required value: subjects must contain at least one value
* spec.rules[0].resourceRules[0].verbs: Invalid value: []string{"*", "get"}: if '*' is present, must not specify other verbs
* spec.rules[0].resourceRules[0].apiGroups: Required value: resource rules must supply at least one api group
* spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace

$ kubectl create -f - <<EOF
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: bad
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: -1
    lendablePercent: 150
    limitResponse:
      type: Queue
      queuing:
        queues: 4
        handSize: 8
EOF
The PriorityLevelConfiguration "bad" is invalid:
* spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer
* spec.limited.limitResponse.queuing.handSize: Invalid value: 8: should not be greater than queues (4)
* spec.limited.lendablePercent: Invalid value: 150: must be between 0 and 100, inclusive

# The bootstrap objects exist: a create of one is refused. Deleted, one
# is made again (a new uid); a suggested level's spec is put back unless
# its annotation says false.
$ kubectl create -f - <<EOF
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: exempt
spec:
  matchingPrecedence: 1
  priorityLevelConfiguration:
    name: exempt
EOF
Error from server (AlreadyExists): error when creating "STDIN": flowschemas.flowcontrol.apiserver.k8s.io "exempt" already exists

$ kubectl get flowschema global-default -o jsonpath='{.metadata.uid}{"\n"}'
919ebc43-e4b8-4c90-a929-e71eaee5e61e

$ kubectl delete flowschema global-default
flowschema.flowcontrol.apiserver.k8s.io "global-default" deleted

$ kubectl get flowschema global-default -o jsonpath='{.metadata.uid}{"\n"}'
d969b99b-6b9e-41dd-b089-16d217bfba66

$ kubectl annotate prioritylevelconfiguration workload-low apf.kubernetes.io/autoupdate-spec=false --overwrite
prioritylevelconfiguration.flowcontrol.apiserver.k8s.io/workload-low annotated

$ kubectl patch prioritylevelconfiguration workload-low --type=merge -p '{"spec":{"limited":{"nominalConcurrencyShares":7}}}'
prioritylevelconfiguration.flowcontrol.apiserver.k8s.io/workload-low patched

$ kubectl patch prioritylevelconfiguration workload-high --type=merge -p '{"spec":{"limited":{"nominalConcurrencyShares":7}}}'
prioritylevelconfiguration.flowcontrol.apiserver.k8s.io/workload-high patched

$ kubectl get prioritylevelconfigurations workload-low workload-high
NAME            TYPE      NOMINALCONCURRENCYSHARES   QUEUES   HANDSIZE   QUEUELENGTHLIMIT   AGE
workload-low    Limited   7                          128      6          50                 2s
workload-high   Limited   40                         128      6          50                 2s

# A mandatory object's annotation is the producer's too.
$ kubectl annotate flowschema catch-all apf.kubernetes.io/autoupdate-spec=false --overwrite
flowschema.flowcontrol.apiserver.k8s.io/catch-all annotated

$ kubectl get flowschema catch-all -o jsonpath='{.metadata.annotations}{"\n"}'
{"apf.kubernetes.io/autoupdate-spec":"true"}

$ kubectl api-resources --api-group=flowcontrol.apiserver.k8s.io
NAME                          SHORTNAMES   APIVERSION                        NAMESPACED   KIND
flowschemas                                flowcontrol.apiserver.k8s.io/v1   false        FlowSchema
prioritylevelconfigurations                flowcontrol.apiserver.k8s.io/v1   false        PriorityLevelConfiguration

$ kubectl get fs
error: the server doesn't have a resource type "fs"
