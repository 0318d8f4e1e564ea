# omkar-shelke25/cka-killercoda, create-deployment-high-availability:
# setup.sh, then step1.md's solution. Killercoda's cluster has one worker
# (node01), so its second replica stays Pending; this cluster has three
# workers, so both replicas run, and a fourth replica (scaled after step
# 6) is the one left Pending with the scheduler's reasons.

# setup.sh
$ kubectl create ns project-tiger
namespace/project-tiger created

# Steps 2-4
$ cat > deploy-important.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: deploy-important
  namespace: project-tiger
  labels:
    id: very-important
spec:
  replicas: 2
  selector:
    matchLabels:
      id: very-important
  template:
    metadata:
      labels:
        id: very-important
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector:
              matchExpressions:
              - key: id
                operator: In
                values:
                - very-important
            topologyKey: kubernetes.io/hostname
      containers:
      - name: container1
        image: nginx:1-alpine
      - name: container2
        image: google/pause
EOF

$ kubectl apply -f deploy-important.yaml
deployment.apps/deploy-important created

$ sleep 30

# Step 5
$ kubectl get deployment -n project-tiger
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
deploy-important   2/2     2            2           30s

# Step 6
$ kubectl get pods -n project-tiger -o wide
NAME                                READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
deploy-important-5c65f6794f-6g9s2   2/2     Running   0          30s   10.244.3.2   kubeplay-worker3   <none>           <none>
deploy-important-5c65f6794f-8nw65   2/2     Running   0          30s   10.244.1.2   kubeplay-worker    <none>           <none>

# One replica more than there are workers.
$ kubectl scale deployment deploy-important -n project-tiger --replicas=4
deployment.apps/deploy-important scaled

$ sleep 5

$ kubectl get deployment -n project-tiger
NAME               READY   UP-TO-DATE   AVAILABLE   AGE
deploy-important   3/4     4            3           35s

$ kubectl get pods -n project-tiger -o wide
NAME                                READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
deploy-important-5c65f6794f-6g9s2   2/2     Running   0          35s   10.244.3.2   kubeplay-worker3   <none>           <none>
deploy-important-5c65f6794f-8nw65   2/2     Running   0          35s   10.244.1.2   kubeplay-worker    <none>           <none>
deploy-important-5c65f6794f-gk49n   0/2     Pending   0          5s    <none>       <none>             <none>           <none>
deploy-important-5c65f6794f-nbhlp   2/2     Running   0          5s    10.244.2.3   kubeplay-worker2   <none>           <none>

# Step 7
$ kubectl describe pod -n project-tiger | grep -A 10 "Events:"
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  35s   default-scheduler  Successfully assigned project-tiger/deploy-important-5c65f6794f-6g9s2 to kubeplay-worker3
  Normal  Pulling    34s   kubelet            Pulling image "nginx:1-alpine"
  Normal  Pulled     32s   kubelet            Successfully pulled image "nginx:1-alpine" in 1.336s (1.336s including waiting). Image size: 20908644 bytes.
  Normal  Created    32s   kubelet            Created container container1
  Normal  Started    32s   kubelet            Started container container1
  Normal  Pulling    32s   kubelet            Pulling image "google/pause"
  Normal  Pulled     30s   kubelet            Successfully pulled image "google/pause" in 2.376s (2.376s including waiting). Image size: 46915861 bytes.
  Normal  Created    30s   kubelet            Created container container2
--
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  35s   default-scheduler  Successfully assigned project-tiger/deploy-important-5c65f6794f-8nw65 to kubeplay-worker
  Normal  Pulling    34s   kubelet            Pulling image "nginx:1-alpine"
  Normal  Pulled     32s   kubelet            Successfully pulled image "nginx:1-alpine" in 1.336s (1.336s including waiting). Image size: 20908644 bytes.
  Normal  Created    32s   kubelet            Created container container1
  Normal  Started    32s   kubelet            Started container container1
  Normal  Pulling    32s   kubelet            Pulling image "google/pause"
  Normal  Pulled     30s   kubelet            Successfully pulled image "google/pause" in 2.376s (2.376s including waiting). Image size: 46915861 bytes.
  Normal  Created    30s   kubelet            Created container container2
--
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  5s    default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.


Name:             deploy-important-5c65f6794f-nbhlp
Namespace:        project-tiger
Priority:         0
Service Account:  default
Node:             kubeplay-worker2/172.18.0.4
--
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  5s    default-scheduler  Successfully assigned project-tiger/deploy-important-5c65f6794f-nbhlp to kubeplay-worker2
  Normal  Pulling    4s    kubelet            Pulling image "nginx:1-alpine"
  Normal  Pulled     2s    kubelet            Successfully pulled image "nginx:1-alpine" in 1.336s (1.336s including waiting). Image size: 20908644 bytes.
  Normal  Created    2s    kubelet            Created container container1
  Normal  Started    2s    kubelet            Started container container1
  Normal  Pulling    2s    kubelet            Pulling image "google/pause"
  Normal  Pulled     0s    kubelet            Successfully pulled image "google/pause" in 2.376s (2.376s including waiting). Image size: 46915861 bytes.
  Normal  Created    0s    kubelet            Created container container2

# Step 8
$ kubectl get deployment deploy-important -n project-tiger -o jsonpath='{.spec.template.spec.affinity}'
{"podAntiAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{"matchExpressions":[{"key":"id","operator":"In","values":["very-important"]}]},"topologyKey":"kubernetes.io/hostname"}]}}

# Step 9
$ RUNNING_POD=$(kubectl get pod -n project-tiger --field-selector=status.phase=Running -o jsonpath='{.items[0].metadata.name}')

$ kubectl get pod $RUNNING_POD -n project-tiger -o jsonpath='{.spec.containers[*].name}'
container1 container2

# Step 10
$ kubectl get deployment deploy-important -n project-tiger --show-labels
NAME               READY   UP-TO-DATE   AVAILABLE   AGE   LABELS
deploy-important   3/4     4            3           35s   id=very-important

$ kubectl get pods -n project-tiger --show-labels
NAME                                READY   STATUS    RESTARTS   AGE   LABELS
deploy-important-5c65f6794f-6g9s2   2/2     Running   0          35s   id=very-important,pod-template-hash=5c65f6794f
deploy-important-5c65f6794f-8nw65   2/2     Running   0          35s   id=very-important,pod-template-hash=5c65f6794f
deploy-important-5c65f6794f-gk49n   0/2     Pending   0          5s    id=very-important,pod-template-hash=5c65f6794f
deploy-important-5c65f6794f-nbhlp   2/2     Running   0          5s    id=very-important,pod-template-hash=5c65f6794f
