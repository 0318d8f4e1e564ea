# kubernetes.io's "Concepts → Configuration → Secrets", line by line.
# Transcripts never download: the page's manifests (content/en/examples/
# secret/*.yaml) come from here-documents with the same text.
#
# Use case: dotfiles in a secret volume. The secret's key starts with a
# dot, so the file is hidden from a plain `ls`.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    name: "dotfile-secret",
  },
  data: {
    ".secret-file": "dmFsdWUtMg0KDQo=",
  },
}
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "secret-dotfiles-pod",
  },
  spec: {
    volumes: [{
      name: "secret-volume",
      secret: {
        secretName: "dotfile-secret",
      },
    }],
    containers: [{
      name: "dotfile-test-container",
      image: "registry.k8s.io/busybox",
      command: [
        "ls",
        "-l",
        "/etc/secret-volume",
      ],
      volumeMounts: [{
        name: "secret-volume",
        readOnly: true,
        mountPath: "/etc/secret-volume",
      }],
    }],
  },
}
EOF
secret/dotfile-secret created
pod/secret-dotfiles-pod created

$ sim settle
settled after 11 steps and 15s of virtual time

# `ls -l` does not show the dotfile.
$ kubectl logs secret-dotfiles-pod
total 0

$ kubectl get secret dotfile-secret
NAME             TYPE     DATA   AGE
dotfile-secret   Opaque   1      15s

# Opaque is the default type; `kubectl create secret generic` makes one.
$ kubectl create secret generic empty-secret
secret/empty-secret created

$ kubectl get secret empty-secret
NAME           TYPE     DATA   AGE
empty-secret   Opaque   0      0s

# A ServiceAccount token Secret: the annotation names the account.
$ kubectl create serviceaccount sa-name
serviceaccount/sa-name created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-sa-sample
  annotations:
    kubernetes.io/service-account.name: "sa-name"
type: kubernetes.io/service-account-token
data:
  extra: YmFyCg==
EOF
secret/secret-sa-sample created

# The token controller adds the token, the CA bundle and the namespace,
# and the account's uid.
$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get secret secret-sa-sample
NAME               TYPE                                  DATA   AGE
secret-sa-sample   kubernetes.io/service-account-token   4      0s

$ kubectl describe secret secret-sa-sample
Name:         secret-sa-sample
Namespace:    default
Labels:       <none>
Annotations:  kubernetes.io/service-account.name: sa-name
              kubernetes.io/service-account.uid: 937354ce-193d-4275-9970-723a22d9670b

Type:  kubernetes.io/service-account-token

Data
====
ca.crt:     229 bytes
extra:      4 bytes
namespace:  7 bytes
token:      eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9uYW1lc3BhY2UiOiJkZWZhdWx0Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9zZWNyZXQubmFtZSI6InNlY3JldC1zYS1zYW1wbGUiLCJrdWJlcm5ldGVzLmlvL3NlcnZpY2VhY2NvdW50L3NlcnZpY2UtYWNjb3VudC5uYW1lIjoic2EtbmFtZSIsImt1YmVybmV0ZXMuaW8vc2VydmljZWFjY291bnQvc2VydmljZS1hY2NvdW50LnVpZCI6IjkzNzM1NGNlLTE5M2QtNDI3NS05OTcwLTcyM2EyMmQ5NjcwYiIsInN1YiI6InN5c3RlbTpzZXJ2aWNlYWNjb3VudDpkZWZhdWx0OnNhLW5hbWUifQ.yw8uXHAeDgiDas1kdC2mERrM5mh7p1oCR3Ulr_TycCZ75BqaE4j5AOG1IG6gJrjSSiY1Jn52YCiyg02QwUutzbIq-D2C2x5yZqLzj-aw2PncyPi7USJAQyQVWpoxlrsGtVDWvzVbZThaNQbLOwbb1-S-SNdmQq9w2flwsRjJjdf8bUh-VKx1lJmXCOU7anXCJ7CcCbvkTeQmb0ti4EamJOYXDkrsyzK87aslmoZzfnHYNBWpGOauHt76LXeb9evbB-ohY-JKoKO06ZN1Q0FNQEBNDU4zF_WZCxvwXhEnRSPNobsyhkkplRCto07jpNqObdoiU3r3g7s-tToWVHz8MQ

# Deleting the account deletes its token Secrets.
$ kubectl create serviceaccount short-lived
serviceaccount/short-lived created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: short-lived-token
  annotations:
    kubernetes.io/service-account.name: short-lived
type: kubernetes.io/service-account-token
EOF
secret/short-lived-token created

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl delete serviceaccount short-lived
serviceaccount "short-lived" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get secret short-lived-token
Error from server (NotFound): secrets "short-lived-token" not found

# Without the annotation the Secret is invalid.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-sa-missing
type: kubernetes.io/service-account-token
EOF
The Secret "secret-sa-missing" is invalid: metadata.annotations[kubernetes.io/service-account.name]: Required value

