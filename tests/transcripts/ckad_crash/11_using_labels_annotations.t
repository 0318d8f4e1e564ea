# bmuschko/ckad-crash-course, exercises/11-using-labels-annotations, the
# solution's commands in order. `kubectl edit`'s editor is sed, adding
# the annotations the solution types.
$ kubectl run frontend --image=nginx --labels=env=prod,team=shiny
pod/frontend created

$ kubectl run backend --image=nginx --labels=env=prod,team=legacy,app=v1.2.4
pod/backend created

$ kubectl run database --image=nginx --labels=env=prod,team=storage
pod/database created

$ KUBE_EDITOR="sed -i 's/^metadata:/metadata:\n  annotations:\n    commit: 2d3mg3\n    contact: John Doe/'" kubectl edit pod frontend
pod/frontend edited

$ KUBE_EDITOR="sed -i \"s/^metadata:/metadata:\n  annotations:\n    contact: 'Mary Harris'/\"" kubectl edit pod backend
pod/backend edited

$ sim settle
settled after 14 steps and 7s of virtual time

$ kubectl get pods --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
backend    1/1     Running   0          7s    app=v1.2.4,env=prod,team=legacy
database   1/1     Running   0          7s    env=prod,team=storage
frontend   1/1     Running   0          7s    env=prod,team=shiny

$ kubectl get pods -l 'team in (shiny, legacy)',env=prod --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
backend    1/1     Running   0          7s    app=v1.2.4,env=prod,team=legacy
frontend   1/1     Running   0          7s    env=prod,team=shiny

# The solution shows "pod/backend labeled"; kubectl v1.32 says
# "unlabeled" when the command only removes labels.
$ kubectl label pods backend env-
pod/backend unlabeled

$ kubectl get pods -l 'team in (shiny, legacy)',env=prod --show-labels
NAME       READY   STATUS    RESTARTS   AGE   LABELS
frontend   1/1     Running   0          7s    env=prod,team=shiny

# The solution's cluster ran Calico, which annotates every pod with its
# IP; kindnet adds none, so only the two annotated pods match.
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
