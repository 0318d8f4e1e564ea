# kubernetes.io's tutorial "Restrict a Container's Access to Resources
# with AppArmor" (the v1.30+ page, with the securityContext field), line
# by line. Reading /sys on the nodes and loading profiles with
# apparmor_parser over ssh are outside a cluster: the playground's nodes,
# like a kind cluster's, share their host's kernel, and no profile of the
# user's is loaded in it, so a Localhost profile is never found. The host
# is taken to have AppArmor enabled, as Ubuntu's does.

# A container with no profile runs under containerd's default one.
$ kubectl run plain --image=busybox:1.28 -- sh -c "echo 'Hello AppArmor!' && sleep 1h"
pod/plain created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec plain -- cat /proc/1/attr/current
cri-containerd.apparmor.d (enforce)

# pods/security/hello-apparmor.yaml.
$ cat <<EOF > hello-apparmor.yaml
apiVersion: v1
kind: Pod
metadata:
  name: hello-apparmor
spec:
  securityContext:
    appArmorProfile:
      type: Localhost
      localhostProfile: k8s-apparmor-example-deny-write
  containers:
  - name: hello
    image: busybox:1.28
    command: [ "sh", "-c", "echo 'Hello AppArmor!' && sleep 1h" ]
EOF

$ kubectl create -f hello-apparmor.yaml
pod/hello-apparmor created

# The API server writes the deprecated annotation beside the field, for
# kubelets older than v1.30.
$ kubectl get pod hello-apparmor -o jsonpath='{.metadata.annotations}{"\n"}'
{"container.apparmor.security.beta.kubernetes.io/hello":"localhost/k8s-apparmor-example-deny-write"}

# (playground) the profile could not be loaded on the nodes, so the
# container is refused as the page's hello-apparmor-2 is below; on a node
# that loaded it, it runs, /proc/1/attr/current reads
# "k8s-apparmor-example-deny-write (enforce)" and `touch /tmp/test` is
# denied.
$ sim advance 10s
advanced 10s to 2025-01-01T00:00:14Z (6 steps ran)

$ kubectl get pod hello-apparmor
NAME             READY   STATUS                 RESTARTS   AGE
hello-apparmor   0/1     CreateContainerError   0          10s

$ kubectl exec hello-apparmor -- cat /proc/1/attr/current
error: unable to upgrade connection: container not found ("hello")

$ kubectl delete pod hello-apparmor --now
pod "hello-apparmor" deleted

# "To wrap up, see what happens if you try to specify a profile that
# hasn't been loaded".
$ kubectl create -f /dev/stdin <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hello-apparmor-2
spec:
  securityContext:
    appArmorProfile:
      type: Localhost
      localhostProfile: k8s-apparmor-example-allow-write
  containers:
  - name: hello
    image: busybox:1.28
    command: [ "sh", "-c", "echo 'Hello AppArmor!' && sleep 1h" ]
EOF
pod/hello-apparmor-2 created

$ sim advance 15s
advanced 15s to 2025-01-01T00:00:29Z (6 steps ran)

$ kubectl describe pod hello-apparmor-2
Name:             hello-apparmor-2
Namespace:        default
Priority:         0
Service Account:  default
Node:             kubeplay-worker/172.18.0.3
Start Time:       Wed, 01 Jan 2025 00:00:14 +0000
Labels:           <none>
Annotations:      container.apparmor.security.beta.kubernetes.io/hello: localhost/k8s-apparmor-example-allow-write
Status:           Pending
IP:               10.244.1.3
IPs:
  IP:  10.244.1.3
Containers:
  hello:
    Container ID:
    Image:         busybox:1.28
    Image ID:
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      echo 'Hello AppArmor!' && sleep 1h
    State:          Waiting
      Reason:       CreateContainerError
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-j24fg (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-j24fg:
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
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  15s               default-scheduler  Successfully assigned default/hello-apparmor-2 to kubeplay-worker
  Normal   Pulled     3s (x3 over 14s)  kubelet            Container image "busybox:1.28" already present on machine
  Warning  Failed     3s (x3 over 14s)  kubelet            Error: failed to get container spec opts: failed to generate apparmor spec opts: apparmor profile not found k8s-apparmor-example-allow-write

# The deprecated annotation alone still works: the API server copies it
# into the container's field, and warns.
$ kubectl create -f /dev/stdin <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hello-annotated
  annotations:
    container.apparmor.security.beta.kubernetes.io/hello: runtime/default
spec:
  containers:
  - name: hello
    image: busybox:1.28
    command: [ "sh", "-c", "echo 'Hello AppArmor!' && sleep 1h" ]
EOF
Warning: metadata.annotations[container.apparmor.security.beta.kubernetes.io/hello]: deprecated since v1.30; use the "appArmorProfile" field instead
pod/hello-annotated created

$ kubectl get pod hello-annotated -o jsonpath='{.spec.containers[0].securityContext}{"\n"}'
{"appArmorProfile":{"type":"RuntimeDefault"}}

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec hello-annotated -- cat /proc/1/attr/current
cri-containerd.apparmor.d (enforce)

# Unconfined: no profile at all.
$ kubectl run unconfined --image=busybox:1.28 --overrides='{"spec":{"securityContext":{"appArmorProfile":{"type":"Unconfined"}}}}' -- sleep 1h
pod/unconfined created

$ sim settle
settled after 4 steps and 2s of virtual time

$ kubectl exec unconfined -- cat /proc/1/attr/current
unconfined

# What the API server refuses.
$ kubectl create -f /dev/stdin <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-apparmor
  annotations:
    container.apparmor.security.beta.kubernetes.io/hello: localhost/other
    container.apparmor.security.beta.kubernetes.io/nosuch: deny-write
spec:
  securityContext:
    appArmorProfile:
      type: Localhost
  containers:
  - name: hello
    image: busybox:1.28
    securityContext:
      appArmorProfile:
        type: Localhost
        localhostProfile: k8s-apparmor-example-deny-write
  - name: other
    image: busybox:1.28
    securityContext:
      appArmorProfile:
        type: RuntimeDefault
        localhostProfile: k8s-apparmor-example-deny-write
EOF
The Pod "bad-apparmor" is invalid:
* metadata.annotations[container.apparmor.security.beta.kubernetes.io/nosuch]: Invalid value: "nosuch": container not found
* metadata.annotations[container.apparmor.security.beta.kubernetes.io/nosuch]: Invalid value: "deny-write": invalid AppArmor profile name: "deny-write"
* spec.containers[1].securityContext.appArmorProfile.localhostProfile: Invalid value: "k8s-apparmor-example-deny-write": can only be set when AppArmor type is Localhost
* spec.securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost
* spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match
