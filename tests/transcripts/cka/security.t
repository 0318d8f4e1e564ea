# alijahnas/CKA-practice-exercises, security.md, each exercise's commands
# in order. `sim settle` stands for the seconds a learner waits.

# A service account lister that may list pods, used from a curl pod to
# list pods (allowed) and services (forbidden) through the API.
$ cat <<EOF > pod-sa.yml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: podsa
  name: podsa
spec:
  serviceAccountName: lister
  containers:
  - image: tutum/curl:latest
    name: podsa
    command: ["sleep","3600"]
EOF

$ kubectl create serviceaccount lister
serviceaccount/lister created

$ kubectl create role lister-role --verb=get,watch,list --resource=pods
role.rbac.authorization.k8s.io/lister-role created

$ kubectl create rolebinding lister-rolebinding --role=lister-role --serviceaccount=default:lister
rolebinding.rbac.authorization.k8s.io/lister-rolebinding created

$ kubectl apply -f pod-sa.yml
pod/podsa created

$ sim settle
settled after 5 steps and 3s of virtual time

# tutum/curl is Ubuntu 14.04 with curl 7.35 and bash.
$ kubectl exec -it podsa -- bash

$ API=https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT

$ TOKEN=$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)

$ CACERT=/var/run/secrets/kubernetes.io/serviceaccount/ca.crt

$ NAMESPACE=$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace)

$ curl -H "Authorization: Bearer $TOKEN" --cacert $CACERT $API/api/v1/namespaces/$NAMESPACE/pods
{
  "kind": "PodList",
  "apiVersion": "v1",
  "metadata": {
    "resourceVersion": "386"
  },
  "items": [
    {
      "metadata": {
        "name": "podsa",
        "namespace": "default",
        "uid": "e0525b8c-4365-470d-81da-595cd49adc78",
        "resourceVersion": "385",
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "labels": {
          "run": "podsa"
        },
        "annotations": {
          "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"annotations\":{},\"labels\":{\"run\":\"podsa\"},\"name\":\"podsa\",\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"command\":[\"sleep\",\"3600\"],\"image\":\"tutum/curl:latest\",\"name\":\"podsa\"}],\"serviceAccountName\":\"lister\"}}\n"
        }
      },
      "spec": {
        "volumes": [
          {
            "name": "kube-api-access-hnmkr",
            "projected": {
              "defaultMode": 420,
              "sources": [
                {
                  "serviceAccountToken": {
                    "expirationSeconds": 3607,
                    "path": "token"
                  }
                },
                {
                  "configMap": {
                    "items": [
                      {
                        "key": "ca.crt",
                        "path": "ca.crt"
                      }
                    ],
                    "name": "kube-root-ca.crt"
                  }
                },
                {
                  "downwardAPI": {
                    "items": [
                      {
                        "fieldRef": {
                          "apiVersion": "v1",
                          "fieldPath": "metadata.namespace"
                        },
                        "path": "namespace"
                      }
                    ]
                  }
                }
              ]
            }
          }
        ],
        "containers": [
          {
            "name": "podsa",
            "image": "tutum/curl:latest",
            "command": [
              "sleep",
              "3600"
            ],
            "resources": {},
            "volumeMounts": [
              {
                "name": "kube-api-access-hnmkr",
                "readOnly": true,
                "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"
              }
            ],
            "terminationMessagePath": "/dev/termination-log",
            "terminationMessagePolicy": "File",
            "imagePullPolicy": "Always"
          }
        ],
        "restartPolicy": "Always",
        "terminationGracePeriodSeconds": 30,
        "dnsPolicy": "ClusterFirst",
        "serviceAccountName": "lister",
        "serviceAccount": "lister",
        "nodeName": "kubeplay-worker",
        "securityContext": {},
        "schedulerName": "default-scheduler",
        "tolerations": [
          {
            "key": "node.kubernetes.io/not-ready",
            "operator": "Exists",
            "effect": "NoExecute",
            "tolerationSeconds": 300
          },
          {
            "key": "node.kubernetes.io/unreachable",
            "operator": "Exists",
            "effect": "NoExecute",
            "tolerationSeconds": 300
          }
        ],
        "priority": 0,
        "enableServiceLinks": true,
        "preemptionPolicy": "PreemptLowerPriority"
      },
      "status": {
        "phase": "Running",
        "conditions": [
          {
            "type": "PodReadyToStartContainers",
            "status": "True",
            "lastProbeTime": null,
            "lastTransitionTime": "2025-01-01T00:00:05Z"
          },
          {
            "type": "Initialized",
            "status": "True",
            "lastProbeTime": null,
            "lastTransitionTime": "2025-01-01T00:00:02Z"
          },
          {
            "type": "Ready",
            "status": "True",
            "lastProbeTime": null,
            "lastTransitionTime": "2025-01-01T00:00:05Z"
          },
          {
            "type": "ContainersReady",
            "status": "True",
            "lastProbeTime": null,
            "lastTransitionTime": "2025-01-01T00:00:05Z"
          },
          {
            "type": "PodScheduled",
            "status": "True",
            "lastProbeTime": null,
            "lastTransitionTime": "2025-01-01T00:00:02Z"
          }
        ],
        "hostIP": "172.18.0.3",
        "hostIPs": [
          {
            "ip": "172.18.0.3"
          }
        ],
        "podIP": "10.244.1.2",
        "podIPs": [
          {
            "ip": "10.244.1.2"
          }
        ],
        "startTime": "2025-01-01T00:00:02Z",
        "containerStatuses": [
          {
            "name": "podsa",
            "state": {
              "running": {
                "startedAt": "2025-01-01T00:00:05Z"
              }
            },
            "ready": true,
            "restartCount": 0,
            "image": "docker.io/tutum/curl:latest",
            "imageID": "docker.io/tutum/curl@sha256:80b03b0a1672733e7b5ab8d93b31ed55163e325366ab6028321c08a0a980fd47",
            "containerID": "containerd://686b2d79d5476dbb816ef7b4e27a31a83eb5345edc77171c2e511200f766466c",
            "started": true
          }
        ],
        "qosClass": "BestEffort"
      }
    }
  ]
}

