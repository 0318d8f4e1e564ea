# kubernetes.io's kubectl Quick Reference (reference/kubectl/quick-reference),
# walked top to bottom on the playground's kind cluster: part 1,
# "Kubectl autocomplete", "Kubectl context and configuration" and
# "Creating objects". The terminal completes with Tab without a script,
# so sourcing a completion script says so; the alias and complete lines
# run as bash's builtins.
$ kubectl version
Client Version: v1.32.0
Kustomize Version: v5.5.0
Server Version: v1.32.0

$ source <(kubectl completion bash)
(playground) the terminal completes kubectl's commands, flags and names with Tab

$ echo "source <(kubectl completion bash)" >> ~/.bashrc

$ alias k=kubectl

$ complete -o default -F __start_kubectl k

$ k get ns
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

$ source <(kubectl completion zsh)
(playground) the terminal completes kubectl's commands, flags and names with Tab

$ echo '[[ $commands[kubectl] ]] && source <(kubectl completion zsh)' >> ~/.zshrc

# fish's line: the terminal's shell is bash-like; its source reads only
# the bash and zsh completion scripts, which it needs none of.
$ echo 'kubectl completion fish | source' > ~/.config/fish/completions/kubectl.fish && source ~/.config/fish/completions/kubectl.fish
source: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

# "A note on --all-namespaces": -A belongs to the commands that list
# (get, events, describe…), not to kubectl itself. Written before the
# command, kubectl takes the words for a plugin's name and refuses.
$ kubectl -A
error: unknown shorthand flag: 'A' in -A
See 'kubectl --help' for usage.

$ kubectl -A get pods
Error: flags cannot be placed before plugin name: -A

$ kubectl get pods -A --field-selector=metadata.namespace=kube-system,spec.nodeName=kubeplay-worker
NAMESPACE     NAME               READY   STATUS    RESTARTS   AGE
kube-system   kindnet-fghbd      1/1     Running   0          2s
kube-system   kube-proxy-rm9bv   1/1     Running   0          2s

# Kubectl context and configuration: kind's kubeconfig, one context.
$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

# The page's line only sets a shell variable: not exported, kubectl
# never sees it, and the view is the same. Exported, the missing second
# file is skipped and the first is read.
$ KUBECONFIG=~/.kube/config:~/.kube/kubconfig2

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ echo $KUBECONFIG
/root/.kube/config:/root/.kube/kubconfig2

$ export KUBECONFIG

$ kubectl config get-contexts -o name
kind-kubeplay

$ unset KUBECONFIG

$ kubectl config view --raw
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCmEzVmlaWEJzWVhrNklIUm9aU0J6YVcxMWJHRjBaV1FnWTJ4MWMzUmxjaUJvWVhNZ2JtOGdjbVZoYkNCalpYSjAKYVdacFkyRjBaU0JoZFhSb2IzSnBkSGs3SUhSb2FYTWdkR1Y0ZENCdmJteDVJSE4wWVc1a2N5QjNhR1Z5WlNCcgphVzVrSUhCMWRITWdhWFJ6SUhKdmIzUWdRMEVnWTJWeWRHbG1hV05oZEdVdQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJaRENDQVM2Z0F3SUJBZ0lSQUtzaGxtZ1o3SlJtQUFBQUFBQUFBQUF3RFFZSktvWklodmNOQVFFTEJRQXcKRlRFVE1CRUdBMVVFQXd3S2EzVmlaWEp1WlhSbGN6QWVGdzB5TkRFeU16RXlNelUxTURCYUZ3MHlOVEV5TXpFeQpNelUxTURCYU1Ed3hIekFkQmdOVkJBb1RGbXQxWW1WaFpHMDZZMngxYzNSbGNpMWhaRzFwYm5NeEdUQVhCZ05WCkJBTVRFR3QxWW1WeWJtVjBaWE10WVdSdGFXNHdXVEFUQmdjcWhrak9QUUlCQmdncWhrak9QUU1CQndOQ0FBUmgKUnVORGxwQ0xJM3J2WERoVnlDMTluVU43RURpdXpJQlFhVmx1U2ZOV1hpSVhkTnB2UUJ5anhMQzErWkk0bGVmMgpFQVBmV2hFajl5SGpBMUpyME91Vm96VXdNekFPQmdOVkhROEJBZjhFQkFNQ0JhQXdFd1lEVlIwbEJBd3dDZ1lJCkt3WUJCUVVIQXdJd0RBWURWUjBUQVFIL0JBSXdBREFOQmdrcWhraUc5dzBCQVFzRkFBTWhBUHBVeDhZYnl2cEkKK2xUSXhodksrL3Y2Vk1uR0c4cjlydnBVeXNZYnl2OWgKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=
    client-key-data: LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUk1dktYQWE1VTJtMFgvY240dVhvS0dqMThDUHVqWHh6aUdnZ1F2a3lETHZvQW9HQ0NxR1NNNDkKQXdFSG9VUURRZ0FFWVVialE1YVFpeU42NzF3NFZjZ3RmWjFEZXhBNHJzeUFVR2xaYmtuelZsNGlGM1RhYjBBYwpvOFN3dGZtU09KWG45aEFEMzFvUkkvY2g0d05TYTlEcmxRPT0KLS0tLS1FTkQgRUMgUFJJVkFURSBLRVktLS0tLQo=

