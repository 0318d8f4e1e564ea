# kubernetes.io's "Parallel Processing using Expansions", line by line.
# The page downloads https://k8s.io/examples/application/job/job-tmpl.yaml
# with curl; transcripts never download, so the file is written from a
# here-document with the same text (quoted: $ITEM stays as written).
$ cat > job-tmpl.yaml <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: process-item-$ITEM
  labels:
    jobgroup: jobexample
spec:
  template:
    metadata:
      name: jobexample
      labels:
        jobgroup: jobexample
    spec:
      containers:
      - name: c
        image: busybox:1.28
        command: ["sh", "-c", "echo Processing item $ITEM && sleep 5"]
      restartPolicy: Never
EOF

$ mkdir ./jobs

# The page's loops span lines; the terminal takes each on one line.
$ for i in apple banana cherry; do cat job-tmpl.yaml | sed "s/\$ITEM/$i/" > ./jobs/job-$i.yaml; done

$ ls jobs/
job-apple.yaml
job-banana.yaml
job-cherry.yaml

$ kubectl create -f ./jobs
job.batch/process-item-apple created
job.batch/process-item-banana created
job.batch/process-item-cherry created

$ kubectl get jobs -l jobgroup=jobexample
NAME                  STATUS    COMPLETIONS   DURATION   AGE
process-item-apple    Running   0/1                      0s
process-item-banana   Running   0/1                      0s
process-item-cherry   Running   0/1                      0s

$ sim settle
settled after 46 steps and 9s of virtual time

$ kubectl get jobs -l jobgroup=jobexample
NAME                  STATUS     COMPLETIONS   DURATION   AGE
process-item-apple    Complete   1/1           7s         9s
process-item-banana   Complete   1/1           7s         9s
process-item-cherry   Complete   1/1           8s         9s

$ kubectl get pods -l jobgroup=jobexample
NAME                        READY   STATUS      RESTARTS   AGE
process-item-apple-jjhv7    0/1     Completed   0          9s
process-item-banana-2bcp5   0/1     Completed   0          9s
process-item-cherry-2jj9z   0/1     Completed   0          9s

$ for p in $(kubectl get pods -l jobgroup=jobexample -o name); do kubectl logs $p; done
Processing item apple
Processing item banana
Processing item cherry

$ kubectl delete job -l jobgroup=jobexample
job.batch "process-item-apple" deleted
job.batch "process-item-banana" deleted
job.batch "process-item-cherry" deleted
