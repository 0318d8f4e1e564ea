$ kubectl create deployment web --image=nginx:1.14.2
deployment.apps/web created

$ kubectl patch deployment web -p '{"spec":{"replicas":3}}'
deployment.apps/web patched

$ kubectl patch deployment web -p '{"spec":{"replicas":3}}'
deployment.apps/web patched (no change)

$ kubectl patch deployment web --type=merge -p 'spec: {minReadySeconds: 5}'
deployment.apps/web patched

$ kubectl patch deployment web --type=json -p '[{"op":"replace","path":"/spec/replicas","value":2}]'
deployment.apps/web patched

$ kubectl get deployment web -o jsonpath='{.spec.replicas} {.spec.minReadySeconds}'
2 5

$ kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.16.1"}]}}}}'
deployment.apps/web patched

$ kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[*].image}'
nginx:1.16.1

$ kubectl patch deployment web -p '{"metadata":{"labels":{"tier":"fe"}}}' --dry-run=client -o jsonpath='{.metadata.labels}'
{"app":"web","tier":"fe"}

$ kubectl patch deployment web -p '{"spec":{"replicas":-1}}'
The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0

$ kubectl patch deployment web --type=xml -p '{}'
error: --type must be one of [json merge strategic], not "xml"

$ kubectl patch deployment web
error: must specify --patch or --patch-file containing the contents of the patch

$ kubectl patch deployment nope -p '{"spec":{"replicas":1}}'
Error from server (NotFound): deployments.apps "nope" not found

$ kubectl replace -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  mode: slow
EOF
Error from server (NotFound): error when replacing "STDIN": configmaps "cfg" not found

$ kubectl create configmap cfg --from-literal=mode=fast
configmap/cfg created

$ kubectl replace -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  mode: slow
EOF
configmap/cfg replaced

$ kubectl get configmap cfg -o jsonpath='{.data.mode}'
slow

$ kubectl replace --force -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  mode: medium
EOF
configmap "cfg" deleted
configmap/cfg replaced

$ kubectl get configmap cfg -o jsonpath='{.data.mode}'
medium

$ kubectl replace
error: must specify one of -f and -k

$ kubectl replace --cascade=foo
error: invalid cascade value (foo). Must be "background", "foreground", or "orphan"

$ kubectl replace --validate=foo --cascade=foo
error: invalid - validate option "foo"; must be one of: strict (or true), warn, ignore (or false)

$ kubectl replace -o wide
error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl replace --grace-period=0 -f x.yaml
error: --grace-period must have --force specified

$ kubectl replace --timeout=5s -f x.yaml
error: --timeout must have --force specified

$ kubectl replace --force --dry-run=client -f x.yaml
error: --dry-run can not be used when --force is set

$ kubectl replace --raw=/api -f a.yaml -f b.yaml
error: --raw can only use a single local file or stdin

$ kubectl replace --raw=api -f a.yaml
error: --raw must be a valid URL path: parse "api": invalid URI for request
