# The "Validation rules" part of kubernetes.io's "Extend the Kubernetes
# API with CustomResourceDefinitions" page, rule by rule, on a v1.32 API
# server (crd_cel_rules.t walks the page's first example, the compile
# errors, the table of example rules, transition rules and ratcheting):
# rules scoped to the root, an object, a map, a list and a scalar; the
# second table; escaped property names; what metadata a rule may see;
# set and map list semantics; the page's table typos; and CEL's optional
# syntax (`.?field`, `[?key]`, `optMap`, `orValue`) in rules.

# A rule at the root may select into both spec and status; a rule on an
# object sees its properties, on a map its values, on a list its items,
# on a scalar the value itself.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: scopes.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: scopes, singular: scope, kind: Scope}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: "self.status.availableReplicas >= self.spec.minReplicas"
            - rule: "self.status.actual <= self.spec.maxDesired"
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "has(self.foo)"
                - rule: "self.components['Widget'].priority < 10"
                - rule: "self.values.all(value, value >= 0 && value < 100)"
              properties:
                minReplicas: {type: integer}
                maxDesired: {type: integer}
                foo: {type: integer}
                components:
                  type: object
                  additionalProperties:
                    type: object
                    properties:
                      priority: {type: integer}
                values: {type: array, items: {type: integer}}
                byName:
                  type: object
                  x-kubernetes-validations:
                    - rule: "self['xyz'].foo > 0"
                  additionalProperties:
                    type: object
                    properties:
                      foo: {type: integer}
                list:
                  type: array
                  x-kubernetes-validations:
                    - rule: "size(self) == 1"
                  items: {type: string}
                count:
                  type: integer
                  x-kubernetes-validations:
                    - rule: "self > 0"
                name:
                  type: string
                  x-kubernetes-validations:
                    - rule: "self.startsWith('kube')"
            status:
              type: object
              properties:
                availableReplicas: {type: integer}
                actual: {type: integer}
EOF
customresourcedefinition.apiextensions.k8s.io/scopes.example.com created

$ kubectl wait --for condition=established crd/scopes.example.com
customresourcedefinition.apiextensions.k8s.io/scopes.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Scope
metadata:
  name: s
spec:
  minReplicas: 1
  maxDesired: 3
  foo: 1
  components: {Widget: {priority: 1}}
  values: [0, 99]
  byName: {xyz: {foo: 1}}
  list: [a]
  count: 1
  name: kube-thing
status:
  availableReplicas: 1
  actual: 1
EOF
scope.example.com/s created

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Scope
metadata:
  name: t
spec:
  minReplicas: 1
  maxDesired: 3
  components: {Widget: {priority: 10}}
  values: [0, 100]
  byName: {abc: {foo: 1}}
  list: [a, b]
  count: 0
  name: thing
status:
  availableReplicas: 0
  actual: 4
EOF
The Scope "t" is invalid:
* <nil>: Invalid value: "object": failed rule: self.status.availableReplicas >= self.spec.minReplicas
* <nil>: Invalid value: "object": failed rule: self.status.actual <= self.spec.maxDesired
* spec: Invalid value: "object": failed rule: has(self.foo)
* spec: Invalid value: "object": failed rule: self.components['Widget'].priority < 10
* spec: Invalid value: "object": failed rule: self.values.all(value, value >= 0 && value < 100)
* spec.byName: Invalid value: "object": no such key: xyz evaluating rule: self['xyz'].foo > 0
* spec.list: Invalid value: "array": failed rule: size(self) == 1
* spec.count: Invalid value: "integer": failed rule: self > 0
* spec.name: Invalid value: "string": failed rule: self.startsWith('kube')

# With the status subresource (as on most CRDs) status is dropped on a
# create, and a root rule reading it fails to evaluate.
$ kubectl patch crd scopes.example.com --type=json -p='[{"op":"add","path":"/spec/versions/0/subresources","value":{"status":{}}}]'
customresourcedefinition.apiextensions.k8s.io/scopes.example.com patched

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Scope
metadata:
  name: u
