# kubernetes.io's "Validating Admission Policy" page, line by line, on a
# v1.32 API server (admissionregistration.k8s.io/v1): the basic policy,
# parameter resources (a ReplicaLimit custom resource, a ConfigMap),
# per-namespace params and param selectors, failurePolicy, match
# conditions, audit annotations, message expressions, type checking,
# variables, the authorizer variable and DELETE requests.
# Where the page's manifests still say v1alpha1/v1beta1 or carry a typo,
# the transcript shows what v1.32 answers, then applies the fixed form.
# Not shown: the audit events audit annotations go to (the playground
# keeps no audit log: their values are computed and dropped).

# Creating a ValidatingAdmissionPolicy and its binding.
$ kubectl create namespace staging
namespace/staging created

$ kubectl label namespace staging environment=test
namespace/staging labeled

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
  validations:
    - expression: "object.spec.replicas <= 5"
---
{
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicyBinding",
  metadata: {
    name: "demo-binding-test.example.com",
  },
  spec: {
    policyName: "demo-policy.example.com",
    validationActions: [
      "Deny",
    ],
    matchResources: {
      namespaceSelector: {
        matchLabels: {
          environment: "test",
        },
      },
    },
  },
}
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created

$ kubectl create deployment nginx --image=nginx --replicas=6 -n staging
error: failed to create deployment: deployments.apps "nginx" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5

# Deny and Warn may not be used together.
$ kubectl patch validatingadmissionpolicybinding demo-binding-test.example.com --type=merge -p '{"spec":{"validationActions":["Deny","Warn"]}}'
The ValidatingAdmissionPolicyBinding "demo-binding-test.example.com" is invalid: spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)

$ kubectl patch validatingadmissionpolicybinding demo-binding-test.example.com --type=merge -p '{"spec":{"validationActions":["Warn","Audit"]}}'
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com patched

$ kubectl create deployment nginx --image=nginx --replicas=6 -n staging
Warning: Validation failed for ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com': failed expression: object.spec.replicas <= 5
deployment.apps/nginx created

$ kubectl delete validatingadmissionpolicybinding demo-binding-test.example.com
validatingadmissionpolicybinding.admissionregistration.k8s.io "demo-binding-test.example.com" deleted

# Parameter resources: a policy whose params are ReplicaLimit custom
# resources. Before their CRD exists, the policy cannot be configured.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "replicalimit-policy.example.com"
spec:
  failurePolicy: Fail
  paramKind:
    apiVersion: rules.example.com/v1
    kind: ReplicaLimit
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
  validations:
    - expression: "object.spec.replicas <= params.maxReplicas"
      reason: Invalid
---
{
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicyBinding",
  metadata: {
    name: "replicalimit-binding-test.example.com",
  },
  spec: {
    policyName: "replicalimit-policy.example.com",
    validationActions: [
      "Deny",
    ],
    paramRef: {
      name: "replica-limit-test.example.com",
      namespace: "default",
      parameterNotFoundAction: "Deny",
    },
    matchResources: {
      namespaceSelector: {
        matchLabels: {
          environment: "test",
        },
      },
    },
  },
}
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/replicalimit-policy.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/replicalimit-binding-test.example.com created

$ kubectl get validatingadmissionpolicies,validatingadmissionpolicybindings
NAME                                                                                     VALIDATIONS   PARAMKIND                           AGE
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com           1             <unset>                             0s
validatingadmissionpolicy.admissionregistration.k8s.io/replicalimit-policy.example.com   1             rules.example.com/v1/ReplicaLimit   0s

NAME                                                                                                  POLICYNAME                        PARAMREF                                 AGE
validatingadmissionpolicybinding.admissionregistration.k8s.io/replicalimit-binding-test.example.com   replicalimit-policy.example.com   default/replica-limit-test.example.com   0s

$ kubectl create deployment web --image=nginx --replicas=2 -n staging
error: failed to create deployment: deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'

$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: replicalimits.rules.example.com
spec:
  group: rules.example.com
  scope: Namespaced
  names:
    plural: replicalimits
    singular: replicalimit
    kind: ReplicaLimit
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          maxReplicas:
            type: integer