# No user e2e yet: the filters match nothing, and print nothing.
$ kubectl config view -o jsonpath='{.users[?(@.name == "e2e")].user.password}'

$ kubectl config view --raw -o jsonpath='{.users[?(.name == "e2e")].user.client-certificate-data}' | base64 -d

# With a user e2e (a password, and a client certificate copied from
# kind's user), the same lines find it; without --raw the password
# is redacted.
$ kubectl config set-credentials e2e --username=admin --password=s3cr3t
User "e2e" set.

$ kubectl config set users.e2e.client-certificate-data $(kubectl config view --raw -o jsonpath='{.users[?(@.name == "kind-kubeplay")].user.client-certificate-data}')
Property "users.e2e.client-certificate-data" set.

$ kubectl config view -o jsonpath='{.users[?(@.name == "e2e")].user.password}'
REDACTED

$ kubectl config view --raw -o jsonpath='{.users[?(@.name == "e2e")].user.password}'
s3cr3t

$ kubectl config view --raw -o jsonpath='{.users[?(.name == "e2e")].user.client-certificate-data}' | base64 -d | head -1
-----BEGIN CERTIFICATE-----

$ kubectl config view -o jsonpath='{.users[].name}'
e2e

$ kubectl config view -o jsonpath='{.users[*].name}'
e2e kind-kubeplay

$ kubectl config get-contexts
CURRENT   NAME            CLUSTER         AUTHINFO        NAMESPACE
*         kind-kubeplay   kind-kubeplay   kind-kubeplay

$ kubectl config get-contexts -o name
kind-kubeplay

$ kubectl config current-context
kind-kubeplay

$ kubectl config use-context my-cluster-name
error: no context exists with the name: "my-cluster-name"

$ kubectl config set-cluster my-cluster-name
Cluster "my-cluster-name" set.

$ kubectl config set-cluster my-cluster-name --proxy-url=my-proxy-url
Cluster "my-cluster-name" set.

$ kubectl config set-credentials kubeuser/foo.kubernetes.com --username=kubeuser --password=kubepassword
User "kubeuser/foo.kubernetes.com" set.

$ kubectl config set-context --current --namespace=ggckad-s2
Context "kind-kubeplay" modified.

$ kubectl config set-context gce --user=cluster-admin --namespace=foo \
>   && kubectl config use-context gce
Context "gce" created.
Switched to context "gce".

$ kubectl config unset users.foo
Property "users.foo" unset.

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
- cluster:
    proxy-url: my-proxy-url
    server: ""
  name: my-cluster-name
contexts:
- context:
    cluster: ""
    namespace: foo
    user: cluster-admin
  name: gce
- context:
    cluster: kind-kubeplay
    namespace: ggckad-s2
    user: kind-kubeplay
  name: kind-kubeplay
current-context: gce
kind: Config
preferences: {}
users:
- name: e2e
  user:
    client-certificate-data: DATA+OMITTED
    password: REDACTED
    username: admin
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED
- name: kubeuser/foo.kubernetes.com
  user:
    password: REDACTED
    username: kubeuser

