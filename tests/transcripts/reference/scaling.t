# kubernetes.io's kubectl Quick Reference, "Scaling resources", line by
# line on the playground's kind cluster: a ReplicaSet foo (also saved as
# foo.yaml), a Deployment mysql with two replicas, and three
# ReplicationControllers.
$ kubectl create -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: foo
spec:
  replicas: 1
  selector:
    matchLabels:
      app: foo
  template:
    metadata:
      labels:
        app: foo
    spec:
      containers:
      - name: c
        image: nginx
EOF
replicaset.apps/foo created

$ kubectl scale --replicas=3 rs/foo
replicaset.apps/foo scaled

$ kubectl get rs foo -o yaml > foo.yaml

$ kubectl scale --replicas=3 -f foo.yaml
replicaset.apps/foo scaled

$ kubectl create deployment mysql --image=mysql --replicas=2
deployment.apps/mysql created

$ kubectl scale --current-replicas=2 --replicas=3 deployment/mysql
deployment.apps/mysql scaled

# The precondition no longer holds.
$ kubectl scale --current-replicas=2 --replicas=3 deployment/mysql
error: Expected replicas to be 2, was 3

$ for rc in foo bar baz; do kubectl create -f - <<EOF; done
apiVersion: v1
kind: ReplicationController
metadata:
  name: $rc
spec:
  replicas: 1
  selector:
    app: $rc
  template:
    metadata:
      labels:
        app: $rc
    spec:
      containers:
      - name: c
        image: nginx
EOF
replicationcontroller/foo created
replicationcontroller/bar created
replicationcontroller/baz created

$ kubectl scale --replicas=5 rc/foo rc/bar rc/baz
replicationcontroller/foo scaled
replicationcontroller/bar scaled
replicationcontroller/baz scaled

$ sim settle
settled after 159 steps and 43s of virtual time

$ kubectl get rs,rc,deploy
NAME                               DESIRED   CURRENT   READY   AGE
replicaset.apps/foo                3         3         3       43s
replicaset.apps/mysql-5ddf6494f6   3         3         0       43s

NAME                        DESIRED   CURRENT   READY   AGE
replicationcontroller/bar   5         5         5       43s
replicationcontroller/baz   5         5         5       43s
replicationcontroller/foo   5         5         5       43s

NAME                    READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/mysql   0/3     3            0           43s
