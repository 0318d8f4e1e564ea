# kubernetes.io's kubectl Quick Reference, "Kubectl autocomplete" and
# "Creating objects", line by line on the playground's kind cluster. The
# page's kubeconfig section is tests/transcripts/kubectl/config*.t's.
# The terminal completes with Tab without a script; the alias and
# complete lines run as bash's builtins.
$ source <(kubectl completion bash)
(playground) the terminal completes kubectl's commands, flags and names with Tab

$ alias k=kubectl

$ complete -o default -F __start_kubectl k

$ k get ns
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# "A note on --all-namespaces": -A is its shorthand.
$ kubectl get pods -A --field-selector=metadata.namespace=default
No resources found

# The page's files are written first; a transcript has no ./dir of its
# own, so the first try fails as it would on a real machine.
$ kubectl apply -f ./my-manifest.yaml
error: the path "./my-manifest.yaml" does not exist
(playground) no file named ./my-manifest.yaml here: write it first (cat <<EOF > ./my-manifest.yaml … EOF) or pass the manifest on standard input with -f -

$ cat > ./my-manifest.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: my-config
data:
  a: "1"
EOF

$ kubectl apply -f ./my-manifest.yaml
configmap/my-config created

$ cat > ./my1.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
EOF

$ cat > ./my2.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
EOF

$ kubectl apply -f ./my1.yaml -f ./my2.yaml
configmap/one created
configmap/two created

$ kubectl apply -f ./dir
error: the path "./dir" does not exist
(playground) no file named ./dir here: write it first (cat <<EOF > ./dir … EOF) or pass the manifest on standard input with -f -

$ cat > ./dir/a.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: in-dir
EOF

$ kubectl apply -f ./dir
configmap/in-dir created

# The page says example.com holds no manifest; the terminal downloads
# nothing at all.
$ kubectl apply -f https://example.com/manifest.yaml
error: Get "https://example.com/manifest.yaml": dial tcp: lookup example.com: no such host
(playground) the playground did not download https://example.com/manifest.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl create deployment nginx --image=nginx
deployment.apps/nginx created

$ kubectl create job hello --image=busybox:1.28 -- echo "Hello World"
job.batch/hello created

$ kubectl create cronjob hello --image=busybox:1.28   --schedule="*/1 * * * *" -- echo "Hello World"
cronjob.batch/hello created

# The CronJob keeps the cluster busy every minute: half a minute is
# enough for the Job.
$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (30 steps ran)

$ kubectl logs job/hello
Hello World

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: busybox-sleep
spec:
  containers:
  - name: busybox
    image: busybox:1.28
    args:
    - sleep
    - "1000000"
---
apiVersion: v1
kind: Pod
metadata:
  name: busybox-sleep-less
spec:
  containers:
  - name: busybox
    image: busybox:1.28
    args:
    - sleep
    - "1000"
EOF
pod/busybox-sleep created
pod/busybox-sleep-less created

# The here-document's $(…) run before kubectl reads it.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: mysecret
type: Opaque
data:
  password: $(echo -n "s33msi4" | base64 -w0)
  username: $(echo -n "jane" | base64 -w0)
EOF
secret/mysecret created

$ kubectl get secret mysecret -o jsonpath='{.data}'
{"password":"czMzbXNpNA==","username":"amFuZQ=="}
