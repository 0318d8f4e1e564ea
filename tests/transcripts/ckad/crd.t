# dgkanatsios/CKAD-exercises, i.crd.md.

# Create a CustomResourceDefinition manifest file for an Operator: group
# stable.example.com, schema <email: string><name: string><age: integer>,
# Namespaced, names operators/operator/op.
$ cat <<EOF > operator-crd.yml
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  # name must match the spec fields below, and be in the form: <plural>.<group>
  name: operators.stable.example.com
spec:
  group: stable.example.com
  versions:
    - name: v1
      served: true
      # One and only one version must be marked as the storage version.
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                email:
                  type: string
                name:
                  type: string
                age:
                  type: integer
  scope: Namespaced
  names:
    plural: operators
    singular: operator
    # kind is normally the CamelCased singular type. Your resource manifests use this.
    kind: Operator
    shortNames:
    - op
EOF

# Create the CRD resource in the K8S API
$ kubectl apply -f operator-crd.yml
customresourcedefinition.apiextensions.k8s.io/operators.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get crd operators.stable.example.com
NAME                           CREATED AT
operators.stable.example.com   2025-01-01T00:00:02Z

# Create custom object from the CRD
$ cat <<EOF > operator.yml
apiVersion: stable.example.com/v1
kind: Operator
metadata:
  name: operator-sample
spec:
  email: operator-sample@stable.example.com
  name: "operator sample"
  age: 30
EOF

$ kubectl apply -f operator.yml
operator.stable.example.com/operator-sample created

# Listing operator: the plural, singular and short names
$ kubectl get operators
NAME              AGE
operator-sample   0s

$ kubectl get operator
NAME              AGE
operator-sample   0s

$ kubectl get op
NAME              AGE
operator-sample   0s

$ kubectl get op operator-sample -o jsonpath='{.spec.name} is {.spec.age}{"\n"}'
operator sample is 30

# The schema's types are enforced.
$ kubectl patch op operator-sample --type=merge -p '{"spec":{"age":"thirty"}}'
The Operator "operator-sample" is invalid: spec.age: Invalid value: "string": spec.age in body must be of type integer: "string"

$ kubectl delete -f operator.yml
operator.stable.example.com "operator-sample" deleted

$ kubectl delete -f operator-crd.yml
customresourcedefinition.apiextensions.k8s.io "operators.stable.example.com" deleted
