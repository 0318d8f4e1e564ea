# kubernetes.io "Configure a Security Context for a Pod or Container", the
# sections after the ones shell_security_context.t walks: capabilities,
# seccomp and SELinux, on the playground's kind cluster (v1.32).
#
# "Set capabilities for a Container": the page's two pods run.
$ cat <<EOF > security-context-3.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "security-context-demo-3",
  },
  spec: {
    containers: [{
      name: "sec-ctx-3",
      image: "gcr.io/google-samples/hello-app:2.0",
    }],
  },
}
EOF

$ kubectl apply -f security-context-3.yaml
pod/security-context-demo-3 created

$ cat <<EOF > security-context-4.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "security-context-demo-4",
  },
  spec: {
    containers: [{
      name: "sec-ctx-4",
      image: "gcr.io/google-samples/hello-app:2.0",
      securityContext: {
        capabilities: {
          add: [
            "NET_ADMIN",
            "SYS_TIME",
          ],
        },
      },
    }],
  },
}
EOF

$ kubectl apply -f security-context-4.yaml
pod/security-context-demo-4 created

$ sim settle
settled after 12 steps and 2s of virtual time

$ kubectl get pod security-context-demo-3 security-context-demo-4
NAME                      READY   STATUS    RESTARTS   AGE
security-context-demo-3   1/1     Running   0          2s
security-context-demo-4   1/1     Running   0          2s

$ kubectl get pod security-context-demo-4 -o jsonpath='{.spec.containers[0].securityContext}{"\n"}'
{"capabilities":{"add":["NET_ADMIN","SYS_TIME"]}}

# (playground) The capability bitmaps the page reads from /proc/1/status
# (CapEff 00000000a80425fb, then 00000000aa0435fb with NET_ADMIN and
# SYS_TIME) are the kernel's: the playground runs no processes in
# hello-app and cannot show them.
$ kubectl exec security-context-demo-4 -- cat /proc/1/status
error: (playground) the playground does not know which programs gcr.io/google-samples/hello-app:2.0 contains; it runs wget, curl and nslookup in the busybox, alpine, curlimages/curl, nginx, httpd, redis, ubuntu, debian, nicolaka/netshoot, agnhost and kubernetes-bootcamp images, and nslookup and dig in jessie-dnsutils (dig in nicolaka/netshoot and agnhost too)

# "Set the Seccomp Profile for a Container": the runtime's default profile
# is always there.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: seccomp-runtime-default
spec:
  securityContext:
    seccompProfile:
      type: RuntimeDefault
  containers:
  - name: c
    image: busybox:1.28
    command: ["sleep", "1h"]
EOF
pod/seccomp-runtime-default created

# A Localhost profile must exist on the node under the kubelet's
# seccomp directory; a kind node has none, so the container cannot be
# created.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: seccomp-localhost
spec:
  containers:
  - name: c
    image: busybox:1.28
    command: ["sleep", "1h"]
    securityContext:
      seccompProfile:
        type: Localhost
        localhostProfile: my-profiles/profile-allow.json
EOF
pod/seccomp-localhost created

# "Assign SELinux labels to a Container": a kind node does not run
# SELinux, so the label is accepted and has no effect.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: selinux-level
spec:
  containers:
  - name: c
    image: busybox:1.28
    command: ["sleep", "1h"]
    securityContext:
      seLinuxOptions:
        level: "s0:c123,c456"
EOF
pod/selinux-level created

$ sim settle
settled after 18 steps and 2s of virtual time

$ kubectl get pods seccomp-runtime-default seccomp-localhost selinux-level
NAME                      READY   STATUS                 RESTARTS   AGE
seccomp-runtime-default   1/1     Running                0          2s
seccomp-localhost         0/1     CreateContainerError   0          2s
selinux-level             1/1     Running                0          2s

$ kubectl get events --field-selector involvedObject.name=seccomp-localhost,reason=Failed
LAST SEEN   TYPE      REASON   OBJECT                  MESSAGE
0s          Warning   Failed   pod/seccomp-localhost   Error: failed to create containerd container: cannot load seccomp profile "/var/lib/kubelet/seccomp/my-profiles/profile-allow.json": open /var/lib/kubelet/seccomp/my-profiles/profile-allow.json: no such file or directory

# "Clean up".
$ kubectl delete pod security-context-demo-3 security-context-demo-4 seccomp-runtime-default seccomp-localhost selinux-level
pod "security-context-demo-3" deleted
pod "security-context-demo-4" deleted
pod "seccomp-runtime-default" deleted
pod "seccomp-localhost" deleted
pod "selinux-level" deleted
