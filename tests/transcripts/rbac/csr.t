# A user with a client certificate, the CKA way: a CertificateSigningRequest
# holding a PKCS#10 request made with
#   openssl req -new -newkey rsa:2048 -nodes -keyout jane.key -subj "/CN=jane/O=dev"
# is approved with kubectl certificate approve; kube-controller-manager's
# signer issues the certificate (status.certificate), and RBAC grants
# the user jane what her Role allows. The API server records who asked.
$ kubectl get csr
No resources found

$ kubectl apply -f - <<EOF2
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: jane
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJQ1lqQ0NBVW9DQVFBd0hURU5NQXNHQTFVRUF3d0VhbUZ1WlRFTU1Bb0dBMVVFQ2d3RFpHVjJNSUlCSWpBTgpCZ2txaGtpRzl3MEJBUUVGQUFPQ0FROEFNSUlCQ2dLQ0FRRUFrU1diNGRTTGg4WjMwRXZBWHR5bU9OY1NENzhoCjZYUnJVVzZ6U3N6MW9zY1duSUNaN3lWSUplejRDWWdkTVZVQXNLa1J0T25mK2ErbmhpQnR0T3o1VS9ZT0hyeWsKVUFTZVBueWtncDRId0JQTmo0ckhsb2RkS3U4VU9FdUpMUkdraFA4engvVHM3NXlXbktncXBWRXU2VVU0SW5pUwpNZTNad0RXbW1HK3F3Q2JPUXpnMTJEV2V5M0FUNDhGNVVWL3JqQU81TDg2aGZDdTZ6MmRlZUhDTHVLNHhRVHJlCjZPTUdMcmc5VzVLVmRaZ1FuRUhoUnc1aTJCYTY3NytUSEUxT1VhdXgySlYyNDRpU2hiMi95OCtnV1NSNUYvZFcKTjRCK2pFZSt1R3ltcGhWMVNrdEp2Q1l1M2NHZUZsUjY3cXErWDZ2TVdZaVFmMVM4UUdrcmU0RkU0d0lEQVFBQgpvQUF3RFFZSktvWklodmNOQVFFTEJRQURnZ0VCQUloMzJFcVF6TWVWUEdwS0lmVFJBaDZXM1RuUnBKbHpVSWVJCkxOM0RkOGxNWW1JOWFlVDlia25aY1F5TWw4TUE0MTZ1T1g1bUtsSHFvbzAxR0d4a3JNOVA2N1JWVkJFTFcyMWwKaW1wTGtDVWo3Nko5aGxBT2Y5QUFpOXRFdHJjenV1M0JuWTg3bldlbHZFcllRMXNsLzZsSUFBdVN6OXJ6MkIrdgpsY1lhQ3cwQ1U2R1VsdlFsdGFKQWxMVks3VXRNcGtPOXBYZzVMM2VFYWlCaitpWVhCWHNWaWthamp3KzJNaGhrCldEKzVpcVpEZlZqbzFvM25aVnBiZFB5N0U3K0R0OU1ianBiVmZhSWZuTngvaGNtUkxlOERHS0V2bHIyRVd2VCsKQkEvQlMzd3BhZ1ljejAvV1dxNzJ5bGpoNndvdElVSWFlNHB4UEt2VnF3L1g0d1BYMjVjPQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400
  usages:
  - client auth
EOF2
certificatesigningrequest.certificates.k8s.io/jane created

$ kubectl get csr
NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
jane   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Pending

$ kubectl get csr jane -o jsonpath='{.spec.username} {.spec.groups} {.status}'
kubernetes-admin ["kubeadm:cluster-admins","system:authenticated"] {}

$ kubectl certificate approve jane
certificatesigningrequest.certificates.k8s.io/jane approved

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get csr
NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
jane   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Approved,Issued

