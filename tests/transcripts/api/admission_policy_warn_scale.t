# kubectl prints the warnings of every response, `kubectl scale`'s and
# `kubectl autoscale`'s too: a ValidatingAdmissionPolicy bound with
# validationActions [Warn] lets a scale through and warns
# (k8s.io/client-go/rest's warning handler, staging/src/k8s.io/apiserver's
# validating admission policy dispatcher).
$ kubectl create deployment web --image=nginx --replicas=2
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
      resources: ["deployments", "deployments/scale"]
  validations:
  - expression: "object.spec.replicas <= 5"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: max-replicas
spec:
  policyName: max-replicas
  validationActions: [Warn]
EOF
validatingadmissionpolicy.admissionregistration.k8s.io/max-replicas created
validatingadmissionpolicybinding.admissionregistration.k8s.io/max-replicas created

$ kubectl scale deployment web --replicas=7
Warning: Validation failed for ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas': failed expression: object.spec.replicas <= 5
deployment.apps/web scaled

$ kubectl scale deployment web --replicas=8 --dry-run=server
Warning: Validation failed for ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas': failed expression: object.spec.replicas <= 5
deployment.apps/web scaled (server dry run)

$ kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
7
