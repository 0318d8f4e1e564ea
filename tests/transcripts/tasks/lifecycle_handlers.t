# kubernetes.io "Attach Handlers to Container Lifecycle Events", line by
# line. Transcripts never download: the page's manifest
# (https://k8s.io/examples/pods/lifecycle-events.yaml) is a here-document.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: lifecycle-demo
spec:
  containers:
  - name: lifecycle-demo-container
    image: nginx
    lifecycle:
      postStart:
        exec:
          command: ["/bin/sh", "-c", "echo Hello from the postStart handler > /usr/share/message"]
      preStop:
        exec:
          command: ["/bin/sh","-c","nginx -s quit; while killall -0 nginx; do sleep 1; done"]
EOF
pod/lifecycle-demo created

$ sim settle
settled after 5 steps and 4s of virtual time

$ kubectl get pod lifecycle-demo
NAME             READY   STATUS    RESTARTS   AGE
lifecycle-demo   1/1     Running   0          4s

$ kubectl exec -it lifecycle-demo -- /bin/bash

$ cat /usr/share/message
Hello from the postStart handler

$ exit
exit

# The preStop handler runs when the pod is deleted.
$ kubectl delete pod lifecycle-demo
pod "lifecycle-demo" deleted
