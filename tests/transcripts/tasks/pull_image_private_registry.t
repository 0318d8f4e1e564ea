# Task "Pull an Image from a Private Registry", line by line, on the
# playground's kind cluster (v1.32). There is no `docker login` here, so
# the page's ~/.docker/config.json is written by hand (its "auth" is
# base64 of janedoe:xxxxxxxxxxx).
$ cat > config.json <<EOF
{
    "auths": {
        "https://index.docker.io/v1/": {
            "auth": "amFuZWRvZTp4eHh4eHh4eHh4eA=="
        }
    }
}
EOF

$ cat config.json
{
    "auths": {
        "https://index.docker.io/v1/": {
            "auth": "amFuZWRvZTp4eHh4eHh4eHh4eA=="
        }
    }
}

# "Create a Secret based on existing Docker credentials" (the page splits
# the command over lines with backslashes, as here).
$ kubectl create secret generic regcred \
>     --from-file=.dockerconfigjson=config.json \
>     --type=kubernetes.io/dockerconfigjson
secret/regcred created

$ kubectl get secret regcred
NAME      TYPE                             DATA   AGE
regcred   kubernetes.io/dockerconfigjson   1      0s

$ kubectl delete secret regcred
secret "regcred" deleted

# The page's hand-written Secret: its data decodes, but not to a Docker
# config file, which is the page's `data[.dockerconfigjson]: invalid
# value ...` error.
$ kubectl create namespace awesomeapps
namespace/awesomeapps created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: myregistrykey
  namespace: awesomeapps
data:
  .dockerconfigjson: UmVhbGx5IHJlYWxseSByZWVlZWVlZWVlZWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGx5eXl5eXl5eXl5eXl5eXl5eXl5eSBsbGxsbGxsbGxsbGxsbG9vb29vb29vb29vb29vb29vb29vb29vb29vb25ubm5ubm5ubm5ubm5ubm5ubm5ubm5ubmdnZ2dnZ2dnZ2dnZ2dnZ2dnZ2cgYXV0aCBrZXlzCg==
type: kubernetes.io/dockerconfigjson
EOF
The Secret "myregistrykey" is invalid: data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character 'R' looking for beginning of value

# And data that is not base64 at all.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: myregistrykey
  namespace: awesomeapps
data:
  .dockerconfigjson: not*base64
type: kubernetes.io/dockerconfigjson
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3

$ kubectl delete namespace awesomeapps
namespace "awesomeapps" deleted

# "Create a Secret by providing credentials on the command line", with
# the page's sample values for <your-registry-server> and the rest.
$ kubectl create secret docker-registry regcred --docker-server=your.private.registry.example.com --docker-username=janedoe --docker-password=xxxxxxxxxxx --docker-email=jdoe@example.com
secret/regcred created

# "Inspecting the Secret regcred".
$ kubectl get secret regcred --output=yaml
apiVersion: v1
data:
  .dockerconfigjson: eyJhdXRocyI6eyJ5b3VyLnByaXZhdGUucmVnaXN0cnkuZXhhbXBsZS5jb20iOnsidXNlcm5hbWUiOiJqYW5lZG9lIiwicGFzc3dvcmQiOiJ4eHh4eHh4eHh4eCIsImVtYWlsIjoiamRvZUBleGFtcGxlLmNvbSIsImF1dGgiOiJhbUZ1WldSdlpUcDRlSGg0ZUhoNGVIaDRlQT09In19fQ==
kind: Secret
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: regcred
  namespace: default
  resourceVersion: "380"
  uid: e0525b8c-4365-470d-81da-595cd49adc78
type: kubernetes.io/dockerconfigjson

$ kubectl get secret regcred --output="jsonpath={.data.\.dockerconfigjson}" | base64 --decode; echo
{"auths":{"your.private.registry.example.com":{"username":"janedoe","password":"xxxxxxxxxxx","email":"jdoe@example.com","auth":"amFuZWRvZTp4eHh4eHh4eHh4eA=="}}}

$ echo "amFuZWRvZTp4eHh4eHh4eHh4eA==" | base64 --decode; echo
janedoe:xxxxxxxxxxx

# "Create a Pod that uses your Secret": pods/private-reg-pod.yaml, saved
# as the page's my-private-reg-pod.yaml instead of downloaded with wget.
$ cat > my-private-reg-pod.yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: private-reg
spec:
  containers:
  - name: private-reg-container
    image: <your-private-image>
  imagePullSecrets:
  - name: regcred
EOF

