# Task "Declare Network Policy", line by line. kind's network plugin,
# kindnet, enforces NetworkPolicy (since kindnetd v20241108), as the
# playground does.
$ kubectl create deployment nginx --image=nginx
deployment.apps/nginx created

$ kubectl expose deployment nginx --port=80
service/nginx exposed

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl get svc,pod
NAME                 TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
service/kubernetes   ClusterIP   10.96.0.1       <none>        443/TCP   6s
service/nginx        ClusterIP   10.107.77.184   <none>        80/TCP    4s

NAME                         READY   STATUS    RESTARTS   AGE
pod/nginx-76f77dbcc8-g46q7   1/1     Running   0          4s

# The page's shell session: each line after `kubectl run` is typed into
# busybox's shell until exit.
$ kubectl run busybox --rm -ti --image=busybox -- /bin/sh
If you don't see a command prompt, try pressing enter.

$ wget --spider --timeout=1 nginx
Connecting to nginx (10.107.77.184:80)
remote file exists

$ exit
Session ended, resume using 'kubectl attach busybox -c busybox -i -t' command when the pod is running
pod "busybox" deleted

# kubectl run --rm deletes the pod without waiting for it to go; the
# kubelet finishes the deletion as time passes, and a second pod of the
# same name must wait for that.
$ sim settle
settled after 2 steps and 0s of virtual time

# service/networking/nginx-policy.yaml, as a here-document (a transcript
# cannot download it).
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: access-nginx
spec:
  podSelector:
    matchLabels:
      app: nginx
  ingress:
  - from:
    - podSelector:
        matchLabels:
          access: "true"
EOF
networkpolicy.networking.k8s.io/access-nginx created

$ kubectl run busybox --rm -ti --image=busybox -- /bin/sh
If you don't see a command prompt, try pressing enter.

$ wget --spider --timeout=1 nginx
Connecting to nginx (10.107.77.184:80)
wget: download timed out

$ exit
Session ended, resume using 'kubectl attach busybox -c busybox -i -t' command when the pod is running
pod "busybox" deleted

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl run busybox --rm -ti --labels="access=true" --image=busybox -- /bin/sh
If you don't see a command prompt, try pressing enter.

$ wget --spider --timeout=1 nginx
Connecting to nginx (10.107.77.184:80)
remote file exists

$ exit
Session ended, resume using 'kubectl attach busybox -c busybox -i -t' command when the pod is running
pod "busybox" deleted

$ kubectl describe networkpolicy access-nginx
Name:         access-nginx
Namespace:    default
Created on:   2025-01-01 00:00:08 +0000 UTC
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     app=nginx
  Allowing ingress traffic:
    To Port: <any> (traffic allowed to all ports)
    From:
      PodSelector: access=true
  Not affecting egress traffic
  Policy Types: Ingress