$ kubectl describe csr jane
Name:         jane
Labels:       <none>
Annotations:  kubectl.kubernetes.io/last-applied-configuration={"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{"annotations":{},"name":"jane"},"spec":{"expirationSeconds":86400,"request":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJQ1lqQ0NBVW9DQVFBd0hURU5NQXNHQTFVRUF3d0VhbUZ1WlRFTU1Bb0dBMVVFQ2d3RFpHVjJNSUlCSWpBTgpCZ2txaGtpRzl3MEJBUUVGQUFPQ0FROEFNSUlCQ2dLQ0FRRUFrU1diNGRTTGg4WjMwRXZBWHR5bU9OY1NENzhoCjZYUnJVVzZ6U3N6MW9zY1duSUNaN3lWSUplejRDWWdkTVZVQXNLa1J0T25mK2ErbmhpQnR0T3o1VS9ZT0hyeWsKVUFTZVBueWtncDRId0JQTmo0ckhsb2RkS3U4VU9FdUpMUkdraFA4engvVHM3NXlXbktncXBWRXU2VVU0SW5pUwpNZTNad0RXbW1HK3F3Q2JPUXpnMTJEV2V5M0FUNDhGNVVWL3JqQU81TDg2aGZDdTZ6MmRlZUhDTHVLNHhRVHJlCjZPTUdMcmc5VzVLVmRaZ1FuRUhoUnc1aTJCYTY3NytUSEUxT1VhdXgySlYyNDRpU2hiMi95OCtnV1NSNUYvZFcKTjRCK2pFZSt1R3ltcGhWMVNrdEp2Q1l1M2NHZUZsUjY3cXErWDZ2TVdZaVFmMVM4UUdrcmU0RkU0d0lEQVFBQgpvQUF3RFFZSktvWklodmNOQVFFTEJRQURnZ0VCQUloMzJFcVF6TWVWUEdwS0lmVFJBaDZXM1RuUnBKbHpVSWVJCkxOM0RkOGxNWW1JOWFlVDlia25aY1F5TWw4TUE0MTZ1T1g1bUtsSHFvbzAxR0d4a3JNOVA2N1JWVkJFTFcyMWwKaW1wTGtDVWo3Nko5aGxBT2Y5QUFpOXRFdHJjenV1M0JuWTg3bldlbHZFcllRMXNsLzZsSUFBdVN6OXJ6MkIrdgpsY1lhQ3cwQ1U2R1VsdlFsdGFKQWxMVks3VXRNcGtPOXBYZzVMM2VFYWlCaitpWVhCWHNWaWthamp3KzJNaGhrCldEKzVpcVpEZlZqbzFvM25aVnBiZFB5N0U3K0R0OU1ianBiVmZhSWZuTngvaGNtUkxlOERHS0V2bHIyRVd2VCsKQkEvQlMzd3BhZ1ljejAvV1dxNzJ5bGpoNndvdElVSWFlNHB4UEt2VnF3L1g0d1BYMjVjPQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K","signerName":"kubernetes.io/kube-apiserver-client","usages":["client auth"]}}

CreationTimestamp:   Wed, 01 Jan 2025 00:00:02 +0000
Requesting User:     kubernetes-admin
Signer:              kubernetes.io/kube-apiserver-client
Requested Duration:  24h
Status:              Approved,Issued
Subject:
         Common Name:    jane
         Serial Number:
         Organization:   dev
Events:  <none>

$ kubectl get csr jane -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message}'
KubectlApprove: This CSR was approved by kubectl certificate approve.

# The issued certificate: base64 of a PEM CERTIFICATE for CN=jane, O=dev,
# valid 24h from five minutes ago (the signer backdates), issued by
# CN=kubernetes. The simulated CA has no key, so its signature is random.
$ kubectl get csr jane -o jsonpath='{.status.certificate}'
LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIvekNDQWNtZ0F3SUJBZ0lRTWhwajFVQ01xb1JyQU14QTllelk2ekFOQmdrcWhraUc5dzBCQVFzRkFEQVYKTVJNd0VRWURWUVFEREFwcmRXSmxjbTVsZEdWek1CNFhEVEkwTVRJek1USXpOVFV3TWxvWERUSTFNREV3TVRJegpOVFV3TWxvd0hURU1NQW9HQTFVRUNoTURaR1YyTVEwd0N3WURWUVFERXdScVlXNWxNSUlCSWpBTkJna3Foa2lHCjl3MEJBUUVGQUFPQ0FROEFNSUlCQ2dLQ0FRRUFrU1diNGRTTGg4WjMwRXZBWHR5bU9OY1NENzhoNlhSclVXNnoKU3N6MW9zY1duSUNaN3lWSUplejRDWWdkTVZVQXNLa1J0T25mK2ErbmhpQnR0T3o1VS9ZT0hyeWtVQVNlUG55awpncDRId0JQTmo0ckhsb2RkS3U4VU9FdUpMUkdraFA4engvVHM3NXlXbktncXBWRXU2VVU0SW5pU01lM1p3RFdtCm1HK3F3Q2JPUXpnMTJEV2V5M0FUNDhGNVVWL3JqQU81TDg2aGZDdTZ6MmRlZUhDTHVLNHhRVHJlNk9NR0xyZzkKVzVLVmRaZ1FuRUhoUnc1aTJCYTY3NytUSEUxT1VhdXgySlYyNDRpU2hiMi95OCtnV1NSNUYvZFdONEIrakVlKwp1R3ltcGhWMVNrdEp2Q1l1M2NHZUZsUjY3cXErWDZ2TVdZaVFmMVM4UUdrcmU0RkU0d0lEQVFBQm95VXdJekFUCkJnTlZIU1VFRERBS0JnZ3JCZ0VGQlFjREFqQU1CZ05WSFJNQkFmOEVBakFBTUEwR0NTcUdTSWIzRFFFQkN3VUEKQXlFQXY3TG5NY1QvSjEzTS96TXdvUStUMStCU1c0eERaVGNOZ2RwWlhOU2EzSGc9Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K

