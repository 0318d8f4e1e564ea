# dgkanatsios/CKAD-exercises, d.configuration.md.

# ConfigMaps
# Create a configmap named config with values foo=lala,foo2=lolo
$ kubectl create configmap config --from-literal=foo=lala --from-literal=foo2=lolo
configmap/config created

# Display its values (--export was removed in v1.18)
$ kubectl get cm config -o yaml --export
error: unknown flag: --export
See 'kubectl get --help' for usage.

$ kubectl describe cm config
Name:         config
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
foo:
----
lala

foo2:
----
lolo


BinaryData
====

Events:  <none>

# Create and display a configmap from a file
$ echo -e "foo3=lili\nfoo4=lele" > config.txt

$ kubectl create cm configmap2 --from-file=config.txt
configmap/configmap2 created

$ kubectl get cm configmap2 -o yaml --export
error: unknown flag: --export
See 'kubectl get --help' for usage.

$ kubectl get cm configmap2 -o yaml
apiVersion: v1
data:
  config.txt: |
    foo3=lili
    foo4=lele
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: configmap2
  namespace: default
  resourceVersion: "375"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb

# Create and display a configmap from a .env file. The exercise's answer
# reads config.txt again; --from-env-file reads the .env file.
$ echo -e "var1=val1\n# this is a comment\n\nvar2=val2\n#anothercomment" > config.env

$ kubectl create cm configmap3 --from-file=config.txt
configmap/configmap3 created

$ kubectl get cm configmap3 -o yaml
apiVersion: v1
data:
  config.txt: |
    foo3=lili
    foo4=lele
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: configmap3
  namespace: default
  resourceVersion: "376"
  uid: bfb2e731-c4ff-475d-8cff-3330a10f93d7

$ kubectl create cm configmap3env --from-env-file=config.env
configmap/configmap3env created

$ kubectl get cm configmap3env -o yaml
apiVersion: v1
data:
  var1: val1
  var2: val2
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: configmap3env
  namespace: default
  resourceVersion: "377"
  uid: e0525b8c-4365-470d-81da-595cd49adc78

# Create and display a configmap from a file, giving the key 'special'.
# The exercise writes config3.txt but reads config2.txt; and `-o --export`
# takes "--export" for the output format.
$ echo -e "var3=val3\nvar4=val4" > config3.txt

$ kubectl create cm configmap4 --from-file=special=config2.txt
error: error reading config2.txt: no such file or directory
(playground) no file named config2.txt here: write it first (cat <<EOF > config2.txt … EOF) or use --from-literal=KEY=VALUE instead

$ kubectl create cm configmap4 --from-file=special=config3.txt
configmap/configmap4 created

$ kubectl describe cm configmap4
Name:         configmap4
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
special:
----
var3=val3
var4=val4



BinaryData
====

Events:  <none>

$ kubectl get cm configmap4 -o --export
error: unable to match a printer suitable for the output format "--export", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml

$ kubectl get cm configmap4 -o yaml
apiVersion: v1
data:
  special: |
    var3=val3
    var4=val4
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: configmap4
  namespace: default
  resourceVersion: "378"
  uid: d404fc7a-73ae-412e-9721-471597adbdb4

# Create a configMap called 'options' with the value var5=val5. Create a
# new nginx pod that loads the value from variable 'var5' in an env
# variable called 'option'
$ kubectl create cm options --from-literal=var5=val5
configmap/options created

$ kubectl run nginx --image=nginx --restart=Never --dry-run -o yaml > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    env:
    - name: option # name of the env variable
      valueFrom:
        configMapKeyRef:
          name: options # name of config map
          key: var5 # name of the entity in config map
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

$ kubectl exec -it nginx -- env | grep option
option=val5

$ kubectl delete po nginx
pod "nginx" deleted

# Create a configMap 'anotherone' with values 'var6=val6', 'var7=val7'.
# Load this configMap as env variables into a new nginx pod
$ kubectl create configmap anotherone --from-literal=var6=val6 --from-literal=var7=val7
configmap/anotherone created

$ kubectl run --restart=Never nginx --image=nginx -o yaml --dry-run > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    envFrom: # different than previous one, that was 'env'
    - configMapRef: # different from the previous one, was 'configMapKeyRef'
        name: anotherone # the name of the config map
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

$ kubectl exec -it nginx -- env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=nginx
NGINX_VERSION=1.29.1
NJS_VERSION=0.9.1
NJS_RELEASE=1~bookworm
PKG_RELEASE=1~bookworm
DYNPKG_RELEASE=1~bookworm
var6=val6
var7=val7
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root
TERM=xterm

$ kubectl delete po nginx
pod "nginx" deleted