# Docker config Secrets.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    name: "secret-dockercfg",
  },
  type: "kubernetes.io/dockercfg",
  data: {
    ".dockercfg": "eyJhdXRocyI6eyJodHRwczovL2V4YW1wbGUvdjEvIjp7ImF1dGgiOiJvcGVuc2VzYW1lIn19fQo=",
  },
}
EOF
secret/secret-dockercfg created

$ kubectl create secret docker-registry secret-tiger-docker --docker-email=tiger@acme.example --docker-username=tiger --docker-password=pass1234 --docker-server=my-registry.example:5000
secret/secret-tiger-docker created

$ kubectl get secret secret-tiger-docker -o jsonpath='{.data.*}' | base64 -d
{"auths":{"my-registry.example:5000":{"username":"tiger","password":"pass1234","email":"tiger@acme.example","auth":"dGlnZXI6cGFzczEyMzQ="}}}

# The key is required, and must hold valid JSON.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-dockercfg-bad
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: bm90IGpzb24=
EOF
The Secret "secret-dockercfg-bad" is invalid: data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character 'o' in literal null (expecting 'u')

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-dockercfg-missing
type: kubernetes.io/dockercfg
data:
  config: e30=
EOF
The Secret "secret-dockercfg-missing" is invalid: data[.dockercfg]: Required value

# Basic authentication Secret.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-basic-auth
type: kubernetes.io/basic-auth
stringData:
  username: admin # required field for kubernetes.io/basic-auth
  password: t0p-Secret # required field for kubernetes.io/basic-auth
EOF
secret/secret-basic-auth created

$ kubectl get secret secret-basic-auth
NAME                TYPE                       DATA   AGE
secret-basic-auth   kubernetes.io/basic-auth   2      0s

# Neither key: invalid.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-basic-auth-empty
type: kubernetes.io/basic-auth
stringData:
  token: abc
EOF
The Secret "secret-basic-auth-empty" is invalid:
* data[username]: Required value
* data[password]: Required value

# SSH authentication Secret.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    name: "secret-ssh-auth",
  },
  type: "kubernetes.io/ssh-auth",
  data: {
    # the data is abbreviated in this example
    ssh-privatekey: "UG91cmluZzYlRW1vdGljb24lU2N1YmE=",
  },
}
EOF
secret/secret-ssh-auth created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-ssh-auth-missing
type: kubernetes.io/ssh-auth
stringData:
  id_rsa: abc
EOF
The Secret "secret-ssh-auth-missing" is invalid: data[ssh-privatekey]: Required value

# TLS Secrets: both keys are required. The page's placeholders are not
# base64 at all, so the API server cannot even decode the manifest.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-tls
type: kubernetes.io/tls
data:
  # values are base64 encoded, which obscures them but does NOT provide
  # any useful level of confidentiality
  # Replace the following values with your own base64-encoded certificate and key.
  tls.crt: "REPLACE_WITH_BASE64_CERT"
  tls.key: "REPLACE_WITH_BASE64_KEY"
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 7

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: secret-tls-missing
type: kubernetes.io/tls
stringData:
  tls.crt: abc
EOF
The Secret "secret-tls-missing" is invalid: data[tls.key]: Required value

# `kubectl create secret tls` reads the pair from files and checks that
# they match. (A P-256 pair made with openssl, typed in here.)
$ mkdir -p path/to/cert path/to/key

$ cat > path/to/cert/file <<EOF
-----BEGIN CERTIFICATE-----
MIIBcjCCARegAwIBAgIUBpZju7GdBpNEHCYMH6hvOcVgxBowCgYIKoZIzj0EAwIw
DjEMMAoGA1UEAwwDYmFyMB4XDTI2MTIwNjIzNDkxNVoXDTI2MTIwNzIzNDkxNVow
DjEMMAoGA1UEAwwDYmFyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEzIyKe5D9
XiHwqghEVBUGfjoBh65HdH3JnTAXPl7MThdLISfaBJDSvKAciKzIeLFlmP2brNrL
1TzLQRHat9khQqNTMFEwHQYDVR0OBBYEFHft9EudDSq3XC+fuCm3QAxmUFDaMB8G
A1UdIwQYMBaAFHft9EudDSq3XC+fuCm3QAxmUFDaMA8GA1UdEwEB/wQFMAMBAf8w
CgYIKoZIzj0EAwIDSQAwRgIhAMyvUpadLhDdy1/UjogHYSzKmnMBt2mWCAWjAzTP
vsQGAiEA+Hzn3SmEy+S9nTMgBuzOJFjdu8vxcQGnNeISiHA/gIE=
-----END CERTIFICATE-----
EOF

