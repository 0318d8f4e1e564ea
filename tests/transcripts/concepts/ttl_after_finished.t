# kubernetes.io "Concepts → Workloads → Workload Management → Automatic
# Cleanup for Finished Jobs", line by line. The page's Job (pi-with-ttl,
# from the Jobs page) is a here-document: transcripts never download.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: pi-with-ttl
spec:
  ttlSecondsAfterFinished: 100
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
EOF
job.batch/pi-with-ttl created

$ sim advance 30s
advanced 30s to 2025-01-01T00:00:32Z (16 steps ran)

$ kubectl get job pi-with-ttl
NAME          STATUS     COMPLETIONS   DURATION   AGE
pi-with-ttl   Complete   1/1           19s        30s

$ kubectl get pods -l batch.kubernetes.io/job-name=pi-with-ttl
NAME                READY   STATUS      RESTARTS   AGE
pi-with-ttl-dn4qg   0/1     Completed   0          30s

# "Updating TTL for finished Jobs": the period can still change after the
# Job finished; extended here, the Job outlives its first deadline.
$ kubectl patch job pi-with-ttl --patch '{"spec":{"ttlSecondsAfterFinished":300}}'
job.batch/pi-with-ttl patched

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:32Z (3 steps ran)

$ kubectl get job pi-with-ttl
NAME          STATUS     COMPLETIONS   DURATION   AGE
pi-with-ttl   Complete   1/1           19s        2m30s

# 300 s after it finished, the TTL controller deletes the Job and, in
# cascade, its pods.
$ sim advance 3m
advanced 3m to 2025-01-01T00:05:32Z (5 steps ran)

$ kubectl get job pi-with-ttl
Error from server (NotFound): jobs.batch "pi-with-ttl" not found

$ kubectl get pods -l batch.kubernetes.io/job-name=pi-with-ttl
No resources found in default namespace.

# ttlSecondsAfterFinished 0: eligible for deletion as soon as it finishes.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: quick
spec:
  ttlSecondsAfterFinished: 0
  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["true"]
      restartPolicy: Never
EOF
job.batch/quick created

$ sim settle
settled after 16 steps and 2s of virtual time

$ kubectl get job quick
Error from server (NotFound): jobs.batch "quick" not found

# A negative TTL is rejected.
$ kubectl create job neg --image=busybox --dry-run=client -o yaml -- true | sed 's/^spec:/spec:\n  ttlSecondsAfterFinished: -1/' | kubectl apply -f -
The Job "neg" is invalid: spec.ttlSecondsAfterFinished: Invalid value: -1: must be greater than or equal to 0