EOF
customresourcedefinition.apiextensions.k8s.io/replicalimits.rules.example.com created

$ kubectl wait --for condition=established crd/replicalimits.rules.example.com
customresourcedefinition.apiextensions.k8s.io/replicalimits.rules.example.com condition met

# The kind is known; the binding's param is not there yet.
$ kubectl create deployment web --image=nginx --replicas=2 -n staging
error: failed to create deployment: deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction

# The page's param misspells metadata.namespace ("namesapce"); kubectl
# apply's strict field validation would refuse it, so it is fixed here.
$ kubectl apply -f - <<EOF
apiVersion: rules.example.com/v1
kind: ReplicaLimit
metadata:
  name: "replica-limit-test.example.com"
  namespace: "default"
maxReplicas: 3
EOF
replicalimit.rules.example.com/replica-limit-test.example.com created

$ kubectl create deployment web --image=nginx --replicas=5 -n staging
error: failed to create deployment: deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: failed expression: object.spec.replicas <= params.maxReplicas

$ kubectl create deployment web --image=nginx --replicas=3 -n staging
deployment.apps/web created

# A second binding gives every other environment a limit of 100.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "replicalimit-binding-nontest"
spec:
  policyName: "replicalimit-policy.example.com"
  validationActions: [Deny]
  paramRef:
    name: "replica-limit-prod.example.com"
    namespace: "default"
    parameterNotFoundAction: Deny
  matchResources:
    namespaceSelector:
      matchExpressions:
      - key: environment
        operator: NotIn
        values:
        - test
---
{
  apiVersion: "rules.example.com/v1",
  kind: "ReplicaLimit",
  metadata: {
    name: "replica-limit-prod.example.com",
  },
  maxReplicas: 100,
}
EOF
validatingadmissionpolicybinding.admissionregistration.k8s.io/replicalimit-binding-nontest created
replicalimit.rules.example.com/replica-limit-prod.example.com created

$ kubectl get replicalimits
NAME                             AGE
replica-limit-prod.example.com   0s
replica-limit-test.example.com   0s

$ kubectl create deployment big --image=nginx --replicas=50
deployment.apps/big created

$ kubectl create deployment bigger --image=nginx --replicas=101
error: failed to create deployment: deployments.apps "bigger" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-nontest' denied request: failed expression: object.spec.replicas <= params.maxReplicas

# A namespaced paramKind and a binding without paramRef.namespace take
# the request's namespace; a cluster-scoped request has none.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "replicalimit-binding-ns"
spec:
  policyName: "replicalimit-policy.example.com"
  validationActions: [Deny]
  paramRef:
    name: "local-limit"
    parameterNotFoundAction: Allow
EOF
validatingadmissionpolicybinding.admissionregistration.k8s.io/replicalimit-binding-ns created

$ kubectl get validatingadmissionpolicybinding replicalimit-binding-ns
NAME                      POLICYNAME                        PARAMREF        AGE
replicalimit-binding-ns   replicalimit-policy.example.com   */local-limit   0s

$ kubectl apply -n staging -f - <<EOF
apiVersion: rules.example.com/v1
kind: ReplicaLimit
metadata:
  name: local-limit
maxReplicas: 1
EOF
replicalimit.rules.example.com/local-limit created

$ kubectl patch deployment web -n staging -p '{"spec":{"replicas":2}}'
The deployments "web" is invalid: : ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-ns' denied request: failed expression: object.spec.replicas <= params.maxReplicas

$ kubectl patch deployment big -p '{"spec":{"replicas":2}}'
deployment.apps/big patched

$ kubectl delete validatingadmissionpolicybinding replicalimit-binding-ns replicalimit-binding-nontest
validatingadmissionpolicybinding.admissionregistration.k8s.io "replicalimit-binding-ns" deleted
validatingadmissionpolicybinding.admissionregistration.k8s.io "replicalimit-binding-nontest" deleted

