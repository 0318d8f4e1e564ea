# A file that is not YAML from some document on: kubectl's StreamVisitor
# uses the documents before the bad one, reads nothing after it in that
# file, and goes on with the next file (ContinueOnError). The error is
# sigs.k8s.io/yaml's, its line counted from the document's `---`; the
# playground's line under it names the line in the file. Every kubectl
# line here is what kubectl 1.32 prints for the same files.
$ cat <<EOF > bad.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: b
   bad: [
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: c
EOF

$ cat <<EOF > good.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: d
EOF

$ kubectl apply -f bad.yaml -f good.yaml
configmap/a created
configmap/d created
error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

$ echo $?
1

$ kubectl get configmaps -o name
configmap/a
configmap/d
configmap/kube-root-ca.crt

# create.go creates as it reads: the file's error comes in its turn.
$ kubectl create -f bad.yaml -f good.yaml
Error from server (AlreadyExists): error when creating "bad.yaml": configmaps "a" already exists
error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7
Error from server (AlreadyExists): error when creating "good.yaml": configmaps "d" already exists

# diff reads without ContinueOnError: the first error ends it, no diff.
$ kubectl diff -f good.yaml -f bad.yaml
error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

$ kubectl delete -f bad.yaml -f good.yaml
configmap "a" deleted
configmap "d" deleted
error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

# The files of a directory are sources of their own.
$ mkdir dir

$ cp bad.yaml dir/a-bad.yaml

$ cp good.yaml dir/b-good.yaml

$ kubectl label --local -f dir/ x=y -o name
configmap/a
configmap/d
error: error parsing dir/a-bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

$ cat bad.yaml | kubectl label --local -f - x=y -o name
configmap/a
error: error parsing STDIN: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

# A key JSON cannot have is sigs.k8s.io/yaml's error, with the value.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: n\ndata:\n  null: x\n' | kubectl label --local -f - -f good.yaml x=y -o name
configmap/d
error: error parsing STDIN: error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: "x"
(playground) at document 1, line 6, column 9

# A parser error counts its line from 0, a scanner error from 1.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: k\ndata:\n  a: 1\n b: 2\n' > key.yaml

$ kubectl apply -f key.yaml
error: error parsing key.yaml: error converting YAML to JSON: yaml: line 6: did not find expected key
(playground) at document 1, line 7, column 2

# A bad `---` line is the YAML reader's error; what came before is read.
$ printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sep\n--- !!map\n' > sep.yaml

$ kubectl label --local -f sep.yaml -f good.yaml x=y -o name
configmap/a
configmap/d
error: error parsing sep.yaml: invalid Yaml document separator: !!map
(playground) at line 10

# replace.go also replaces as it reads.
$ kubectl replace -f bad.yaml -f good.yaml
Error from server (NotFound): error when replacing "bad.yaml": configmaps "a" not found
error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7
Error from server (NotFound): error when replacing "good.yaml": configmaps "d" not found

# With --force, kubectl deletes what it read and stops at the error:
# nothing is created again.
$ kubectl apply -f good.yaml
configmap/d created

$ kubectl replace --force -f good.yaml -f bad.yaml
configmap "d" deleted
error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
(playground) at document 2, line 10, column 7

$ kubectl get configmaps -o name
configmap/kube-root-ca.crt
