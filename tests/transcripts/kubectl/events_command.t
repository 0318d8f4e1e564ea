# kubectl events (kubectl 1.32's events command): one table of the
# namespace's events, oldest first, filtered by --for and --types, or with
# -o the EventList kubectl builds from them (json, yaml, name and the
# templates; no wide or custom columns); and kubectl api-versions, the
# group/versions the playground serves.
$ kubectl events
No events found in default namespace.

$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl run broken --image=nginx:no-such-tag
pod/broken created

$ sim advance 40s
advanced 40s to 2025-01-01T00:00:42Z (35 steps ran)

$ kubectl events
LAST SEEN           TYPE      REASON              OBJECT                      MESSAGE
40s                 Normal    Scheduled           Pod/broken                  Successfully assigned default/broken to kubeplay-worker
40s                 Normal    ScalingReplicaSet   Deployment/web              Scaled up replica set web-797596b896 from 0 to 2
40s                 Normal    SuccessfulCreate    ReplicaSet/web-797596b896   Created pod: web-797596b896-2jj9z
40s                 Normal    SuccessfulCreate    ReplicaSet/web-797596b896   Created pod: web-797596b896-2bcp5
40s                 Normal    Scheduled           Pod/web-797596b896-2jj9z    Successfully assigned default/web-797596b896-2jj9z to kubeplay-worker
40s                 Normal    Scheduled           Pod/web-797596b896-2bcp5    Successfully assigned default/web-797596b896-2bcp5 to kubeplay-worker3
39s                 Normal    Pulling             Pod/web-797596b896-2jj9z    Pulling image "nginx"
39s                 Normal    Pulling             Pod/web-797596b896-2bcp5    Pulling image "nginx"
35s                 Normal    Pulled              Pod/web-797596b896-2bcp5    Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
35s                 Normal    Created             Pod/web-797596b896-2bcp5    Created container nginx
35s                 Normal    Started             Pod/web-797596b896-2bcp5    Started container nginx
34s                 Normal    Pulled              Pod/web-797596b896-2jj9z    Successfully pulled image "nginx" in 3.375s (4.375s including waiting). Image size: 71876746 bytes.
34s                 Normal    Created             Pod/web-797596b896-2jj9z    Created container nginx
34s                 Normal    Started             Pod/web-797596b896-2jj9z    Started container nginx
17s (x2 over 38s)   Warning   Failed              Pod/broken                  Error: ImagePullBackOff
17s (x2 over 38s)   Normal    BackOff             Pod/broken                  Back-off pulling image "nginx:no-such-tag"
7s (x3 over 39s)    Normal    Pulling             Pod/broken                  Pulling image "nginx:no-such-tag"
6s (x3 over 38s)    Warning   Failed              Pod/broken                  Error: ErrImagePull
6s (x3 over 38s)    Warning   Failed              Pod/broken                  Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found

$ kubectl events --types=Warning
LAST SEEN           TYPE      REASON   OBJECT       MESSAGE
17s (x2 over 38s)   Warning   Failed   Pod/broken   Error: ImagePullBackOff
6s (x3 over 38s)    Warning   Failed   Pod/broken   Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
6s (x3 over 38s)    Warning   Failed   Pod/broken   Error: ErrImagePull

$ kubectl events --for=pod/broken --no-headers
40s                 Normal    Scheduled   Pod/broken   Successfully assigned default/broken to kubeplay-worker
17s (x2 over 38s)   Normal    BackOff     Pod/broken   Back-off pulling image "nginx:no-such-tag"
17s (x2 over 38s)   Warning   Failed      Pod/broken   Error: ImagePullBackOff
7s (x3 over 39s)    Normal    Pulling     Pod/broken   Pulling image "nginx:no-such-tag"
6s (x3 over 38s)    Warning   Failed      Pod/broken   Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
6s (x3 over 38s)    Warning   Failed      Pod/broken   Error: ErrImagePull

$ kubectl events --for deploy/web
LAST SEEN   TYPE     REASON              OBJECT           MESSAGE
40s         Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set web-797596b896 from 0 to 2

$ kubectl events -A --types=warning,Warning
NAMESPACE   LAST SEEN           TYPE      REASON   OBJECT       MESSAGE
default     17s (x2 over 38s)   Warning   Failed   Pod/broken   Error: ImagePullBackOff
default     6s (x3 over 38s)    Warning   Failed   Pod/broken   Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
default     6s (x3 over 38s)    Warning   Failed   Pod/broken   Error: ErrImagePull