# A param selector: every ConfigMap labelled as a limit in the request's
# namespace is a param, and each must pass. "params != null" guards a
# binding that found none.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "configmap-limits.example.com"
spec:
  paramKind:
    apiVersion: v1
    kind: ConfigMap
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE"]
      resources:   ["deployments"]
  validations:
  - expression: "params != null"
    message: "params missing but required to bind to this policy"
  - expression: "!has(params.data.optionalNumber) || (int(params.data.optionalNumber) >= object.spec.replicas)"
    messageExpression: "'ConfigMap ' + params.metadata.name + ' allows at most ' + params.data.optionalNumber + ' replicas'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "configmap-limits-binding"
spec:
  policyName: "configmap-limits.example.com"
  validationActions: [Deny]
  paramRef:
    selector:
      matchLabels:
        limits: "true"
    parameterNotFoundAction: Deny
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/configmap-limits.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/configmap-limits-binding created

$ kubectl get validatingadmissionpolicybinding configmap-limits-binding
NAME                       POLICYNAME                     PARAMREF                                                                                                      AGE
configmap-limits-binding   configmap-limits.example.com   &LabelSelector{MatchLabels:map[string]string{limits: true,},MatchExpressions:[]LabelSelectorRequirement{},}   0s

$ kubectl create deployment one --image=nginx -n staging
error: failed to create deployment: deployments.apps "one" is forbidden: ValidatingAdmissionPolicy 'configmap-limits.example.com' with binding 'configmap-limits-binding' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction

$ kubectl create configmap small -n staging --from-literal=optionalNumber=2
configmap/small created

$ kubectl create configmap smaller -n staging --from-literal=optionalNumber=1
configmap/smaller created

$ kubectl create configmap free -n staging --from-literal=note=unlimited
configmap/free created

$ kubectl label configmap small smaller free limits=true -n staging
configmap/small labeled
configmap/smaller labeled
configmap/free labeled

$ kubectl create deployment two --image=nginx --replicas=2 -n staging
error: failed to create deployment: deployments.apps "two" is forbidden: ValidatingAdmissionPolicy 'configmap-limits.example.com' with binding 'configmap-limits-binding' denied request: ConfigMap smaller allows at most 1 replicas

$ kubectl create deployment one --image=nginx -n staging
deployment.apps/one created

$ kubectl delete validatingadmissionpolicybinding configmap-limits-binding
validatingadmissionpolicybinding.admissionregistration.k8s.io "configmap-limits-binding" deleted

# failurePolicy: Ignore lets a request through when the policy cannot be
# configured or an expression fails.
$ kubectl delete replicalimit replica-limit-test.example.com
replicalimit.rules.example.com "replica-limit-test.example.com" deleted

$ kubectl create deployment web2 --image=nginx -n staging
error: failed to create deployment: deployments.apps "web2" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction

$ kubectl patch validatingadmissionpolicy replicalimit-policy.example.com --type=merge -p '{"spec":{"failurePolicy":"Ignore"}}'
validatingadmissionpolicy.admissionregistration.k8s.io/replicalimit-policy.example.com patched

$ kubectl create deployment web2 --image=nginx -n staging
deployment.apps/web2 created

$ kubectl delete validatingadmissionpolicybinding replicalimit-binding-test.example.com
validatingadmissionpolicybinding.admissionregistration.k8s.io "replicalimit-binding-test.example.com" deleted

# Matching requests: matchConditions. The page's manifest is
# admissionregistration.k8s.io/v1alpha1, which v1.32 does not serve, and
# its validation calls startWith, which does not exist.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1alpha1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups:   ["*"]
        apiVersions: ["*"]
        operations:  ["CREATE", "UPDATE"]
        resources:   ["*"]
  matchConditions:
    - name: 'exclude-leases' # Each match condition must have a unique name
      expression: '!(request.resource.group == "coordination.k8s.io" && request.resource.resource == "leases")' # Match non-lease resources.
    - name: 'exclude-kubelet-requests'
      expression: '!("system:nodes" in request.userInfo.groups)' # Match requests made by non-node users.
    - name: 'rbac' # Skip RBAC requests.
      expression: 'request.resource.group != "rbac.authorization.k8s.io"'
  validations:
    - expression: "object.metadata.name.startWith('demo')"
