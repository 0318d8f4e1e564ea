# omkar-shelke25/cka-killercoda, config-secret: step1.md's reference
# solution, line by line (the scenario's setup makes the namespace).

$ kubectl create namespace apps
namespace/apps created

$ kubectl -n apps create configmap app-config --from-literal=database.url='postgres://db.example.com:5432/production'
configmap/app-config created

$ kubectl -n apps create secret generic api-credentials --from-literal=api.key='s3cr3t-ap1-k3y-f0r-pr0d'
secret/api-credentials created

# As written, the flags after `--` are the container's arguments, not
# kubectl's: nothing is dry-run, the pod is created, and pod.yaml holds
# kubectl's message.
$ kubectl -n apps run app-pod --image=busybox:1.36 --command -- sh -c "tail -f /dev/null" --dry-run=client -o yaml > pod.yaml

$ cat pod.yaml
pod/app-pod created

$ kubectl -n apps get pod app-pod -o jsonpath='{.spec.containers[0].command}{"\n"}'
["sh","-c","tail -f /dev/null","--dry-run=client","-o","yaml"]

# The reference YAML, applied over the pod the line above made: a pod
# cannot gain a container, so the learner deletes it first.
$ cat > pod.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: app-pod
  namespace: apps
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["/bin/sh","-c","tail -f /dev/null"]
    env:
    - name: DATABASE_URL
      valueFrom:
        configMapKeyRef:
          name: app-config
          key: database.url
    - name: API_KEY
      valueFrom:
        secretKeyRef:
          name: api-credentials
          key: api.key
EOF

$ kubectl apply -f pod.yaml
Warning: resource pods/app-pod is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
The Pod "app-pod" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers

$ kubectl -n apps delete pod app-pod --now
pod "app-pod" deleted

$ kubectl apply -f pod.yaml
pod/app-pod created

$ kubectl -n apps wait --for=condition=Ready pod/app-pod
pod/app-pod condition met

$ kubectl -n apps exec app-pod -- env | grep -E 'DATABASE_URL|API_KEY'
DATABASE_URL=postgres://db.example.com:5432/production
API_KEY=s3cr3t-ap1-k3y-f0r-pr0d

$ kubectl -n apps get pod app-pod -o jsonpath='{.spec.containers[0].env[*].name}{"\n"}'
DATABASE_URL API_KEY

$ kubectl -n apps get secret api-credentials -o jsonpath='{.data.api\.key}' | base64 -d
s3cr3t-ap1-k3y-f0r-pr0d
