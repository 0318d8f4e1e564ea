# kubectl events (kubectl 1.32's events command): one table of the
# namespace's events, oldest first, filtered by --for and --types; and
# kubectl api-versions, the group/versions the playground serves.
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
40s                 Normal    Scheduled           Pod/web-797596b896-2bcp5    Successfully assigned default/web-797596b896-2bcp5 to kubeplay-worker3
40s                 Normal    Scheduled           Pod/web-797596b896-2jj9z    Successfully assigned default/web-797596b896-2jj9z to kubeplay-worker
40s                 Normal    SuccessfulCreate    ReplicaSet/web-797596b896   Created pod: web-797596b896-2bcp5
40s                 Normal    SuccessfulCreate    ReplicaSet/web-797596b896   Created pod: web-797596b896-2jj9z
40s                 Normal    ScalingReplicaSet   Deployment/web              Scaled up replica set web-797596b896 from 0 to 2
39s                 Normal    Pulling             Pod/web-797596b896-2bcp5    Pulling image "nginx"
39s                 Normal    Pulling             Pod/web-797596b896-2jj9z    Pulling image "nginx"
35s                 Normal    Pulled              Pod/web-797596b896-2bcp5    Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
35s                 Normal    Created             Pod/web-797596b896-2bcp5    Created container nginx
35s                 Normal    Started             Pod/web-797596b896-2bcp5    Started container nginx
34s                 Normal    Pulled              Pod/web-797596b896-2jj9z    Successfully pulled image "nginx" in 3.375s (4.375s including waiting). Image size: 71876746 bytes.
34s                 Normal    Created             Pod/web-797596b896-2jj9z    Created container nginx
34s                 Normal    Started             Pod/web-797596b896-2jj9z    Started container nginx
17s (x2 over 38s)   Normal    BackOff             Pod/broken                  Back-off pulling image "nginx:no-such-tag"
17s (x2 over 38s)   Warning   Failed              Pod/broken                  Error: ImagePullBackOff
7s (x3 over 39s)    Normal    Pulling             Pod/broken                  Pulling image "nginx:no-such-tag"
6s (x3 over 38s)    Warning   Failed              Pod/broken                  Failed to pull image "nginx:no-such-tag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:no-such-tag": failed to resolve reference "docker.io/library/nginx:no-such-tag": docker.io/library/nginx:no-such-tag: not found
6s (x3 over 38s)    Warning   Failed              Pod/broken                  Error: ErrImagePull

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

$ kubectl events -o yaml
error: (playground) kubectl events -o is not supported; kubectl get events -o yaml|json|jsonpath=… prints the events as objects

$ kubectl api-versions
apps/v1
autoscaling/v1
autoscaling/v2
batch/v1
discovery.k8s.io/v1
policy/v1
scheduling.k8s.io/v1
storage.k8s.io/v1
v1