# What jane may do comes from RBAC, as for any user.
$ kubectl create role developer --verb=create,get,list,update,delete --resource=pods
role.rbac.authorization.k8s.io/developer created

$ kubectl create rolebinding developer-binding-jane --role=developer --user=jane
rolebinding.rbac.authorization.k8s.io/developer-binding-jane created

$ kubectl auth can-i list pods --as=jane
yes

$ kubectl auth can-i delete deployments --as=jane
no

# Approving again changes nothing; a request is never both approved and denied.
$ kubectl certificate approve jane
certificatesigningrequest.certificates.k8s.io/jane approved

$ kubectl certificate deny jane
error: certificate signing request "jane" is already Approved

# A second request, made by bob himself (the server ignores the username
# the manifest claims), and denied.
$ kubectl create clusterrole csr-creator --verb=create,get,list --resource=certificatesigningrequests
clusterrole.rbac.authorization.k8s.io/csr-creator created

$ kubectl create clusterrolebinding bob-csr --clusterrole=csr-creator --user=bob
clusterrolebinding.rbac.authorization.k8s.io/bob-csr created

$ kubectl create --as=bob -f - <<EOF2
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: bob
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlISE1IQUNBUUF3RGpFTU1Bb0dBMVVFQXd3RFltOWlNRmt3RXdZSEtvWkl6ajBDQVFZSUtvWkl6ajBEQVFjRApRZ0FFL1g4SXpqOE9USkl4akc3YVludTcwR1R2YTdNbzcxeXYxKzI3djgzZXU2dGovbkVKN0NkSDdtdjEvd0x3Cmt3YnlNMi9IUkRrVElRZUVJeEtBU1BZeTZxQUFNQW9HQ0NxR1NNNDlCQU1DQTBjQU1FUUNJSHdqY3pJVTBTWG0KazYrT1JtcEUvM3J5c2RldjI1eXJYWmFVTWJDOG5WNDRBaUFWUzNIaXFndzM4SEhOMEM5ck4xWWQ3VFg5RUtSVgpJZlRQNVdsWGk2WVhIdz09Ci0tLS0tRU5EIENFUlRJRklDQVRFIFJFUVVFU1QtLS0tLQo=
  signerName: kubernetes.io/kube-apiserver-client
  username: kubernetes-admin
  usages: [digital signature, client auth]
EOF2
certificatesigningrequest.certificates.k8s.io/bob created

$ kubectl certificate approve bob --as=bob
Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "bob" is forbidden: User "bob" cannot update resource "certificatesigningrequests/approval" in API group "certificates.k8s.io" at the cluster scope

# Updating the approval subresource is not enough: the approver also needs
# the approve verb on the signer (signers/kubernetes.io/kube-apiserver-client).
$ kubectl create clusterrole csr-approver --verb=update --resource=certificatesigningrequests/approval
clusterrole.rbac.authorization.k8s.io/csr-approver created

$ kubectl create clusterrolebinding bob-approves --clusterrole=csr-approver --user=bob
clusterrolebinding.rbac.authorization.k8s.io/bob-approves created

$ kubectl certificate approve bob --as=bob
Error from server (Forbidden): certificatesigningrequests.certificates.k8s.io "bob" is forbidden: user not permitted to approve requests with signerName "kubernetes.io/kube-apiserver-client"

$ kubectl certificate deny bob
certificatesigningrequest.certificates.k8s.io/bob denied

