# A Job deleted while its pod cannot finish (the pod's node failed, then was
# removed): the pod keeps the batch.kubernetes.io/job-tracking finalizer until
# the Job controller sees its Job is gone and removes it (the orphan queue);
# then the pod goes, as on a real cluster. Found by the chaos run.
$ kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: sleeper
spec:
  template:
    spec:
      nodeSelector:
        kubernetes.io/hostname: kubeplay-worker
      containers:
      - name: main
        image: nginx:1.25
      restartPolicy: Never
EOF
job.batch/sleeper created

$ sim settle
settled after 10 steps and 4s of virtual time

$ kubectl get pods
NAME            READY   STATUS    RESTARTS   AGE
sleeper-dn4qg   1/1     Running   0          4s

$ sim node fail kubeplay-worker
node kubeplay-worker failed: its kubelet stopped (NotReady after the 50s node-monitor grace period)

$ kubectl delete job sleeper
job.batch "sleeper" deleted

$ sim node remove kubeplay-worker
node kubeplay-worker removed

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:06Z (18 steps ran)

$ kubectl get pods
No resources found in default namespace.
