# kubectl scale writes the scale subresource, and admission sees it as
# that (upstream's rules matcher): a ValidatingAdmissionPolicy whose rules
# list `deployments` does not see a scale, one listing
# `deployments/scale` does, and its expressions see the autoscaling/v1
# Scale with request.subResource set. A patch of the deployment itself is
# still checked by the first policy.

$ kubectl create deployment web --image=nginx --replicas=3
deployment.apps/web created

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: max-replicas
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: ["apps"]
      apiVersions: ["v1"]
      operations: ["CREATE", "UPDATE"]
      resources: ["deployments"]
  validations:
  - expression: "object.spec.replicas <= 5"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: max-replicas
spec:
  policyName: max-replicas
  validationActions: [Deny]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/max-replicas created
validatingadmissionpolicybinding.admissionregistration.k8s.io/max-replicas created

$ kubectl patch deployment web -p '{"spec":{"replicas":7}}'
The deployments "web" is invalid: : ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas' denied request: failed expression: object.spec.replicas <= 5

$ kubectl scale deployment web --replicas=7
deployment.apps/web scaled

$ kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: max-scale
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: ["apps"]
      apiVersions: ["v1"]
      operations: ["UPDATE"]
      resources: ["deployments/scale"]
  validations:
  - expression: "object.spec.replicas <= 8"
    messageExpression: "'a ' + object.kind + ' of ' + request.resource.resource + '/' + request.subResource + ' may not exceed 8 replicas'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: max-scale
spec:
  policyName: max-scale
  validationActions: [Deny]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/max-scale created
validatingadmissionpolicybinding.admissionregistration.k8s.io/max-scale created

$ kubectl scale deployment web --replicas=9
The deployments "web" is invalid: : ValidatingAdmissionPolicy 'max-scale' with binding 'max-scale' denied request: a Scale of deployments/scale may not exceed 8 replicas

# A server dry run is admitted as the scale it would be.
$ kubectl scale deployment web --replicas=9 --dry-run=server
The deployments "web" is invalid: : ValidatingAdmissionPolicy 'max-scale' with binding 'max-scale' denied request: a Scale of deployments/scale may not exceed 8 replicas

$ kubectl scale deployment web --replicas=6 --dry-run=server
deployment.apps/web scaled (server dry run)

$ kubectl get deployment web -o jsonpath='{.spec.replicas}'
7