EOF
error: resource mapping not found for name: "demo-policy.example.com" namespace: "" from "STDIN": no matches for kind "ValidatingAdmissionPolicy" in version "admissionregistration.k8s.io/v1alpha1"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: ValidatingAdmissionPolicy is served as apiVersion "admissionregistration.k8s.io/v1"

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups:   ["*"]
        apiVersions: ["*"]
        operations:  ["CREATE", "UPDATE"]
        resources:   ["*"]
  matchConditions:
    - name: 'exclude-leases'
      expression: '!(request.resource.group == "coordination.k8s.io" && request.resource.resource == "leases")'
    - name: 'exclude-kubelet-requests'
      expression: '!("system:nodes" in request.userInfo.groups)'
    - name: 'rbac'
      expression: 'request.resource.group != "rbac.authorization.k8s.io"'
  validations:
    - expression: "object.metadata.name.startWith('demo')"
EOF
The ValidatingAdmissionPolicy "demo-policy.example.com" is invalid: spec.validations[0].expression: Invalid value: "object.metadata.name.startWith('demo')": compilation failed: ERROR: <input>:1:31: undeclared reference to 'startWith' (in container '')
 | object.metadata.name.startWith('demo')
 | ..............................^

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups:   ["*"]
        apiVersions: ["*"]
        operations:  ["CREATE", "UPDATE"]
        resources:   ["*"]
  matchConditions:
    - name: 'exclude-leases'
      expression: '!(request.resource.group == "coordination.k8s.io" && request.resource.resource == "leases")'
    - name: 'exclude-kubelet-requests'
      expression: '!("system:nodes" in request.userInfo.groups)'
    - name: 'rbac'
      expression: 'request.resource.group != "rbac.authorization.k8s.io"'
  validations:
    - expression: "object.metadata.name.startsWith('demo')"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "demo-policy.example.com"
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels:
        environment: test
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com configured
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created

$ kubectl create configmap settings -n staging
error: failed to create configmap: configmaps "settings" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.metadata.name.startsWith('demo')

$ kubectl create configmap demo-settings -n staging
configmap/demo-settings created

$ kubectl create role reader --verb=get --resource=pods -n staging
role.rbac.authorization.k8s.io/reader created

$ kubectl delete validatingadmissionpolicybinding demo-binding-test.example.com
validatingadmissionpolicybinding.admissionregistration.k8s.io "demo-binding-test.example.com" deleted

# Audit annotations: the values go to the audit event only. A value
# expression must give a string or null.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicy",
  metadata: {
    name: "demo-policy.example.com",
  },
  spec: {
    failurePolicy: "Fail",
    matchConstraints: {
      resourceRules: [{
        apiGroups: [
          "apps",
        ],
        apiVersions: [
          "v1",
        ],
        operations: [
          "CREATE",
          "UPDATE",
        ],
        resources: [
          "deployments",
        ],
      }],
    },
    validations: [{
      expression: "object.spec.replicas > 50",
      messageExpression: "'Deployment spec.replicas set to ' + string(object.spec.replicas)",
    }],
    auditAnnotations: [{
      key: "high-replica-count",
      valueExpression: "'Deployment spec.replicas set to ' + string(object.spec.replicas)",
    }],
  },
}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "demo-policy.example.com"
  validationActions: [Audit]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com configured
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created

$ kubectl create deployment audited --image=nginx --replicas=128
deployment.apps/audited created

$ kubectl patch validatingadmissionpolicy demo-policy.example.com --type=json -p '[{"op":"replace","path":"/spec/auditAnnotations/0/valueExpression","value":"object.spec.replicas"}]'
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com patched

$ kubectl create deployment audited2 --image=nginx
error: failed to create deployment: deployments.apps "audited2" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: valueExpression 'object.spec.replicas' resulted in unsupported return type: int. Return type must be either string or null.

