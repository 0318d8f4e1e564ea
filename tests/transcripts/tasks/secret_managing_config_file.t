# Task "Managing Secrets using Configuration File", line by line, on the
# playground's kind cluster (v1.32). The page's manifests are written to
# secret.yaml with here-documents.
$ echo -n 'admin' | base64
YWRtaW4=

$ echo -n '1f2d1e2e67df' | base64
MWYyZDFlMmU2N2Rm

$ cat > secret.yaml <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: mysecret
type: Opaque
data:
  username: YWRtaW4=
  password: MWYyZDFlMmU2N2Rm
EOF

$ kubectl apply -f ./secret.yaml
secret/mysecret created

# "Verify the Secret", as the kubectl page does it.
$ kubectl get secret mysecret
NAME       TYPE     DATA   AGE
mysecret   Opaque   2      0s

$ kubectl get secret mysecret -o jsonpath='{.data.password}' | base64 --decode; echo
1f2d1e2e67df

# A key outside alphanumerics, `-`, `_` and `.` is refused.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: badkey
stringData:
  user/name: admin
EOF
The Secret "badkey" is invalid: data[user/name]: Invalid value: "user/name": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')

# "Specify unencoded data when creating a Secret": the same file, now
# with stringData. kubectl apply's three-way merge drops the two data
# keys the previous version of the file had.
$ cat > secret.yaml <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: mysecret
type: Opaque
stringData:
  config.yaml: |
    apiUrl: "https://my.api.com/api/v1"
    username: <user>
    password: <password>
EOF

$ kubectl apply -f ./secret.yaml
secret/mysecret configured

# The API server stores stringData base64-encoded in data; only the
# last-applied annotation, which kubectl writes, still has it in plain
# text.
$ kubectl get secret mysecret -o yaml
apiVersion: v1
data:
  config.yaml: YXBpVXJsOiAiaHR0cHM6Ly9teS5hcGkuY29tL2FwaS92MSIKdXNlcm5hbWU6IDx1c2VyPgpwYXNzd29yZDogPHBhc3N3b3JkPgo=
kind: Secret
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{},"name":"mysecret","namespace":"default"},"stringData":{"config.yaml":"apiUrl: \"https://my.api.com/api/v1\"\nusername: \u003cuser\u003e\npassword: \u003cpassword\u003e\n"},"type":"Opaque"}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: mysecret
  namespace: default
  resourceVersion: "375"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
type: Opaque

$ kubectl get secret mysecret -o jsonpath='{.data.config\.yaml}' | base64 --decode
apiUrl: "https://my.api.com/api/v1"
username: <user>
password: <password>

# "Specify both data and stringData": stringData wins. Applied over the
# previous version, config.yaml stays: the last-applied configuration
# had it in stringData, never in data, so apply does not remove it.
$ cat > secret.yaml <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: mysecret
type: Opaque
data:
  username: YWRtaW4=
stringData:
  username: administrator
EOF

$ kubectl apply -f ./secret.yaml
secret/mysecret configured

$ kubectl get secret mysecret -o jsonpath='{.data}'; echo
{"config.yaml":"YXBpVXJsOiAiaHR0cHM6Ly9teS5hcGkuY29tL2FwaS92MSIKdXNlcm5hbWU6IDx1c2VyPgpwYXNzd29yZDogPHBhc3N3b3JkPgo=","username":"YWRtaW5pc3RyYXRvcg=="}

$ kubectl get secret mysecret -o jsonpath='{.data.username}' | base64 --decode; echo
administrator

# From scratch, the object is the page's: one key.
$ kubectl delete secret mysecret
secret "mysecret" deleted

$ kubectl apply -f ./secret.yaml
secret/mysecret created

$ kubectl get secret mysecret -o yaml
apiVersion: v1
data:
  username: YWRtaW5pc3RyYXRvcg==
kind: Secret
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"username":"YWRtaW4="},"kind":"Secret","metadata":{"annotations":{},"name":"mysecret","namespace":"default"},"stringData":{"username":"administrator"},"type":"Opaque"}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: mysecret
  namespace: default
  resourceVersion: "378"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7
type: Opaque

# "Edit a Secret": change the manifest and apply it again.
$ sed -i 's/administrator/root/' secret.yaml

$ kubectl apply -f ./secret.yaml
secret/mysecret configured

$ kubectl get secret mysecret -o jsonpath='{.data.username}' | base64 --decode; echo
root

# "Clean up".
$ kubectl delete secret mysecret
secret "mysecret" deleted
