# kubectl create secret docker-registry: the --dry-run=client outputs and
# errors are what kubectl v1.32 prints for the same commands (the config
# JSON as Go marshals it: field order, <>& escaped, an empty email left out).
$ kubectl create secret docker-registry reg --docker-username=u --docker-password=p --docker-email=e@x.com --dry-run=client -o yaml
apiVersion: v1
data:
  .dockerconfigjson: eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiZW1haWwiOiJlQHguY29tIiwiYXV0aCI6ImRUcHcifX19
kind: Secret
metadata:
  creationTimestamp: null
  name: reg
type: kubernetes.io/dockerconfigjson

$ kubectl create secret docker-registry reg --docker-server=ghcr.io --docker-username=u --docker-password=p --dry-run=client -o json
{
    "kind": "Secret",
    "apiVersion": "v1",
    "metadata": {
        "name": "reg",
        "creationTimestamp": null
    },
    "data": {
        ".dockerconfigjson": "eyJhdXRocyI6eyJnaGNyLmlvIjp7InVzZXJuYW1lIjoidSIsInBhc3N3b3JkIjoicCIsImF1dGgiOiJkVHB3In19fQ=="
    },
    "type": "kubernetes.io/dockerconfigjson"
}

$ kubectl create secret docker-registry reg --dry-run=client -o yaml
error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required

$ kubectl create secret docker-registry reg --docker-username=u --dry-run=client
error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required

$ kubectl create secret docker-registry reg --docker-username=u --docker-password=p --docker-server= --dry-run=client
error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required

$ kubectl create secret docker-registry reg --docker-username='ü"x' --docker-password='a&b<c>' --docker-server=r --dry-run=client -o jsonpath='{.data.\.dockerconfigjson}'
eyJhdXRocyI6eyJyIjp7InVzZXJuYW1lIjoiw7xcIngiLCJwYXNzd29yZCI6ImFcdTAwMjZiXHUwMDNjY1x1MDAzZSIsImF1dGgiOiJ3N3dpZURwaEptSThZejQ9In19fQ==

$ kubectl create secret docker-registry reg --docker-username=u --docker-password=p -n team --dry-run=client -o yaml
apiVersion: v1
data:
  .dockerconfigjson: eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiYXV0aCI6ImRUcHcifX19
kind: Secret
metadata:
  creationTimestamp: null
  name: reg
  namespace: team
type: kubernetes.io/dockerconfigjson

$ kubectl create secret docker-registry --docker-username=u --docker-password=p --dry-run=client
error: exactly one NAME is required, got 0
See 'kubectl create secret docker-registry -h' for help and examples

$ kubectl create secret docker-registry reg --docker-username=u --docker-password=p --dry-run=client
secret/reg created (dry run)

$ kubectl create secret docker-registry reg --docker-server=registry.example.com --docker-username=ci --docker-password=s3cret --docker-email=ci@example.com
secret/reg created

$ kubectl get secret reg
NAME   TYPE                             DATA   AGE
reg    kubernetes.io/dockerconfigjson   1      0s

$ kubectl describe secret reg
Name:         reg
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  kubernetes.io/dockerconfigjson

Data
====
.dockerconfigjson:  119 bytes

$ kubectl create secret docker-registry reg --docker-username=u --docker-password=p
error: failed to create secret secrets "reg" already exists