# Forgetting to replace the placeholder: the API server takes any image
# name, the kubelet refuses to pull this one.
$ kubectl apply -f my-private-reg-pod.yaml
pod/private-reg created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl get pod private-reg
NAME          READY   STATUS             RESTARTS   AGE
private-reg   0/1     InvalidImageName   0          2s

$ kubectl describe pod private-reg | sed -n '/^Events:/,$p'
Events:
  Type     Reason         Age              From               Message
  ----     ------         ----             ----               -------
  Normal   Scheduled      2s               default-scheduler  Successfully assigned default/private-reg to kubeplay-worker
  Warning  InspectFailed  0s (x2 over 1s)  kubelet            Failed to apply default image tag "<your-private-image>": couldn't parse image name "<your-private-image>": invalid reference format
  Warning  Failed         0s (x2 over 1s)  kubelet            Error: InvalidImageName

$ kubectl delete pod private-reg
pod "private-reg" deleted

# The page's sample private image. Its registry is under example.com,
# which no DNS server resolves for a registry, so on a real cluster the
# pull fails at the name lookup whatever the credentials; the playground
# does the same (any other registry it treats as serving the image).
$ sed -i 's|<your-private-image>|your.private.registry.example.com/janedoe/jdoe-private:v1|' my-private-reg-pod.yaml

$ kubectl apply -f my-private-reg-pod.yaml
pod/private-reg created

$ kubectl get pod private-reg
NAME          READY   STATUS    RESTARTS   AGE
private-reg   0/1     Pending   0          0s

$ sim settle
settled after 7 steps and 13s of virtual time

$ kubectl get pod private-reg
NAME          READY   STATUS             RESTARTS   AGE
private-reg   0/1     ImagePullBackOff   0          13s

$ kubectl describe pod private-reg | sed -n '/^Events:/,$p'
Events:
  Type     Reason     Age               From               Message
  ----     ------     ----              ----               -------
  Normal   Scheduled  13s               default-scheduler  Successfully assigned default/private-reg to kubeplay-worker3
  Normal   BackOff    11s               kubelet            Back-off pulling image "your.private.registry.example.com/janedoe/jdoe-private:v1"
  Warning  Failed     11s               kubelet            Error: ImagePullBackOff
  Normal   Pulling    1s (x2 over 12s)  kubelet            Pulling image "your.private.registry.example.com/janedoe/jdoe-private:v1"
  Warning  Failed     0s (x2 over 11s)  kubelet            Failed to pull image "your.private.registry.example.com/janedoe/jdoe-private:v1": failed to pull and unpack image "your.private.registry.example.com/janedoe/jdoe-private:v1": failed to resolve reference "your.private.registry.example.com/janedoe/jdoe-private:v1": failed to do request: Head "https://your.private.registry.example.com/v2/janedoe/jdoe-private/manifests/v1": dial tcp: lookup your.private.registry.example.com on 172.18.0.1:53: no such host
  Warning  Failed     0s (x2 over 11s)  kubelet            Error: ErrImagePull

$ kubectl delete pod private-reg
pod "private-reg" deleted

# "In case the Pod fails to start with the status ImagePullBackOff": a
# Secret name the namespace lacks is reported before every pull
# (FailedToRetrieveImagePullSecret); the pull itself is still tried.
$ sed -i 's|name: regcred|name: regred|; s|your.private.registry.example.com/janedoe/jdoe-private:v1|nginx|' my-private-reg-pod.yaml

$ kubectl apply -f my-private-reg-pod.yaml
pod/private-reg created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl get pod private-reg
NAME          READY   STATUS    RESTARTS   AGE
private-reg   1/1     Running   0          4s

$ kubectl describe pod private-reg | sed -n '/^Events:/,$p'
Events:
  Type     Reason                           Age              From               Message
  ----     ------                           ----             ----               -------
  Normal   Scheduled                        4s               default-scheduler  Successfully assigned default/private-reg to kubeplay-worker
  Normal   Pulling                          3s               kubelet            Pulling image "nginx"
  Warning  FailedToRetrieveImagePullSecret  0s (x2 over 4s)  kubelet            Unable to retrieve some image pull secrets (regred); attempting to pull the image may not succeed.
  Normal   Pulled                           0s               kubelet            Successfully pulled image "nginx" in 3.375s (3.375s including waiting). Image size: 71876746 bytes.
  Normal   Created                          0s               kubelet            Created container private-reg-container
  Normal   Started                          0s               kubelet            Started container private-reg-container
