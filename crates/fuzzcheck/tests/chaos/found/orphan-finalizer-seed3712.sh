# Found by the chaos long run (session 4, CHAOS_RNG_SEED=20261122, case seed 3712):
# Job batch deleted while its pod sat on a failed node that was then removed; the
# pod kept the batch.kubernetes.io/job-tracking finalizer for ever (PodGC's force
# delete could not complete), still pointing at the deleted Job. Fixed in session 4:
# the Job controller's orphan queue (controllers/job/orphan.rs) removes the
# finalizer from pods whose Job is gone or finished.
# Replay: kubeplay run --seed 3712 crates/fuzzcheck/tests/chaos/found/orphan-finalizer-seed3712.sh
sim image behave chaos/job-runner:1 exit-after=3s
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: cache
spec:
  selector:
    app: cache
  ports:
  - port: 80
EOF
kubectl scale deployment web --replicas=1
kubectl rollout resume deployment/web
sim advance 15s
sim node recover kubeplay-control-plane
sim image behave nginx:1.25 crash-after=5s exit-code=2
kubectl uncordon kubeplay-worker2
sim advance 5s
sim advance 45s
sim node recover kubeplay-control-plane
kubectl set image statefulset/queue main=nginx:1.25
sim image behave nginx:1.26 reset=true
sim advance 45s
kubectl rollout undo deployment/web
kubectl scale deployment api --replicas=3
kubectl rollout undo deployment/web
sim node recover kubeplay-worker
kubectl rollout resume deployment/api
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  completions: 1
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: chaos/job-runner:1
        resources:
          requests:
            cpu: 50m
EOF
sim node fail kubeplay-worker2
sim advance 15s
kubectl set image statefulset/db main=nginx:1.99
sim advance 2m
sim node remove kubeplay-worker2
kubectl delete job batch
kubectl scale statefulset db --replicas=1
kubectl cordon kubeplay-worker
kubectl uncordon kubeplay-worker
sim node add chaos1
sim image behave docker.io/chaos/job-runner:1 reset=true
sim image behave docker.io/library/nginx:1.25 reset=true
sim image behave chaos/job-runner:1 exit-after=3s
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
sim advance 5m
