# omkar-shelke25/cka-killercoda, user-onboarding-crt: setup.sh, then
# step1.md's solution. The playground's terminal has no openssl; the key
# and request it would make are written with here-documents instead (a
# 2048-bit key, made once with `openssl genrsa` and `openssl req` and kept
# here, where the scenario asks for 4096 bits). This cluster's admin
# context is kind's kind-kubeplay, renamed as setup.sh renames kubeadm's,
# and its cluster is kind-kubeplay where killercoda's is kubernetes.

# setup.sh
$ kubectl create namespace game-dev
namespace/game-dev created

$ kubectl create deployment mecha-pulse-api --image=nginx:alpine --replicas=2 -n game-dev
deployment.apps/mecha-pulse-api created

$ kubectl create deployment mecha-pulse-frontend --image=nginx:alpine --replicas=1 -n game-dev
deployment.apps/mecha-pulse-frontend created

$ kubectl wait --for=condition=available deployment/mecha-pulse-api -n game-dev --timeout=60s
deployment.apps/mecha-pulse-api condition met

$ kubectl wait --for=condition=available deployment/mecha-pulse-frontend -n game-dev --timeout=60s
deployment.apps/mecha-pulse-frontend condition met

$ kubectl expose deployment mecha-pulse-api --port=80 --target-port=80 --name=mecha-api-service -n game-dev
service/mecha-api-service exposed

$ kubectl config rename-context kind-kubeplay mecha-pulse-game-dev 2>/dev/null || true
Context "kind-kubeplay" renamed to "mecha-pulse-game-dev".

$ mkdir -p /root/gameforge-onboarding

# Steps 1 and 2
$ openssl genrsa -out siddhi.shelke01.key 4096
openssl: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ cat > /root/gameforge-onboarding/siddhi.shelke01.key <<'EOF'
-----BEGIN PRIVATE KEY-----
MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQDVDBWMoJYA7tHy
F+iP974k55DVqaKnerU3uI1Cog8tefT66zqVojg7mGgeuuJjPONZDvfuC2pGqPOS
wEXsb25ZGVHXLrb12JKKxeeVBBrdrn7kVYE4oBekyiiN0wLLZrwpgw+VOpGWcj5l
euUHgAMN1jKBKwUsZhpGR3FDNh0XPAnzvjhZp6ZFnGCAtIxaKdDMGkmtHB32hH8c
2S6VRvNHmLh1CvQxVnWQPksvMwvHnU/tBol2P2dlFhM9aR7+XKdJE/Z79rL+bbgW
KA8PeVx/q0fwFep6BsVivD/yTKSn4dguvCRFOiYHQ5rSICPEX9cXV+Gag3TBGDky
GMy5CNpdAgMBAAECggEAAhpE1C1GWoTNrNZjkZgsvjx/oQkAwlpjRquBnJi9qAGk
hoPWNJSnRwWxpJJmAMi6QOGO8A1L/TdWc0Ps7L2ky/UeA6h1K2cs+xJwJXfzs+0w
jDXz0ohx80rNEtx0RWgI9cS49wx4h12VR0Pq1fCDfZpEx7v4jxmeEZEYiXgTpwXV
QYdM/ClQLyXGo0rZoR3K2k70HpxcnZwtNaZhVf/CKvLFSKv4+zf0EMdGdkT2s7Pd
QuYETCBM6lDbtW4NBqaDeajJ9iQy+QW2UeuUI+byF2ZWFCcduvxZJtdHZfF7RygS
41AIzwPBu97rhmZOGzwLtEvg5oZvdsHo93//n9xJ2QKBgQDywxInukJ1Vb+V0k44
IFDoJAmC/CKT4wyGajLeAlK3iTXWWtLxyWg4fEVuPSoVSVdkgwInfsAW/TF5cjlw
sluzDejuwHjQw1O4lmO3beES9cbAnqPaAR50LAOZcFJPDgJNZMlksmxEDHga8Tb+
7VD2tbWU+S/EGejijHEPvWzuRwKBgQDgqjK/nlPMOQVn8WmbAd+SBEh+MiFERN3r
oEnxHdcx9wJgL5HBLrl8RhppFCRxPhatDTZBI25v01J2sQAp0uobRGd/2BVtisfu
3OXhu0mbGA0bJtwu/MFRD0m7tqqIpLyx0dDR/4DNYy8pjEckjB0R9TFrgC9IAf2T
1T5UEuqQOwKBgQDqecfbX2g5dK0rxImQZIZA8i3NukKbnL3IRmMDVDMY2wqJFAiT
SPnFNSLKq4EuNjyW9ILsKtzWV4+lwdIBLASuGU1W7cjDuyXuMDP4Q8UVTxa9jXyt
YE9N3gVL+tVFTj6jCioLfNpdj72iKEH6ULXW1QOh9F1Sh8QMraG2ljvUmQKBgQCQ
lPeT2ZCUHR4dhn8wAkSe86KzlA9Un/0xZjYvtcSHoy8kN3jVmfxEvdjBRvUs64gs
VhRUVzj7PkQTnlU8lT+TzLHO1ID1vhps3jwSyTTVWuUUVC3fD0pZoD0TULrutRW6
WgzJGGULyIjRdDVUj9cld2YWiKfk72MBgHpcINBTgQKBgQDQdTqlRgbK26kcqj3T
ED99JSM1zb+d6+tDckGeyjcfIppLvfMLrYWYuv9DQIB8GlVel2to8p9uXQkXLM3f
u9FqL2iFNl6EFfC0fdKgFjqPjoe5y5W46tLIIi9r31XggI7ohRDngNss8+nfKcqA
Q7xmADhcWebDjftaPm86tjJbUQ==
-----END PRIVATE KEY-----
EOF

