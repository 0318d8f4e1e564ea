# kubectl edit's error paths (editoptions.go): the server's refusal reopens
# the editor with the reasons on top; saving it unchanged then gives up and
# keeps the file.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl edit deployment/missing
Error from server (NotFound): deployments.apps "missing" not found

$ KUBE_EDITOR="sed -i 's/replicas: 2/replicas: -1/'" kubectl edit deployment web
error: deployments.apps "web" is invalid
A copy of your changes has been stored to "/tmp/kubectl-edit-3858214167.yaml"
error: Edit cancelled, no valid changes were saved.

$ ls /tmp
kubectl-edit-3234465636.yaml
kubectl-edit-3858214167.yaml

$ head -8 /tmp/kubectl-edit-3858214167.yaml
# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
# deployments.apps "web" was not valid:
# * spec.replicas: Invalid value: -1: must be greater than or equal to 0
#
apiVersion: apps/v1

# The editor runs again and fixes it: the edit goes through.
$ KUBE_EDITOR="sed -i -e 's/replicas: -1/replicas: 4/' -e 's/replicas: 2/replicas: -1/'" kubectl edit deployment web
error: deployments.apps "web" is invalid
deployment.apps/web edited

$ kubectl get deployment web -o jsonpath='{.spec.replicas}{"\n"}'
4

# A syntax error reopens the file with the parser's error.
$ KUBE_EDITOR="sed -i 's/^spec:\$/spec: [/'" kubectl edit deployment web
A copy of your changes has been stored to "/tmp/kubectl-edit-3220181715.yaml"
error: Edit cancelled, no valid changes were saved.

$ head -6 /tmp/kubectl-edit-3220181715.yaml
# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
# The edited file had a syntax error: error parsing edited-file: error converting YAML to JSON: yaml: line 18: did not find expected ',' or '}'
#

# apiVersion, kind and name cannot change.
$ KUBE_EDITOR="sed -i 's/^kind: Deployment/kind: StatefulSet/'" kubectl edit deployment web
A copy of your changes has been stored to "/tmp/kubectl-edit-915449410.yaml"
error: At least one of apiVersion, kind and name was changed

$ KUBE_EDITOR="sed -i 's/^  name: web/  name: web2/'" kubectl edit deployment web
A copy of your changes has been stored to "/tmp/kubectl-edit-1105711229.yaml"
error: At least one of apiVersion, kind and name was changed

$ KUBE_EDITOR="sed -i 's/^kind: Deployment/kind: Deploymint/'" kubectl edit deployment web
A copy of your changes has been stored to "/tmp/kubectl-edit-3424727455.yaml"
error: Edit cancelled, no valid changes were saved.

# Nor the namespace.
$ KUBE_EDITOR="sed -i 's/namespace: default/namespace: kube-system/'" kubectl edit deployment web
A copy of your changes has been stored to "/tmp/kubectl-edit-1119995150.yaml"
error: the namespace from the provided object "kube-system" does not match the namespace "default". You must pass '--namespace=kube-system' to perform this operation.

# A stale resourceVersion is a conflict: kubectl suggests replace -f.
$ KUBE_EDITOR="sed -i 's/resourceVersion: .*/resourceVersion: \"1\"/'" kubectl edit deployment web
error: deployments.apps "web" could not be patched: Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again
You can run `kubectl replace -f /tmp/kubectl-edit-2177230393.yaml` to try this update again.

# An unknown field: the server's strict field validation refuses the patch.
$ KUBE_EDITOR="sed -i 's/^  replicas: 4/  replica: 4/'" kubectl edit deployment web
error: deployments.apps "web" is invalid
A copy of your changes has been stored to "/tmp/kubectl-edit-2786695003.yaml"
error: Edit cancelled, no valid changes were saved.

$ grep -A2 'was not valid' /tmp/kubectl-edit-2786695003.yaml
# deployments.apps "web" was not valid:
# * patch: Invalid value: "map[spec:map[replica:4 replicas:<nil>]]": strict decoding error: unknown field "spec.replica"
#

$ KUBE_EDITOR="sed -i 's/^  progressDeadlineSeconds: 600/  progressDeadline: 600/'" kubectl edit deployment web --validate=warn
Warning: unknown field "spec.progressDeadline"
deployment.apps/web edited

# The object went away while the editor ran.
$ kubectl create configmap gone --from-literal=a=1
configmap/gone created

$ KUBE_EDITOR="kubectl delete configmap gone >/dev/null; sed -i 's/a: \"1\"/a: \"2\"/'" kubectl edit configmap gone
error: configmaps "gone" could not be found on the server
The edits you made on deleted resources have been saved to "/tmp/kubectl-edit-672224517.yaml"

# A list that matches nothing.
$ kubectl edit deployments -n kube-public
error: edit cancelled, no objects found

# kubectl edit inside the editor of another.
$ KUBE_EDITOR="kubectl edit deployment web; true" kubectl edit deployment web
error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'
error: there was a problem with the editor "kubectl edit deployment web; true"

# edit supports only the status subresource.
$ kubectl edit deployment web --subresource=scale
error: invalid subresource value: "scale". Must be one of [status]

# The status endpoint keeps only the status part of the change.
$ kubectl rollout status deployment/web >/dev/null

$ KUBE_EDITOR="sed -i 's/^  replicas: 4\$/  replicas: 9/'" kubectl edit deployment web --subresource=status
deployment.apps/web edited

$ kubectl get deployment web -o jsonpath='{.spec.replicas} {.status.replicas}{"\n"}'
4 9

# Who may read it may still not patch it: the patch's Forbidden is retryable.
$ kubectl create role cm-reader --verb=get --resource=configmaps
role.rbac.authorization.k8s.io/cm-reader created

$ kubectl create rolebinding jane-read --role=cm-reader --user=jane
rolebinding.rbac.authorization.k8s.io/jane-read created

$ kubectl create configmap kept --from-literal=a=1
configmap/kept created

$ KUBE_EDITOR=true kubectl edit deployment web --as=jane
Error from server (Forbidden): deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"

$ KUBE_EDITOR="sed -i 's/a: \"1\"/a: \"2\"/'" kubectl edit configmap kept --as=jane
error: configmaps "kept" could not be patched: configmaps "kept" is forbidden: User "jane" cannot patch resource "configmaps" in API group "" in the namespace "default"
You can run `kubectl replace -f /tmp/kubectl-edit-686508438.yaml` to try this update again.
