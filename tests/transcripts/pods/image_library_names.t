# How an image name reaches Docker Hub's library namespace: one word,
# library/NAME, docker.io/NAME, docker.io/library/NAME, and the legacy
# index.docker.io host all mean docker.io/library/NAME, and only official
# images live there. The refused pull names the image as containerd
# normalised it.
$ kubectl run pinned --image=docker.io/library/nginxx:1.0
pod/pinned created

$ kubectl run legacy --image=index.docker.io/library/busyboxx -- sleep 1d
pod/legacy created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (8 steps ran)

$ kubectl get pods
NAME     READY   STATUS         RESTARTS   AGE
legacy   0/1     ErrImagePull   0          5s
pinned   0/1     ErrImagePull   0          5s

$ kubectl get events --field-selector reason=Failed -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message --sort-by=.involvedObject.name
OBJECT   MESSAGE
legacy   Failed to pull image "index.docker.io/library/busyboxx": failed to pull and unpack image "docker.io/library/busyboxx:latest": failed to resolve reference "docker.io/library/busyboxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
legacy   Error: ErrImagePull
legacy   Error: ImagePullBackOff
pinned   Failed to pull image "docker.io/library/nginxx:1.0": failed to pull and unpack image "docker.io/library/nginxx:1.0": failed to resolve reference "docker.io/library/nginxx:1.0": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed
pinned   Error: ErrImagePull
pinned   Error: ImagePullBackOff

$ kubectl delete pod pinned legacy --now
pod "pinned" deleted
pod "legacy" deleted

# A user's repository, and registries other than Docker Hub, are not
# judged: they are assumed to exist, as the playground cannot ask. Official
# images pull whether or not the playground knows their tags.
$ kubectl run bitnami --image=bitnami/nginx:1.27
pod/bitnami created

$ kubectl run proxy --image=traefik:v3.2
pod/proxy created

$ kubectl run lb --image=docker.io/library/haproxy:3.0
pod/lb created

$ kubectl run queue --image=rabbitmq:3-management
pod/queue created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:37Z (22 steps ran)

$ kubectl get pods
NAME      READY   STATUS    RESTARTS   AGE
bitnami   1/1     Running   0          30s
lb        1/1     Running   0          30s
proxy     1/1     Running   0          30s
queue     1/1     Running   0          30s

# A Deployment with a typo in its image: the fix is a new rollout.
$ kubectl create deployment cache --image=memcachedd
deployment.apps/cache created

$ sim advance 15s
advanced 15s to 2025-01-01T00:00:52Z (15 steps ran)

$ kubectl get pods -l app=cache
NAME                     READY   STATUS             RESTARTS   AGE
cache-85dbc7cbb8-kmg4x   0/1     ImagePullBackOff   0          15s

$ kubectl set image deployment/cache memcachedd=memcached:1.6
deployment.apps/cache image updated

$ kubectl rollout status deployment/cache
Waiting for deployment spec update to be observed...
Waiting for deployment "cache" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "cache" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "cache" rollout to finish: 1 old replicas are pending termination...
deployment "cache" successfully rolled out

$ kubectl get pods -l app=cache
NAME                     READY   STATUS    RESTARTS   AGE
cache-58f784c45c-rrv2s   1/1     Running   0          2s

# Upper case is no repository name. kubectl run refuses it; the API
# server does not check image names, so a manifest gets through, and the
# kubelet cannot parse it (distribution/reference's ParseNormalizedNamed).
$ kubectl run upper --image=Nginx
error: Invalid image name "Nginx": invalid reference format

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: upper
spec:
  containers:
  - name: web
    image: Nginx
EOF
pod/upper created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:59Z (7 steps ran)

$ kubectl get pod upper
NAME    READY   STATUS             RESTARTS   AGE
upper   0/1     InvalidImageName   0          5s

$ kubectl get events --field-selector involvedObject.name=upper,type=Warning -o custom-columns=REASON:.reason,MESSAGE:.message
REASON          MESSAGE
InspectFailed   Failed to apply default image tag "Nginx": couldn't parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase
Failed          Error: InvalidImageName
