# The environment a container's process starts with, in the order
# containerd's CRI builds it: the default PATH, TERM for a container with
# a terminal, HOSTNAME, the image's own ENV lines, then the kubelet's
# variables (env, envFrom, the service links); runc adds HOME when nothing
# set it. A name set again keeps its first place with the later value.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx
    env:
    - name: NGINX_VERSION
      value: mine
    - name: GREETING
      value: hello
---
apiVersion: v1
kind: Pod
metadata:
  name: old
spec:
  enableServiceLinks: false
  containers:
  - name: nginx
    image: nginx:1.25-alpine-slim
---
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  enableServiceLinks: false
  containers:
  - name: redis
    image: redis
---
apiVersion: v1
kind: Pod
metadata:
  name: term
spec:
  enableServiceLinks: false
  containers:
  - name: box
    image: busybox:1.36
    command: ["sleep", "3600"]
    stdin: true
    tty: true
---
apiVersion: v1
kind: Pod
metadata:
  name: apache
spec:
  enableServiceLinks: false
  containers:
  - name: httpd
    image: httpd:2.4
EOF
pod/web created
pod/old created
pod/cache created
pod/term created
pod/apache created

$ sim settle
settled after 26 steps and 4s of virtual time

# nginx (latest: 1.29.1 on Debian bookworm): the image's variables, the
# pod's NGINX_VERSION where the image put it.
$ kubectl exec web -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=web
NGINX_VERSION=mine
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
GREETING=hello
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

$ kubectl exec web -- printenv NGINX_VERSION GREETING
mine
hello

$ kubectl exec web -- sh -c 'echo $NJS_VERSION $PKG_RELEASE'
0.9.1 1~bookworm

# A tag that names a version runs it; alpine-slim has no njs.
$ kubectl exec old -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=old
NGINX_VERSION=1.25.5
PKG_RELEASE=1
DYNPKG_RELEASE=1
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

$ kubectl exec cache -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=cache
REDIS_DOWNLOAD_URL=https://github.com/redis/redis/archive/refs/tags/8.0.2.tar.gz
REDIS_DOWNLOAD_SHA=caf3c0069f06fc84c5153bd2a348b204c578de80490c73857bee01d9b5d7401f
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

$ kubectl exec term -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
TERM=xterm
HOSTNAME=term
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# httpd's ENV PATH replaced the base image's where it stood.
$ kubectl exec apache -- env
PATH=/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=apache
HTTPD_PREFIX=/usr/local/apache2
HTTPD_VERSION=2.4.63
HTTPD_SHA256=88fc236ab99b2864b248de7d49a008ec2afd7551e64dce8b95f58f32f94c46ab
HTTPD_PATCHES=
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root
