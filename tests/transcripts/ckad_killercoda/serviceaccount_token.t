# omkar-shelke25/ckad-killercoda, ServiceAccount-token: setup.sh, then the
# task's steps (step1.md gives no solution; these are the usual
# commands), then verify.sh's comparison.
$ mkdir -p /opt/course/5

$ kubectl create namespace neptune
namespace/neptune created

$ kubectl -n neptune create serviceaccount neptune-sa-v2
serviceaccount/neptune-sa-v2 created

$ TOKEN_STRING="SuperSecretToken123"

$ kubectl -n neptune create secret generic neptune-sa-v2-token --from-literal=token="$TOKEN_STRING"
secret/neptune-sa-v2-token created

$ kubectl -n neptune annotate secret neptune-sa-v2-token kubernetes.io/service-account.name="neptune-sa-v2"
secret/neptune-sa-v2-token annotated

# The annotation alone makes no token Secret: the type stays Opaque and
# no controller fills it in.
$ kubectl -n neptune get secrets
NAME                  TYPE     DATA   AGE
neptune-sa-v2-token   Opaque   1      0s

$ kubectl -n neptune describe secret neptune-sa-v2-token
Name:         neptune-sa-v2-token
Namespace:    neptune
Labels:       <none>
Annotations:  kubernetes.io/service-account.name: neptune-sa-v2

Type:  Opaque

Data
====
token:  19 bytes

# The task.
$ kubectl -n neptune get secret neptune-sa-v2-token -o jsonpath='{.data.token}'; echo
U3VwZXJTZWNyZXRUb2tlbjEyMw==

$ kubectl -n neptune get secret neptune-sa-v2-token -o jsonpath='{.data.token}' | base64 -d > /opt/course/5/token

# verify.sh
$ STUDENT_VALUE=$(cat /opt/course/5/token | tr -d '\r\n')

$ [ "$STUDENT_VALUE" = "SuperSecretToken123" ] && echo "Verification passed"
Verification passed
