# omkar-shelke25/cka-killercoda, schedule-pod-with-labels: setup.sh, then
# step1.md's solution and verify.sh's checks as kubectl commands.
# Killercoda's controlplane and node01 are this cluster's
# kubeplay-control-plane and kubeplay-worker.

# setup.sh
$ kubectl create ns database-storage
namespace/database-storage created

$ kubectl label no kubeplay-control-plane region=east
node/kubeplay-control-plane labeled

$ kubectl label no kubeplay-worker disktype=ssd region=east
node/kubeplay-worker labeled

# The solution.
$ kubectl run redis-database -n database-storage --image=public.ecr.aws/docker/library/redis:alpine --dry-run=client -o yaml > redis.yaml

$ cat redis.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: redis-database
  name: redis-database
  namespace: database-storage
spec:
  containers:
  - image: public.ecr.aws/docker/library/redis:alpine
    name: redis-database
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

$ cat > redis.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: redis-database
  namespace: database-storage
  labels:
    app: redis-database
spec:
  nodeSelector:
    disktype: ssd
    region: east
  containers:
    - name: redis-database
      image: public.ecr.aws/docker/library/redis:alpine
EOF

$ kubectl apply -f redis.yaml
pod/redis-database created

$ sleep 5

# verify.sh
$ kubectl get pod redis-database -n database-storage -o jsonpath='{.spec.containers[0].image}{"\n"}'
public.ecr.aws/docker/library/redis:alpine

$ NODE=$(kubectl get pod redis-database -n database-storage -o jsonpath='{.spec.nodeName}')

$ echo "$NODE"
kubeplay-worker

$ kubectl get node "${NODE}" -o jsonpath='{.metadata.labels.disktype} {.metadata.labels.region}{"\n"}'
ssd east

$ kubectl get nodes -L disktype,region
NAME                     STATUS   ROLES           AGE   VERSION   DISKTYPE   REGION
kubeplay-control-plane   Ready    control-plane   7s    v1.32.0              east
kubeplay-worker          Ready    <none>          7s    v1.32.0   ssd        east
kubeplay-worker2         Ready    <none>          7s    v1.32.0
kubeplay-worker3         Ready    <none>          7s    v1.32.0

$ kubectl get pod redis-database -n database-storage -o wide
NAME             READY   STATUS    RESTARTS   AGE   IP           NODE              NOMINATED NODE   READINESS GATES
redis-database   1/1     Running   0          5s    10.244.1.2   kubeplay-worker   <none>           <none>
