# kubernetes.io's tutorial "Adopting Sidecar Containers", line by line:
# its commands check the SidecarContainers feature gate on the API server
# and on a node (the page's <node-name> is one of the playground's), then
# that a sidecar's restartPolicy survived admission.
$ kubectl get --raw /metrics | grep kubernetes_feature_enabled | grep SidecarContainers
(playground) the API server's metrics hold only kubernetes_feature_enabled here, for the feature gates AppArmor, AppArmorFields, InPlacePodVerticalScaling, JobPodReplacementPolicy, PodReadyToStartContainersCondition, SidecarContainers, UserNamespacesSupport
kubernetes_feature_enabled{name="SidecarContainers",stage="BETA"} 1

$ kubectl get --raw /api/v1/nodes/kubeplay-worker/proxy/metrics | grep kubernetes_feature_enabled | grep SidecarContainers
(playground) the kubelet's metrics hold only kubernetes_feature_enabled here, for the feature gates AppArmor, AppArmorFields, InPlacePodVerticalScaling, JobPodReplacementPolicy, PodReadyToStartContainersCondition, SidecarContainers, UserNamespacesSupport
kubernetes_feature_enabled{name="SidecarContainers",stage="BETA"} 1

$ kubectl get --raw /api/v1/nodes/node-name/proxy/metrics
Error from server (NotFound): nodes "node-name" not found

# "The way to check this is to use the kubectl describe pod command with
# your Pod that has passed through mutating admission": a built-in sidecar
# is an init container with restartPolicy Always.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: app-with-sidecar
spec:
  initContainers:
  - name: logshipper
    image: alpine:3
    restartPolicy: Always
    command: ["sh", "-c", "tail -F /opt/logs.txt"]
    volumeMounts:
    - name: data
      mountPath: /opt
  containers:
  - name: app
    image: alpine:3
    command: ["sh", "-c", "while true; do echo logging >> /opt/logs.txt; sleep 1; done"]
    volumeMounts:
    - name: data
      mountPath: /opt
  volumes:
  - name: data
    emptyDir: {}
EOF
pod/app-with-sidecar created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl get pod app-with-sidecar
NAME               READY   STATUS    RESTARTS   AGE
app-with-sidecar   2/2     Running   0          3s

$ kubectl get pod app-with-sidecar -o jsonpath='{.spec.initContainers[0].restartPolicy}{"\n"}'
Always

# Only Always is allowed for an init container's restartPolicy, and
# only init containers take one.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: bad-sidecar
spec:
  initContainers:
  - name: logshipper
    image: alpine:3
    restartPolicy: OnFailure
  containers:
  - name: app
    image: alpine:3
    restartPolicy: Always
EOF
The Pod "bad-sidecar" is invalid:
* spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers
* spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"