# The page's second curl names $K8S, which it never set, and the path
# "amespaces/…/service": curl 7.35 refuses a URL with no host.
$ curl -H "Authorization: Bearer $TOKEN" --cacert $CACERT $K8S/api/v1/amespaces/$NAMESPACE/service
curl: (3) <url> malformed

# What it meant: listing services is forbidden to lister.
$ curl -H "Authorization: Bearer $TOKEN" --cacert $CACERT $API/api/v1/namespaces/$NAMESPACE/services
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "services is forbidden: User \"system:serviceaccount:default:lister\" cannot list resource \"services\" in API group \"\" in the namespace \"default\"",
  "reason": "Forbidden",
  "details": {
    "kind": "services"
  },
  "code": 403
}

$ exit
exit

# Network policies: a client, two nginx servers behind a Service, and a
# policy denying all ingress.
$ cat <<EOF > server-client.yml
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: nginx
    role: server
  name: nginx-deploy
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
      role: server
  template:
    metadata:
      labels:
        app: nginx
        role: server
    spec:
      containers:
      - image: nginx:latest
        name: nginx

---
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  selector:
    app: nginx
    role: server
  ports:
    - protocol: TCP
      port: 80
      targetPort: 80

---
apiVersion: v1
kind: Pod
metadata:
  labels:
    role: client
  name: busybox
spec:
  containers:
  - image: busybox:latest
    name: busybox
    args:
      - sleep
      - "3600"

---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny
spec:
  podSelector: {}                                                                    
  policyTypes:
  - Ingress

EOF

$ kubectl apply -f server-client.yml
deployment.apps/nginx-deploy created
service/nginx created
pod/busybox created
networkpolicy.networking.k8s.io/default-deny created

$ sim settle
settled after 44 steps and 4s of virtual time

