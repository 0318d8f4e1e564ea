# kubernetes.io's "Job with Pod-to-Pod Communication", line by line: an
# Indexed Job whose pods find each other by hostname through a headless
# Service (the page's manifest, as a quoted here-document: its script's $
# stay as written).
$ kubectl apply -f - <<'EOF'

apiVersion: v1
kind: Service
metadata:
  name: headless-svc
spec:
  clusterIP: None # clusterIP must be None to create a headless service
  selector:
    job-name: example-job # must match Job name
---
apiVersion: batch/v1
kind: Job
metadata:
  name: example-job
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  template:
    spec:
      subdomain: headless-svc # has to match Service name
      restartPolicy: Never
      containers:
      - name: example-workload
        image: bash:latest
        command:
        - bash
        - -c
        - |
          for i in 0 1 2
          do
            gotStatus="-1"
            wantStatus="0"
            while [ $gotStatus -ne $wantStatus ]
            do
              ping -c 1 example-job-${i}.headless-svc > /dev/null 2>&1
              gotStatus=$?
              if [ $gotStatus -ne $wantStatus ]; then
                echo "Failed to ping pod example-job-${i}.headless-svc, retrying in 1 second..."
                sleep 1
              fi
            done
            echo "Successfully pinged pod: example-job-${i}.headless-svc"
          done
EOF
service/headless-svc created
job.batch/example-job created

$ sim settle
settled after 44 steps and 8s of virtual time

$ kubectl get job example-job
NAME          STATUS     COMPLETIONS   DURATION   AGE
example-job   Complete   3/3           7s         8s

$ kubectl get pods -l job-name=example-job
NAME                  READY   STATUS      RESTARTS   AGE
example-job-0-956rh   0/1     Completed   0          8s
example-job-1-g46q7   0/1     Completed   0          8s
example-job-2-rngh8   0/1     Completed   0          8s

# The page's pod name is random; index 0's pod is found by its label. A
# real pod logs "Successfully pinged pod: example-job-0.headless-svc" and
# the same for 1 and 2. The playground runs the script's loops but has
# no ping, so the log is its generic line.
$ kubectl logs $(kubectl get pods -l batch.kubernetes.io/job-completion-index=0 -o jsonpath='{.items[0].metadata.name}')
(playground) bash:latest started; the simulator runs no real process, so this is all it printed
