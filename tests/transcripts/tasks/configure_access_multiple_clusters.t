# Configure Access to Multiple Clusters (kubernetes.io task): a kubeconfig
# file of one's own, edited with `kubectl config --kubeconfig=FILE`, then
# merged with a second file and the default one through KUBECONFIG. Every
# `kubectl config` line here is client-side: the outputs are what kubectl
# v1.32 prints for the same files. The playground's terminal has no `cd`:
# the config-exercise directory is the playground's working directory
# (/root), so files and the paths kubectl writes are relative to it.
$ kubectl version --client
Client Version: v1.32.0
Kustomize Version: v5.5.0

$ cat <<EOF > config-demo
apiVersion: v1
kind: Config
preferences: {}

clusters:
- cluster:
  name: development
- cluster:
  name: test

users:
- name: developer
- name: experimenter

contexts:
- context:
  name: dev-frontend
- context:
  name: dev-storage
- context:
  name: exp-test
EOF

$ kubectl config --kubeconfig=config-demo set-cluster development --server=https://1.2.3.4 --certificate-authority=fake-ca-file
Cluster "development" set.

$ kubectl config --kubeconfig=config-demo set-cluster test --server=https://5.6.7.8 --insecure-skip-tls-verify
Cluster "test" set.

# The page's command says fake-key-seefile; its output below says fake-key-file.
$ kubectl config --kubeconfig=config-demo set-credentials developer --client-certificate=fake-cert-file --client-key=fake-key-seefile
User "developer" set.

$ kubectl config --kubeconfig=config-demo set-credentials experimenter --username=exp --password=some-password
User "experimenter" set.

# The file already names the three contexts: kubectl says "modified".
$ kubectl config --kubeconfig=config-demo set-context dev-frontend --cluster=development --namespace=frontend --user=developer
Context "dev-frontend" modified.

$ kubectl config --kubeconfig=config-demo set-context dev-storage --cluster=development --namespace=storage --user=developer
Context "dev-storage" modified.

$ kubectl config --kubeconfig=config-demo set-context exp-test --cluster=test --namespace=default --user=experimenter
Context "exp-test" modified.

# kubectl v1.32 shows the password as REDACTED (the page shows it; --raw
# would); the CA path stays relative to the file's directory.
$ kubectl config --kubeconfig=config-demo view
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
- cluster:
    insecure-skip-tls-verify: true
    server: https://5.6.7.8
  name: test
contexts:
- context:
    cluster: development
    namespace: frontend
    user: developer
  name: dev-frontend
- context:
    cluster: development
    namespace: storage
    user: developer
  name: dev-storage
- context:
    cluster: test
    namespace: default
    user: experimenter
  name: exp-test
current-context: ""
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile
- name: experimenter
  user:
    password: REDACTED
    username: exp

# The file itself, as kubectl wrote it.
$ cat config-demo
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
- cluster:
    insecure-skip-tls-verify: true
    server: https://5.6.7.8
  name: test
contexts:
- context:
    cluster: development
    namespace: frontend
    user: developer
  name: dev-frontend
- context:
    cluster: development
    namespace: storage
    user: developer
  name: dev-storage
- context:
    cluster: test
    namespace: default
    user: experimenter
  name: exp-test
current-context: ""
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile
- name: experimenter
  user:
    password: some-password
    username: exp

$ kubectl config --kubeconfig=config-demo use-context dev-frontend
Switched to context "dev-frontend".

$ kubectl config --kubeconfig=config-demo view --minify
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
contexts:
- context:
    cluster: development
    namespace: frontend
    user: developer
  name: dev-frontend
current-context: dev-frontend
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile

$ kubectl config --kubeconfig=config-demo use-context exp-test
Switched to context "exp-test".

$ kubectl config --kubeconfig=config-demo view --minify
apiVersion: v1
clusters:
- cluster:
    insecure-skip-tls-verify: true
    server: https://5.6.7.8
  name: test
contexts:
- context:
    cluster: test
    namespace: default
    user: experimenter
  name: exp-test
current-context: exp-test
kind: Config
preferences: {}
users:
- name: experimenter
  user:
    password: REDACTED
    username: exp

$ kubectl config --kubeconfig=config-demo use-context dev-storage
Switched to context "dev-storage".