# kind's kindnet enforces NetworkPolicies (since kind v0.24): the SYN
# goes unanswered until the kernel gives up.
$ kubectl exec busybox -- wget nginx
Connecting to nginx (10.101.61.49:80)
wget: can't connect to remote host (10.101.61.49): Connection timed out
command terminated with exit code 1

# One exception: port 80 from the client.
$ cat <<EOF > allow-80.yml
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-80
spec:
  podSelector:
    matchLabels:
      role: server
  ingress:
  - from:
    - podSelector:
        matchLabels:
          role: client
    ports:
    - port: 80

EOF

$ kubectl apply -f allow-80.yml
networkpolicy.networking.k8s.io/allow-80 created

$ kubectl exec busybox -- wget nginx
Connecting to nginx (10.101.61.49:80)
saving to 'index.html'
index.html           100% |********************************|   615  0:00:00 ETA
'index.html' saved

# Certificates: a CSR for user new-admin through the API, the
# cluster-admin role, and a kubeconfig user with the certificate. The
# page downloads cfssl, which this terminal cannot.
$ wget -q --show-progress --https-only --timestamping https://pkg.cfssl.org/R1.2/cfssl_linux-amd64 https://pkg.cfssl.org/R1.2/cfssljson_linux-amd64
wget: (playground) the playground has no internet, so nothing is downloaded from pkg.cfssl.org: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)

$ chmod +x cfssl_linux-amd64 cfssljson_linux-amd64
chmod: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ sudo mv cfssl_linux-amd64 /usr/local/bin/cfssl
sudo: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ cat << EOF | cfssl genkey - | cfssljson -bare new-admin
{
  "CN": "new-admin",
  "key": {
    "algo": "rsa",
    "size": 2048
  },
  "names": [
    {
      "C": "FR",
      "L": "Paris",
      "O": "system:authenticated",
      "OU": "CKA practice exercises",
      "ST": "IDF"
    }
  ]
}
EOF
cfssl: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"
cfssljson: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

# What cfssljson -bare would have written, made elsewhere (an EC P-256
# key rather than the page's RSA one, for brevity) with the page's
# subject: new-admin-key.pem and new-admin.csr.
$ cat <<EOF > new-admin-key.pem
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIEer9XsxwPTjTUcXbYOYaPvG7rbxfDvFMBak+0qEemRaoAoGCCqGSM49
AwEHoUQDQgAEYuxFbI8T0BZh3KJMkWj8VKLA//4X5txQV6HamctiojbXIqaYXk5+
sGRR6h9Rka6rgdTHpU7M7ILJK5Ctx1auzA==
-----END EC PRIVATE KEY-----
EOF

$ cat <<EOF > new-admin.csr
-----BEGIN CERTIFICATE REQUEST-----
MIIBOjCB4QIBADB/MQswCQYDVQQGEwJGUjEMMAoGA1UECAwDSURGMQ4wDAYDVQQH
DAVQYXJpczEdMBsGA1UECgwUc3lzdGVtOmF1dGhlbnRpY2F0ZWQxHzAdBgNVBAsM
FkNLQSBwcmFjdGljZSBleGVyY2lzZXMxEjAQBgNVBAMMCW5ldy1hZG1pbjBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABGLsRWyPE9AWYdyiTJFo/FSiwP/+F+bcUFeh
2pnLYqI21yKmmF5OfrBkUeofUZGuq4HUx6VOzOyCySuQrcdWrsygADAKBggqhkjO
PQQDAgNIADBFAiB7CmPZIBgJja3Mtwc17Jh82sJW8Q+NlGFx2tGcalok9QIhALxR
Q/nbnkXCgxBs4nXd8NHZdwdG8QJnB7iRPFTNUYfS
-----END CERTIFICATE REQUEST-----
EOF

$ cat << EOF > new-admin-csr.yml
apiVersion: certificates.k8s.io/v1beta1
kind: CertificateSigningRequest
metadata:
  name: new-admin-csr
