# What the PodSecurity admission plugin checks besides a pod's create: a
# server dry run, a pod's update (only its images and seccomp
# annotations can change what it is allowed), the ephemeral containers
# kubectl debug adds, and pod templates (warned about, never refused).
$ kubectl create ns team
namespace/team created

$ kubectl run web -n team --image=nginx
pod/web created

$ kubectl label ns team pod-security.kubernetes.io/enforce=baseline pod-security.kubernetes.io/warn=restricted pod-security.kubernetes.io/warn-version=v1.32
namespace/team labeled

# A server dry run answers with the same warnings, and keeps nothing.
$ kubectl run probe -n team --image=nginx --dry-run=server
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "probe" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "probe" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "probe" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "probe" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/probe created (server dry run)

$ kubectl apply -n team --dry-run=server -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: host-tools
spec:
  hostPID: true
  containers:
  - name: tools
    image: busybox
EOF
Error from server (Forbidden): error when creating "STDIN": pods "host-tools" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostPID)

$ kubectl create -n team --dry-run=server -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: host-tools
spec:
  hostPID: true
  containers:
  - name: tools
    image: busybox
EOF
Error from server (Forbidden): error when creating "STDIN": pods "host-tools" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostPID)

$ kubectl apply -n team --dry-run=server -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: tools
spec:
  containers:
  - name: tools
    image: busybox
EOF
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "tools" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "tools" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "tools" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "tools" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/tools created (server dry run)

$ kubectl get pods -n team
NAME   READY   STATUS    RESTARTS   AGE
web    0/1     Pending   0          0s

# A label is not a significant change: nothing is checked. A new image is.
$ kubectl label pod web -n team tier=frontend
pod/web labeled

$ kubectl set image pod/web -n team web=nginx:1.27
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "web" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "web" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "web" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "web" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/web image updated

# kubectl debug's sysadmin profile makes a privileged container and the
# general profile adds SYS_PTRACE: baseline refuses both. The baseline
# profile's container passes, warned about for restricted.
$ kubectl debug -n team web -it --image=busybox --profile=sysadmin -- sh
Defaulting debug container name to debugger-sgkwf.
Error from server (Forbidden): pods "web" is forbidden: violates PodSecurity "baseline:latest": privileged (container "debugger-sgkwf" must not set securityContext.privileged=true)

$ kubectl debug -n team web --image=busybox --profile=general
Defaulting debug container name to debugger-ptxtl.
Error from server (Forbidden): pods "web" is forbidden: violates PodSecurity "baseline:latest": non-default capabilities (container "debugger-ptxtl" must not include "SYS_PTRACE" in securityContext.capabilities.add)

$ kubectl debug -n team web --image=busybox --profile=baseline
Defaulting debug container name to debugger-jjhv7.
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (containers "web", "debugger-jjhv7" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "web", "debugger-jjhv7" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or containers "web", "debugger-jjhv7" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "web", "debugger-jjhv7" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")

# A workload is checked against warn (and audit) only: the Deployment is
# created, and its ReplicaSet's pods meet the enforced baseline.
$ kubectl create deployment api -n team --image=nginx --replicas=2
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
deployment.apps/api created

$ sim settle
settled after 37 steps and 8s of virtual time

$ kubectl get deploy api -n team
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
api    2/2     2            2           8s

# A server dry run of a patch is admitted as the patch would be: the
# same warning, nothing kept.
$ kubectl patch deploy api -n team --dry-run=server -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}'
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
deployment.apps/api patched (server dry run)

# A privileged namespace warns about nothing.
$ kubectl run web -n default --image=nginx --privileged
pod/web created

# The warnings a controller's writes raise (the ReplicaSet's pods, each
# warned about) are no part of the cluster's recorded state: a read after
# going back in time leaves the recorded future in place.
$ sim back 3
at step 42 of 45 (2025-01-01T00:00:10Z); steps 43-45 stay recorded: sim forward replays them, a change starts a new future

$ kubectl get deploy api -n team
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
api    2/2     2            2           8s

# Nor does a dry run's warning: it is the client's, and a dry run keeps
# nothing.
$ kubectl run probe -n team --image=nginx --dry-run=server
Warning: would violate PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "probe" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "probe" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "probe" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "probe" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/probe created (server dry run)

$ sim forward 3
#43 2025-01-01T00:00:10Z replicaset-controller replicaset/api-5db75f4978 -n team (no change)
    ReplicaSet api-5db75f4978 has 2 active pods for 2 replicas: nothing to create or delete; status brought up to date
#44 2025-01-01T00:00:10Z deployment-controller deployment/api -n team (no change)
    Deployment api: ReplicaSet api-5db75f4978 has the current template and all 2 replicas
#45 2025-01-01T00:00:10Z kubectl pod/web -n default
    kubectl create pod/web
at step 45 of 45 (2025-01-01T00:00:10Z), the latest
