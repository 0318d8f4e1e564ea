# Tutorial "Apply Pod Security Standards at the Cluster Level", line by
# line, on the playground's kind cluster (one control plane and three
# workers, so each DaemonSet has four pods where the page's has one).
$ kubectl get ns
NAME                 STATUS   AGE
default              Active   2s
kube-node-lease      Active   2s
kube-public          Active   2s
kube-system          Active   2s
local-path-storage   Active   2s

# What each standard would do if enforced everywhere (a server dry run
# keeps nothing). kubectl v1.32 says "(server dry run)" after each object;
# the page's older kubectl did not.
$ kubectl label --dry-run=server --overwrite ns --all pod-security.kubernetes.io/enforce=privileged
namespace/default labeled (server dry run)
namespace/kube-node-lease labeled (server dry run)
namespace/kube-public labeled (server dry run)
namespace/kube-system labeled (server dry run)
namespace/local-path-storage labeled (server dry run)

# kind's kindnet pods also add NET_RAW and NET_ADMIN and mount host paths,
# so on kind their line reads "non-default capabilities, host namespaces,
# hostPath volumes"; the playground's kindnet pods only use the host
# network.
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

# The page's cluster is Kubernetes v1.24, whose CoreDNS dropped "all" in
# lower case (so "unrestricted capabilities"); v1.32's drops "ALL". At
# restricted, v1.32 reports host paths once, as "restricted volume
# types"; v1.24 also listed "hostPath volumes".
$ kubectl label --dry-run=server --overwrite ns --all pod-security.kubernetes.io/enforce=restricted
namespace/default labeled (server dry run)
namespace/kube-node-lease labeled (server dry run)
namespace/kube-public labeled (server dry run)
Warning: existing pods in namespace "kube-system" violate the new PodSecurity enforce level "restricted:latest"
Warning: coredns-9b77b5867-5wvqp (and 1 other pod): runAsNonRoot != true, seccompProfile
Warning: etcd-kubeplay-control-plane (and 3 other pods): host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true
Warning: kindnet-9fpx6 (and 3 other pods): host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile
Warning: kube-proxy-29qjf (and 3 other pods): host namespaces, privileged, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, seccompProfile
namespace/kube-system labeled (server dry run)
Warning: existing pods in namespace "local-path-storage" violate the new PodSecurity enforce level "restricted:latest"
Warning: local-path-provisioner-57597c459b-97xlv: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile
namespace/local-path-storage labeled (server dry run)

# The page then writes an AdmissionConfiguration (baseline enforced,
# restricted audited and warned about, kube-system exempt) and creates a
# second kind cluster whose API server reads it. (playground) The
# playground's API server takes no AdmissionConfiguration: its cluster is
# kind's default one, where an unlabelled namespace is privileged. The
# same policy for one namespace comes from its labels:
$ kubectl label --overwrite ns default pod-security.kubernetes.io/enforce=baseline pod-security.kubernetes.io/enforce-version=latest pod-security.kubernetes.io/audit=restricted pod-security.kubernetes.io/audit-version=latest pod-security.kubernetes.io/warn=restricted pod-security.kubernetes.io/warn-version=latest
namespace/default labeled

# The page's /tmp/pss/nginx-pod.yaml.
$ cat <<EOF > /tmp/pss/nginx-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
    - image: nginx
      name: nginx
      ports:
        - containerPort: 80
EOF

$ kubectl apply -f /tmp/pss/nginx-pod.yaml
Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/nginx created
