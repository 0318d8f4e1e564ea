# kubernetes.io's "kubectl for Docker Users"
# (reference/kubectl/docker-cli-to-kubectl), line by line: the kubectl
# side of each section. The page predates v1.18, when `kubectl run`
# still made a Deployment; on v1.32 it makes one Pod, so the page's
# Deployment is made here with `kubectl create deployment`.

# docker run
$ kubectl run --image=nginx nginx-app --port=80 --env="DOMAIN=cluster"
pod/nginx-app created

# The page's "deployment "nginx-app" created" was the old run; there is
# no Deployment to expose yet.
$ kubectl expose deployment nginx-app --port=80 --name=nginx-http
Error from server (NotFound): deployments.apps "nginx-app" not found

$ kubectl create deployment nginx-app --image=nginx --port=80
deployment.apps/nginx-app created

$ kubectl expose deployment nginx-app --port=80 --name=nginx-http
service/nginx-http exposed

$ sim settle
settled after 29 steps and 4s of virtual time

# Running in the foreground: attached to the container until it ends.
$ kubectl run -i --attach ubuntu --image=ubuntu:16.04 --restart=Never -- echo test
If you don't see a command prompt, try pressing enter.
test

# docker ps
$ kubectl get po
NAME                         READY   STATUS      RESTARTS   AGE
nginx-app                    1/1     Running     0          8s
nginx-app-6464d9d4cf-rngh8   1/1     Running     0          8s
ubuntu                       0/1     Completed   0          3s

# docker attach: nginx runs without a TTY, so -t is dropped with kubectl's
# message, and the attach goes on.
$ kubectl attach -it nginx-app
error: Unable to use a TTY - container nginx-app did not allocate one
If you don't see a command prompt, try pressing enter.
(playground) kubectl attach would now stream what nginx-app prints from here on, until it ends or you press Ctrl-C; the terminal stops here (`kubectl logs nginx-app -c nginx-app` shows what it printed before)

# docker exec
$ kubectl exec nginx-app -- cat /etc/hostname
nginx-app

$ kubectl exec -ti nginx-app -- /bin/sh

$ hostname
nginx-app

$ exit

# docker logs
$ kubectl logs -f nginx-app
/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2025/01/01 00:00:06 [notice] 1#1: using the "epoll" event method
2025/01/01 00:00:06 [notice] 1#1: nginx/1.29.1
2025/01/01 00:00:06 [notice] 1#1: start worker processes
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

# The container has not restarted, so there is no previous run.
$ kubectl logs --previous nginx-app
Error from server (BadRequest): previous terminated container "nginx-app" in pod "nginx-app" not found

# docker stop and docker rm
$ kubectl get deployment nginx-app
NAME        READY   UP-TO-DATE   AVAILABLE   AGE
nginx-app   1/1     1            1           8s

# `kubectl run` labels its pod run=NAME; `create deployment` labels app=NAME.
$ kubectl get po -l run=nginx-app
NAME        READY   STATUS    RESTARTS   AGE
nginx-app   1/1     Running   0          8s

$ kubectl get po -l app=nginx-app
NAME                         READY   STATUS    RESTARTS   AGE
nginx-app-6464d9d4cf-rngh8   1/1     Running   0          8s

# A pod the Deployment owns comes back when deleted.
$ kubectl delete pod -l app=nginx-app
pod "nginx-app-6464d9d4cf-rngh8" deleted

$ sim settle
settled after 14 steps and 1s of virtual time

$ kubectl get po -l app=nginx-app
NAME                         READY   STATUS    RESTARTS   AGE
nginx-app-6464d9d4cf-7h4fg   1/1     Running   0          2s

$ kubectl delete deployment nginx-app
deployment.apps "nginx-app" deleted

$ sim settle
settled after 11 steps and 0s of virtual time

$ kubectl get po -l app=nginx-app
No resources found in default namespace.

# docker version
$ kubectl version
Client Version: v1.32.0
Kustomize Version: v5.5.0
Server Version: v1.32.0

# docker info: kind's control plane and CoreDNS (the page's list is from
# an old GCE cluster with its add-ons).
$ kubectl cluster-info
Kubernetes control plane is running at https://127.0.0.1:6443
CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy

To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.