$ cat > /root/gameforge-onboarding/siddhi.shelke01.csr <<'EOF'
-----BEGIN CERTIFICATE REQUEST-----
MIICezCCAWMCAQAwNjEYMBYGA1UEAwwPc2lkZGhpLnNoZWxrZTAxMRowGAYDVQQK
DBFnYW1lZm9yZ2Utc3R1ZGlvczCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoC
ggEBANUMFYyglgDu0fIX6I/3viTnkNWpoqd6tTe4jUKiDy159PrrOpWiODuYaB66
4mM841kO9+4Lakao85LARexvblkZUdcutvXYkorF55UEGt2ufuRVgTigF6TKKI3T
AstmvCmDD5U6kZZyPmV65QeAAw3WMoErBSxmGkZHcUM2HRc8CfO+OFmnpkWcYIC0
jFop0MwaSa0cHfaEfxzZLpVG80eYuHUK9DFWdZA+Sy8zC8edT+0GiXY/Z2UWEz1p
Hv5cp0kT9nv2sv5tuBYoDw95XH+rR/AV6noGxWK8P/JMpKfh2C68JEU6JgdDmtIg
I8Rf1xdX4ZqDdMEYOTIYzLkI2l0CAwEAAaAAMA0GCSqGSIb3DQEBCwUAA4IBAQCj
nfCaQGxfNogaX28MC/d7TWGkYkGac/NAT87I+yURauOnoe1/WXvBqss5y49KuVQF
qDdVcI7RKWCgs/wdSvuEfbkleAbDWwRxJkBOjRo2sgEFN+Dy+6AFzkq7FYBK52pA
F5+iW0Sh1WXVLUuD0QhLS8OyehzF6LxHj1zwbcAS2UyopOIpELaHinVoLE77FIoW
83x62vUwkQyasqy2eCGhRTK8HJJDeCGzNcx706O1O/6Sl9rQyyAa+o/Gf5nIHFKE
OeX6/nof1FUKx+MjcTM7NXDid6nkW2ji+Mo6/YOkWBVIQtUDtmmooHtuB0sPqkee
kKeubfV45TQTknfOk6+e
-----END CERTIFICATE REQUEST-----
EOF

# Step 3
$ cat > /root/gameforge-onboarding/siddhi-csr.yaml <<EOF
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: siddhi
spec:
  request: $(cat /root/gameforge-onboarding/siddhi.shelke01.csr | base64 | tr -d "\n")
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 31536000  # 1 year (365 days)
  usages:
  - client auth
EOF

$ kubectl apply -f /root/gameforge-onboarding/siddhi-csr.yaml
certificatesigningrequest.certificates.k8s.io/siddhi created

$ kubectl get csr
NAME     AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
siddhi   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   365d                Pending

$ kubectl certificate approve siddhi
certificatesigningrequest.certificates.k8s.io/siddhi approved

$ sleep 2

$ kubectl get csr siddhi
NAME     AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
siddhi   2s    kubernetes.io/kube-apiserver-client   kubernetes-admin   365d                Approved,Issued

$ kubectl get csr siddhi -o jsonpath='{.status.certificate}' | base64 -d > /root/gameforge-onboarding/siddhi.shelke01.crt

$ head -1 /root/gameforge-onboarding/siddhi.shelke01.crt
-----BEGIN CERTIFICATE-----

# Step 4
$ kubectl config set-credentials siddhi.shelke01 --client-certificate=/root/gameforge-onboarding/siddhi.shelke01.crt --client-key=/root/gameforge-onboarding/siddhi.shelke01.key --embed-certs=true
User "siddhi.shelke01" set.

$ kubectl config get-users
NAME
kind-kubeplay
siddhi.shelke01

$ kubectl config view --raw | grep -A 3 "name: siddhi.shelke01" | cut -c1-40
- name: siddhi.shelke01
  user:
    client-certificate-data: LS0tLS1CRUd
    client-key-data: LS0tLS1CRUdJTiBQUkl

# Step 5
$ kubectl config set-context siddhi-mecha-dev --cluster=kind-kubeplay --namespace=game-dev --user=siddhi.shelke01
Context "siddhi-mecha-dev" created.

$ kubectl config get-contexts siddhi-mecha-dev
CURRENT   NAME               CLUSTER         AUTHINFO          NAMESPACE
          siddhi-mecha-dev   kind-kubeplay   siddhi.shelke01   game-dev