# Create a configMap 'cmvolume' with values 'var8=val8', 'var9=val9'. Load
# this as a volume inside an nginx pod on path '/etc/lala'. Create the pod
# and 'ls' into the '/etc/lala' directory.
$ kubectl create configmap cmvolume --from-literal=var8=val8 --from-literal=var9=val9
configmap/cmvolume created

$ kubectl run nginx --image=nginx --restart=Never -o yaml --dry-run > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  volumes: # add a volumes list
  - name: myvolume # just a name, you'll reference this in the pods
    configMap:
      name: cmvolume # name of your configmap
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    volumeMounts: # your volume mounts are listed here
    - name: myvolume # the name that you specified in pod.spec.volumes.name
      mountPath: /etc/lala # the path inside your container
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

# The exercise forgets to create it.
$ kubectl exec -it nginx -- /bin/sh
Error from server (NotFound): pods "nginx" not found

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

$ kubectl exec -it nginx -- /bin/sh

$ cd /etc/lala

$ ls
var8  var9

$ cat var8
val8

$ exit

$ kubectl delete po nginx
pod "nginx" deleted

# SecurityContext
# Create the YAML for an nginx pod that runs with the UID 101. No need to create the pod
$ kubectl run nginx --image=nginx --restart=Never --dry-run -o yaml > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  securityContext: # insert this line
    runAsUser: 101 # UID for the user
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml --dry-run=server -o jsonpath='{.spec.securityContext}{"\n"}'
{"runAsUser":101}

# Create the YAML for an nginx pod that has the capabilities "NET_ADMIN",
# "SYS_TIME" added on its single container
$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    securityContext: # insert this line
      capabilities: # and this
        add: ["NET_ADMIN", "SYS_TIME"] # this as well
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml --dry-run=server -o jsonpath='{.spec.containers[0].securityContext}{"\n"}'
{"capabilities":{"add":["NET_ADMIN","SYS_TIME"]}}

# Requests and limits
# Create an nginx pod with requests cpu=100m,memory=256Mi and limits
# cpu=200m,memory=512Mi. kubectl run lost --requests and --limits in v1.24
# (and has no --request).
$ kubectl run nginx --image=nginx --restart=Never --request='cpu=100m,memory=256Mi' --limits='cpu=200m,memory=512Mi'
error: unknown flag: --request
See 'kubectl run --help' for usage.

$ kubectl run nginx --image=nginx --restart=Never --overrides='{"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{"requests":{"cpu":"100m","memory":"256Mi"},"limits":{"cpu":"200m","memory":"512Mi"}}}]}}'
pod/nginx created

$ kubectl get po nginx -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.qosClass}{"\n"}'
{"limits":{"cpu":"200m","memory":"512Mi"},"requests":{"cpu":"100m","memory":"256Mi"}}
Burstable

$ kubectl delete po nginx
pod "nginx" deleted

# Secrets
# Create a secret called mysecret with the values password=mypass
$ kubectl create secret generic mysecret --from-literal=password=mypass
secret/mysecret created

# Create a secret called mysecret2 that gets key/value from a file
$ echo admin > username

$ kubectl create secret generic mysecret2 --from-file=username
secret/mysecret2 created

# Get the value of mysecret2
$ kubectl get secret mysecret2 -o yaml --export
error: unknown flag: --export
See 'kubectl get --help' for usage.

$ kubectl get secret mysecret2 -o yaml
apiVersion: v1
data:
  username: YWRtaW4K
kind: Secret
metadata:
  creationTimestamp: "2025-01-01T00:00:11Z"
  name: mysecret2
  namespace: default
  resourceVersion: "423"
  uid: bf3b76ca-7168-4814-8c8f-7e0abae8249d
type: Opaque

$ echo YWRtaW4K | base64 -d
admin

# Create an nginx pod that mounts the secret mysecret2 in a volume on path /etc/foo
$ kubectl run nginx --image=nginx --restart=Never -o yaml --dry-run > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  volumes: # specify the volumes
  - name: foo # this name will be used for reference inside the container
    secret: # we want a secret
      secretName: mysecret2 # name of the secret - this must already exist on pod creation
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    volumeMounts: # our volume mounts
    - name: foo # name on pod.spec.volumes
      mountPath: /etc/foo #our mount path
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

# Without `--` v1.32 refuses.
$ kubectl exec -it nginx /bin/bash
error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead
See 'kubectl exec -h' for help and examples

$ kubectl exec -it nginx -- /bin/bash

$ ls /etc/foo
username

$ cat /etc/foo/username
admin

$ exit
exit

# Delete the pod you just created and mount the variable 'username' from
# secret mysecret2 onto a new nginx pod in env variable called 'USERNAME'
$ kubectl delete po nginx
pod "nginx" deleted

