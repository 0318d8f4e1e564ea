# Service links: the kubelet gives every container <SVC>_SERVICE_HOST,
# <SVC>_SERVICE_PORT and the Docker link variables (<SVC>_PORT,
# <SVC>_PORT_<port>_<PROTO>[_PROTO|_PORT|_ADDR]) for the Services of its
# namespace that exist when the container is created, plus default's
# `kubernetes` Service (pkg/kubelet/envvars, kubelet_pods.go
# getServiceEnvVarMap). A pod started before the Service does not see it.
$ kubectl run early --image=nginx
pod/early created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80 --target-port=8080 --name=web-api
service/web-api exposed

$ sim settle
settled after 38 steps and 4s of virtual time

$ kubectl get svc
NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   10s
web-api      ClusterIP   10.97.67.183   <none>        80/TCP    4s

# Created before web-api: only the kubernetes Service's variables.
$ kubectl exec early -- printenv KUBERNETES_SERVICE_HOST WEB_API_SERVICE_HOST
10.96.0.1
command terminated with exit code 1

# A restarted container is a new container: it gets the variables of the
# Services that exist now.
$ sim pod kill early
killed early in pod early (exit code 137)

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec early -- printenv WEB_API_SERVICE_HOST
10.97.67.183

$ kubectl run late --image=nginx
pod/late created

$ sim settle
settled after 5 steps and 2s of virtual time

# Dashes become underscores; the first port gets the short names.
$ kubectl exec late -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=late
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
WEB_API_PORT=tcp://10.97.67.183:80
WEB_API_PORT_80_TCP=tcp://10.97.67.183:80
WEB_API_PORT_80_TCP_ADDR=10.97.67.183
WEB_API_PORT_80_TCP_PORT=80
WEB_API_PORT_80_TCP_PROTO=tcp
WEB_API_SERVICE_HOST=10.97.67.183
WEB_API_SERVICE_PORT=80
HOME=/root

$ kubectl exec late -- printenv WEB_API_PORT_80_TCP_ADDR
10.97.67.183

$ kubectl exec late -- hostname
late

# enableServiceLinks: false keeps only the kubernetes Service's variables;
# env values are resolved from ConfigMaps, Secrets, the pod's fields and
# resources, and $(VAR) refers to variables defined before (unknown ones
# stay as written).
$ kubectl apply -f - <<'YAML'
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data:
  mode: production
---
apiVersion: v1
kind: Secret
metadata:
  name: app-secret
stringData:
  password: s3cret
---
apiVersion: v1
kind: Pod
metadata:
  name: app
  labels:
    tier: backend
spec:
  enableServiceLinks: false
  containers:
  - name: app
    image: nginx
    resources:
      limits:
        memory: 128Mi
    env:
    - name: MODE
      valueFrom:
        configMapKeyRef:
          name: app-config
          key: mode
    - name: PASSWORD
      valueFrom:
        secretKeyRef:
          name: app-secret
          key: password
    - name: POD_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    - name: POD_IP
      valueFrom:
        fieldRef:
          fieldPath: status.podIP
    - name: TIER
      valueFrom:
        fieldRef:
          fieldPath: metadata.labels['tier']
    - name: MEM_MI
      valueFrom:
        resourceFieldRef:
          resource: limits.memory
          divisor: 1Mi
    - name: API_URL
      value: https://$(KUBERNETES_SERVICE_HOST):$(KUBERNETES_SERVICE_PORT)/$(MODE)/$(UNDEFINED)
YAML
configmap/app-config created
secret/app-secret created
pod/app created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod app -o wide
NAME   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
app    1/1     Running   0          4s    10.244.2.3   kubeplay-worker2   <none>           <none>

$ kubectl exec app -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=app
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
MODE=production
PASSWORD=s3cret
POD_NAME=app
POD_IP=10.244.2.3
TIER=backend
MEM_MI=128
API_URL=https://10.96.0.1:443/production/$(UNDEFINED)
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# kubectl's own checks, and a pod that is not running yet.
$ kubectl exec app env
error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead
See 'kubectl exec -h' for help and examples

$ kubectl exec -- env
error: pod, type/name or --filename must be specified

$ kubectl exec app --
error: you must specify at least one command for the container

$ kubectl exec nope -- env
Error from server (NotFound): pods "nope" not found

$ kubectl run pending --image=nginx
pod/pending created

$ kubectl exec pending -- env
Error from server (BadRequest): pod pending does not have a host assigned

$ kubectl exec app -- ps
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "e6a290f83507e3d51c881513bdef5359b03fd1c0f4c47a5567df67dd3e4542f8": OCI runtime exec failed: exec failed: unable to start container process: exec: "ps": executable file not found in $PATH: unknown
