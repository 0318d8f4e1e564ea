# A Secret's data and a ConfigMap's binaryData are bytes, sent as standard
# base64. The API server's JSON decoding refuses text that is not, at the
# first byte it cannot take, before looking at anything else.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: pdns-api-key
type: Opaque
data:
  key: APIKEY_BASE64
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 6

# The values are decoded in key order; a value that stops inside a group
# of four is refused at that group's start.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: db
data:
  username: billy
  password: c2VjcmV0
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 4

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: blob
binaryData:
  logo.png: <png>
EOF
Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 0

# Padded base64 is taken, line breaks and all; the server keeps the bytes
# and sends them back encoded afresh.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: db
data:
  username: YmlsbHl=
  password: "c2Vj\ncmV0"
EOF
secret/db created

$ kubectl get secret db -o jsonpath='{.data.password}'
c2VjcmV0

$ kubectl get secret db -o jsonpath='{.data.username}'
YmlsbHk=