spec:
  minReplicas: 1
  maxDesired: 3
  foo: 1
  components: {Widget: {priority: 1}}
  values: [1]
  byName: {xyz: {foo: 1}}
  list: [a]
  count: 1
  name: kube-thing
status:
  availableReplicas: 1
  actual: 1
EOF
The Scope "u" is invalid:
* <nil>: Invalid value: "object": no such key: status evaluating rule: self.status.availableReplicas >= self.spec.minReplicas
* <nil>: Invalid value: "object": no such key: status evaluating rule: self.status.actual <= self.spec.maxDesired

# Property names are escaped in rules: `__namespace__` for a CEL reserved
# word, `__dash__`, `__dot__`, `__slash__`, and `__underscores__` for a
# double underscore; a keyword inside a longer name (sprint) is not.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: escapes.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: escapes, singular: escape, kind: Escape}
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
                - rule: "self.__namespace__ > 0"
                - rule: "self.x__dash__prop > 0"
                - rule: "self.redact__underscores__d > 0"
                - rule: "self.a__dot__b > 0 && self.c__slash__d > 0"
                - rule: "self.sprint > 0 && self.__if__ > 0"
              properties:
                namespace: {type: integer}
                x-prop: {type: integer}
                redact__d: {type: integer}
                a.b: {type: integer}
                c/d: {type: integer}
                sprint: {type: integer}
                if: {type: integer}
EOF
customresourcedefinition.apiextensions.k8s.io/escapes.example.com created

$ kubectl wait --for condition=established crd/escapes.example.com
customresourcedefinition.apiextensions.k8s.io/escapes.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Escape
metadata:
  name: e
spec: {namespace: 1, x-prop: 1, redact__d: 0, a.b: 1, c/d: 0, sprint: 1, if: 1}
EOF
The Escape "e" is invalid:
* spec: Invalid value: "object": failed rule: self.redact__underscores__d > 0
* spec: Invalid value: "object": failed rule: self.a__dot__b > 0 && self.c__slash__d > 0

# A rule sees apiVersion, kind, metadata.name and metadata.generateName,
# and no other metadata; x-kubernetes-preserve-unknown-fields data is not
# visible either.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: metas.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: metas, singular: meta, kind: Meta}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: "self.metadata.labels.size() > 0"
            - rule: "self.spec.extra.anything > 0"
          properties:
            spec:
              type: object
              properties:
                extra:
                  type: object
                  x-kubernetes-preserve-unknown-fields: true
EOF
The CustomResourceDefinition "metas.example.com" is invalid:
* spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.metadata.labels.size() > 0", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:14: undefined field 'labels'
 | self.metadata.labels.size() > 0
 | .............^
* spec.validation.openAPIV3Schema.x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.spec.extra.anything > 0", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:16: undefined field 'anything'
 | self.spec.extra.anything > 0
 | ...............^

$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: metas.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: metas, singular: meta, kind: Meta}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: "self.apiVersion == 'example.com/v1' && self.kind == 'Meta'"
            - rule: "self.metadata.name.startsWith('m-')"
              messageExpression: "'name ' + self.metadata.name + ' must start with m-'"
          properties:
            spec:
              type: object
              properties:
                extra:
                  type: object
                  x-kubernetes-preserve-unknown-fields: true
EOF
customresourcedefinition.apiextensions.k8s.io/metas.example.com created

$ kubectl wait --for condition=established crd/metas.example.com
customresourcedefinition.apiextensions.k8s.io/metas.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Meta
metadata:
  name: other
spec:
  extra: {anything: 1}
EOF
The Meta "other" is invalid: <nil>: Invalid value: "object": name other must start with m-

