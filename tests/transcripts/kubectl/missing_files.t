# A file that is not there: kubectl's own error line first, unchanged,
# then the playground's line saying how to make it here (the user's own
# files are not in the playground until written in its terminal).
$ kubectl apply -k base
error: must build at directory: not a valid directory: evalsymlink failure on 'base' : lstat base: no such file or directory
(playground) there are no files here yet: write the kustomization first (cat <<EOF > base/kustomization.yaml … EOF)

$ kubectl apply -f pod.yaml
error: the path "pod.yaml" does not exist
(playground) no file named pod.yaml here: write it first (cat <<EOF > pod.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl apply -f manifests/
error: the path "manifests/" does not exist
(playground) no directory named manifests here: make it first (mkdir manifests, then cat <<EOF > manifests/NAME.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl create configmap game --from-file=game.properties
error: error reading game.properties: no such file or directory
(playground) no file named game.properties here: write it first (cat <<EOF > game.properties … EOF) or use --from-literal=KEY=VALUE instead

$ kubectl create configmap game --from-env-file=game.env
error: error reading game.env: no such file or directory
(playground) no file named game.env here: write it first (cat <<EOF > game.env … EOF) or use --from-literal=KEY=VALUE instead

$ kubectl create secret tls web --cert=tls.crt --key=tls.key
error: Cannot read file tls.crt, open tls.crt: no such file or directory
(playground) no file named tls.crt here: write it first (cat <<EOF > tls.crt … EOF)

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.14.2
EOF

$ kubectl apply -f pod.yaml
pod/web created

# With files written, a name that is not among them gets the same line.
$ kubectl apply -f pods.yaml
error: the path "pods.yaml" does not exist
(playground) no file named pods.yaml here: write it first (cat <<EOF > pods.yaml … EOF) or pass the manifest on standard input with -f -

$ kubectl delete -f pod.yml
error: the path "pod.yml" does not exist
(playground) no file named pod.yml here: write it first (cat <<EOF > pod.yml … EOF) or pass the manifest on standard input with -f -
