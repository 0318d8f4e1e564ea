# bmuschko/ckad-crash-course, exercises/03-creating-using-secret, the
# solution's commands in order; pod.yaml is the solution's file.
$ kubectl create secret generic db-credentials --from-literal=db-password=passwd
secret/db-credentials created

$ kubectl get secrets
NAME             TYPE     DATA   AGE
db-credentials   Opaque   1      0s

$ kubectl run backend --image=nginx -o yaml --dry-run=client > pod.yaml

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: backend
spec:
  containers:
  - image: nginx
    name: backend
    env:
      - name: DB_PASSWORD
        valueFrom:
          secretKeyRef:
            name: db-credentials
            key: db-password
  restartPolicy: Never
EOF

$ kubectl create -f pod.yaml
pod/backend created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl exec -it backend -- /bin/sh

$ env
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT=443
HOSTNAME=backend
HOME=/root
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
TERM=xterm
NGINX_VERSION=1.29.1
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
NJS_VERSION=0.9.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
NJS_RELEASE=1~bookworm
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT_HTTPS=443
DB_PASSWORD=passwd
KUBERNETES_SERVICE_HOST=10.96.0.1
PWD=/

$ exit