$ kubectl run nginx --image=nginx --restart=Never -o yaml --dry-run > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    env: # our env variables
    - name: USERNAME # asked name
      valueFrom:
        secretKeyRef: # secret reference
          name: mysecret2 # our secret's name
          key: username # the key of the data in the secret
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

$ kubectl exec -it nginx -- env | grep USERNAME | cut -d '=' -f 2
admin

$ kubectl delete po nginx
pod "nginx" deleted

# ServiceAccounts
# See all the service accounts of the cluster in all namespaces
$ kubectl get sa --all-namespaces
NAMESPACE            NAME                                          SECRETS   AGE
default              default                                       0         18s
kube-node-lease      default                                       0         18s
kube-public          default                                       0         18s
kube-system          attachdetach-controller                       0         18s
kube-system          bootstrap-signer                              0         18s
kube-system          certificate-controller                        0         18s
kube-system          clusterrole-aggregation-controller            0         18s
kube-system          coredns                                       0         18s
kube-system          cronjob-controller                            0         18s
kube-system          daemon-set-controller                         0         18s
kube-system          default                                       0         18s
kube-system          deployment-controller                         0         18s
kube-system          disruption-controller                         0         18s
kube-system          endpoint-controller                           0         18s
kube-system          endpointslice-controller                      0         18s
kube-system          endpointslicemirroring-controller             0         18s
kube-system          ephemeral-volume-controller                   0         18s
kube-system          expand-controller                             0         18s
kube-system          generic-garbage-collector                     0         18s
kube-system          horizontal-pod-autoscaler                     0         18s
kube-system          job-controller                                0         18s
kube-system          kindnet                                       0         18s
kube-system          kube-proxy                                    0         18s
kube-system          legacy-service-account-token-cleaner          0         18s
kube-system          namespace-controller                          0         18s
kube-system          node-controller                               0         18s
kube-system          persistent-volume-binder                      0         18s
kube-system          pod-garbage-collector                         0         18s
kube-system          pv-protection-controller                      0         18s
kube-system          pvc-protection-controller                     0         18s
kube-system          replicaset-controller                         0         18s
kube-system          replication-controller                        0         18s
kube-system          resourcequota-controller                      0         18s
kube-system          root-ca-cert-publisher                        0         18s
kube-system          service-account-controller                    0         18s
kube-system          statefulset-controller                        0         18s
kube-system          token-cleaner                                 0         18s
kube-system          ttl-after-finished-controller                 0         18s
kube-system          ttl-controller                                0         18s
kube-system          validatingadmissionpolicy-status-controller   0         18s
local-path-storage   default                                       0         18s
local-path-storage   local-path-provisioner-service-account        0         18s

# Create a new serviceaccount called 'myuser'
$ kubectl create sa 'myuser' --dry-run -o yaml
--dry-run is deprecated and can be replaced with --dry-run=client.
apiVersion: v1
kind: ServiceAccount
metadata:
  creationTimestamp: null
  name: myuser

$ kubectl get sa default -o yaml --export > sa.yaml
error: unknown flag: --export
See 'kubectl get --help' for usage.

$ cat <<EOF > sa.yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: myuser
EOF

$ kubectl create -f sa.yaml
serviceaccount/myuser created

# Create an nginx pod that uses 'myuser' as a service account
$ kubectl run nginx --image=nginx --restart=Never -o yaml --dry-run > pod.yaml
--dry-run is deprecated and can be replaced with --dry-run=client.

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  serviceAccountName: myuser # we use pod.spec.serviceAccountName
  containers:
  - image: nginx
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/nginx created

$ kubectl wait --for=condition=Ready pod/nginx
pod/nginx condition met

# Since v1.24 no myuser-token-* secret is made: the token is projected.
$ kubectl describe pod nginx
Name:             nginx
Namespace:        default
Priority:         0
Service Account:  myuser
Node:             kubeplay-worker3/172.18.0.5
Start Time:       Wed, 01 Jan 2025 00:00:18 +0000
Labels:           run=nginx
Annotations:      <none>
Status:           Running
IP:               10.244.3.6
IPs:
  IP:  10.244.3.6
Containers:
  nginx:
    Container ID:   containerd://924598d7a7feeeb5df5c96fdd71c525f70e929e06dd4835a75bb302a50dccc6d
    Image:          nginx
    Image ID:       docker.io/library/nginx@sha256:02142539eff31c860a6372491d7e852b493145ccb755497cf4d4723b51b715d9
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Wed, 01 Jan 2025 00:00:19 +0000
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9k89w (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
  kube-api-access-9k89w:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  2s    default-scheduler  Successfully assigned default/nginx to kubeplay-worker3
  Normal  Pulled     1s    kubelet            Container image "nginx" already present on machine
  Normal  Created    1s    kubelet            Created container nginx
  Normal  Started    1s    kubelet            Started container nginx
