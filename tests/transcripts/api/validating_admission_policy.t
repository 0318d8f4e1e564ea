# ValidatingAdmissionPolicy, as the first example of the kubernetes.io
# page "Validating Admission Policy": a policy that deployments keep at
# most 5 replicas, bound to namespaces labelled environment=test.
# Params, DELETE, audit annotations and type checking are walked in
# validating_admission_policy_page.t.
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
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com created

# No binding yet: the policy does nothing.
$ kubectl create namespace staging
namespace/staging created

$ kubectl label namespace staging environment=test
namespace/staging labeled

$ kubectl create deployment big --image=nginx --replicas=6 -n staging
deployment.apps/big created

$ kubectl apply -f - <<EOF
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
validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created

$ kubectl get validatingadmissionpolicies
NAME                      VALIDATIONS   PARAMKIND   AGE
demo-policy.example.com   1             <unset>     0s

$ kubectl get validatingadmissionpolicybindings
NAME                            POLICYNAME                PARAMREF   AGE
demo-binding-test.example.com   demo-policy.example.com   <unset>    0s

# In a matching namespace, six replicas are refused.
$ kubectl create deployment nginx --image=nginx --replicas=6 -n staging
error: failed to create deployment: deployments.apps "nginx" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5

$ kubectl apply -n staging -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 6
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
The deployments "nginx" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5

# Five is allowed; an update to more is refused too.
$ kubectl create deployment nginx --image=nginx --replicas=5 -n staging
deployment.apps/nginx created

$ kubectl patch deployment nginx -n staging -p '{"spec":{"replicas":7}}'
The deployments "nginx" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5

# Outside the selected namespaces, nothing is checked.
$ kubectl create deployment nginx --image=nginx --replicas=6
deployment.apps/nginx created

# messageExpression and reason, under Warn, then under Deny.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: labelled
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: ["v1"]
      operations: ["CREATE"]
      resources: ["configmaps"]
  validations:
  - expression: "has(object.metadata.labels) && 'team' in object.metadata.labels"
    messageExpression: "'configmap ' + object.metadata.name + ' has no team label'"
    reason: Forbidden
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: labelled-warn
spec:
  policyName: labelled
  validationActions: [Warn]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/labelled created
validatingadmissionpolicybinding.admissionregistration.k8s.io/labelled-warn created

$ kubectl create configmap plain
Warning: Validation failed for ValidatingAdmissionPolicy 'labelled' with binding 'labelled-warn': configmap plain has no team label
configmap/plain created

$ kubectl patch validatingadmissionpolicybinding labelled-warn --type=merge -p '{"spec":{"validationActions":["Deny"]}}'
validatingadmissionpolicybinding.admissionregistration.k8s.io/labelled-warn patched

$ kubectl create configmap other
error: failed to create configmap: configmaps "other" is forbidden: ValidatingAdmissionPolicy 'labelled' with binding 'labelled-warn' denied request: configmap other has no team label

# A policy whose expression does not compile is refused.
$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: broken
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: ["apps"]
      apiVersions: ["v1"]
      operations: ["CREATE"]
      resources: ["deployments"]
  validations:
  - expression: "object.spec.replicas <="
EOF
The ValidatingAdmissionPolicy "broken" is invalid: spec.validations[0].expression: Invalid value: "object.spec.replicas <=": compilation failed: ERROR: <input>:1:24: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
 | object.spec.replicas <=
 | .......................^

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: nothing
spec:
  policyName: demo-policy.example.com
EOF
The ValidatingAdmissionPolicyBinding "nothing" is invalid: spec.validationActions: Required value: at least one validation action is required