$ kubectl config --kubeconfig=config-demo view --minify
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
contexts:
- context:
    cluster: development
    namespace: storage
    user: developer
  name: dev-storage
current-context: dev-storage
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile

# The playground's own kubeconfig is untouched: kind's context is current.
$ kubectl config current-context
kind-kubeplay

$ cat <<EOF > config-demo-2
apiVersion: v1
kind: Config
preferences: {}

contexts:
- context:
    cluster: development
    namespace: ramp
    user: developer
  name: dev-ramp-up
EOF

$ export KUBECONFIG_SAVED="$KUBECONFIG"

$ export KUBECONFIG="${KUBECONFIG}:config-demo:config-demo-2"

# The merge: the four contexts, and config-demo's current context.
$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
- cluster:
    insecure-skip-tls-verify: true
    server: https://5.6.7.8
  name: test
contexts:
- context:
    cluster: development
    namespace: frontend
    user: developer
  name: dev-frontend
- context:
    cluster: development
    namespace: ramp
    user: developer
  name: dev-ramp-up
- context:
    cluster: development
    namespace: storage
    user: developer
  name: dev-storage
- context:
    cluster: test
    namespace: default
    user: experimenter
  name: exp-test
current-context: dev-storage
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile
- name: experimenter
  user:
    password: REDACTED
    username: exp

$ kubectl config get-contexts
CURRENT   NAME           CLUSTER       AUTHINFO       NAMESPACE
          dev-frontend   development   developer      frontend
          dev-ramp-up    development   developer      ramp
*         dev-storage    development   developer      storage
          exp-test       test          experimenter   default

# Commands now go to dev-storage's cluster, through its user; the files
# the config names are resolved against its directory, as kubectl does,
# and are not there.
$ kubectl get pods
Error in configuration:
* unable to read client-cert /root/fake-cert-file for developer due to open /root/fake-cert-file: no such file or directory
* unable to read client-key /root/fake-key-seefile for developer due to open /root/fake-key-seefile: no such file or directory
* unable to read certificate-authority /root/fake-ca-file for development due to open /root/fake-ca-file: no such file or directory

# The playground's terminal has no HOME (echo $HOME prints an empty
# line), so ${HOME}/.kube/config names nothing here; its kubeconfig is
# /root/.kube/config, kept in memory (there is no ~/.kube directory to
# list), which KUBECONFIG may name.
$ export KUBECONFIG="${KUBECONFIG}:/root/.kube/config"

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority: fake-ca-file
    server: https://1.2.3.4
  name: development
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
- cluster:
    insecure-skip-tls-verify: true
    server: https://5.6.7.8
  name: test
contexts:
- context:
    cluster: development
    namespace: frontend
    user: developer
  name: dev-frontend
- context:
    cluster: development
    namespace: ramp
    user: developer
  name: dev-ramp-up
- context:
    cluster: development
    namespace: storage
    user: developer
  name: dev-storage
- context:
    cluster: test
    namespace: default
    user: experimenter
  name: exp-test
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: dev-storage
kind: Config
preferences: {}
users:
- name: developer
  user:
    client-certificate: fake-cert-file
    client-key: fake-key-seefile
- name: experimenter
  user:
    password: REDACTED
    username: exp
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl get ns --context=kind-kubeplay
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# A change goes to the file the entry came from: dev-ramp-up's is config-demo-2.
$ kubectl config set-context dev-ramp-up --namespace=ramp-up
Context "dev-ramp-up" modified.

$ cat config-demo-2
apiVersion: v1
clusters: null
contexts:
- context:
    cluster: development
    namespace: ramp-up
    user: developer
  name: dev-ramp-up
current-context: ""
kind: Config
preferences: {}
users: null

# A new current context goes to the first file listed that exists.
$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".

$ grep current-context config-demo
current-context: kind-kubeplay

$ kubectl auth whoami
ATTRIBUTE   VALUE
Username    kubernetes-admin
Groups      [kubeadm:cluster-admins system:authenticated]

$ export KUBECONFIG="$KUBECONFIG_SAVED"

$ kubectl config current-context
kind-kubeplay

$ kubectl auth whoami
ATTRIBUTE   VALUE
Username    kubernetes-admin
Groups      [kubeadm:cluster-admins system:authenticated]