$ cat > path/to/key/file <<EOF
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIO51ZOSPEPuJqD7WWb07mbyGIlTKxORjWvOP4mkoLDyAoAoGCCqGSM49
AwEHoUQDQgAEzIyKe5D9XiHwqghEVBUGfjoBh65HdH3JnTAXPl7MThdLISfaBJDS
vKAciKzIeLFlmP2brNrL1TzLQRHat9khQg==
-----END EC PRIVATE KEY-----
EOF

$ kubectl create secret tls my-tls-secret --cert=path/to/cert/file --key=path/to/key/file
secret/my-tls-secret created

$ kubectl get secret my-tls-secret
NAME            TYPE                DATA   AGE
my-tls-secret   kubernetes.io/tls   2      0s

$ kubectl create secret tls my-tls-secret --cert=path/to/cert/file --key=path/to/key/file --append-hash --dry-run=client -o name
secret/my-tls-secret-c8cch742c7

$ kubectl get secret my-tls-secret -o jsonpath='{.data.tls\.crt}' | base64 -d | head -1
-----BEGIN CERTIFICATE-----

# A key that is not the certificate's, files swapped, a missing file,
# no key at all.
$ cat > other.key <<EOF
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIJi1nVQeVCtnpBCghVwcuXSwC1uR7/l+U/UGS6P14jPHoAoGCCqGSM49
AwEHoUQDQgAES7XyD8Z4fyaCTCZRg/DtVYqAoxw1cXv3JzJbFlklgyBHpyJpij90
t+Mq/cEh4cuRyu1L9VGU/tCHTeBzRwU5dA==
-----END EC PRIVATE KEY-----
EOF

$ kubectl create secret tls bad --cert=path/to/cert/file --key=other.key
error: tls: private key does not match public key

$ kubectl create secret tls bad --cert=path/to/key/file --key=path/to/cert/file
error: tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched

$ kubectl create secret tls bad --cert=path/to/cert/file --key=path/to/nothing
error: Cannot read file path/to/nothing, open path/to/nothing: no such file or directory
(playground) no file named path/to/nothing here: write it first (cat <<EOF > path/to/nothing … EOF)

$ kubectl create secret tls bad --cert=path/to/cert/file
error: key and cert must be specified

# Bootstrap token Secrets.
$ kubectl apply -f - <<EOF
---
{
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    # Note how the Secret is named
    name: "bootstrap-token-5emitj",
    # A bootstrap token Secret usually resides in the kube-system namespace
    namespace: "kube-system",
  },
  type: "bootstrap.kubernetes.io/token",
  stringData: {
    auth-extra-groups: "system:bootstrappers:kubeadm:default-node-token",
    expiration: "2020-09-13T04:39:10Z",
    # This token ID is used in the name
    token-id: "5emitj",
    token-secret: "kq4gihvszzgn1p0r",
    # This token can be used for authentication
    usage-bootstrap-authentication: "true",
    # and it can be used for signing
    usage-bootstrap-signing: "true",
  },
}
EOF
secret/bootstrap-token-5emitj created

$ kubectl get secret -n kube-system bootstrap-token-5emitj
NAME                     TYPE                            DATA   AGE
bootstrap-token-5emitj   bootstrap.kubernetes.io/token   6      0s

# The type of a Secret cannot change.
$ kubectl patch secret secret-basic-auth -p '{"type":"Opaque"}'
The Secret "secret-basic-auth" is invalid: type: Invalid value: "Opaque": field is immutable

# Immutable Secrets.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: frozen
data:
  password: dDBwLVNlY3JldA==
immutable: true
EOF
secret/frozen created

$ kubectl patch secret frozen -p '{"data":{"password":"c2VjcmV0"}}'
The Secret "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set

$ kubectl patch secret frozen -p '{"immutable":false}'
The Secret "frozen" is invalid: immutable: Forbidden: field is immutable when `immutable` is set

# Optional Secrets: a missing optional Secret does not stop the Pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mypod
spec:
  containers:
  - name: mypod
    image: redis
    volumeMounts:
    - name: foo
      mountPath: "/etc/foo"
      readOnly: true
  volumes:
  - name: foo
    secret:
      secretName: mysecret
      optional: true
EOF
pod/mypod created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl get pod mypod
NAME    READY   STATUS    RESTARTS   AGE
mypod   1/1     Running   0          3s

$ kubectl get secrets
NAME                  TYPE                                  DATA   AGE
dotfile-secret        Opaque                                1      18s
empty-secret          Opaque                                0      3s
frozen                Opaque                                1      3s
my-tls-secret         kubernetes.io/tls                     2      3s
secret-basic-auth     kubernetes.io/basic-auth              2      3s
secret-dockercfg      kubernetes.io/dockercfg               1      3s
secret-sa-sample      kubernetes.io/service-account-token   4      3s
secret-ssh-auth       kubernetes.io/ssh-auth                1      3s
secret-tiger-docker   kubernetes.io/dockerconfigjson        1      3s