# Lists of type set or map compare without regard to order, and `+`
# merges them by their semantics.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: listtypes.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: listtypes, singular: listtype, kind: ListType}
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
                - rule: "self.a == self.b"
                  message: "sets a and b differ"
                - rule: "self.a + self.b == self.a"
                  message: "set union added elements"
                - rule: "(self.m1 + self.m2).map(e, e.name + '=' + e.v) == ['p=2', 'q=1', 'r=3']"
                  message: "map merge"
                - rule: "self.l1 == self.l2"
                  message: "atomic lists differ"
              properties:
                a: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
                b: {type: array, x-kubernetes-list-type: set, items: {type: integer}}
                l1: {type: array, items: {type: integer}}
                l2: {type: array, items: {type: integer}}
                m1: &m
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [name]
                  items:
                    type: object
                    required: [name]
                    properties:
                      name: {type: string}
                      v: {type: string}
                m2: *m
EOF
customresourcedefinition.apiextensions.k8s.io/listtypes.example.com created

$ kubectl wait --for condition=established crd/listtypes.example.com
customresourcedefinition.apiextensions.k8s.io/listtypes.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: ListType
metadata:
  name: ok
spec:
  a: [1, 2]
  b: [2, 1]
  l1: [1, 2]
  l2: [1, 2]
  m1: [{name: p, v: "1"}, {name: q, v: "1"}]
  m2: [{name: r, v: "3"}, {name: p, v: "2"}]
EOF
listtype.example.com/ok created

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: ListType
metadata:
  name: bad
spec:
  a: [1, 2]
  b: [2, 3]
  l1: [1, 2]
  l2: [2, 1]
  m1: [{name: p, v: "1"}]
  m2: [{name: p, v: "1"}]
EOF
The ListType "bad" is invalid:
* spec: Invalid value: "object": sets a and b differ
* spec: Invalid value: "object": set union added elements
* spec: Invalid value: "object": map merge
* spec: Invalid value: "object": atomic lists differ

# The page's table, as printed: `e.name = 'MY_ENV'` is not CEL, and
# `self['MY_KEY']` indexes an object that has no such field.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: typos.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: typos, singular: typo, kind: Typo}
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
                - rule: "self.envars.filter(e, e.name = 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$')"
                - rule: "!('MY_KEY' in self.map1) || self['MY_KEY'].matches('^[a-zA-Z]*$')"
              properties:
                map1: {type: object, additionalProperties: {type: string}}
                envars:
                  type: array
                  items:
                    type: object
                    properties:
                      name: {type: string}
                      value: {type: string}
