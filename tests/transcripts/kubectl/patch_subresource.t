# --subresource (kubectl v1.24+ for patch, v1.27+ for get): the request
# goes to the object's status or scale subresource, as the API server
# serves it (KEP-2590's examples).
$ kubectl create deployment web --image=nginx:1.27 --replicas=2
deployment.apps/web created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (22 steps ran)

# The scale subresource answers with an autoscaling/v1 Scale: its name
# printer says scale.autoscaling, and the replicas reach the Deployment.
$ kubectl patch deployment web --subresource=scale --type=merge -p '{"spec":{"replicas":3}}'
scale.autoscaling/web patched

$ kubectl get deployment web --subresource=scale
NAME   DESIRED   AVAILABLE   AGE
web    3         2           30s

$ kubectl get deployment web --subresource=scale -o yaml
apiVersion: autoscaling/v1
kind: Scale
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: web
  namespace: default
  resourceVersion: "406"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  replicas: 3
status:
  replicas: 2
  selector: app=web

$ kubectl patch deployment web --subresource=scale -p '{"spec":{"replicas":3}}'
scale.autoscaling/web patched (no change)

$ kubectl patch deployment web --subresource=scale --type=json -p '[{"op":"replace","path":"/spec/replicas","value":1}]' --dry-run=server
scale.autoscaling/web patched (server dry run)

$ kubectl get deployment web -o jsonpath='{.spec.replicas}'
3

# The status subresource serves the whole object; only the status of the
# patched object is kept (the spec change is dropped).
$ kubectl patch deployment web --subresource=status --type=merge -p '{"spec":{"replicas":9},"status":{"observedGeneration":42}}'
deployment.apps/web patched

$ kubectl get deployment web -o jsonpath='{.spec.replicas} {.status.observedGeneration}'
3 42

$ kubectl get deployment web --subresource=status
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/3     2            2           30s

# A kind without the subresource, a missing object, a list, and a value
# kubectl does not know.
$ kubectl create configmap cfg
configmap/cfg created

$ kubectl patch configmap cfg --subresource=status --type=merge -p '{"status":{}}'
Error from server (NotFound): the server could not find the requested resource

$ kubectl patch deployment nope --subresource=scale -p '{"spec":{"replicas":1}}'
Error from server (NotFound): deployments/scale.apps "nope" not found

$ kubectl get deployments --subresource=scale
error: subresource cannot be used when bulk resources are specified

$ kubectl patch deployment web --subresource=ephemeralcontainers -p '{}'
error: invalid subresource value: "ephemeralcontainers". Must be one of [status scale]

$ kubectl apply -f - --subresource=status
error: --subresource can only be specified for --server-side
