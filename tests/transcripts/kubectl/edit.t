# kubectl edit with KUBE_EDITOR set to a command that edits the temp file,
# as scripts and tests run it (editoptions.go: the file name is appended,
# and an editor with blanks runs through $SHELL -c).
$ kubectl create deployment nginx --image=nginx:1.26
deployment.apps/nginx created

$ kubectl rollout status deployment/nginx
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 0 of 1 updated replicas are available...
deployment "nginx" successfully rolled out

# Scale by editing spec.replicas.
$ KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit deployment/nginx
deployment.apps/nginx edited

$ kubectl rollout status deployment/nginx
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 of 3 updated replicas are available...
deployment "nginx" successfully rolled out

$ kubectl get deployment nginx
NAME    READY   UP-TO-DATE   AVAILABLE   AGE
nginx   3/3     3            3           8s

# The prefix is the command's environment only.
$ echo "KUBE_EDITOR=[$KUBE_EDITOR]"
KUBE_EDITOR=[]

# A new image: the Deployment rolls out a new ReplicaSet.
$ KUBE_EDITOR="sed -i 's/image: nginx:1.26/image: nginx:1.27/'" kubectl edit deploy nginx
deployment.apps/nginx edited

$ kubectl rollout status deployment/nginx
Waiting for deployment spec update to be observed...
Waiting for deployment "nginx" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "nginx" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "nginx" rollout to finish: 1 old replicas are pending termination...
deployment "nginx" successfully rolled out

$ kubectl get deploy nginx -o jsonpath='{.spec.template.spec.containers[0].image}{"\n"}'
nginx:1.27

$ kubectl rollout history deployment/nginx
deployment.apps/nginx
REVISION  CHANGE-CAUSE
1         <none>
2         <none>

# An editor that changes nothing (or only comments) cancels the edit.
$ KUBE_EDITOR=true kubectl edit deployment nginx
Edit cancelled, no changes made.

$ KUBE_EDITOR="sed -i 's/^# Please/# Do/'" kubectl edit deployment nginx
Edit cancelled, no changes made.

# An empty file aborts it too.
$ KUBE_EDITOR="sed -i '1,\$d'" kubectl edit deployment nginx
Edit cancelled, saved file was empty.

# Without quotes or backslashes kubectl splits the editor at its blanks and
# runs it itself: no shell expands $d.
$ KUBE_EDITOR="sed -i 1,\$d" kubectl edit deployment nginx
Edit cancelled, saved file was empty.

# EDITOR is read when KUBE_EDITOR is not set, from the shell's variables.
$ kubectl create configmap settings --from-literal=mode=dev --from-literal=level=1
configmap/settings created

$ export EDITOR="sed -i -e 's/mode: dev/mode: prod/' -e '/level:/d'"

$ kubectl edit configmap settings
configmap/settings edited

$ kubectl get configmap settings -o jsonpath='{.data}{"\n"}'
{"mode":"prod"}

# Several objects are edited as one List; unchanged ones are skipped.
$ EDITOR="sed -i 's/mode: prod/mode: test/'" kubectl edit cm/settings deploy/nginx
configmap/settings edited
deployment.apps/nginx skipped

# --output-patch shows the strategic merge patch sent; -o yaml prints the result.
$ KUBE_EDITOR="sed -i 's/replicas: 3/replicas: 2/'" kubectl edit deploy/nginx --output-patch -o yaml | grep -B1 -A1 replicas:
  progressDeadlineSeconds: 600
  replicas: 2
  revisionHistoryLimit: 10
--
  readyReplicas: 3
  replicas: 3
  updatedReplicas: 3

# -o also picks the editor's format, and that printer knows only json and yaml.
$ KUBE_EDITOR="sed -i 's/mode: test/mode: qa/'" kubectl edit cm settings -o jsonpath='{.data.mode}{"\n"}'
error: unable to match a printer suitable for the output format "jsonpath={.data.mode}{\"\\n\"}", allowed formats are: json,yaml

$ KUBE_EDITOR=true kubectl edit cm settings -o name
error: unable to match a printer suitable for the output format "name", allowed formats are: json,yaml

# -o json edits the JSON form.
$ KUBE_EDITOR="sed -i 's/\"mode\": \"test\"/\"mode\": \"staging\"/'" kubectl edit cm settings -o json | grep -A2 '"data"'
    "data": {
        "mode": "staging"
    },

# --save-config records the edited object for kubectl apply.
$ KUBE_EDITOR="sed -i 's/mode: staging/mode: live/'" kubectl edit cm settings --save-config
configmap/settings edited

$ kubectl apply view-last-applied configmap/settings
apiVersion: v1
data:
  mode: live
kind: ConfigMap
metadata:
  annotations: {}
  creationTimestamp: "2025-01-01T00:00:24Z"
  name: settings
  namespace: default
  resourceVersion: "513"
  uid: 030e4ced-db2c-4a79-aea5-b9901d435699

# No editor: the playground says how to give one.
$ unset EDITOR

$ kubectl edit deployment nginx
error: (playground) kubectl edit runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit …, or use the page's editor

$ KUBE_EDITOR=vim kubectl edit deployment nginx
error: (playground) the editor vim needs an interactive terminal, which this one is not: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit …, or use the page's editor

$ KUBE_EDITOR=nano-like kubectl edit deployment nginx
error: unable to launch the editor "nano-like"

$ KUBE_EDITOR=false kubectl edit deployment nginx
error: there was a problem with the editor "false"

# The temp file of an editor that failed stays, as kubectl leaves it.
$ ls /tmp
kubectl-edit-2162946472.yaml
kubectl-edit-2177230393.yaml

# --record writes the command into the change-cause annotation.
$ KUBE_EDITOR="sed -i 's/replicas: 2/replicas: 1/'" kubectl edit deployment nginx --record
Flag --record has been deprecated, --record will be removed in the future
deployment.apps/nginx edited

$ kubectl get deployment nginx -o jsonpath='{.metadata.annotations.kubernetes\.io/change-cause}{"\n"}'
kubectl edit deployment nginx --record=true