$ kubectl events --types=Bogus
error: valid --types are Normal or Warning

$ kubectl events --for=pod
error: --for must be in resource/name form

$ kubectl events --for=pod/a/b
error: arguments in resource/name form may not have more than one slash

$ kubectl events --for=bogus/x
error: the server doesn't have a resource type "bogus"

$ kubectl events -n kube-system --for=pod/nope
No events found in kube-system namespace.

$ kubectl events --for deploy/web -o yaml
apiVersion: v1
items:
- apiVersion: v1
  count: 1
  eventTime: null
  firstTimestamp: "2025-01-01T00:00:02Z"
  involvedObject:
    apiVersion: apps/v1
    kind: Deployment
    name: web
    namespace: default
    resourceVersion: "374"
    uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
  kind: Event
  lastTimestamp: "2025-01-01T00:00:02Z"
  message: Scaled up replica set web-797596b896 from 0 to 2
  metadata:
    creationTimestamp: "2025-01-01T00:00:02Z"
    name: web.1816687f378c9446
    namespace: default
    resourceVersion: "377"
    uid: e0525b8c-4365-470d-81da-595cd49adc78
  reason: ScalingReplicaSet
  reportingComponent: deployment-controller
  reportingInstance: ""
  source:
    component: deployment-controller
  type: Normal
kind: EventList
metadata: {}

$ kubectl events --for deploy/web -o json
{
    "kind": "EventList",
    "apiVersion": "v1",
    "metadata": {},
    "items": [
        {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": {
                "name": "web.1816687f378c9446",
                "namespace": "default",
                "uid": "e0525b8c-4365-470d-81da-595cd49adc78",
                "resourceVersion": "377",
                "creationTimestamp": "2025-01-01T00:00:02Z"
            },
            "involvedObject": {
                "kind": "Deployment",
                "namespace": "default",
                "name": "web",
                "uid": "f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba",
                "apiVersion": "apps/v1",
                "resourceVersion": "374"
            },
            "reason": "ScalingReplicaSet",
            "message": "Scaled up replica set web-797596b896 from 0 to 2",
            "source": {
                "component": "deployment-controller"
            },
            "firstTimestamp": "2025-01-01T00:00:02Z",
            "lastTimestamp": "2025-01-01T00:00:02Z",
            "count": 1,
            "type": "Normal",
            "eventTime": null,
            "reportingComponent": "deployment-controller",
            "reportingInstance": ""
        }
    ]
}

$ kubectl events --for=pod/broken --types=Warning -o go-template='{{range .items}}{{.count}} {{.message}}{{"\n"}}{{end}}'
2 Error: ImagePullBackOff
3 Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
3 Error: ErrImagePull

$ kubectl events --types=Warning --template='{{.kind}}'
LAST SEEN           TYPE      REASON   OBJECT       MESSAGE
17s (x2 over 38s)   Warning   Failed   Pod/broken   Error: ImagePullBackOff
6s (x3 over 38s)    Warning   Failed   Pod/broken   Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
6s (x3 over 38s)    Warning   Failed   Pod/broken   Error: ErrImagePull

$ kubectl events -o wide
error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl events -o custom-columns=NAME:.metadata.name
error: unable to match a printer suitable for the output format "custom-columns=NAME:.metadata.name", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl events -o bogus --types=Bogus
error: unable to match a printer suitable for the output format "bogus", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl events -o bogus --for=pod
error: --for must be in resource/name form

$ kubectl events -o YAML --types=Bogus
error: valid --types are Normal or Warning

$ kubectl events -o jsonpath
error: template format specified but no template given

$ kubectl api-versions
admissionregistration.k8s.io/v1
apiextensions.k8s.io/v1
apiregistration.k8s.io/v1
apps/v1
authentication.k8s.io/v1
authorization.k8s.io/v1
autoscaling/v1
autoscaling/v2
batch/v1
certificates.k8s.io/v1
coordination.k8s.io/v1
discovery.k8s.io/v1
events.k8s.io/v1
flowcontrol.apiserver.k8s.io/v1
networking.k8s.io/v1
node.k8s.io/v1
policy/v1
rbac.authorization.k8s.io/v1
scheduling.k8s.io/v1
storage.k8s.io/v1
v1
