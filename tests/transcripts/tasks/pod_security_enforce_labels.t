# Task "Enforce Pod Security Standards with Namespace Labels", line by
# line, then what the PodSecurity plugin refuses and warns about.
#
# The page's manifest (security/podsecurity-baseline.yaml): baseline
# enforced, restricted audited and warned about, both pinned to v1.32.
# Quoted delimiter: the comment's backquotes stay as they are.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Namespace
metadata:
  name: my-baseline-namespace
  labels:
    pod-security.kubernetes.io/enforce: baseline
    pod-security.kubernetes.io/enforce-version: v1.32

    # We are setting these to our _desired_ `enforce` level.
    pod-security.kubernetes.io/audit: restricted
    pod-security.kubernetes.io/audit-version: v1.32
    pod-security.kubernetes.io/warn: restricted
    pod-security.kubernetes.io/warn-version: v1.32
EOF
namespace/my-baseline-namespace created

# A server dry run of enforcing baseline everywhere: the plugin tries the
# new level against the pods each namespace already has. kind's kindnet
# pods also add capabilities and mount host paths (so kind's line for
# them reads "non-default capabilities, host namespaces, hostPath
# volumes"); the playground's kindnet pods use only the host network.
# kubectl v1.32 says "(server dry run)" after each object.
$ kubectl label --dry-run=server --overwrite ns --all pod-security.kubernetes.io/enforce=baseline
namespace/default labeled (server dry run)
namespace/kube-node-lease labeled (server dry run)
namespace/kube-public labeled (server dry run)
Warning: existing pods in namespace "kube-system" violate the new PodSecurity enforce level "baseline:latest"
Warning: etcd-kubeplay-control-plane (and 3 other pods): host namespaces, hostPath volumes
Warning: kindnet-9fpx6 (and 3 other pods): host namespaces
Warning: kube-proxy-29qjf (and 3 other pods): host namespaces, hostPath volumes, privileged
namespace/kube-system labeled (server dry run)
namespace/local-path-storage labeled (server dry run)
namespace/my-baseline-namespace not labeled (server dry run)

# Nothing was kept.
$ kubectl get ns kube-system --show-labels
NAME          STATUS   AGE   LABELS
kube-system   Active   2s    kubernetes.io/metadata.name=kube-system

# Applying to all namespaces: audit and warn only, no enforce level.
$ kubectl label --overwrite ns --all pod-security.kubernetes.io/audit=baseline pod-security.kubernetes.io/warn=baseline
namespace/default labeled
namespace/kube-node-lease labeled
namespace/kube-public labeled
namespace/kube-system labeled
namespace/local-path-storage labeled
namespace/my-baseline-namespace labeled

$ kubectl get namespaces --selector='!pod-security.kubernetes.io/enforce'
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# Applying to a single namespace, with pods already in it: the ones the
# new level would refuse are named (one per finding, with how many more
# share it), and stay.
$ kubectl create ns my-existing-namespace
namespace/my-existing-namespace created

$ kubectl run web -n my-existing-namespace --image=nginx
pod/web created

$ kubectl create deployment api -n my-existing-namespace --image=nginx --replicas=2
deployment.apps/api created

$ sim settle
settled after 41 steps and 7s of virtual time

$ kubectl label --overwrite ns my-existing-namespace pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/enforce-version=v1.32
Warning: existing pods in namespace "my-existing-namespace" violate the new PodSecurity enforce level "restricted:v1.32"
Warning: api-5db75f4978-5rkn4 (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile
namespace/my-existing-namespace labeled

$ kubectl get pods -n my-existing-namespace
NAME                   READY   STATUS    RESTARTS   AGE
api-5db75f4978-5rkn4   1/1     Running   0          7s
api-5db75f4978-rzrgs   1/1     Running   0          7s
web                    1/1     Running   0          7s

# A pod that falls short of an enforced level is refused, with every
# reason; no warning comes with a refusal.
$ kubectl run web2 -n my-existing-namespace --image=nginx
Error from server (Forbidden): pods "web2" is forbidden: violates PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "web2" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "web2" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "web2" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "web2" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")

$ kubectl apply -n my-baseline-namespace -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: host
spec:
  hostNetwork: true
  containers:
  - name: app
    image: nginx
    ports:
    - containerPort: 80
      hostPort: 80
    securityContext:
      privileged: true
EOF
Error from server (Forbidden): error when creating "STDIN": pods "host" is forbidden: violates PodSecurity "baseline:v1.32": host namespaces (hostNetwork), hostPort (container "app" uses hostPort 80), privileged (container "app" must not set securityContext.privileged=true)

# Allowed by baseline; no warning either, since the --all label above
# lowered this namespace's warn level to baseline.
$ kubectl apply -n my-baseline-namespace -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: plain
spec:
  containers:
  - name: app
    image: nginx
EOF
pod/plain created

# A pod meeting restricted passes silently.
$ kubectl apply -n my-existing-namespace -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: locked-down
spec:
  securityContext:
    runAsNonRoot: true
    runAsUser: 1000
    seccompProfile:
      type: RuntimeDefault
  containers:
  - name: app
    image: nginx
    securityContext:
      allowPrivilegeEscalation: false
      capabilities:
        drop: ["ALL"]
EOF
pod/locked-down created

# Workloads are never refused, only warned about (here through the
# namespace's warn level); their controller's pods are refused instead.
$ kubectl label --overwrite ns my-existing-namespace pod-security.kubernetes.io/warn=restricted
namespace/my-existing-namespace labeled

$ kubectl create deployment blocked -n my-existing-namespace --image=nginx
Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
deployment.apps/blocked created

$ sim advance 2s
advanced 2s to 2025-01-01T00:00:11Z (22 steps ran)

$ kubectl get rs -n my-existing-namespace -l app=blocked
NAME                 DESIRED   CURRENT   READY   AGE
blocked-64b8ff654b   1         0         0       2s

# The ReplicaSet controller retries with a growing delay, one event a
# try; the first says why.
$ kubectl get events -n my-existing-namespace --field-selector reason=FailedCreate | head -2
LAST SEEN   TYPE      REASON         OBJECT                          MESSAGE
2s          Warning   FailedCreate   replicaset/blocked-64b8ff654b   Error creating: pods "blocked-64b8ff654b-2cn4j" is forbidden: violates PodSecurity "restricted:v1.32": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")

# Labels must name a level and a version.
$ kubectl label --overwrite ns my-existing-namespace pod-security.kubernetes.io/enforce=strict
The Namespace "my-existing-namespace" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted

$ kubectl label --overwrite ns my-existing-namespace pod-security.kubernetes.io/enforce-version=1.32
The Namespace "my-existing-namespace" is invalid: metadata.labels[pod-security.kubernetes.io/enforce-version]: Invalid value: "1.32": must be "latest" or "v1.x"

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: bad
  labels:
    pod-security.kubernetes.io/warn: Restricted
    pod-security.kubernetes.io/audit-version: v1.032
EOF
The Namespace "bad" is invalid:
* metadata.labels[pod-security.kubernetes.io/audit-version]: Invalid value: "v1.032": must be "latest" or "v1.x"
* metadata.labels[pod-security.kubernetes.io/warn]: Invalid value: "Restricted": must be one of privileged, baseline, restricted

$ kubectl get ns bad
Error from server (NotFound): namespaces "bad" not found