# The page's two aliases define a function f and call it; kn's second
# half needs the current context's user to exist (gce names
# cluster-admin, which is nowhere), as --minify does.
$ alias kx='f() { [ "$1" ] && kubectl config use-context $1 || kubectl config current-context ; } ; f'

$ alias kn='f() { [ "$1" ] && kubectl config set-context --current --namespace $1 || kubectl config view --minify | grep namespace | cut -d" " -f6 ; } ; f'

$ kx
gce

$ kn
error: cannot locate user cluster-admin

$ kx kind-kubeplay
Switched to context "kind-kubeplay".

$ kn
ggckad-s2

$ kn default
Context "kind-kubeplay" modified.

$ kn
default

$ kubectl get pods
No resources found in default namespace.

# Creating objects. The page's files are the reader's own: written first.
$ kubectl apply -f ./my-manifest.yaml
error: the path "./my-manifest.yaml" does not exist
(playground) no file named ./my-manifest.yaml here: write it first (cat <<EOF > ./my-manifest.yaml … EOF) or pass the manifest on standard input with -f -

# my-manifest.yaml: one ConfigMap
$ cat > ./my-manifest.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: my-config
data:
  color: blue
EOF

$ kubectl apply -f ./my-manifest.yaml
configmap/my-config created

# my1.yaml and my2.yaml: a Service and the Deployment behind it
$ cat > ./my1.yaml <<EOF
apiVersion: v1
kind: Service
metadata:
  name: my-app
spec:
  selector:
    app: my-app
  ports:
  - port: 80
EOF

$ cat > ./my2.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-app
spec:
  selector:
    matchLabels:
      app: my-app
  template:
    metadata:
      labels:
        app: my-app
    spec:
      containers:
      - name: nginx
        image: nginx
EOF

$ kubectl apply -f ./my1.yaml -f ./my2.yaml
service/my-app created
deployment.apps/my-app created

# ./dir: two manifests, applied in file name order
$ mkdir dir

$ cat > ./dir/a.yaml <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: from-dir-a
EOF

$ cat > ./dir/b.json <<EOF
{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "from-dir-b"}}
EOF

$ kubectl apply -f ./dir
configmap/from-dir-a created
configmap/from-dir-b created

$ kubectl apply -f https://example.com/manifest.yaml
error: Get "https://example.com/manifest.yaml": dial tcp: lookup example.com: no such host
(playground) the playground did not download https://example.com/manifest.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl create deployment nginx --image=nginx
deployment.apps/nginx created

$ kubectl create job hello --image=busybox:1.28 -- echo "Hello World"
job.batch/hello created

$ kubectl create cronjob hello --image=busybox:1.28   --schedule="*/1 * * * *" -- echo "Hello World"
cronjob.batch/hello created

$ kubectl explain pods
KIND:       Pod
VERSION:    v1

DESCRIPTION:
    The smallest thing Kubernetes runs: one or more containers scheduled
    together on a node, sharing an IP address.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (v1).

  kind	<string>
    The kind of object (Pod).

  metadata	<ObjectMeta>
    Name, namespace, labels and other identifying data.

  spec	<PodSpec>
    The containers to run and how.

  status	<PodStatus>
    What the kubelet last reported. Read-only.

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

$ kubectl get secret mysecret -o go-template='{{.data.password | base64decode}} {{.data.username | base64decode}}{{"\n"}}'
s33msi4 jane

# A minute later: the Job has printed, the CronJob has run once.
$ sim advance 1m
advanced 60s to 2025-01-01T00:01:02Z (72 steps ran)

$ kubectl logs job/hello
Hello World

$ kubectl get jobs,cronjobs
NAME                       STATUS     COMPLETIONS   DURATION   AGE
job.batch/hello            Complete   1/1           2s         60s
job.batch/hello-28928161   Running    0/1           1s         1s

NAME                  SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
cronjob.batch/hello   */1 * * * *   <none>     False     1        2s              60s

$ kubectl get pods
NAME                      READY   STATUS              RESTARTS   AGE
busybox-sleep             1/1     Running             0          60s
busybox-sleep-less        1/1     Running             0          60s
hello-28928161-scdtr      0/1     ContainerCreating   0          1s
hello-72qw9               0/1     Completed           0          60s
my-app-595c55887b-lmwvd   1/1     Running             0          60s
nginx-76f77dbcc8-mdpmf    1/1     Running             0          60s
