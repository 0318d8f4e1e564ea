# kubectl get --raw: the API server's answer to a GET, printed as it comes.
# The flag errors are kubectl v1.32's (checked against the real binary);
# objects come in the server's encoding: Go's struct field order, compact,
# one trailing newline, and a typed list's items without kind or apiVersion.
$ kubectl get --raw /healthz
ok

$ kubectl get --raw /livez
ok

$ kubectl create namespace raw
namespace/raw created

$ kubectl create configmap settings -n raw --from-literal='mode=<fast>&safe'
configmap/settings created

$ kubectl get --raw /api/v1/namespaces/raw/configmaps/settings
{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"settings","namespace":"raw","uid":"321a63d5-408c-4a84-ab00-cc40f5ecd8eb","resourceVersion":"375","creationTimestamp":"2025-01-01T00:00:02Z"},"data":{"mode":"\u003cfast\u003e\u0026safe"}}

$ kubectl get --raw /api/v1/namespaces/raw/configmaps/missing
Error from server (NotFound): configmaps "missing" not found

$ kubectl get --raw /api/v1/namespaces/nowhere/configmaps
{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"375"},"items":[]}

$ kubectl get --raw /apis/apps/v1/namespaces/raw/deployments/x/scale
error: (playground) --raw does not read the "scale" subresource; kubectl get, logs and describe do

$ kubectl get --raw /api/v1/widgets
Error from server (NotFound): the server could not find the requested resource

$ kubectl get pods --raw /healthz
error: arguments may not be passed when --raw is specified

$ kubectl get --raw /healthz -o json
error: --raw and --output are mutually exclusive

$ kubectl get --raw healthz
error: --raw must be a valid URL path: parse "healthz": invalid URI for request

$ kubectl get --raw /healthz -w
error: --raw may not be specified with other flags that filter the server request or alter the output

$ kubectl get --raw /healthz -l app=web
error: --raw may not be specified with other flags that filter the server request or alter the output
