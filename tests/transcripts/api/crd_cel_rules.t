# CEL validation rules (x-kubernetes-validations), walking the "Validation
# rules" section of kubernetes.io's "Extend the Kubernetes API with
# CustomResourceDefinitions" page on a v1.32 API server: rules compile when
# the CRD is created (a syntax error, an unknown field or a wrong type is
# refused) and are evaluated, with `self` bound to the value at the rule's
# place, whenever a custom resource is created, updated, patched or applied.
# (The page still prints the failed value as a Go map; v1.32 prints its
# type, "object".)
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "self.minReplicas <= self.replicas"
                  message: "replicas should be greater than or equal to minReplicas."
                - rule: "self.replicas <= self.maxReplicas"
                  message: "replicas should be smaller than or equal to maxReplicas."
              properties:
                minReplicas:
                  type: integer
                replicas:
                  type: integer
                maxReplicas:
                  type: integer
              required:
                - minReplicas
                - replicas
                - maxReplicas
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
EOF
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  minReplicas: 0
  replicas: 20
  maxReplicas: 10
EOF
The CronTab "my-new-cron-object" is invalid: spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.

# Both rules fail: both are reported, in order.
$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  minReplicas: 30
  replicas: 20
  maxReplicas: 10
EOF
The CronTab "my-new-cron-object" is invalid:
* spec: Invalid value: "object": replicas should be greater than or equal to minReplicas.
* spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.

$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  minReplicas: 0
  replicas: 5
  maxReplicas: 10
EOF
crontab.stable.example.com/my-new-cron-object created

# An update is checked too, whether it comes from apply, patch or edit.
$ kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":11}}'
The CronTab "my-new-cron-object" is invalid: spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.

$ kubectl get ct my-new-cron-object -o jsonpath='{.spec.replicas}{"\n"}'
5

# A required field missing is an OpenAPI error: the rules are then not run.
$ kubectl apply -f - <<EOF
apiVersion: "stable.example.com/v1"
kind: CronTab
metadata:
  name: missing-fields
spec:
  replicas: 2
EOF
The CronTab "missing-fields" is invalid:
* spec.minReplicas: Required value
* spec.maxReplicas: Required value
* <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation

# Without a message the rule itself is the message.
$ kubectl patch crd crontabs.stable.example.com --type=json -p='[{"op":"remove","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/x-kubernetes-validations/1/message"}]'
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com patched

$ kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":11}}'
The CronTab "my-new-cron-object" is invalid: spec: Invalid value: "object": failed rule: self.replicas <= self.maxReplicas

# A rule added later does not lock out objects stored before it: an
# update that leaves the failing value as it was only draws a warning
# (ratcheting); one that changes it is refused.
$ kubectl patch crd crontabs.stable.example.com --type=json -p='[{"op":"add","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/replicas/x-kubernetes-validations","value":[{"rule":"self % 2 == 0","message":"replicas must be even"}]}]'
customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com patched

$ kubectl label ct my-new-cron-object tier=gold
Warning: spec.replicas: Invalid value: "integer": replicas must be even
crontab.stable.example.com/my-new-cron-object labeled

$ kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":7}}'
The CronTab "my-new-cron-object" is invalid: spec.replicas: Invalid value: "integer": replicas must be even

$ kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":6}}'
crontab.stable.example.com/my-new-cron-object patched

# Rules are compiled with the CRD, and type checked against its schema
# (where the schema around a rule is itself wrong, as under `other`, the
# rule is not compiled); defaults must pass the rules too.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "self.nonExistingField > 0"
                - rule: "has(self)"
                - rule: "self.count >"
              properties:
                count:
                  type: integer
                  x-kubernetes-validations:
                    - rule: "self == true"
                third:
                  type: object
                  properties:
                    a: {type: integer}
                  x-kubernetes-validations:
                    - rule: "self.a > 0"
                      messageExpression: "self.a"
                    - rule: "self.a"
                tags:
                  type: array
                  items:
                    type: string
                    x-kubernetes-validations:
                      - rule: "self == oldSelf"
            other:
              type: object
              properties:
                a:
                  type: integer
                  default: 0
                  x-kubernetes-validations:
                    - rule: "self >= 1"
              x-kubernetes-validations:
                - rule: "self.a > 0"
                  fieldPath: ".nope"
                - rule: "self.a > 1"
                  message: " "
EOF
The CustomResourceDefinition "widgets.example.com" is invalid:
* spec.validation.openAPIV3Schema.properties[other].properties[a].default: Invalid value: "integer": failed rule: self >= 1
* spec.validation.openAPIV3Schema.properties[other].x-kubernetes-validations[0].fieldPath: Invalid value: ".nope": fieldPath must be a valid path
* spec.validation.openAPIV3Schema.properties[other].x-kubernetes-validations[1].message: Invalid value: " ": message must be non-empty if specified
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.nonExistingField > 0", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:5: undefined field 'nonExistingField'
 | self.nonExistingField > 0
 | ....^
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"has(self)", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:4: invalid argument to has() macro
 | has(self)
 | ...^
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[2].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.count >", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:13: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
 | self.count >
 | ............^