spec:
  request: $(cat new-admin.csr | base64 | tr -d '\n')
  usages:
  - digital signature
  - key encipherment
  - client auth
EOF

# certificates.k8s.io/v1beta1 is gone since v1.22: a v1.32 cluster
# answers `error: resource mapping not found for name: "new-admin-csr"
# namespace: "" from "new-admin-csr.yml": no matches for kind
# "CertificateSigningRequest" in version "certificates.k8s.io/v1beta1"`.
# So does the playground, and its line says what to write instead.
$ kubectl apply -f new-admin-csr.yml
error: resource mapping not found for name: "new-admin-csr" namespace: "" from "new-admin-csr.yml": no matches for kind "CertificateSigningRequest" in version "certificates.k8s.io/v1beta1"
ensure CRDs are installed first
(playground) document 1, line 1, column 13: certificates.k8s.io/v1beta1 was removed in Kubernetes v1.22; CertificateSigningRequest is served as apiVersion "certificates.k8s.io/v1"

# In v1 the signer is required: kube-apiserver-client for a client
# certificate.
$ sed -i 's|certificates.k8s.io/v1beta1|certificates.k8s.io/v1|' new-admin-csr.yml

$ kubectl apply -f new-admin-csr.yml
The CertificateSigningRequest "new-admin-csr" is invalid: spec.signerName: Required value

$ sed -i 's|^spec:|spec:\n  signerName: kubernetes.io/kube-apiserver-client|' new-admin-csr.yml

$ kubectl apply -f new-admin-csr.yml
certificatesigningrequest.certificates.k8s.io/new-admin-csr created

$ kubectl certificate approve new-admin-csr
certificatesigningrequest.certificates.k8s.io/new-admin-csr approved

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get csr new-admin-csr -o jsonpath='{.status.certificate}' | base64 --decode > new-admin.crt

$ kubectl create clusterrolebinding cluster-new-admin --clusterrole=cluster-admin --user=new-admin
clusterrolebinding.rbac.authorization.k8s.io/cluster-new-admin created

$ kubectl config set-credentials new-admin --client-certificate=new-admin.crt --client-key=new-admin-key.pem --embed-certs=true
User "new-admin" set.

# The page's cluster is called kubernetes; this one kind-kubeplay.
$ kubectl config set-context new-admin@kubernetes --cluster=kubernetes --user=new-admin
Context "new-admin@kubernetes" created.

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
- context:
    cluster: kubernetes
    user: new-admin
  name: new-admin@kubernetes
current-context: kind-kubeplay
kind: Config
preferences: {}
users:
- name: kind-kubeplay
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED
- name: new-admin
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED

$ kubectl config use-context new-admin@kubernetes
Switched to context "new-admin@kubernetes".

$ kubectl get nodes
The connection to the server localhost:8080 was refused - did you specify the right host or port?

$ kubectl config set-context new-admin@kubernetes --cluster=kind-kubeplay --user=new-admin
Context "new-admin@kubernetes" modified.

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   10s   v1.32.0
kubeplay-worker          Ready    <none>          10s   v1.32.0
kubeplay-worker2         Ready    <none>          10s   v1.32.0
kubeplay-worker3         Ready    <none>          10s   v1.32.0

$ kubectl auth whoami
ATTRIBUTE   VALUE
Username    new-admin
Groups      [system:authenticated]

$ kubectl config use-context kind-kubeplay
Switched to context "kind-kubeplay".

# Security contexts: run as uid 9001, gid 9002. containerd puts the
# primary group in the supplementary list too (the page's docker did not).
$ cat <<EOF > pod-context.yml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: over9000
  name: over9000
spec:
  securityContext:
    runAsUser: 9001
    runAsGroup: 9002
  containers:
  - image: busybox:latest
    name: over9000
    args:
      - sleep
      - "9001"

EOF

$ kubectl apply -f pod-context.yml
pod/over9000 created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec over9000 -- id
uid=9001 gid=9002 groups=9002
