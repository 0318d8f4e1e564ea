# The user's own files: sed -i edits one in place (GNU sed 4.9), mv and cp
# rename, move and copy them (coreutils 9), as the pages' "edit the file,
# then apply it" steps need.
$ cat > pod.yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.14.2
EOF

$ sed -i.bak 's/nginx:1.14.2/nginx:1.16.1/' pod.yaml

$ grep image: pod.yaml pod.yaml.bak
pod.yaml:    image: nginx:1.16.1
pod.yaml.bak:    image: nginx:1.14.2

$ sed -i 's/a/b/' nope.yaml
sed: can't read nope.yaml: No such file or directory

$ sed -i 's/a/b/'
sed: no input files

$ mkdir manifests

$ mv pod.yaml manifests/

$ cp -v manifests/pod.yaml copy.yaml
'manifests/pod.yaml' -> 'copy.yaml'

$ mv pod.yaml.bak copy.yaml other
mv: target 'other': No such file or directory

$ mv copy.yaml pod.yaml.bak manifests/pod.yaml
mv: target 'manifests/pod.yaml': Not a directory

$ mv missing.yaml manifests
mv: cannot stat 'missing.yaml': No such file or directory

$ cp manifests old
cp: -r not specified; omitting directory 'manifests'

$ ls manifests
pod.yaml

$ kubectl apply -f manifests/pod.yaml
pod/web created

$ kubectl get pod web -o jsonpath='{.spec.containers[0].image}{"\n"}'
nginx:1.16.1