EOF
The CustomResourceDefinition "typos.example.com" is invalid:
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.envars.filter(e, e.name = 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$')", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:30: Syntax error: token recognition error at: '= '
 | self.envars.filter(e, e.name = 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$')
 | .............................^
ERROR: <input>:1:32: Syntax error: extraneous input ''MY_ENV'' expecting ')'
 | self.envars.filter(e, e.name = 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$')
 | ...............................^
ERROR: <input>:1:79: Syntax error: missing ')' at '<EOF>'
 | self.envars.filter(e, e.name = 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$')
 | ..............................................................................^
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"!('MY_KEY' in self.map1) || self['MY_KEY'].matches('^[a-zA-Z]*$')", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:33: found no matching overload for '_[_]' applied to '(object, string)'
 | !('MY_KEY' in self.map1) || self['MY_KEY'].matches('^[a-zA-Z]*$')
 | ................................^

# CEL's optional syntax: `.?field` and `[?key]` give an optional that is
# empty where the field or key is absent, `orValue` supplies a default,
# `optMap` transforms a present value, and an empty optional stays empty
# down a chain. has() takes a plain selection only.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: optionals.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: optionals, singular: optional, kind: Optional}
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
                - rule: "self.?limits.?cpu.orValue(1) <= 4"
                  messageExpression: "'cpu limit ' + string(self.?limits.?cpu.orValue(1)) + ' is over 4'"
                - rule: "self.labels[?'tier'].orValue('web') in ['web', 'db']"
                - rule: "self.?ports[?0].optMap(p, p > 1024).orValue(true)"
                  message: "the first port must be over 1024"
                - rule: "!has(self.limits) || self.limits.?memory.hasValue()"
                  message: "limits must set memory"
              properties:
                limits:
                  type: object
                  properties:
                    cpu: {type: integer}
                    memory: {type: string}
                labels: {type: object, additionalProperties: {type: string}}
                ports: {type: array, items: {type: integer}}
EOF
customresourcedefinition.apiextensions.k8s.io/optionals.example.com created

$ kubectl wait --for condition=established crd/optionals.example.com
customresourcedefinition.apiextensions.k8s.io/optionals.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Optional
metadata:
  name: empty
spec:
  labels: {}
EOF
optional.example.com/empty created

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Optional
metadata:
  name: full
spec:
  limits: {cpu: 8}
  labels: {tier: cache}
  ports: [80, 8080]
EOF
The Optional "full" is invalid:
* spec: Invalid value: "object": cpu limit 8 is over 4
* spec: Invalid value: "object": failed rule: self.labels[?'tier'].orValue('web') in ['web', 'db']
* spec: Invalid value: "object": the first port must be over 1024
* spec: Invalid value: "object": limits must set memory

$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: optionals.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: optionals, singular: optional, kind: Optional}
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
                - rule: "has(self.?limits)"
                - rule: "self.?limits.cpu > 1"
                - rule: "self.?nope.orValue(0) == 0"
              properties:
                limits:
                  type: object
                  properties:
                    cpu: {type: integer}
EOF
The CustomResourceDefinition "optionals.example.com" is invalid:
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"has(self.?limits)", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:4: invalid argument to has() macro
 | has(self.?limits)
 | ...^
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.?limits.cpu > 1", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:18: found no matching overload for '_>_' applied to '(optional_type(int), int)'
 | self.?limits.cpu > 1
 | .................^
* spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[2].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.?nope.orValue(0) == 0", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:5: undefined field 'nope'
 | self.?nope.orValue(0) == 0
 | ....^

# Transition rules with the optional syntax: with optionalOldSelf the
# rule also runs on a create, where oldSelf is empty; optMap applies the
# comparison only when there is an old value. has() on both sides keeps
# an optional field from being added or removed after creation.
$ kubectl apply -f - <<EOF
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: transitions.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: transitions, singular: transition, kind: Transition}
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
                - rule: "has(self.owner) == has(oldSelf.owner)"
                  message: "owner may not be added or removed"
              properties:
                owner: {type: string}
                size:
                  type: integer
                  x-kubernetes-validations:
                    - rule: "oldSelf.optMap(o, self >= o).orValue(self <= 10)"
                      messageExpression: "oldSelf.hasValue() ? 'size may not shrink below ' + string(oldSelf.value()) : 'size starts at 10 or less'"
                      optionalOldSelf: true
EOF
customresourcedefinition.apiextensions.k8s.io/transitions.example.com created

$ kubectl wait --for condition=established crd/transitions.example.com
customresourcedefinition.apiextensions.k8s.io/transitions.example.com condition met

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Transition
metadata:
  name: t
spec:
  size: 11
EOF
The Transition "t" is invalid: spec.size: Invalid value: "integer": size starts at 10 or less

$ kubectl apply -f - <<EOF
apiVersion: example.com/v1
kind: Transition
metadata:
  name: t
spec:
  size: 5
EOF
transition.example.com/t created

$ kubectl patch transition t --type=merge -p '{"spec":{"size":4,"owner":"me"}}'
The Transition "t" is invalid:
* spec: Invalid value: "object": owner may not be added or removed
* spec.size: Invalid value: "integer": size may not shrink below 5

$ kubectl patch transition t --type=merge -p '{"spec":{"size":6}}'
transition.example.com/t patched

$ kubectl get transition t -o jsonpath='{.spec.size}'
6
