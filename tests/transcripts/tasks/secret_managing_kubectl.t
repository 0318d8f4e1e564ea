# Task "Managing Secrets using kubectl", line by line, on the
# playground's kind cluster (v1.32). The page splits its long commands
# over lines with backslashes, as here.
#
# "Use raw data". The single quotes keep the shell off `$`, `\`, `*`, `!`.
$ kubectl create secret generic db-user-pass \
>     --from-literal=username=admin \
>     --from-literal=password='S!B\*d$zDsb='
secret/db-user-pass created

$ kubectl get secret db-user-pass -o jsonpath='{.data.password}' | base64 --decode; echo
S!B\*d$zDsb=

$ kubectl delete secret db-user-pass
secret "db-user-pass" deleted

# "Use source files": `echo -n` leaves out the newline, which would
# otherwise be part of the value.
$ echo -n 'admin' > ./username.txt

$ echo -n 'S!B\*d$zDsb=' > ./password.txt

$ kubectl create secret generic db-user-pass \
>     --from-file=./username.txt \
>     --from-file=./password.txt
secret/db-user-pass created

# The key is the file's name unless given.
$ kubectl get secret db-user-pass -o jsonpath='{.data}'; echo
{"password.txt":"UyFCXCpkJHpEc2I9","username.txt":"YWRtaW4="}

$ kubectl delete secret db-user-pass
secret "db-user-pass" deleted

$ kubectl create secret generic db-user-pass \
>     --from-file=username=./username.txt \
>     --from-file=password=./password.txt
secret/db-user-pass created

# Creating it again fails.
$ kubectl create secret generic db-user-pass \
>     --from-file=username=./username.txt \
>     --from-file=password=./password.txt
error: failed to create secret secrets "db-user-pass" already exists

# "Verify the Secret".
$ kubectl get secrets
NAME           TYPE     DATA   AGE
db-user-pass   Opaque   2      0s

$ kubectl describe secret db-user-pass
Name:         db-user-pass
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  Opaque

Data
====
password:  12 bytes
username:  5 bytes

# "Decode the Secret".
$ kubectl get secret db-user-pass -o jsonpath='{.data}'; echo
{"password":"UyFCXCpkJHpEc2I9","username":"YWRtaW4="}

$ echo 'UyFCXCpkJHpEc2I9' | base64 --decode; echo
S!B\*d$zDsb=

$ kubectl get secret db-user-pass -o jsonpath='{.data.password}' | base64 --decode; echo
S!B\*d$zDsb=

# "Edit a Secret": `kubectl edit secrets db-user-pass` opens the data in
# an editor; here the editor is a sed script that replaces the encoded
# username (admin) with base64 of "root".
$ echo -n root | base64
cm9vdA==

$ KUBE_EDITOR="sed -i 's/username: YWRtaW4=/username: cm9vdA==/'" kubectl edit secrets db-user-pass
secret/db-user-pass edited

$ kubectl get secret db-user-pass -o jsonpath='{.data.username}' | base64 --decode; echo
root

# "Clean up".
$ kubectl delete secret db-user-pass
secret "db-user-pass" deleted
