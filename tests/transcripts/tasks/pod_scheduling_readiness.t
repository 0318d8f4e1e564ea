# kubernetes.io "Pod Scheduling Readiness"
# (concepts/scheduling-eviction/pod-scheduling-readiness.md), line by line
# on the playground's kind cluster (v1.32). The page's manifests are YAML
# flow mappings (trailing commas and all), written here as files.
$ cat <<EOF > pod-with-scheduling-gates.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "test-pod",
  },
  spec: {
    schedulingGates: [{
      name: "example.com/foo",
    }, {
      name: "example.com/bar",
    }],
    containers: [{
      name: "pause",
      image: "registry.k8s.io/pause:3.6",
    }],
  },
}
EOF

$ kubectl apply -f pod-with-scheduling-gates.yaml
pod/test-pod created

# The API server gives a pod created with gates the condition PodScheduled
# False, reason SchedulingGated, which kubectl shows as its status; the
# scheduler leaves it alone however long one waits.
$ sim advance 7s
advanced 7s to 2025-01-01T00:00:09Z (0 steps ran)

$ kubectl get pod test-pod
NAME       READY   STATUS            RESTARTS   AGE
test-pod   0/1     SchedulingGated   0          7s

$ kubectl get pod test-pod -o jsonpath='{.spec.schedulingGates}'
[{"name":"example.com/foo"},{"name":"example.com/bar"}]

$ kubectl describe pod test-pod | grep -A2 Conditions
Conditions:
  Type           Status
  PodScheduled   False

$ kubectl get events --field-selector involvedObject.name=test-pod
No resources found in default namespace.

# Gates can only be removed, never added after creation.
$ kubectl patch pod test-pod --type json -p '[{"op": "add", "path": "/spec/schedulingGates/-", "value": {"name": "example.com/baz"}}]'
The Pod "test-pod" is invalid: spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/baz'

# Reapplying the manifest without the gates removes them (the last
# applied configuration had them).
$ cat <<EOF > pod-without-scheduling-gates.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "test-pod",
  },
  spec: {
    containers: [{
      name: "pause",
      image: "registry.k8s.io/pause:3.6",
    }],
  },
}
EOF

$ kubectl apply -f pod-without-scheduling-gates.yaml
pod/test-pod configured

# Empty output, as the page says.
$ kubectl get pod test-pod -o jsonpath='{.spec.schedulingGates}'

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod test-pod -o wide
NAME       READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
test-pod   1/1     Running   0          9s    10.244.3.2   kubeplay-worker3   <none>           <none>

$ kubectl describe pod test-pod | grep -A7 Conditions
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       True
  ContainersReady             True
  PodScheduled                True
Volumes:
