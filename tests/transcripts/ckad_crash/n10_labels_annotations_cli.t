# bmuschko/ckad-crash-course, exercises/10-labels-annotations-cli (the
# course's newest numbering), the solution's commands in order.
$ kubectl run frontend --image=nginx:1.25.5-alpine --restart=Never --labels=env=prod,team=shiny
pod/frontend created

$ kubectl run backend --image=nginx:1.25.5-alpine --restart=Never --labels=env=prod,team=legacy,app=v1.2.4
pod/backend created

$ kubectl run database --image=nginx:1.25.5-alpine --restart=Never --labels=env=prod,team=storage
pod/database created

# The solution adds the annotations in `kubectl edit`'s editor, which a
# transcript cannot drive; `kubectl annotate` makes the same change.
$ kubectl annotate pod frontend commit=2d3mg3 contact='John Doe'
pod/frontend annotated

$ kubectl annotate pod backend contact='Mary Harris'
pod/backend annotated

$ sim settle
settled after 14 steps and 3s of virtual time

$ kubectl get pods --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
backend    1/1     Running   0          3s    app=v1.2.4,env=prod,team=legacy
database   1/1     Running   0          3s    env=prod,team=storage
frontend   1/1     Running   0          3s    env=prod,team=shiny

$ kubectl get pods -l 'team in (shiny, legacy)',env=prod --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
backend    1/1     Running   0          3s    app=v1.2.4,env=prod,team=legacy
frontend   1/1     Running   0          3s    env=prod,team=shiny

# v1.32 says "unlabeled" when a label is only removed (the solution's
# "labeled" is older kubectl's).
$ kubectl label pod backend env-
pod/backend unlabeled

$ kubectl get pods -l 'team in (shiny, legacy)',env=prod --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
frontend   1/1     Running   0          3s    env=prod,team=shiny

# kind's kindnet adds no annotations to pods (the solution's
# cni.projectcalico.org/podIP ones are Calico's), so the database pod,
# which has none, does not match, and the two matches' context is
# separated by one "--".
$ kubectl get pods -o yaml | grep -C 3 'annotations:'
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      contact: Mary Harris
    creationTimestamp: "2025-01-01T00:00:02Z"
    labels:
--
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      commit: 2d3mg3
      contact: John Doe
    creationTimestamp: "2025-01-01T00:00:02Z"
