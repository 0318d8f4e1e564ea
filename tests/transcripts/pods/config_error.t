# A container whose environment refers to a ConfigMap that does not exist
# stays in CreateContainerConfigError (event "Error: configmap ... not
# found", retried every 10 s; the status shows the outcome of the previous
# attempt) until the ConfigMap exists; a key missing from an existing
# ConfigMap is an error too. A missing ConfigMap volume keeps the pod in
# ContainerCreating with FailedMount events instead.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
  - name: test-container
    image: registry.k8s.io/busybox
    command: [ "/bin/sh", "-c", "env; sleep 3600" ]
    env:
    - name: SPECIAL_LEVEL_KEY
      valueFrom:
        configMapKeyRef:
          name: special-config
          key: special.how
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (7 steps ran)

$ kubectl get pods
NAME            READY   STATUS                       RESTARTS   AGE
dapi-test-pod   0/1     CreateContainerConfigError   0          5s

$ kubectl get pod dapi-test-pod -o jsonpath='{.status.containerStatuses[0].state.waiting}{"\n"}'
{"message":"configmap \"special-config\" not found","reason":"CreateContainerConfigError"}

$ kubectl create configmap special-config --from-literal=special.type=charm
configmap/special-config created

$ sim advance 20s
advanced 20s to 2025-01-01T00:00:27Z (5 steps ran)

$ kubectl get pod dapi-test-pod -o jsonpath='{.status.containerStatuses[0].state.waiting}{"\n"}'
{"message":"couldn't find key special.how in ConfigMap default/special-config","reason":"CreateContainerConfigError"}

$ kubectl patch configmap special-config -p '{"data":{"special.how":"very"}}'
configmap/special-config patched

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:37Z (4 steps ran)

$ kubectl get pods
NAME            READY   STATUS    RESTARTS   AGE
dapi-test-pod   1/1     Running   0          35s

$ kubectl get events --field-selector involvedObject.name=dapi-test-pod
LAST SEEN   TYPE      REASON      OBJECT              MESSAGE
35s         Normal    Scheduled   pod/dapi-test-pod   Successfully assigned default/dapi-test-pod to kubeplay-worker3
1s          Normal    Pulling     pod/dapi-test-pod   Pulling image "registry.k8s.io/busybox"
33s         Normal    Pulled      pod/dapi-test-pod   Successfully pulled image "registry.k8s.io/busybox" in 527ms (527ms including waiting). Image size: 691121 bytes.
32s         Warning   Failed      pod/dapi-test-pod   Error: configmap "special-config" not found
1s          Normal    Pulled      pod/dapi-test-pod   Successfully pulled image "registry.k8s.io/busybox" in 500ms (500ms including waiting). Image size: 691121 bytes.
11s         Warning   Failed      pod/dapi-test-pod   Error: couldn't find key special.how in ConfigMap default/special-config
1s          Normal    Created     pod/dapi-test-pod   Created container test-container
1s          Normal    Started     pod/dapi-test-pod   Started container test-container

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: vol-pod
spec:
  containers:
  - name: app
    image: nginx:1.25
    volumeMounts:
    - name: config-volume
      mountPath: /etc/config
  volumes:
  - name: config-volume
    configMap:
      name: app-config
EOF
pod/vol-pod created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:42Z (5 steps ran)

$ kubectl get pod vol-pod
NAME      READY   STATUS              RESTARTS   AGE
vol-pod   0/1     ContainerCreating   0          5s

$ kubectl get events --field-selector involvedObject.name=vol-pod
LAST SEEN   TYPE      REASON        OBJECT        MESSAGE
5s          Normal    Scheduled     pod/vol-pod   Successfully assigned default/vol-pod to kubeplay-worker
1s          Warning   FailedMount   pod/vol-pod   MountVolume.SetUp failed for volume "config-volume" : configmap "app-config" not found

$ kubectl create configmap app-config --from-literal=mode=prod
configmap/app-config created

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:52Z (5 steps ran)

$ kubectl get pod vol-pod
NAME      READY   STATUS    RESTARTS   AGE
vol-pod   1/1     Running   0          15s
