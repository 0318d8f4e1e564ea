# A normal user with a client certificate, as the Certificate Signing
# Requests page makes one: a CSR for CN=amy, O=dev, O=qa (made with
#   openssl ecparam -genkey -name prime256v1 -noout -out amy.key
#   openssl req -new -key amy.key -subj "/CN=amy/O=dev/O=qa" -out amy.csr)
# is approved, the signer issues the certificate, and a kubeconfig user
# holds it and its key. The API server authenticates a client certificate
# issued by the cluster CA (CN=kubernetes) and valid now as its CN, in its
# O's and system:authenticated; RBAC decides the rest. client-go checks
# that the key is the certificate's before sending anything.
$ cat > amy.key <<EOF
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIC+lR6d+j6bFb/Cm0i13u/6ClzfsPVsWJDM9PlLgUxEdoAoGCCqGSM49
AwEHoUQDQgAEtBtNhzNPyPZkDy8B0/ZWhLavRU+tp8eyJWgXacf4jUpwQ4hIiWZ1
t8ud8xZ8J2unB04g23JLCKw1eo0F1GC0rQ==
-----END EC PRIVATE KEY-----
EOF

$ kubectl apply -f - <<EOF
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: amy
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIbE1JR0xBZ0VBTUNreEREQUtCZ05WQkFNTUEyRnRlVEVNTUFvR0ExVUVDZ3dEWkdWMk1Rc3dDUVlEVlFRSwpEQUp4WVRCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBQkxRYlRZY3pUOGoyWkE4dkFkUDJWb1MyCnIwVlByYWZIc2lWb0YybkgrSTFLY0VPSVNJbG1kYmZMbmZNV2ZDZHJwd2RPSU50eVN3aXNOWHFOQmRSZ3RLMmcKQURBS0JnZ3Foa2pPUFFRREFnTkpBREJHQWlFQXFIVHhaS2V6V2hQd1R2SWVZQWRVQmZ4L0x3eTJSMndhZG92agpyYlhuV0NJQ0lRQ3UvbTV0ak81NFlwNmlRcmNkeXdJNHdyRkFBb0dsSmZZVlV0K2x3ZUtWN3c9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400
  usages:
  - client auth
EOF
certificatesigningrequest.certificates.k8s.io/amy created

$ kubectl certificate approve amy
certificatesigningrequest.certificates.k8s.io/amy approved

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get csr amy -o jsonpath='{.status.certificate}' | base64 -d > amy.crt

$ kubectl config set-credentials amy --client-certificate=amy.crt --client-key=amy.key --embed-certs=true
User "amy" set.

$ kubectl config set-context amy --cluster=kind-kubeplay --user=amy
Context "amy" created.

$ kubectl --context=amy auth whoami
ATTRIBUTE   VALUE
Username    amy
Groups      [dev qa system:authenticated]

$ kubectl --context=amy get pods
Error from server (Forbidden): pods is forbidden: User "amy" cannot list resource "pods" in API group "" in the namespace "default"

$ kubectl create role developer --verb=create,get,list,update,delete --resource=pods
role.rbac.authorization.k8s.io/developer created

$ kubectl create rolebinding developer-binding-amy --role=developer --user=amy
rolebinding.rbac.authorization.k8s.io/developer-binding-amy created

$ kubectl --context=amy get pods
No resources found in default namespace.

$ kubectl --context=amy run web --image=nginx
pod/web created

$ kubectl --context=amy create deployment d --image=nginx
error: failed to create deployment: deployments.apps is forbidden: User "amy" cannot create resource "deployments" in API group "apps" in the namespace "default"

$ kubectl --context=amy auth can-i delete pods
yes

# The API server records who asked for a certificate: amy, in her groups.
$ kubectl create clusterrole csr-creator --verb=create,get,list --resource=certificatesigningrequests
clusterrole.rbac.authorization.k8s.io/csr-creator created

$ kubectl create clusterrolebinding dev-csr --clusterrole=csr-creator --group=dev
clusterrolebinding.rbac.authorization.k8s.io/dev-csr created

$ kubectl --context=amy create -f - <<EOF
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: amy-again
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIbE1JR0xBZ0VBTUNreEREQUtCZ05WQkFNTUEyRnRlVEVNTUFvR0ExVUVDZ3dEWkdWMk1Rc3dDUVlEVlFRSwpEQUp4WVRCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBQkxRYlRZY3pUOGoyWkE4dkFkUDJWb1MyCnIwVlByYWZIc2lWb0YybkgrSTFLY0VPSVNJbG1kYmZMbmZNV2ZDZHJwd2RPSU50eVN3aXNOWHFOQmRSZ3RLMmcKQURBS0JnZ3Foa2pPUFFRREFnTkpBREJHQWlFQXFIVHhaS2V6V2hQd1R2SWVZQWRVQmZ4L0x3eTJSMndhZG92agpyYlhuV0NJQ0lRQ3UvbTV0ak81NFlwNmlRcmNkeXdJNHdyRkFBb0dsSmZZVlV0K2x3ZUtWN3c9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  usages: [client auth]
EOF
certificatesigningrequest.certificates.k8s.io/amy-again created

$ kubectl get csr amy-again -o jsonpath='{.spec.username} {.spec.groups}'
amy ["dev","qa","system:authenticated"]

$ kubectl get csr
NAME        AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
amy         0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Approved,Issued
amy-again   0s    kubernetes.io/kube-apiserver-client   amy                <none>              Pending

# Named files are read when the command runs.
$ kubectl config set-credentials amy-files --client-certificate=amy.crt --client-key=amy.key
User "amy-files" set.

$ kubectl --user=amy-files auth whoami
ATTRIBUTE   VALUE
Username    amy
Groups      [dev qa system:authenticated]

$ kubectl config view --minify --context=amy -o jsonpath='{.users[0].user}'
{"client-certificate-data":"DATA+OMITTED","client-key-data":"DATA+OMITTED"}

# A key that is not the certificate's: embedded, client-go refuses it;
# from files, the pair fails to load and the request goes without a
# certificate, anonymous.
$ cat > other.key <<EOF
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEILBBXiMWWc7SI4X4bPheZv62uP0ztSbzAp3rvkHWHfajoAoGCCqGSM49
AwEHoUQDQgAEPgdJLCOW0swC+KvGnbXfHC0L8n5zspd1R1gCzgJsbuU5O3cHO4aC
EWtbnCDpR0UfINoWO5L5MHtlgLEn0JKBkg==
-----END EC PRIVATE KEY-----
EOF

$ kubectl config set-credentials mixed --client-certificate=amy.crt --client-key=other.key --embed-certs
User "mixed" set.

$ kubectl --user=mixed get pods
error: tls: private key does not match public key

$ kubectl config set-credentials mixed-files --client-certificate=amy.crt --client-key=other.key
User "mixed-files" set.

$ kubectl --user=mixed-files get pods
Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"

$ kubectl config set-credentials swapped --client-certificate=amy.key --client-key=amy.crt --embed-certs
User "swapped" set.

$ kubectl --user=swapped get pods
error: tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched

# The certificate lasts the 24h the request asked for.
$ sim advance 25h
advanced 25h to 2025-01-02T01:00:02Z (10 steps ran)

$ kubectl --context=amy get pods
error: You must be logged in to the server (the server has asked for the client to provide credentials)

$ kubectl --context=amy auth whoami
error: You must be logged in to the server (Unauthorized)
