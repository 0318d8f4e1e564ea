# omkar-shelke25/cka-killercoda, manually-schedule-pod: setup.sh, then
# step1.md's solution. Killercoda's node controlplane is this cluster's
# kubeplay-control-plane.

# setup.sh
$ kubectl create ns japan
namespace/japan created

# Step 1
$ kubectl run tokoyo --image=public.ecr.aws/nginx/nginx:stable-perl --port=80 -n japan --dry-run=client -o yaml > tokoyo.yaml

$ cat tokoyo.yaml
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: tokoyo
  name: tokoyo
  namespace: japan
spec:
  containers:
  - image: public.ecr.aws/nginx/nginx:stable-perl
    name: tokoyo
    ports:
    - containerPort: 80
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}

# Step 2: the edit, nodeName set by hand.
$ cat > tokoyo.yaml <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: tokoyo
  name: tokoyo
  namespace: japan
spec:
  nodeName: kubeplay-control-plane
  containers:
  - name: tokoyo
    image: public.ecr.aws/nginx/nginx:stable-perl
    ports:
    - containerPort: 80
  dnsPolicy: ClusterFirst
  restartPolicy: Always
EOF

# Step 3
$ kubectl apply -f tokoyo.yaml
pod/tokoyo created

$ sleep 5

$ kubectl get pod tokoyo -n japan -o wide
NAME     READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
tokoyo   1/1     Running   0          5s    10.244.0.4   kubeplay-control-plane   <none>           <none>

# The scheduler never saw it: no Scheduled event.
$ kubectl get events -n japan --field-selector involvedObject.name=tokoyo
LAST SEEN   TYPE     REASON    OBJECT       MESSAGE
4s          Normal   Pulling   pod/tokoyo   Pulling image "public.ecr.aws/nginx/nginx:stable-perl"
1s          Normal   Pulled    pod/tokoyo   Successfully pulled image "public.ecr.aws/nginx/nginx:stable-perl" in 2.496s (2.496s including waiting). Image size: 49921334 bytes.
1s          Normal   Created   pod/tokoyo   Created container tokoyo
1s          Normal   Started   pod/tokoyo   Started container tokoyo

# Step 4
$ kubectl expose pod tokoyo -n japan --type=NodePort --port=80 --name=tokoyo --dry-run=client -o yaml > tokoyo-svc.yaml

$ cat tokoyo-svc.yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    run: tokoyo
  name: tokoyo
  namespace: japan
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    run: tokoyo
  type: NodePort
status:
  loadBalancer: {}

$ cat > tokoyo-svc.yaml <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: tokoyo
  namespace: japan
spec:
  type: NodePort
  selector:
    run: tokoyo
  ports:
  - port: 80
    targetPort: 80
    nodePort: 30099
EOF

# Step 5
$ kubectl apply -f tokoyo-svc.yaml
service/tokoyo created

$ kubectl get svc -n japan
NAME     TYPE       CLUSTER-IP    EXTERNAL-IP   PORT(S)        AGE
tokoyo   NodePort   10.102.59.2   <none>        80:30099/TCP   0s

$ sleep 2

$ kubectl get endpoints tokoyo -n japan
NAME     ENDPOINTS       AGE
tokoyo   10.244.0.4:80   2s
