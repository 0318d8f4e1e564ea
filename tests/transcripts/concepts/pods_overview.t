# kubernetes.io "Pods" (Concepts), line by line. Transcripts never
# download: the page's https://k8s.io/examples/pods/simple-pod.yaml is a
# here-document.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.14.2
    ports:
    - containerPort: 80
EOF
pod/nginx created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pods
NAME    READY   STATUS    RESTARTS   AGE
nginx   1/1     Running   0          4s

# "Containers within the Pod see the system hostname as being the same as
# the configured name for the Pod."
$ kubectl exec nginx -- hostname
nginx

# "Pod templates": the Job's template starts one container that prints a
# message and pauses.
$ kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: hello
spec:
  template:
    # This is the pod template
    spec:
      containers:
      - name: hello
        image: busybox:1.28
        command: ['sh', '-c', 'echo "Hello, Kubernetes!" && sleep 3600']
      restartPolicy: OnFailure
    # The pod template ends here
EOF
job.batch/hello created

$ sim settle
settled after 11 steps and 2s of virtual time

$ kubectl get pods -l job-name=hello
NAME          READY   STATUS    RESTARTS   AGE
hello-rngh8   1/1     Running   0          2s

$ kubectl logs job/hello
Hello, Kubernetes!

# "Pod update and replacement": only the images, activeDeadlineSeconds
# and added tolerations of a running Pod may change.
$ kubectl set image pod/nginx nginx=nginx:1.16.1
pod/nginx image updated

$ kubectl patch pod nginx -p '{"metadata":{"name":"other"}}'
Error from server (BadRequest): the name or kind of an object cannot be changed by a patch

$ kubectl patch pod nginx -p '{"spec":{"activeDeadlineSeconds":3600}}'
pod/nginx patched

$ kubectl patch pod nginx -p '{"spec":{"activeDeadlineSeconds":7200}}'
The Pod "nginx" is invalid: spec.activeDeadlineSeconds: Invalid value: 7200: must be less than or equal to previous value

$ kubectl patch pod nginx -p '{"spec":{"activeDeadlineSeconds":600}}'
pod/nginx patched

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:13Z (4 steps ran)

$ kubectl get pod nginx -o jsonpath='{.spec.containers[0].image} {.status.containerStatuses[0].image} {.status.containerStatuses[0].restartCount}{"\n"}'
nginx:1.16.1 docker.io/library/nginx:1.16.1 1

# The deadline counts from the pod's startTime: 600 s after it, the
# kubelet stops the pod (nginx exits 0 on SIGTERM), which ends Failed.
$ sim advance 10m
advanced 10m to 2025-01-01T00:10:13Z (4 steps ran)

$ kubectl get pod nginx
NAME    READY   STATUS      RESTARTS      AGE
nginx   0/1     Completed   1 (10m ago)   10m

# (kubectl's STATUS shows the container's last reason; the pod's own is
# in its status.)
$ kubectl get pod nginx -o jsonpath='{.status.phase} {.status.reason}{"\n"}'
Failed DeadlineExceeded

# "Pod OS": the scheduler does not read spec.os, but the kubelet refuses
# a Pod for another OS than its own.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: windows-only
spec:
  os:
    name: windows
  containers:
  - name: app
    image: nginx:1.14.2
EOF
pod/windows-only created

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get pod windows-only
NAME           READY   STATUS              RESTARTS   AGE
windows-only   0/1     PodOSNotSupported   0          0s

$ kubectl get pod windows-only -o jsonpath='{.status.phase}: {.status.message}{"\n"}'
Failed: Pod was rejected: Failed to admit pod as the OS field doesn't match node OS

# "Static Pods": the control plane runs as static pods; the API server
# shows their mirror pods, named after the node.
$ kubectl get pods -n kube-system -l tier=control-plane
NAME                                             READY   STATUS    RESTARTS   AGE
etcd-kubeplay-control-plane                      1/1     Running   0          10m
kube-apiserver-kubeplay-control-plane            1/1     Running   0          10m
kube-controller-manager-kubeplay-control-plane   1/1     Running   0          10m
kube-scheduler-kubeplay-control-plane            1/1     Running   0          10m

$ kubectl delete pod -n kube-system etcd-kubeplay-control-plane
pod "etcd-kubeplay-control-plane" deleted

$ sim settle
settled after 1 steps and 0s of virtual time

$ kubectl get pod -n kube-system etcd-kubeplay-control-plane -o jsonpath='{.metadata.annotations.kubernetes\.io/config\.source} {.metadata.ownerReferences[0].kind}{"\n"}'
file Node
