# Task "Managing Secrets using Kustomize", line by line, on the
# playground's kind cluster (v1.32): each of the page's three tabs
# (literals, files, a .env file) in a directory of its own.
#
# "Literals".
$ mkdir literals

$ cat > literals/kustomization.yaml <<EOF
secretGenerator:
- name: database-creds
  literals:
  - username=admin
  - password=1f2d1e2e67df
EOF

# What kubectl would apply: the generated name ends with a hash of the
# Secret's content.
$ kubectl kustomize literals
apiVersion: v1
data:
  password: MWYyZDFlMmU2N2Rm
  username: YWRtaW4=
kind: Secret
metadata:
  name: database-creds-bkbd782d2c
type: Opaque

$ kubectl apply -k literals
secret/database-creds-bkbd782d2c created

# "Files".
$ mkdir files

$ echo -n 'admin' > ./files/username.txt

$ echo -n '1f2d1e2e67df' > ./files/password.txt

$ cat > files/kustomization.yaml <<EOF
secretGenerator:
- name: database-creds
  files:
  - username.txt
  - password.txt
EOF

# The keys are the files' names, so this is another Secret.
$ kubectl apply -k files
secret/database-creds-gd995d5t92 created

# ".env files".
$ mkdir envs

$ cat > envs/.env.secret <<EOF
username=admin
password=1f2d1e2e67df
EOF

$ cat > envs/kustomization.yaml <<EOF
secretGenerator:
- name: db-user-pass
  envs:
  - .env.secret
EOF

$ kubectl apply -k envs
secret/db-user-pass-bkbd782d2c created

# Verify, as the kubectl page does (every name and hash here is the one
# kubectl v1.32's kustomize prints for these files).
$ kubectl get secrets
NAME                        TYPE     DATA   AGE
database-creds-bkbd782d2c   Opaque   2      0s
database-creds-gd995d5t92   Opaque   2      0s
db-user-pass-bkbd782d2c     Opaque   2      0s

$ kubectl get secret -l '!x' -o name | grep db-user-pass
secret/db-user-pass-bkbd782d2c

$ kubectl get secret db-user-pass-bkbd782d2c -o jsonpath='{.data.password}' | base64 --decode; echo
1f2d1e2e67df

# "Edit a Secret": a changed password hashes to another name, so apply
# creates a new Secret beside the old one.
$ sed -i 's/password=1f2d1e2e67df/password=ab1c2d3e4f5g/' envs/.env.secret

$ kubectl apply -k envs
secret/db-user-pass-fgkhdfdfbh created

$ kubectl get secrets
NAME                        TYPE     DATA   AGE
database-creds-bkbd782d2c   Opaque   2      0s
database-creds-gd995d5t92   Opaque   2      0s
db-user-pass-bkbd782d2c     Opaque   2      0s
db-user-pass-fgkhdfdfbh     Opaque   2      0s

# "Clean up".
$ kubectl delete secret db-user-pass-bkbd782d2c db-user-pass-fgkhdfdfbh database-creds-bkbd782d2c database-creds-gd995d5t92
secret "db-user-pass-bkbd782d2c" deleted
secret "db-user-pass-fgkhdfdfbh" deleted
secret "database-creds-bkbd782d2c" deleted
secret "database-creds-gd995d5t92" deleted
