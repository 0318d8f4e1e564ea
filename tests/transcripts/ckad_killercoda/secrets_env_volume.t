# omkar-shelke25/ckad-killercoda, Secrets-env-volume: setup.sh, the
# solution's commands in step1.md (the edited file written with a
# here-document where it says to edit), then verify.sh's checks (its jq
# filters as jsonpath).
$ kubectl get ns moon >/dev/null 2>&1 || kubectl create namespace moon
namespace/moon created

$ mkdir -p /opt/course/14

$ cat >/opt/course/14/secret-handler.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: secret-handler
  namespace: moon
  labels:
    app: secret-handler
spec:
  containers:
  - name: app
    image: busybox:1.37.0
    command: ["/bin/sh","-c","sleep 1d"]
EOF

$ kubectl apply -f /opt/course/14/secret-handler.yaml
pod/secret-handler created

$ kubectl -n moon wait --for=condition=Ready pod/secret-handler --timeout=120s || true
pod/secret-handler condition met

$ cat >/opt/course/14/secret2.yaml <<'EOF'
apiVersion: v1
kind: Secret
metadata:
  name: secret2
  namespace: moon
type: Opaque
data:
  alpha: YmV0YQ==
  beta: Zm9v
EOF

# The solution.
$ kubectl -n moon create secret generic secret1 --from-literal=user=test --from-literal=pass=pwd
secret/secret1 created

$ kubectl -n moon apply -f /opt/course/14/secret2.yaml
secret/secret2 created

$ cp /opt/course/14/secret-handler.yaml /opt/course/14/secret-handler-new.yaml

$ cat >/opt/course/14/secret-handler-new.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: secret-handler
  namespace: moon
  labels:
    app: secret-handler
spec:
  containers:
  - name: app
    image: busybox:1.37.0
    command: ["/bin/sh","-c","sleep 1d"]
    env:
    - name: SECRET1_USER
      valueFrom:
        secretKeyRef:
          name: secret1
          key: user
    - name: SECRET1_PASS
      valueFrom:
        secretKeyRef:
          name: secret1
          key: pass
    volumeMounts:
    - name: secret2-vol
      mountPath: /tmp/secret2
      readOnly: true
  volumes:
  - name: secret2-vol
    secret:
      secretName: secret2
EOF

# Applying the new spec over the running pod is refused: a pod's
# containers' env and mounts cannot change, hence the delete first.
$ kubectl -n moon apply -f /opt/course/14/secret-handler-new.yaml 2>&1 | head -3
The Pod "secret-handler" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)
  core.PodSpec{
- 	containers[0].env: null

$ kubectl -n moon delete pod secret-handler --ignore-not-found
pod "secret-handler" deleted

$ kubectl -n moon apply -f /opt/course/14/secret-handler-new.yaml
pod/secret-handler created

$ kubectl -n moon wait --for=condition=Ready pod/secret-handler --timeout=120s
pod/secret-handler condition met

# verify.sh
$ kubectl -n moon get secret secret1 -o jsonpath='{.data.user}' | base64 -d; echo
test

$ kubectl -n moon get secret secret1 -o jsonpath='{.data.pass}' | base64 -d; echo
pwd

$ kubectl -n moon get secret secret2
NAME      TYPE     DATA   AGE
secret2   Opaque   2      32s

$ kubectl -n moon get pod secret-handler -o jsonpath='{range .spec.containers[0].env[*]}{.name}={.valueFrom.secretKeyRef.name}/{.valueFrom.secretKeyRef.key}{"\n"}{end}'
SECRET1_USER=secret1/user
SECRET1_PASS=secret1/pass

$ kubectl -n moon get pod secret-handler -o jsonpath='{.spec.containers[0].volumeMounts[?(@.mountPath=="/tmp/secret2")].name} {.spec.volumes[?(@.name=="secret2-vol")].secret.secretName}{"\n"}'
secret2-vol secret2

# Inside the pod: the variables and the mounted keys.
$ kubectl -n moon exec secret-handler -- env | grep SECRET1
SECRET1_USER=test
SECRET1_PASS=pwd

$ kubectl -n moon exec secret-handler -- ls /tmp/secret2
alpha
beta

$ kubectl -n moon exec secret-handler -- cat /tmp/secret2/alpha; echo
beta
