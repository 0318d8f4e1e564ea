# bmuschko/ckad-crash-course, exercises/02-creating-using-configmap, the
# solution's commands in order; the edited pod.yaml is the solution's
# file, written with a here-document where the solution opens an editor.
$ echo -e "DB_URL=localhost:3306\nDB_USERNAME=postgres" > config.txt

$ kubectl create configmap db-config --from-env-file=config.txt
configmap/db-config created

$ kubectl run backend --image=nginx -o yaml --dry-run=client > pod.yaml

$ cat pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: backend
  name: backend
spec:
  containers:
  - image: nginx
    name: backend
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: backend
  name: backend
spec:
  containers:
  - image: nginx
    name: backend
    envFrom:
      - configMapRef:
          name: db-config
  restartPolicy: Never
EOF

$ kubectl create -f pod.yaml
pod/backend created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl exec backend -it -- /bin/sh

$ env
DB_URL=localhost:3306
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT=443
HOSTNAME=backend
HOME=/root
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
DB_USERNAME=postgres
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
KUBERNETES_SERVICE_HOST=10.96.0.1
PWD=/

$ exit
