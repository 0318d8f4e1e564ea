# Tutorial "Apply Pod Security Standards at the Namespace Level", line by
# line. The playground's cluster is kind's, as the page creates it: the
# PodSecurity plugin runs with no configuration, so nothing is checked
# until a namespace is labelled.
$ kubectl create ns example
namespace/example created

# Warn on pods that fall short of the latest baseline standard.
$ kubectl label --overwrite ns example pod-security.kubernetes.io/warn=baseline pod-security.kubernetes.io/warn-version=latest
namespace/example labeled

# Enforce baseline; warn and audit for restricted.
$ kubectl label --overwrite ns example pod-security.kubernetes.io/enforce=baseline pod-security.kubernetes.io/enforce-version=latest pod-security.kubernetes.io/warn=restricted pod-security.kubernetes.io/warn-version=latest pod-security.kubernetes.io/audit=restricted pod-security.kubernetes.io/audit-version=latest
namespace/example labeled

# The page applies https://k8s.io/examples/security/example-baseline-pod.yaml,
# which a transcript cannot download: here it is as a here-document.
$ kubectl apply -n example -f - <<EOF
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
Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")
pod/nginx created

$ kubectl apply -n default -f - <<EOF
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
pod/nginx created

$ kubectl get ns example --show-labels
NAME      STATUS   AGE   LABELS
example   Active   0s    kubernetes.io/metadata.name=example,pod-security.kubernetes.io/audit=restricted,pod-security.kubernetes.io/audit-version=latest,pod-security.kubernetes.io/enforce=baseline,pod-security.kubernetes.io/enforce-version=latest,pod-security.kubernetes.io/warn=restricted,pod-security.kubernetes.io/warn-version=latest
