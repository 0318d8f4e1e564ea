# bmuschko/ckad-crash-course, exercises/09-defining-pod-probes, the
# solution's commands in order; pod.yaml is the solution's file. The
# image is the course's own (app/index.js on node:12, built with docker
# build). The later numbering's exercises/18-pod-probes is the same
# exercise (its run adds --restart=Never).
$ kubectl run hello --image=bmuschko/nodejs-hello-world:1.0.0 --port=3000 -o yaml --dry-run=client > pod.yaml

$ cat <<EOF > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: hello
  name: hello
spec:
  containers:
  - image: bmuschko/nodejs-hello-world:1.0.0
    name: hello
    ports:
    - name: nodejs-port
      containerPort: 3000
    readinessProbe:
      httpGet:
        path: /
        port: nodejs-port
      initialDelaySeconds: 2
    livenessProbe:
      httpGet:
        path: /
        port: nodejs-port
      initialDelaySeconds: 5
      periodSeconds: 8
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
EOF

$ kubectl create -f pod.yaml
pod/hello created

$ sim settle
settled after 6 steps and 16s of virtual time

$ kubectl get pod hello
NAME    READY   STATUS    RESTARTS   AGE
hello   1/1     Running   0          16s

$ kubectl exec hello -it -- /bin/sh

$ curl localhost:3000
Hello World

$ exit

$ kubectl logs pod/hello
Magic happens on port 3000