$ kubectl certificate approve bob
error: certificate signing request "bob" is already Denied

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get csr
NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
bob    0s    kubernetes.io/kube-apiserver-client   bob                <none>              Denied
jane   0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   24h                 Approved,Issued

# The kube-apiserver-client signer refuses a client certificate that asks
# for server auth: the request fails instead of being issued.
$ kubectl create -f - <<EOF2
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: web
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJQmRqQ0NBU2dDQVFBd2VURUxNQWtHQTFVRUJoTUNWVk14Q3pBSkJnTlZCQWdNQWtOQk1Rc3dDUVlEVlFRSApEQUpUUmpFTk1Bc0dBMVVFQ2d3RVlXTnRaVEVNTUFvR0ExVUVDZ3dEYjNCek1Rd3dDZ1lEVlFRTERBTjNaV0l4CkdEQVdCZ05WQkFNTUQzZDNkeTVsZUdGdGNHeGxMbU52YlRFTE1Ba0dBMVVFQlJNQ05ESXdLakFGQmdNclpYQUQKSVFBanBRT0xJelNIRE1zN1YvdGRPTWJ5RjZ0NnRjRDRtbkhRWjJ6OXZNRFJMNkI4TUhvR0NTcUdTSWIzRFFFSgpEakZ0TUdzd2FRWURWUjBSQkdJd1lJSVBkM2QzTG1WNFlXMXdiR1V1WTI5dGdndGxlR0Z0Y0d4bExtTnZiWWNFCkNnQUFBWWNRSUFFTnVBQUFBQUFBQUFBQUFBQUFBWUVSWVdSdGFXNUFaWGhoYlhCc1pTNWpiMjJHRlhOd2FXWm0KWlRvdkwyTnNkWE4wWlhJdmJuTXZZVEFGQmdNclpYQURRUUJXbDRaYWt2b0ludUVmd0dkSWtkcThVM21ORzczNQpyTW9PZkkxNFBZTmRkSzZ6bE5KSWhUVWsvQUtwckd5NmNUaEdick5QMzJBSGVZTjBLanNabm8wTgotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  usages: [server auth, client auth]
EOF2
certificatesigningrequest.certificates.k8s.io/web created

$ kubectl certificate approve web -o name
certificatesigningrequest.certificates.k8s.io/web

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get csr web
NAME   AGE   SIGNERNAME                            REQUESTOR          REQUESTEDDURATION   CONDITION
web    0s    kubernetes.io/kube-apiserver-client   kubernetes-admin   <none>              Approved,Failed

$ kubectl get csr web -o jsonpath='{.status.conditions[1].reason}: {.status.conditions[1].message}'
SignerValidationFailure: invalid usage for client certificate: server auth

$ kubectl describe csr web
Name:               web
Labels:             <none>
Annotations:        <none>
CreationTimestamp:  Wed, 01 Jan 2025 00:00:02 +0000
Requesting User:    kubernetes-admin
Signer:             kubernetes.io/kube-apiserver-client
Status:             Approved,Failed
Subject:
  Common Name:          www.example.com
  Serial Number:        42
  Organization:         acme
                        ops
  Organizational Unit:  web
  Country:              US
  Locality:             SF
  Province:             CA
Subject Alternative Names:
         DNS Names:        www.example.com
                           example.com
         Email Addresses:  admin@example.com
         URIs:             spiffe://cluster/ns/a
         IP Addresses:     10.0.0.1
                           2001:db8::1
Events:  <none>

# What validation refuses.
$ kubectl create -f - <<EOF2
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: bad
spec:
  request: aW52YWxpZA==
  signerName: example
  expirationSeconds: 60
  usages: [client auth, client auth]
EOF2
The CertificateSigningRequest "bad" is invalid:
* spec.request: Invalid value: []byte{0x69, 0x6e, 0x76, 0x61, 0x6c, 0x69, 0x64}: PEM block type must be CERTIFICATE REQUEST
* spec.usages[1]: Duplicate value: "client auth"
* spec.signerName: Invalid value: "example": must be a fully qualified domain and path of the form 'example.com/signer-name'
* spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)

$ kubectl certificate approve nope
Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nope" not found

$ kubectl certificate approve
error: one or more CSRs must be specified as <name> or -f <filename>

# kube-controller-manager's cleaner deletes, on its hourly pass, requests
# issued, denied or failed more than an hour ago.
$ sim advance 2h
advanced 120m to 2025-01-01T02:00:02Z (5 steps ran)

$ kubectl get csr
No resources found
