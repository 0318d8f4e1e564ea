# kubernetes.io "Concepts → Workloads → Pods → User Namespaces". The page's
# pod asks for its own user namespace with hostUsers: false. In v1.32 the
# UserNamespacesSupport feature gate is beta but off by default, so the
# API server drops the field on create, silently: it is a known field,
# so there is no unknown-field warning, and the pod runs in the host's
# user namespace.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: userns
spec:
  hostUsers: false
  containers:
  - name: shell
    command: ["sleep", "infinity"]
    image: debian
EOF
pod/userns created

$ kubectl get pod userns -o jsonpath='hostUsers=[{.spec.hostUsers}]{"\n"}'
hostUsers=[]

$ kubectl get deployment web -o yaml | grep -o '"hostUsers":false'
Error from server (NotFound): deployments.apps "web" not found

# Only the last-applied annotation, the client's copy, still has it.
$ kubectl get pod userns -o yaml | grep hostUsers
      {"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"userns","namespace":"default"},"spec":{"containers":[{"command":["sleep","infinity"],"image":"debian","name":"shell"}],"hostUsers":false}}

# A workload's pod template loses it the same way.
$ kubectl create deployment web --image=nginx --dry-run=client -o yaml | sed 's/^    spec:$/    spec:\n      hostUsers: false/' | kubectl apply -f -
deployment.apps/web created

$ kubectl get deployment web -o jsonpath='hostUsers=[{.spec.template.spec.hostUsers}]{"\n"}'
hostUsers=[]

$ kubectl get deployment web -o yaml | grep -o '"hostUsers":false'
"hostUsers":false
