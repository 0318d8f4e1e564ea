# completions 5, parallelism 2: two at a time until five have succeeded.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: 5
  parallelism: 2
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
EOF
job.batch/pi created

$ sim advance 5s
advanced 5s to 2025-01-01T00:00:07Z (10 steps ran)

$ kubectl get pods
NAME       READY   STATUS              RESTARTS   AGE
pi-dn4qg   0/1     ContainerCreating   0          5s
pi-w9g48   0/1     ContainerCreating   0          5s

$ sim settle
settled after 44 steps and 27s of virtual time

$ kubectl get job pi
NAME   STATUS     COMPLETIONS   DURATION   AGE
pi     Complete   5/5           31s        32s

$ kubectl get pods
NAME       READY   STATUS      RESTARTS   AGE
pi-dn4qg   0/1     Completed   0          32s
pi-gxk66   0/1     Completed   0          7s
pi-hspwx   0/1     Completed   0          13s
pi-lmwvd   0/1     Completed   0          13s
pi-w9g48   0/1     Completed   0          32s
