# kubectl replace --help's example: a pod's image changed by sed, the
# part of the match to keep captured as \1.
$ kubectl run mypod --image=myimage:v1
pod/mypod created

$ kubectl get pod mypod -o yaml | sed 's/\(image: myimage\):.*$/\1:v4/' | kubectl replace -f -
pod/mypod replaced

$ kubectl get pod mypod -o jsonpath='{.spec.containers[0].image}'
myimage:v4

# On a running pod the kubelet restarts the container with the new image.
$ kubectl run web --image=nginx:1.14.2
pod/web created

$ kubectl wait --for=condition=Ready pod/web
pod/web condition met

$ kubectl get pod web -o yaml | grep image
  - image: nginx:1.14.2
    imagePullPolicy: IfNotPresent
    image: docker.io/library/nginx:1.14.2
    imageID: docker.io/library/nginx@sha256:07dbcaafad871b5fdb21c758f923db920ff592b783a2e5b5cdd18ff734407ca0

$ kubectl get pod web -o yaml | sed 's/\(image: nginx\):.*$/\1:1.16.1/' | kubectl replace -f -
pod/web replaced

$ sleep 20

$ kubectl get pod web
NAME   READY   STATUS    RESTARTS      AGE
web    1/1     Running   1 (19s ago)   24s

$ kubectl get pod web -o yaml | grep image
  - image: nginx:1.16.1
    imagePullPolicy: IfNotPresent
    image: docker.io/library/nginx:1.16.1
    imageID: docker.io/library/nginx@sha256:19df99afb7ed751cca647858efd31df5fdf1c1b7793c8892de2260f73d354543

# Groups in the replacement, as GNU sed 4.9 prints them.
$ echo key=value | sed -E 's/(.*)=(.*)/\2=\1/'
value=key

$ echo a=b=c | sed -r 's/(.*)=(.*)/\2=\1/'
c=a=b

$ echo a1b2c3 | sed 's/\([a-z]\)\([0-9]\)/\2\1/g'
1a2b3c

$ echo a1b2c3 | sed -n 's/\([a-z]\)\([0-9]\)/<\2\1>/2p'
a1<2b>c3

$ echo ab | sed 's/\(a\)\|b/[\1]/g'
[a][]

$ echo ab | sed 's/\(a\)/\&\1&\0/'
&aaab

$ echo hello world | sed 's/\w\+/\u&/g'
Hello World

$ echo hello world | sed -E 's/(\w+) (\w+)/\U\2\E \1/'
WORLD hello

$ kubectl get pod web -o jsonpath='{.spec.containers[0].image}' | sed -E 's/^([^:]*):(.*)$/repository \1, tag \2/'
repository nginx, tag 1.16.1

$ echo x | sed 's/a/\1/'
sed: -e expression #1, char 7: invalid reference \1 on `s' command's RHS

$ echo x | sed -E 's/\(a\)/\1/'
sed: -e expression #1, char 11: invalid reference \1 on `s' command's RHS

$ echo x | sed 's/\(a\)/\1/;s/b/\2/'
sed: -e expression #1, char 19: invalid reference \2 on `s' command's RHS
