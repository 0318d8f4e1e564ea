# bmuschko/ckad-crash-course, exercises/03-job (the course's newest
# numbering), the solution's commands in order; random-hash-job.yaml is
# the solution's manifest, written with a here-document.
# The solution's manifest has a typo ("spec:e"), which kubectl v1.32
# refuses as go-yaml's scanner does; the candidate fixes it and runs the
# command again.
$ cat <<'EOF' > random-hash-job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: random-hash
spec:e
  parallelism: 2
  completions: 5
  backoffLimit: 4
  template:
    spec:
      containers:
      - name: random-hash
        image: alpine:3.17.3
        command: ["/bin/sh", "-c", "echo $RANDOM | base64 | head -c 20"]
      restartPolicy: Never
EOF

$ kubectl create -f random-hash-job.yaml
error: error parsing random-hash-job.yaml: error converting YAML to JSON: yaml: line 6: could not find expected ':'
(playground) at document 1, line 6, column 14

$ sed -i 's/^spec:e$/spec:/' random-hash-job.yaml

$ kubectl create -f random-hash-job.yaml
job.batch/random-hash created

$ sim settle
settled after 45 steps and 7s of virtual time

# Two pods at a time until five have completed.
$ kubectl get pods | grep "random-hash-"
random-hash-dn4qg   0/1     Completed   0          7s
random-hash-gxk66   0/1     Completed   0          3s
random-hash-hspwx   0/1     Completed   0          5s
random-hash-lmwvd   0/1     Completed   0          5s
random-hash-w9g48   0/1     Completed   0          7s

$ kubectl get job random-hash
NAME          STATUS     COMPLETIONS   DURATION   AGE
random-hash   Complete   5/5           6s         7s

# The solution picks a pod by name off the listing; jsonpath does it here.
# (playground) the pods' script is not run at start ($RANDOM and
# base64), so the log is empty; on kind it holds a base64 string such as
# the solution's "MTgxMTIK".
$ kubectl logs $(kubectl get pods -l job-name=random-hash -o jsonpath='{.items[0].metadata.name}')

$ kubectl delete job random-hash
job.batch "random-hash" deleted

# kubectl deletes in the background: the garbage collector removes the
# Job's pods a moment later, so the solution's count of 0 comes once the
# cluster has caught up.
$ sim settle
settled after 8 steps and 0s of virtual time

$ kubectl get pods | grep -E "random-hash-" -c
No resources found in default namespace.
0
