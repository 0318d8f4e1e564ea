# kubernetes.io's "Distribute Credentials Securely Using Secrets", line by
# line. The page's `kubectl apply -f https://k8s.io/examples/pods/inject/…`
# manifests are here-documents with the same text.
$ echo -n 'my-app' | base64
bXktYXBw

$ echo -n '39528$vdg7Jb' | base64
Mzk1MjgkdmRnN0pi

# pods/inject/secret.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Secret
metadata:
  name: test-secret
data:
  username: bXktYXBw
  password: Mzk1MjgkdmRnN0pi
EOF
secret/test-secret created

$ kubectl get secret test-secret
NAME          TYPE     DATA   AGE
test-secret   Opaque   2      0s

$ kubectl describe secret test-secret
Name:         test-secret
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  Opaque

Data
====
password:  12 bytes
username:  6 bytes

# "Create a Secret directly with kubectl": the same Secret, so a real
# cluster refuses it while the first one exists.
$ kubectl create secret generic test-secret --from-literal='username=my-app' --from-literal='password=39528$vdg7Jb'
error: failed to create secret secrets "test-secret" already exists

# pods/inject/secret-pod.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: secret-test-pod
spec:
  containers:
    - name: test-container
      image: nginx
      volumeMounts:
        # name must match the volume name below
        - name: secret-volume
          mountPath: /etc/secret-volume
          readOnly: true
  # The secret data is exposed to Containers in the Pod through a Volume.
  volumes:
    - name: secret-volume
      secret:
        secretName: test-secret
EOF
pod/secret-test-pod created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod secret-test-pod
NAME              READY   STATUS    RESTARTS   AGE
secret-test-pod   1/1     Running   0          4s

$ kubectl exec -i -t secret-test-pod -- /bin/bash

$ ls /etc/secret-volume
password  username

$ echo "$( cat /etc/secret-volume/username )"
my-app

$ echo "$( cat /etc/secret-volume/password )"
39528$vdg7Jb

# The same from inside the directory.
$ cd /etc/secret-volume

$ echo "$( cat username )"
my-app

$ echo "$( cat password )"
39528$vdg7Jb

# The keys are links into the kubelet's timestamped payload directory.
$ ls -a /etc/secret-volume
.  ..  ..2025_01_01_00_00_02.3447973837  ..data  password  username

$ exit
exit

# Project Secret keys to specific file paths.
$ cat <<EOF | kubectl apply -f -
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
      secretName: test-secret
      items:
      - key: username
        path: my-group/my-username
EOF
pod/mypod created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl exec mypod -- ls /etc/foo
my-group

$ kubectl exec mypod -- cat /etc/foo/my-group/my-username
my-app

$ kubectl exec mypod -- cat /etc/foo/password
cat: /etc/foo/password: No such file or directory
command terminated with exit code 1

$ kubectl delete pod mypod --now
pod "mypod" deleted

# Define a container environment variable with data from a single Secret.
$ kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'
secret/backend-user created

# pods/inject/pod-single-secret-env-variable.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: env-single-secret
spec:
  containers:
  - name: envars-test-container
    image: nginx
    env:
    - name: SECRET_USERNAME
      valueFrom:
        secretKeyRef:
          name: backend-user
          key: backend-username
EOF
pod/env-single-secret created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl exec -i -t env-single-secret -- /bin/sh -c 'echo $SECRET_USERNAME'
backend-admin

# Define container environment variables with data from multiple Secrets.
# backend-user exists from the step before: a real cluster says so too.
$ kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'
error: failed to create secret secrets "backend-user" already exists

$ kubectl create secret generic db-user --from-literal=db-username='db-admin'
secret/db-user created

# pods/inject/pod-multiple-secret-env-variable.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: envvars-multiple-secrets
spec:
  containers:
  - name: envars-test-container
    image: nginx
    env:
    - name: BACKEND_USERNAME
      valueFrom:
        secretKeyRef:
          name: backend-user
          key: backend-username
    - name: DB_USERNAME
      valueFrom:
        secretKeyRef:
          name: db-user
          key: db-username
EOF
pod/envvars-multiple-secrets created

$ sim settle
settled after 5 steps and 2s of virtual time

$ kubectl exec -i -t envvars-multiple-secrets -- /bin/sh -c 'env | grep _USERNAME'
DB_USERNAME=db-admin
BACKEND_USERNAME=backend-admin

# Configure all key-value pairs in a Secret as container environment
# variables. test-secret exists already (with the same data).
$ kubectl create secret generic test-secret --from-literal=username='my-app' --from-literal=password='39528$vdg7Jb'
error: failed to create secret secrets "test-secret" already exists

# pods/inject/pod-secret-envFrom.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: envfrom-secret
spec:
  containers:
  - name: envars-test-container
    image: nginx
    envFrom:
    - secretRef:
        name: test-secret
EOF
pod/envfrom-secret created

$ sim settle
settled after 5 steps and 2s of virtual time

# nginx's /bin/sh is dash, whose echo turns \n into a new line.
$ kubectl exec -i -t envfrom-secret -- /bin/sh -c 'echo "username: $username\npassword: $password\n"'
username: my-app
password: 39528$vdg7Jb

# A Secret a pod needs that does not exist keeps its container from
# being created.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: missing-secret
spec:
  containers:
  - name: envars-test-container
    image: nginx
    envFrom:
    - secretRef:
        name: no-such-secret
EOF
pod/missing-secret created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl get pod missing-secret
NAME             READY   STATUS                       RESTARTS   AGE
missing-secret   0/1     CreateContainerConfigError   0          4s

$ kubectl describe pod missing-secret | grep Warning
  Warning  Failed     0s (x2 over 0s)  kubelet            Error: secret "no-such-secret" not found

# Cleaning up.
$ kubectl delete pod secret-test-pod env-single-secret envvars-multiple-secrets envfrom-secret missing-secret
pod "secret-test-pod" deleted
pod "env-single-secret" deleted
pod "envvars-multiple-secrets" deleted
pod "envfrom-secret" deleted
pod "missing-secret" deleted

$ kubectl delete secrets test-secret backend-user db-user
secret "test-secret" deleted
secret "backend-user" deleted
secret "db-user" deleted
