# kubectl config's clusters and users: set-cluster and set-credentials
# merge the flags given into an entry (made if new), --embed-certs reads
# the file into the kubeconfig, view shortens credentials unless --raw,
# set and unset reach single fields, delete-cluster and delete-user remove
# entries. The outputs and errors are what kubectl v1.32 prints on a
# kubeconfig like the playground's (kind's cluster, user and context),
# relative paths made absolute from the home directory, /root.
$ kubectl config get-clusters
NAME
kind-kubeplay

$ kubectl config get-users
NAME
kind-kubeplay

$ cat > ca.crt <<EOF
-----BEGIN CERTIFICATE-----
MIIBdzCCAR2gAwIBAgIBADAKBggqhkjOPQQDAjAVMRMwEQYDVQQDEwprdWJlcm5l
-----END CERTIFICATE-----
EOF

$ kubectl config set-cluster e2e --server=https://1.2.3.4 --certificate-authority=ca.crt
Cluster "e2e" set.

$ kubectl config set-cluster e2e --insecure-skip-tls-verify=true --certificate-authority=ca.crt
error: you cannot specify a certificate authority and insecure mode at the same time

$ kubectl config set-cluster e2e --embed-certs --certificate-authority=nope.crt
error: could not stat certificate-authority file nope.crt: stat nope.crt: no such file or directory

$ kubectl config set-cluster e2e --embed-certs
error: you must specify a --certificate-authority to embed

$ kubectl config set-cluster e2e --embed-certs --certificate-authority=ca.crt --tls-server-name=my-cluster-name
Cluster "e2e" set.

$ kubectl config set-cluster
Set a cluster entry in kubeconfig

Usage:
  kubectl config set-cluster [flags]

Flags:
      --certificate-authority      default ''
      --embed-certs                default false
      --insecure-skip-tls-verify   default false
      --proxy-url                  default ''
      --server                     default ''
      --tls-server-name            default ''

(playground) a short summary; the kubectl reference documentation has each command's full help.
error: Unexpected args: []

$ kubectl config set-credentials cluster-admin --username=admin --password=uXFGweU9l35qcif
User "cluster-admin" set.

$ kubectl config set-credentials cluster-admin --token=abc --username=a
error: you cannot specify more than one authentication method at the same time: --token, --username/--password

$ kubectl config set-credentials cluster-admin --auth-provider=oidc --auth-provider-arg=client-id=foo --auth-provider-arg=client-secret=bar
User "cluster-admin" set.

$ kubectl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=client.authentication.k8s.io/v1beta1 --exec-arg=arg1 --exec-env=key1=val1
User "cluster-admin" set.

$ kubectl config set-credentials cluster-admin --auth-provider-arg=client-secret-
User "cluster-admin" set.

$ kubectl config set-credentials cluster-admin --auth-provider-arg=client-secret
Set a user entry in kubeconfig

Usage:
  kubectl config set-credentials [flags]

Flags:
      --auth-provider        default ''
      --auth-provider-arg    default []
      --client-certificate   default ''
      --client-key           default ''
      --embed-certs          default false
      --exec-api-version     default ''
      --exec-arg             default []
      --exec-command         default ''
      --exec-env             default []
      --password             default ''
      --token                default ''
      --username             default ''

(playground) a short summary; the kubectl reference documentation has each command's full help.
error: invalid auth-provider-arg format: client-secret

$ kubectl config set-credentials jane --client-certificate=certs/jane.crt --client-key=certs/jane.key
User "jane" set.

$ kubectl config set-credentials jane --client-certificate=certs/jane.crt --embed-certs
error: could not stat client-certificate file certs/jane.crt: stat certs/jane.crt: no such file or directory

$ kubectl config get-users
NAME
cluster-admin
jane
kind-kubeplay

$ kubectl config set-context e2e --cluster=e2e --user=cluster-admin
Context "e2e" created.

$ kubectl config view
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://1.2.3.4
    tls-server-name: my-cluster-name
  name: e2e
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kind-kubeplay
contexts:
- context:
    cluster: e2e
    user: cluster-admin
  name: e2e
- context:
    cluster: kind-kubeplay
    user: kind-kubeplay
  name: kind-kubeplay
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: cluster-admin
  user:
    auth-provider:
      config:
        client-id: foo
      name: oidc
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      args:
      - arg1
      command: /path/to/the/executable
      env:
      - name: key1
        value: val1
      interactiveMode: IfAvailable
      provideClusterInfo: false
    password: REDACTED
    username: admin
- name: jane
  user:
    client-certificate: /root/certs/jane.crt
    client-key: /root/certs/jane.key
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config set users.cluster-admin.token abc
Property "users.cluster-admin.token" set.

$ kubectl config set users.cluster-admin.exec.command foo
error: unable to parse one or more field values of users.cluster-admin.exec.command

$ kubectl config set clusters.e2e.insecure-skip-tls-verify maybe
error: strconv.ParseBool: parsing "maybe": invalid syntax

$ kubectl config unset users.cluster-admin.exec
Property "users.cluster-admin.exec" unset.

$ kubectl config unset users.nobody.token
error: current map key `nobody` is invalid

$ kubectl config view --raw --minify --context=e2e
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJkekNDQVIyZ0F3SUJBZ0lCQURBS0JnZ3Foa2pPUFFRREFqQVZNUk13RVFZRFZRUURFd3ByZFdKbGNtNWwKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=
    server: https://1.2.3.4
    tls-server-name: my-cluster-name
  name: e2e
contexts:
- context:
    cluster: e2e
    user: cluster-admin
  name: e2e
current-context: e2e
kind: Config
preferences: {}
users:
- name: cluster-admin
  user:
    auth-provider:
      config:
        client-id: foo
      name: oidc
    password: uXFGweU9l35qcif
    token: abc
    username: admin

$ kubectl config view --flatten -o jsonpath='{.users[?(@.name=="jane")].user}'
error: open /root/certs/jane.crt: no such file or directory

$ kubectl config view --raw -o jsonpath='{.clusters[?(@.name=="kind-kubeplay")].cluster.certificate-authority-data}' | base64 -d | head -1
-----BEGIN CERTIFICATE-----

# A context on another cluster's server reaches nothing; without its
# cluster, kubectl falls back to localhost:8080.
$ kubectl config set-context far --cluster=e2e --user=kind-kubeplay
Context "far" created.

$ kubectl --context=far get pods
The connection to the server 1.2.3.4 was refused - did you specify the right host or port?

$ kubectl config delete-user cluster-admin
deleted user cluster-admin from /root/.kube/config

$ kubectl config delete-cluster e2e
deleted cluster e2e from /root/.kube/config

$ kubectl config delete-cluster e2e
error: cannot delete cluster e2e, not in /root/.kube/config

$ kubectl config delete-user
error: user to delete is required
See 'kubectl config delete-user -h' for help and examples

$ kubectl --context=e2e get pods
The connection to the server localhost:8080 was refused - did you specify the right host or port?

$ kubectl config get-users
NAME
jane
kind-kubeplay