* spec.validation.openAPIV3Schema.properties[spec].properties[count].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self == true", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(int, bool)'
 | self == true
 | .....^
* spec.validation.openAPIV3Schema.properties[spec].properties[tags].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].properties[tags].items
* spec.validation.openAPIV3Schema.properties[spec].properties[third].x-kubernetes-validations[0].messageExpression: Invalid value: apiextensions.ValidationRule{Rule:"self.a > 0", Message:"", MessageExpression:"self.a", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: messageExpression must evaluate to a string
* spec.validation.openAPIV3Schema.properties[spec].properties[third].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.a", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: cel expression must evaluate to a bool

# The examples of the page's table, on one schema.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: "self.metadata.name.startsWith(self.spec.prefix)"
              message: "name must start with spec.prefix"
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "'Available' in self.stateCounts"
                - rule: "(size(self.list1) == 0) != (size(self.list2) == 0)"
                - rule: "!('MY_KEY' in self.map1) || self.map1['MY_KEY'].matches('^[a-zA-Z]*$')"
                - rule: "self.envars.filter(e, e.name == 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$'))"
                - rule: "self.health.startsWith('ok')"
                - rule: "self.widgets.exists(w, w.key == 'x' && w.foo < 10)"
                - rule: "type(self.limit) == string ? self.limit == '100%' : self.limit == 1000"
                - rule: "self.set1.all(e, !(e in self.set2))"
                - rule: "size(self.names) == size(self.details) && self.names.all(n, n in self.details)"
                - rule: "self.x__dash__prop > 0"
                - rule: "has(self.expired) && self.created + self.ttl < self.expired"
              properties:
                prefix: {type: string}
                stateCounts:
                  type: object
                  additionalProperties: {type: integer}
                list1: {type: array, items: {type: string}}
                list2: {type: array, items: {type: string}}
                map1:
                  type: object
                  additionalProperties: {type: string}
                envars:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [name]
                  items:
                    type: object
                    required: [name]
                    properties:
                      name: {type: string}
                      value: {type: string}
                health: {type: string}
                widgets:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [key]
                  items:
                    type: object
                    required: [key]
                    properties:
                      key: {type: string}
                      foo: {type: integer}
                limit:
                  x-kubernetes-int-or-string: true
                set1: {type: array, x-kubernetes-list-type: set, items: {type: string}}
                set2: {type: array, x-kubernetes-list-type: set, items: {type: string}}
                names: {type: array, x-kubernetes-list-type: set, items: {type: string}}
                details:
                  type: object
                  additionalProperties: {type: string}
                x-prop: {type: integer}
                created: {type: string, format: date-time}
                ttl: {type: string, format: duration}
                expired: {type: string, format: date-time}
                values:
                  type: array
                  items:
                    type: integer
                    x-kubernetes-validations:
                      - rule: "self >= 0 && self < 100"
                  x-kubernetes-validations:
                    - rule: "size(self) == 1"
EOF
customresourcedefinition.apiextensions.k8s.io/widgets.example.com created

$ sim settle
settled after 3 steps and 0s of virtual time

$ cat > good.yaml <<EOF
apiVersion: example.com/v1
kind: Widget
metadata:
  name: ab-widget
spec:
  prefix: ab
  stateCounts: {Available: 1}
  list1: [a]
  list2: []
  map1: {MY_KEY: abc}
  envars: [{name: MY_ENV, value: abc}, {name: OTHER, value: "1"}]
  health: ok-ish
  widgets: [{key: x, foo: 3}]
  limit: 100%
  set1: [a, b]
  set2: [c]
  names: [n1]
  details: {n1: d}
  x-prop: 1
  created: "2024-01-01T00:00:00Z"
  ttl: 1h
  expired: "2024-01-01T03:00:00+01:00"
  values: [5]
EOF

$ kubectl apply -f good.yaml
widget.example.com/ab-widget created

$ cat > bad.yaml <<EOF
apiVersion: example.com/v1
kind: Widget
metadata:
  name: zz-widget
spec:
  prefix: ab
  stateCounts: {Pending: 1}
  list1: [a]
  list2: [b]
  map1: {MY_KEY: "123"}
  envars: [{name: MY_ENV, value: "1"}]
  health: bad
  widgets: [{key: x, foo: 30}]
  limit: 999
  set1: [a, b]
  set2: [b]
  names: [n1, n2]
  details: {n1: d}
  x-prop: 0
  created: "2024-01-01T00:00:00Z"
  ttl: 1h
  expired: "2024-01-01T01:30:00+01:00"
  values: [5, 100]
EOF

$ kubectl apply -f bad.yaml
The Widget "zz-widget" is invalid:
* <nil>: Invalid value: "object": name must start with spec.prefix
* spec: Invalid value: "object": failed rule: 'Available' in self.stateCounts
* spec: Invalid value: "object": failed rule: (size(self.list1) == 0) != (size(self.list2) == 0)
* spec: Invalid value: "object": failed rule: !('MY_KEY' in self.map1) || self.map1['MY_KEY'].matches('^[a-zA-Z]*$')
* spec: Invalid value: "object": failed rule: self.envars.filter(e, e.name == 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$'))
* spec: Invalid value: "object": failed rule: self.health.startsWith('ok')
* spec: Invalid value: "object": failed rule: self.widgets.exists(w, w.key == 'x' && w.foo < 10)
* spec: Invalid value: "object": failed rule: type(self.limit) == string ? self.limit == '100%' : self.limit == 1000
* spec: Invalid value: "object": failed rule: self.set1.all(e, !(e in self.set2))
* spec: Invalid value: "object": failed rule: size(self.names) == size(self.details) && self.names.all(n, n in self.details)
* spec: Invalid value: "object": failed rule: self.x__dash__prop > 0
* spec: Invalid value: "object": failed rule: has(self.expired) && self.created + self.ttl < self.expired
* spec.values: Invalid value: "array": failed rule: size(self) == 1
* spec.values[1]: Invalid value: "integer": failed rule: self >= 0 && self < 100

# Transition rules compare with the stored object (oldSelf): they are
# skipped on a create and checked on every update.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, singular: gadget, kind: Gadget}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                name:
                  type: string
                  x-kubernetes-validations:
                    - rule: "self == oldSelf"
                      message: Value is immutable
                size:
                  type: integer
                  x-kubernetes-validations:
                    - rule: "self >= oldSelf"
                      messageExpression: "'size may only grow, not shrink to ' + string(self)"
                      reason: FieldValueForbidden
                level:
                  type: string
                  x-kubernetes-validations:
                    - rule: "self in ['low', 'high']"
                      fieldPath: ""
EOF
customresourcedefinition.apiextensions.k8s.io/gadgets.example.com created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Gadget
metadata:
  name: g
spec:
  name: first
  size: 3
EOF
gadget.example.com/g created

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Gadget
metadata:
  name: g
spec:
  name: second
  size: 2
EOF
The Gadget "g" is invalid:
* spec.name: Invalid value: "string": Value is immutable
* spec.size: Forbidden: size may only grow, not shrink to 2

$ kubectl patch gadget g --type=merge -p '{"spec":{"size":4}}'
gadget.example.com/g patched

# A rule that fails to evaluate reports why.
$ kubectl patch crd gadgets.example.com --type=json -p='[{"op":"add","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/x-kubernetes-validations","value":[{"rule":"self.size / (self.size - 4) > 0"},{"rule":"self.level == \"low\""}]}]'
customresourcedefinition.apiextensions.k8s.io/gadgets.example.com patched

$ kubectl patch gadget g --type=merge -p '{"spec":{"level":"mid"}}'
The Gadget "g" is invalid:
* spec: Invalid value: "object": division by zero evaluating rule: self.size / (self.size - 4) > 0
* spec: Invalid value: "object": failed rule: self.level == "low"
* spec.level: Invalid value: "string": failed rule: self in ['low', 'high']

# optionalOldSelf: the transition rule also runs on create, where oldSelf
# is an empty optional.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: counters.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: counters
    singular: counter
    kind: Counter
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              count:
                type: integer
                x-kubernetes-validations:
                - rule: "oldSelf.hasValue() ? self >= oldSelf.value() : self <= 10"
                  messageExpression: "oldSelf.hasValue() ? 'count may only grow from ' + string(oldSelf.value()) : 'count starts at 10 or less'"
                  optionalOldSelf: true
EOF
customresourcedefinition.apiextensions.k8s.io/counters.example.com created

$ kubectl wait --for condition=established crd/counters.example.com
customresourcedefinition.apiextensions.k8s.io/counters.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Counter
metadata:
  name: c
spec:
  count: 20
EOF
The Counter "c" is invalid: spec.count: Invalid value: "integer": count starts at 10 or less

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Counter
metadata:
  name: c
spec:
  count: 5
EOF
counter.example.com/c created

$ kubectl patch counter c --type=merge -p '{"spec":{"count":3}}'
The Counter "c" is invalid: spec.count: Invalid value: "integer": count may only grow from 5

$ kubectl patch counter c --type=merge -p '{"spec":{"count":30}}'
counter.example.com/c patched

# optionalOldSelf may only be set on a rule that uses oldSelf.
$ kubectl patch crd counters.example.com --type=json -p='[{"op":"replace","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/count/x-kubernetes-validations/0/rule","value":"self >= 0"},{"op":"remove","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/count/x-kubernetes-validations/0/messageExpression"}]'
The CustomResourceDefinition "counters.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[count].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule
