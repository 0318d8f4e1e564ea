# Task "Configure Service Accounts for Pods", line by line, on the
# playground's kind cluster (v1.32). The page's manifests are
# here-documents: a transcript cannot download them.
#
# "Use the default ServiceAccount": a pod that names none runs as
# `default`, and the ServiceAccount admission plugin says so in its spec.
$ kubectl run probe --image=nginx --restart=Never
pod/probe created

$ kubectl get pods/probe -o yaml | grep serviceAccount
  serviceAccount: default
  serviceAccountName: default
      - serviceAccountToken:

# "Opt out of API credential automounting": the page's two fragments
# made whole (a pod needs a container), on the account and on the pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: build-robot
automountServiceAccountToken: false
EOF
serviceaccount/build-robot created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: my-pod
spec:
  serviceAccountName: build-robot
  automountServiceAccountToken: false
  containers:
  - name: nginx
    image: nginx
EOF
pod/my-pod created

# Neither mounts a token: the pod has no kube-api-access volume.
$ kubectl get pod my-pod -o jsonpath='{.spec.serviceAccountName} {.spec.volumes}{"\n"}'
build-robot

$ kubectl delete pod my-pod
pod "my-pod" deleted

$ kubectl delete serviceaccount build-robot
serviceaccount "build-robot" deleted

# "Use more than one ServiceAccount". Since v1.24 no token Secret is
# made for an account, so SECRETS is 0 (the page's sample shows 1).
$ kubectl get serviceaccounts
NAME      SECRETS   AGE
default   0         2s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: build-robot
EOF
serviceaccount/build-robot created

$ kubectl get serviceaccounts/build-robot -o yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"ServiceAccount","metadata":{"annotations":{},"name":"build-robot","namespace":"default"}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: build-robot
  namespace: default
  resourceVersion: "379"
  uid: e0525b8c-4365-470d-81da-595cd49adc78

# "The ServiceAccount has to exist at the time the pod is created, or it
# will be rejected."
$ kubectl run robot --image=nginx --restart=Never --overrides='{"spec":{"serviceAccountName":"no-such-robot"}}'
Error from server (Forbidden): pods "robot" is forbidden: error looking up service account default/no-such-robot: serviceaccount "no-such-robot" not found

$ kubectl run robot --image=nginx --restart=Never --overrides='{"spec":{"serviceAccountName":"build-robot"}}'
pod/robot created

# "You can't update the .spec.serviceAccountName field of a Pod." The
# API server prints cmp.Diff of the whole PodSpec (Go field names, "...
# // N identical fields" around the change); the playground prints only
# the changed field.
$ kubectl patch pod robot -p '{"spec":{"serviceAccountName":"default"}}'
The Pod "robot" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)
  core.PodSpec{
- 	serviceAccountName: "build-robot"
+ 	serviceAccountName: "default"
  }

$ kubectl delete pod robot
pod "robot" deleted

# Cleanup, as the page does here; the next sections suppose build-robot
# exists again, so it is made again.
$ kubectl delete serviceaccount/build-robot
serviceaccount "build-robot" deleted

$ kubectl create serviceaccount build-robot
serviceaccount/build-robot created

# "Manually retrieve ServiceAccount credentials": a TokenRequest, valid
# for an hour; the playground signs it with its own key (its text is the
# seed's, the claims a real API server's).
$ kubectl create token build-robot
eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3ZjLmNsdXN0ZXIubG9jYWwiXSwiZXhwIjoxNzM1NjkzMjAyLCJpYXQiOjE3MzU2ODk2MDIsImlzcyI6Imh0dHBzOi8va3ViZXJuZXRlcy5kZWZhdWx0LnN2Yy5jbHVzdGVyLmxvY2FsIiwianRpIjoiOGQwMjQyMmQtNGM1My00MDkwLTljNTUtYTU1NTIyNTQzZTk4Iiwia3ViZXJuZXRlcy5pbyI6eyJuYW1lc3BhY2UiOiJkZWZhdWx0Iiwic2VydmljZWFjY291bnQiOnsibmFtZSI6ImJ1aWxkLXJvYm90IiwidWlkIjoiMjQ1MzFlMGQtYTM3Mi00N2I2LWI4Y2MtMjU2YmYzNzE1NjdiIn19LCJuYmYiOjE3MzU2ODk2MDIsInN1YiI6InN5c3RlbTpzZXJ2aWNlYWNjb3VudDpkZWZhdWx0OmJ1aWxkLXJvYm90In0.5Z--TfT23u2Rad2rGLMARFTahkWxDOhSiWZzkCYMWgpKPIczE1medfWZ9Ag4-RxgF5J8FkGJ-VqC32X7wUpgPnwSpF16_ozGhQagwSM0UKHYA8SMAjAUEj6RZWFsydaJsnBrAf99Mc6aM1lR5phzMblkAp8FkpM6NsH9ZCMcPJSd7GiMWWGpFcNq9feLl7-RT6lqmZiE8AH6uUWfxOEhCLszaJo6LcqUdkSFqxILgO68uIqYDCVk70HOr6rqdBEcvE_-KuK00H2u2y3BCLhoEmYf3aXKOS3AbzCsZYghIO-UcSpLQG8wP6AGgYxpFaYIDyEcDZ9sqIF-FodXBeRKWw

# "Manually create a long-lived API token for a ServiceAccount".
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: build-robot-secret
  annotations:
    kubernetes.io/service-account.name: build-robot
type: kubernetes.io/service-account-token
EOF
secret/build-robot-secret created

# The token controller fills it in (and adds the account's uid) as soon
# as it sees it.
$ sim settle
settled after 8 steps and 4s of virtual time

$ kubectl get secret/build-robot-secret -o yaml
apiVersion: v1
data:
  ca.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCmEzVmlaWEJzWVhrNklIUm9aU0J6YVcxMWJHRjBaV1FnWTJ4MWMzUmxjaUJvWVhNZ2JtOGdjbVZoYkNCalpYSjAKYVdacFkyRjBaU0JoZFhSb2IzSnBkSGs3SUhSb2FYTWdkR1Y0ZENCdmJteDVJSE4wWVc1a2N5QjNhR1Z5WlNCcgphVzVrSUhCMWRITWdhWFJ6SUhKdmIzUWdRMEVnWTJWeWRHbG1hV05oZEdVdQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==
  namespace: ZGVmYXVsdA==
  token: ZXlKaGJHY2lPaUpTVXpJMU5pSXNJbXRwWkNJNklteFVOV2gxUkd0b1ptaHpURGh5WkRJM1pXVTJSMjk2T1hjNE1YQlpSRVJsWlVOWWJYSjVZMGRSYW1NaWZRLmV5SnBjM01pT2lKcmRXSmxjbTVsZEdWekwzTmxjblpwWTJWaFkyTnZkVzUwSWl3aWEzVmlaWEp1WlhSbGN5NXBieTl6WlhKMmFXTmxZV05qYjNWdWRDOXVZVzFsYzNCaFkyVWlPaUprWldaaGRXeDBJaXdpYTNWaVpYSnVaWFJsY3k1cGJ5OXpaWEoyYVdObFlXTmpiM1Z1ZEM5elpXTnlaWFF1Ym1GdFpTSTZJbUoxYVd4a0xYSnZZbTkwTFhObFkzSmxkQ0lzSW10MVltVnlibVYwWlhNdWFXOHZjMlZ5ZG1salpXRmpZMjkxYm5RdmMyVnlkbWxqWlMxaFkyTnZkVzUwTG01aGJXVWlPaUppZFdsc1pDMXliMkp2ZENJc0ltdDFZbVZ5Ym1WMFpYTXVhVzh2YzJWeWRtbGpaV0ZqWTI5MWJuUXZjMlZ5ZG1salpTMWhZMk52ZFc1MExuVnBaQ0k2SWpJME5UTXhaVEJrTFdFek56SXRORGRpTmkxaU9HTmpMVEkxTm1KbU16Y3hOVFkzWWlJc0luTjFZaUk2SW5ONWMzUmxiVHB6WlhKMmFXTmxZV05qYjNWdWREcGtaV1poZFd4ME9tSjFhV3hrTFhKdlltOTBJbjAuenBETzBYcjJSWkkzUWpuSmZZSUQ0MENLb0hfbGd0cUdpNENZUmxoMVZWckVpLWNONHN2UjN2c2xGX21kbWhDdVZobE8wVGVWdXE4ZFZaMFpPOFZQbGZFSGNVUnFNVF9ab1pYVG1RVUNoLXZvTE1rOVhkY3pjVTFKUkpBSWNlQUppSzZ6ZlBPODBoaDdPWnpkT0VKXzJpLS04Q3hjdTJWYmlGbVI2d2dNdWJzMm5yeVBPX2xQSGt2b0JxUzZ0SDVfSmNMS3V6QWRkR0JMWUpPSGcydkVwRDZ4TExlcnlndU92OF9TeEZmcFV6OVp5cmdsNDZmRlJkQXl6NmdVajNKWUZMX0FSWUdMUmhlQVhIUnU3Wm9URjh2N25Qd0JSdHppT1haaFBwWG5xcWFYWnFpbXJhV1dUVFhmUzl2MkNyN1AxSmFQQkQ5VDV1emV2elFkMUttZkhB
kind: Secret
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{"kubernetes.io/service-account.name":"build-robot"},"name":"build-robot-secret","namespace":"default"},"type":"kubernetes.io/service-account-token"}
    kubernetes.io/service-account.name: build-robot
    kubernetes.io/service-account.uid: 24531e0d-a372-47b6-b8cc-256bf371567b
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: build-robot-secret
  namespace: default
  resourceVersion: "387"
  uid: 0f584890-f70c-4d48-a86b-2d79d5476dbb
type: kubernetes.io/service-account-token

$ kubectl describe secrets/build-robot-secret
Name:         build-robot-secret
Namespace:    default
Labels:       <none>
Annotations:  kubernetes.io/service-account.name: build-robot
              kubernetes.io/service-account.uid: 24531e0d-a372-47b6-b8cc-256bf371567b

Type:  kubernetes.io/service-account-token

Data
====
ca.crt:     229 bytes
namespace:  7 bytes
token:      eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9uYW1lc3BhY2UiOiJkZWZhdWx0Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9zZWNyZXQubmFtZSI6ImJ1aWxkLXJvYm90LXNlY3JldCIsImt1YmVybmV0ZXMuaW8vc2VydmljZWFjY291bnQvc2VydmljZS1hY2NvdW50Lm5hbWUiOiJidWlsZC1yb2JvdCIsImt1YmVybmV0ZXMuaW8vc2VydmljZWFjY291bnQvc2VydmljZS1hY2NvdW50LnVpZCI6IjI0NTMxZTBkLWEzNzItNDdiNi1iOGNjLTI1NmJmMzcxNTY3YiIsInN1YiI6InN5c3RlbTpzZXJ2aWNlYWNjb3VudDpkZWZhdWx0OmJ1aWxkLXJvYm90In0.zpDO0Xr2RZI3QjnJfYID40CKoH_lgtqGi4CYRlh1VVrEi-cN4svR3vslF_mdmhCuVhlO0TeVuq8dVZ0ZO8VPlfEHcURqMT_ZoZXTmQUCh-voLMk9XdczcU1JRJAIceAJiK6zfPO80hh7OZzdOEJ_2i--8Cxcu2VbiFmR6wgMubs2nryPO_lPHkvoBqS6tH5_JcLKuzAddGBLYJOHg2vEpD6xLLeryguOv8_SxFfpUz9Zyrgl46fFRdAyz6gUj3JYFL_ARYGLRheAXHRu7ZoTF8v7nPwBRtziOXZhPpXnqqaXZqimraWWTTXfS9v2Cr7P1JaPBD9T5uzevzQd1KmfHA

$ kubectl delete secret/build-robot-secret
secret "build-robot-secret" deleted

# "Add ImagePullSecrets to a ServiceAccount". The page's command is
# split over lines with backslashes, as here.
$ kubectl create secret docker-registry myregistrykey --docker-server=DUMMY_SERVER \
>         --docker-username=DUMMY_USERNAME --docker-password=DUMMY_DOCKER_PASSWORD \
>         --docker-email=DUMMY_DOCKER_EMAIL
secret/myregistrykey created

$ kubectl get secrets myregistrykey
NAME            TYPE                             DATA   AGE
myregistrykey   kubernetes.io/dockerconfigjson   1      0s

$ kubectl patch serviceaccount default -p '{"imagePullSecrets": [{"name": "myregistrykey"}]}'
serviceaccount/default patched

# The page's alternative, `kubectl edit serviceaccount default`, with an
# editor that adds nothing new (the patch already did): the edit is
# cancelled.
$ KUBE_EDITOR="sed -i 's/myregistrykey/myregistrykey/'" kubectl edit serviceaccount default
Edit cancelled, no changes made.

$ kubectl get serviceaccount default -o yaml
apiVersion: v1
imagePullSecrets:
- name: myregistrykey
kind: ServiceAccount
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  name: default
  namespace: default
  resourceVersion: "397"
  uid: 4a3ed794-b03b-4875-8867-5c200ff9274a

# "Verify that imagePullSecrets are set for new Pods". The page's
# <registry name>/nginx is plain nginx here: the playground's registry
# serves it whatever the credentials.
$ kubectl run nginx --image=nginx --restart=Never
pod/nginx created

$ kubectl get pod nginx -o=jsonpath='{.spec.imagePullSecrets[0].name}{"\n"}'
myregistrykey

# A pod that names pull secrets of its own keeps them.
$ kubectl run own-secrets --image=nginx --restart=Never --overrides='{"spec":{"imagePullSecrets":[{"name":"other"}]}}'
pod/own-secrets created

$ kubectl get pod own-secrets -o=jsonpath='{.spec.imagePullSecrets[*].name}{"\n"}'
other

$ kubectl delete pod nginx own-secrets probe
pod "nginx" deleted
pod "own-secrets" deleted
pod "probe" deleted

# "ServiceAccount token volume projection": pods/pod-projected-svc-token.yaml.
$ kubectl create -f - <<EOF
kind: Pod
apiVersion: v1
metadata:
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    volumeMounts:
    - mountPath: /var/run/secrets/tokens
      name: vault-token
  volumes:
  - name: vault-token
    projected:
      sources:
      - serviceAccountToken:
          path: vault-token
          expirationSeconds: 7200
          audience: vault
EOF
pod/nginx created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pod nginx
NAME    READY   STATUS    RESTARTS   AGE
nginx   1/1     Running   0          2s

# The kubelet wrote a token for the audience "vault", valid for the two
# hours asked for, bound to the pod and its node.
$ kubectl exec nginx -- ls /var/run/secrets/tokens
vault-token

# (its payload, base64url without padding, decoded on the host).
$ kubectl exec nginx -- cat /var/run/secrets/tokens/vault-token | cut -d. -f2 | tr '_-' '/+' | base64 -d 2>/dev/null; echo
{"aud":["vault"],"exp":1735696806,"iat":1735689606,"iss":"https://kubernetes.default.svc.cluster.local","jti":"ac08fb8f-b269-d1b2-9ac3-93885b569aea","kubernetes.io":{"namespace":"default","node":{"name":"kubeplay-worker","uid":"6775dc77-0156-4f61-9afc-d44d14cf8bfe"},"pod":{"name":"nginx","uid":"a48b5a0f-6058-424d-96e9-685d49e8e576"},"serviceaccount":{"name":"default","uid":"4a3ed794-b03b-4875-8867-5c200ff9274a"}},"nbf":1735689606,"sub":"system:serviceaccount:default:default"}