$ kubectl patch validatingadmissionpolicy demo-policy.example.com --type=json -p '[{"op":"replace","path":"/spec/auditAnnotations/0/key","value":"high replicas"}]'
The ValidatingAdmissionPolicy "demo-policy.example.com" is invalid: spec.auditAnnotations[0].key: Invalid value: "demo-policy.example.com/high replicas": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')

$ kubectl delete validatingadmissionpolicybinding demo-binding-test.example.com
validatingadmissionpolicybinding.admissionregistration.k8s.io "demo-binding-test.example.com" deleted

# Message expression, with the ReplicaLimit param. (The page's manifest
# is v1alpha1's, with paramKind's group and version apart.)
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "deploy-replica-policy.example.com"
spec:
  paramKind:
    apiVersion: rules.example.com/v1
    kind: ReplicaLimit
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
  validations:
  - expression: "object.spec.replicas <= params.maxReplicas"
    messageExpression: "'object.spec.replicas must be no greater than ' + string(params.maxReplicas)"
    reason: Invalid
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "deploy-replica-policy.example.com"
  validationActions: [Deny]
  paramRef:
    name: "replica-limit-test.example.com"
    namespace: "default"
    parameterNotFoundAction: Deny
---
apiVersion: rules.example.com/v1
kind: ReplicaLimit
metadata:
  name: "replica-limit-test.example.com"
maxReplicas: 3
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/deploy-replica-policy.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created
replicalimit.rules.example.com/replica-limit-test.example.com created

$ kubectl create deploy --image=nginx nginx --replicas=5
error: failed to create deployment: deployments.apps "nginx" is forbidden: ValidatingAdmissionPolicy 'deploy-replica-policy.example.com' with binding 'demo-binding-test.example.com' denied request: object.spec.replicas must be no greater than 3

$ kubectl delete validatingadmissionpolicybinding demo-binding-test.example.com
validatingadmissionpolicybinding.admissionregistration.k8s.io "demo-binding-test.example.com" deleted

# Type checking: the status-controller compiles each expression with
# object typed as every kind the rules name, and writes what it finds to
# status.typeChecking (empty when nothing was found).
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicy",
  metadata: {
    name: "replica-policy.example.com",
  },
  spec: {
    matchConstraints: {
      resourceRules: [{
        apiGroups: [
          "apps",
        ],
        apiVersions: [
          "v1",
        ],
        operations: [
          "CREATE",
          "UPDATE",
        ],
        resources: [
          "deployments",
          "replicasets",
        ],
      }],
    },
    validations: [{
      expression: "object.replicas > 1", # should be "object.spec.replicas > 1"
      message: "must be replicated",
      reason: "Invalid",
    }],
  },
}
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/replica-policy.example.com created

$ kubectl get validatingadmissionpolicy replica-policy.example.com -o jsonpath='{.status.observedGeneration} {.status.typeChecking.expressionWarnings[*].fieldRef}{"\n"}{.status.typeChecking.expressionWarnings[0].warning}'
1 spec.validations[0].expression
apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'
 | object.replicas > 1
 | ......^

apps/v1, Kind=ReplicaSet: ERROR: <input>:1:7: undefined field 'replicas'
 | object.replicas > 1
 | ......^

$ kubectl patch validatingadmissionpolicy replica-policy.example.com --type=json -p '[{"op":"replace","path":"/spec/validations/0/expression","value":"object.spec.replicas > 1"}]'
validatingadmissionpolicy.admissionregistration.k8s.io/replica-policy.example.com patched

$ kubectl get validatingadmissionpolicy replica-policy.example.com -o jsonpath='{.status}'
{"observedGeneration":2,"typeChecking":{}}

