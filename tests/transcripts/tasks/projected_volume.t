# kubernetes.io's "Configure a Pod to Use a Projected Volume for Storage",
# line by line: two Secrets made from files, projected into one
# directory. The page's `kubectl apply -f https://k8s.io/examples/…` is a
# here-document with the same text.
$ echo -n "admin" > ./username.txt

$ echo -n "1f2d1e2e67df" > ./password.txt

$ kubectl create secret generic user --from-file=./username.txt
secret/user created

$ kubectl create secret generic pass --from-file=./password.txt
secret/pass created

# pods/storage/projected.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: test-projected-volume
spec:
  containers:
  - name: test-projected-volume
    image: busybox:1.28
    args:
    - sleep
    - "86400"
    volumeMounts:
    - name: all-in-one
      mountPath: "/projected-volume"
      readOnly: true
  volumes:
  - name: all-in-one
    projected:
      sources:
      - secret:
          name: user
      - secret:
          name: pass
EOF
pod/test-projected-volume created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get --watch pod test-projected-volume
NAME                    READY   STATUS    RESTARTS   AGE
test-projected-volume   1/1     Running   0          2s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl exec -it test-projected-volume -- /bin/sh

$ ls /projected-volume/
password.txt  username.txt

$ cat /projected-volume/username.txt
admin

# The volume is read-only.
$ echo x > /projected-volume/x
/bin/sh: can't create /projected-volume/x: Read-only file system

$ exit
command terminated with exit code 1

# A projected volume also takes ConfigMaps, the downward API and
# service-account tokens, each with items.
$ kubectl create configmap myconfigmap --from-literal=config=hello
configmap/myconfigmap created

$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: volume-test
  labels:
    app: demo
spec:
  containers:
  - name: container-test
    image: busybox:1.28
    command: ["sleep", "3600"]
    volumeMounts:
    - name: all-in-one
      mountPath: "/projected-volume"
      readOnly: true
  volumes:
  - name: all-in-one
    projected:
      sources:
      - secret:
          name: user
          items:
            - key: username.txt
              path: my-group/my-username
      - downwardAPI:
          items:
            - path: "labels"
              fieldRef:
                fieldPath: metadata.labels
      - configMap:
          name: myconfigmap
          items:
            - key: config
              path: my-group/my-config
EOF
pod/volume-test created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec volume-test -- ls /projected-volume/ /projected-volume/my-group
/projected-volume/:
labels
my-group

/projected-volume/my-group:
my-config
my-username

$ kubectl exec volume-test -- cat /projected-volume/labels /projected-volume/my-group/my-config
app="demo"hello

# Clean up.
$ kubectl delete pod test-projected-volume volume-test
pod "test-projected-volume" deleted
pod "volume-test" deleted

$ kubectl delete secret user pass
secret "user" deleted
secret "pass" deleted

$ kubectl delete configmap myconfigmap
configmap "myconfigmap" deleted
