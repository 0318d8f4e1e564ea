# YAML forms pasted from docs and real manifests, read as kubectl reads
# them (go-yaml v2 through sigs.k8s.io/yaml). Each `kubectl label --local`
# output here is what the real kubectl 1.32 prints for the same file.

# A flow sequence over several lines with its closing bracket under the
# key (kubernetes.io's pod-with-graceful-termination.yaml) or at column 0.
$ cat <<EOF > flow.yaml
apiVersion: v1
kind: Pod
metadata:
  name: flow
spec:
  containers:
  - name: nginx
    image: nginx
    command: [
      "/bin/sh", "-c", "sleep 180"
    ]
    args: ["--a",
  "--b", # a comment inside the flow
"--c"
]
    env: [{name: A,
  value: "1"}]
EOF

$ kubectl label --local -f flow.yaml pasted=yes -o json
{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "labels": {
            "pasted": "yes"
        },
        "name": "flow"
    },
    "spec": {
        "containers": [
            {
                "args": [
                    "--a",
                    "--b",
                    "--c"
                ],
                "command": [
                    "/bin/sh",
                    "-c",
                    "sleep 180"
                ],
                "env": [
                    {
                        "name": "A",
                        "value": "1"
                    }
                ],
                "image": "nginx",
                "name": "nginx"
            }
        ]
    }
}

$ kubectl apply -f flow.yaml
pod/flow created

$ kubectl get pod flow -o jsonpath='{.spec.containers[0].command} {.spec.containers[0].args}{"\n"}'
["/bin/sh","-c","sleep 180"] ["--a","--b","--c"]

# Quoted values continued on less indented lines, block scalars with
# chomping and indentation indicators, a multi-line plain value.
$ cat <<EOF > scalars.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: scalars
  annotations:
    description: "a long description
  that goes on
on the next lines"
    note: 'it''s
  fine'
data:
  literal: |
    line 1
    line 2
  folded: >
    one
    two

    three
  strip: |-
    no newline
  keep: >+
    kept

  indented: |2
      two extra spaces
    then none
  plain: a plain value
    over two lines
EOF

$ kubectl label --local -f scalars.yaml pasted=yes -o json
{
    "apiVersion": "v1",
    "data": {
        "folded": "one two\nthree\n",
        "indented": "  two extra spaces\nthen none\n",
        "keep": "kept\n\n",
        "literal": "line 1\nline 2\n",
        "plain": "a plain value over two lines",
        "strip": "no newline"
    },
    "kind": "ConfigMap",
    "metadata": {
        "annotations": {
            "description": "a long description that goes on on the next lines",
            "note": "it's fine"
        },
        "labels": {
            "pasted": "yes"
        },
        "name": "scalars"
    }
}

# Anchors, aliases and merge keys: a merge overrides the keys written before
# it; keys written after it win.
$ cat <<EOF > merge.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: merge
  labels: &labels
    app: web
    tier: front
  annotations:
    tier: mine
    <<: *labels
    app: mine
data:
  a: &v same
  b: *v
EOF

$ kubectl label --local -f merge.yaml pasted=yes -o yaml
apiVersion: v1
data:
  a: same
  b: same
kind: ConfigMap
metadata:
  annotations:
    app: mine
    tier: front
  labels:
    app: web
    pasted: "yes"
    tier: front
  name: merge

# Comments after `---`, between a key and its map, at column 0; empty
# documents and a document that is only a comment; a `...` document end
# after which nothing is read.
$ cat <<EOF > docs.yaml
# the first one
--- # a comment after the separator
apiVersion: v1
kind: ConfigMap
metadata: # the name follows
  # indented comment
  name: one
# column 0 comment inside the map
data:
  a: b
---
---
# only a comment
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
...
this: [is never read
EOF

$ kubectl label --local -f docs.yaml pasted=yes -o name
configmap/one
configmap/two

# A tab after a key's colon is taken; a tab after a sequence dash is not.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name:\ttabbed\ndata:\n  a:\tb\n' > tab.yaml

$ kubectl label --local -f tab.yaml pasted=yes -o jsonpath='{.metadata.name} {.data.a}{"\n"}'
tabbed b

$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: t\nx:\n-\ta\n' > dashtab.yaml

$ kubectl apply -f dashtab.yaml
error: error parsing dashtab.yaml: error converting YAML to JSON: yaml: line 6: found character that cannot start any token
(playground) at document 1, line 6, column 2

# Only a comment may follow `---` on its line.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sep\n--- !!map\nkind: ConfigMap\n' > sep.yaml

$ kubectl apply -f sep.yaml
error: error parsing sep.yaml: invalid Yaml document separator: !!map
(playground) at line 5

# go-yaml v2 wants a `---` after a directive, and kubectl hands it the
# lines before the first `---` on their own: a %YAML directive never works.
$ printf '%%YAML 1.1\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: directive\n' > directive.yaml

$ kubectl apply -f directive.yaml
error: error parsing directive.yaml: error converting YAML to JSON: yaml: line 1: did not find expected <document start>
(playground) at document 1, line 1, column 1

# A complex key that is a map or a list cannot be a JSON key.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: complex\ndata:\n  ? [a, b]\n  : c\n' > complex.yaml

$ kubectl apply -f complex.yaml
error: error parsing complex.yaml: error converting YAML to JSON: yaml: invalid map key: []interface {}{"a", "b"}
(playground) at document 1, line 6, column 10