$ kubectl config view | grep -A 4 "name: siddhi-mecha-dev"
  name: siddhi-mecha-dev
current-context: mecha-pulse-game-dev
kind: Config
preferences: {}
users:

# Step 6
$ kubectl config use-context siddhi-mecha-dev
Switched to context "siddhi-mecha-dev".

$ kubectl get pods
Error from server (Forbidden): pods is forbidden: User "siddhi.shelke01" cannot list resource "pods" in API group "" in the namespace "game-dev"

$ kubectl config use-context mecha-pulse-game-dev
Switched to context "mecha-pulse-game-dev".

# Step 7
$ kubectl create role dev-access-role --verb=get,list,watch --resource=pods,deployments -n game-dev
role.rbac.authorization.k8s.io/dev-access-role created

$ kubectl describe role dev-access-role -n game-dev
Name:         dev-access-role
Labels:       <none>
Annotations:  <none>
PolicyRule:
  Resources         Non-Resource URLs  Resource Names  Verbs
  ---------         -----------------  --------------  -----
  pods              []                 []              [get list watch]
  deployments.apps  []                 []              [get list watch]

# Step 8
$ kubectl create rolebinding siddhi-dev-binding --role=dev-access-role --user=siddhi.shelke01 -n game-dev
rolebinding.rbac.authorization.k8s.io/siddhi-dev-binding created

$ kubectl describe rolebinding siddhi-dev-binding -n game-dev
Name:         siddhi-dev-binding
Labels:       <none>
Annotations:  <none>
Role:
  Kind:  Role
  Name:  dev-access-role
Subjects:
  Kind  Name             Namespace
  ----  ----             ---------
  User  siddhi.shelke01

# Step 9
$ kubectl config use-context siddhi-mecha-dev
Switched to context "siddhi-mecha-dev".

$ kubectl get pods
NAME                                   READY   STATUS    RESTARTS   AGE
mecha-pulse-api-698cf58c84-g46q7       1/1     Running   0          5s
mecha-pulse-api-698cf58c84-rngh8       1/1     Running   0          5s
mecha-pulse-frontend-7bbbbfc88-rztc7   1/1     Running   0          5s

$ kubectl get deployments
NAME                   READY   UP-TO-DATE   AVAILABLE   AGE
mecha-pulse-api        2/2     2            2           5s
mecha-pulse-frontend   1/1     1            1           5s

$ kubectl get deployment mecha-pulse-api -n game-dev -o wide
NAME              READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES         SELECTOR
mecha-pulse-api   2/2     2            2           5s    nginx        nginx:alpine   app=mecha-pulse-api

$ kubectl run test-pod --image=nginx -n game-dev
Error from server (Forbidden): pods is forbidden: User "siddhi.shelke01" cannot create resource "pods" in API group "" in the namespace "game-dev"

$ kubectl delete deployment mecha-pulse-api -n game-dev
Error from server (Forbidden): deployments.apps "mecha-pulse-api" is forbidden: User "siddhi.shelke01" cannot delete resource "deployments" in API group "apps" in the namespace "game-dev"

$ kubectl auth can-i list pods -n game-dev
yes

$ kubectl auth can-i get deployments -n game-dev
yes

$ kubectl auth can-i create pods -n game-dev
no

$ kubectl auth can-i delete deployments -n game-dev
no

$ kubectl auth can-i update pods -n game-dev
no

$ kubectl config use-context mecha-pulse-game-dev
Switched to context "mecha-pulse-game-dev".

# Step 10
$ kubectl config view --minify --flatten --context=siddhi-mecha-dev > /root/gameforge-onboarding/siddhi-kubeconfig.yaml

$ grep -E "^(current-context|kind)|name:|namespace:" /root/gameforge-onboarding/siddhi-kubeconfig.yaml
  name: kind-kubeplay
    namespace: game-dev
  name: siddhi-mecha-dev
current-context: siddhi-mecha-dev
kind: Config
- name: siddhi.shelke01

$ kubectl --kubeconfig=/root/gameforge-onboarding/siddhi-kubeconfig.yaml get pods
NAME                                   READY   STATUS    RESTARTS   AGE
mecha-pulse-api-698cf58c84-g46q7       1/1     Running   0          5s
mecha-pulse-api-698cf58c84-rngh8       1/1     Running   0          5s
mecha-pulse-frontend-7bbbbfc88-rztc7   1/1     Running   0          5s

$ kubectl --kubeconfig=/root/gameforge-onboarding/siddhi-kubeconfig.yaml run test --image=nginx
Error from server (Forbidden): pods is forbidden: User "siddhi.shelke01" cannot create resource "pods" in API group "" in the namespace "game-dev"

# The verification checklist.
$ kubectl auth can-i list pods -n game-dev --as=siddhi.shelke01
yes

$ kubectl auth can-i create pods -n game-dev --as=siddhi.shelke01
no

$ kubectl auth can-i delete deployments -n game-dev --as=siddhi.shelke01
no

$ kubectl --kubeconfig=/root/gameforge-onboarding/siddhi-kubeconfig.yaml auth can-i create pods
no
