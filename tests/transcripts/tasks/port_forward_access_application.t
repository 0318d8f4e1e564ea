# kubernetes.io "Use Port Forwarding to Access Applications in a Cluster"
# (tasks/access-application-cluster/port-forward-access-application-cluster.md),
# line by line on the playground's kind cluster (v1.32), with the page's
# MongoDB manifests written as files. kubectl port-forward runs in the
# foreground until Ctrl-C; here each one runs in the background (`&`), as
# the playground's terminal has no second window.
$ cat <<EOF > mongo-deployment.yaml
---
{
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: {
    name: "mongo",
    labels: {
      app.kubernetes.io/name: "mongo",
      app.kubernetes.io/component: "backend",
    },
  },
  spec: {
    selector: {
      matchLabels: {
        app.kubernetes.io/name: "mongo",
        app.kubernetes.io/component: "backend",
      },
    },
    replicas: 1,
    template: {
      metadata: {
        labels: {
          app.kubernetes.io/name: "mongo",
          app.kubernetes.io/component: "backend",
        },
      },
      spec: {
        containers: [{
          name: "mongo",
          image: "mongo:4.2",
          args: [
            "--bind_ip",
            "0.0.0.0",
          ],
          resources: {
            requests: {
              cpu: "100m",
              memory: "100Mi",
            },
          },
          ports: [{
            containerPort: 27017,
          }],
        }],
      },
    },
  },
}
EOF

$ kubectl apply -f mongo-deployment.yaml
deployment.apps/mongo created

$ sim settle
settled after 16 steps and 11s of virtual time

$ kubectl get pods
NAME                     READY   STATUS    RESTARTS   AGE
mongo-694d55f5d9-jjhv7   1/1     Running   0          11s

$ kubectl get deployment
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
mongo   1/1     1            1           11s

$ kubectl get replicaset
NAME               DESIRED   CURRENT   READY   AGE
mongo-694d55f5d9   1         1         1       11s

$ cat <<EOF > mongo-service.yaml
---
{
  apiVersion: "v1",
  kind: "Service",
  metadata: {
    name: "mongo",
    labels: {
      app.kubernetes.io/name: "mongo",
      app.kubernetes.io/component: "backend",
    },
  },
  spec: {
    ports: [{
      port: 27017,
      targetPort: 27017,
    }],
    selector: {
      app.kubernetes.io/name: "mongo",
      app.kubernetes.io/component: "backend",
    },
  },
}
EOF

$ kubectl apply -f mongo-service.yaml
service/mongo created

$ kubectl get service mongo
NAME    TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)     AGE
mongo   ClusterIP   10.111.205.204   <none>        27017/TCP   0s

# The page's pod name is an example; this run's is mongo-694d55f5d9-jjhv7.
$ kubectl get pod mongo-694d55f5d9-jjhv7 --template='{{(index (index .spec.containers 0).ports 0).containerPort}}{{"\n"}}'
27017

# "Forward a local port to a port in the Pod".
$ kubectl port-forward mongo-694d55f5d9-jjhv7 28015:27017 &
[1] 2718
Forwarding from 127.0.0.1:28015 -> 27017
Forwarding from [::1]:28015 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:28015 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

# (playground) mongosh runs on the workstation and is not simulated; on a
# real cluster `mongosh --port 28015` connects through the forward, and
# db.runCommand( { ping: 1 } ) answers { ok: 1 }.
$ mongosh --port 28015
mongosh: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ kill %1
[1]+  Terminated              kubectl port-forward mongo-694d55f5d9-jjhv7 28015:27017

# The same forward, by other names.
$ kubectl port-forward pods/mongo-694d55f5d9-jjhv7 28015:27017 &
[1] 2720
Forwarding from 127.0.0.1:28015 -> 27017
Forwarding from [::1]:28015 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:28015 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward pods/mongo-694d55f5d9-jjhv7 28015:27017

$ kubectl port-forward deployment/mongo 28015:27017 &
[1] 2722
Forwarding from 127.0.0.1:28015 -> 27017
Forwarding from [::1]:28015 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:28015 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward deployment/mongo 28015:27017

# The page lists replicaset/mongo too, but the Deployment's ReplicaSet is
# named mongo-<hash>: there is no ReplicaSet called mongo.
$ kubectl port-forward replicaset/mongo 28015:27017 &
[1] 2724
Error from server (NotFound): replicasets.apps "mongo" not found
[1]+  Exit 1                  kubectl port-forward replicaset/mongo 28015:27017

$ kubectl port-forward replicaset/mongo-694d55f5d9 28015:27017 &
[1] 2726
Forwarding from 127.0.0.1:28015 -> 27017
Forwarding from [::1]:28015 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:28015 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward replicaset/mongo-694d55f5d9 28015:27017

$ kubectl port-forward service/mongo 28015:27017 &
[1] 2728
Forwarding from 127.0.0.1:28015 -> 27017
Forwarding from [::1]:28015 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:28015 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

$ kill %1
[1]+  Terminated              kubectl port-forward service/mongo 28015:27017

# "Optionally let kubectl choose the local port". A real kubectl gets a
# random free port from the system; the playground takes the first free
# one of the ephemeral range, so a run stays a function of its inputs.
$ kubectl port-forward deployment/mongo :27017 &
[1] 2730
Forwarding from 127.0.0.1:32768 -> 27017
Forwarding from [::1]:32768 -> 27017
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:32768 on this machine reaches pod mongo-694d55f5d9-jjhv7; it ends when the pod does

$ jobs
[1]+  Running                 kubectl port-forward deployment/mongo :27017 &

$ kill %1
[1]+  Terminated              kubectl port-forward deployment/mongo :27017