# Variable composition: images must match the namespace's environment.
$ kubectl label namespace default environment=prod
namespace/default labeled

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "image-matches-namespace-environment.policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
  variables:
  - name: environment
    expression: "'environment' in namespaceObject.metadata.labels ? namespaceObject.metadata.labels['environment'] : 'prod'"
  - name: exempt
    expression: "'exempt' in object.metadata.labels && object.metadata.labels['exempt'] == 'true'"
  - name: containers
    expression: "object.spec.template.spec.containers"
  - name: containersToCheck
    expression: "variables.containers.filter(c, c.image.contains('example.com'))"
  validations:
  - expression: "variables.exempt || variables.containersToCheck.all(c, c.image.startsWith(variables.environment + '.'))"
    messageExpression: "'only ' + variables.environment + ' images are allowed in namespace ' + namespaceObject.metadata.name"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "image-matches-namespace-environment.policy.example.com"
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels:
        kubernetes.io/metadata.name: default
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/image-matches-namespace-environment.policy.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created

$ kubectl create deploy --image=dev.example.com/nginx invalid
error: failed to create deployment: deployments.apps "invalid" is forbidden: ValidatingAdmissionPolicy 'image-matches-namespace-environment.policy.example.com' with binding 'demo-binding-test.example.com' denied request: only prod images are allowed in namespace default

$ kubectl create deploy --image=prod.example.com/nginx valid
deployment.apps/valid created

# The authorizer variable: RBAC checks for the request's user, or for a
# service account; authorizer.requestResource is the request's own
# resource.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "reader-can-read.example.com"
spec:
  matchConstraints:
    resourceRules:
    - apiGroups:   [""]
      apiVersions: ["v1"]
      operations:  ["CREATE"]
      resources:   ["configmaps"]
  validations:
  - expression: "authorizer.serviceAccount(object.metadata.namespace, 'reader').group('').resource('configmaps').namespace(object.metadata.namespace).name(object.metadata.name).check('get').allowed()"
    messageExpression: "'the reader account could not read configmap ' + object.metadata.name"
  - expression: "authorizer.requestResource.check('create').allowed()"
  - expression: "!authorizer.path('/metrics').check('get').allowed() || request.userInfo.username == 'kubernetes-admin'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "reader-can-read-binding"
spec:
  policyName: "reader-can-read.example.com"
  validationActions: [Deny]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/reader-can-read.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/reader-can-read-binding created

$ kubectl create configmap settings
error: failed to create configmap: configmaps "settings" is forbidden: ValidatingAdmissionPolicy 'reader-can-read.example.com' with binding 'reader-can-read-binding' denied request: the reader account could not read configmap settings

$ kubectl create role read-settings --verb=get --resource=configmaps --resource-name=settings
role.rbac.authorization.k8s.io/read-settings created

$ kubectl create rolebinding reader-reads-settings --role=read-settings --serviceaccount=default:reader
rolebinding.rbac.authorization.k8s.io/reader-reads-settings created

$ kubectl create configmap settings
configmap/settings created

$ kubectl create configmap other
error: failed to create configmap: configmaps "other" is forbidden: ValidatingAdmissionPolicy 'reader-can-read.example.com' with binding 'reader-can-read-binding' denied request: the reader account could not read configmap other

$ kubectl delete validatingadmissionpolicybinding reader-can-read-binding
validatingadmissionpolicybinding.admissionregistration.k8s.io "reader-can-read-binding" deleted

# DELETE requests: object is null, oldObject the object being deleted.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "protect-configmaps.example.com"
spec:
  matchConstraints:
    resourceRules:
    - apiGroups:   [""]
      apiVersions: ["v1"]
      operations:  ["DELETE"]
      resources:   ["configmaps"]
  validations:
  - expression: "object == null && !('protected' in oldObject.metadata.labels)"
    messageExpression: "'configmap ' + oldObject.metadata.name + ' is protected'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "protect-configmaps-binding"
spec:
  policyName: "protect-configmaps.example.com"
  validationActions: [Deny]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/protect-configmaps.example.com created
validatingadmissionpolicybinding.admissionregistration.k8s.io/protect-configmaps-binding created

$ kubectl label configmap small protected=yes -n staging
configmap/small labeled

$ kubectl delete configmap small smaller -n staging
configmap "smaller" deleted
The configmaps "small" is invalid: : ValidatingAdmissionPolicy 'protect-configmaps.example.com' with binding 'protect-configmaps-binding' denied request: configmap small is protected
