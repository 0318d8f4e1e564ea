# omkar-shelke25/cka-killercoda, Fix-DaemonSet: setup.sh, then step1.md's
# solution and verify.sh's checks as kubectl commands. Killercoda's nodes
# controlplane and node01 are this cluster's kubeplay-control-plane and its
# workers.

# setup.sh: the DaemonSet without a control-plane toleration, and its
# manifest kept in /root.
$ cat <<'EOF' | kubectl apply -f - > /dev/null 2>&1
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.0.4
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
EOF

$ sleep 2

$ cat <<'EOF' > /root/fluentd-elasticsearch.yaml
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.0.4
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
EOF

# Step 1: investigate. DESIRED counts the workers only.
$ kubectl get daemonset fluentd-elasticsearch -n kube-system
NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
fluentd-elasticsearch   3         3         0       3            0           <none>          2s

$ kubectl get nodes
NAME                     STATUS   ROLES           AGE   VERSION
kubeplay-control-plane   Ready    control-plane   4s    v1.32.0
kubeplay-worker          Ready    <none>          4s    v1.32.0
kubeplay-worker2         Ready    <none>          4s    v1.32.0
kubeplay-worker3         Ready    <none>          4s    v1.32.0

$ CONTROL_PLANE=$(kubectl get nodes -o jsonpath='{.items[?(@.metadata.labels.node-role\.kubernetes\.io/control-plane)].metadata.name}' | awk '{print $1}')

$ kubectl describe node $CONTROL_PLANE | grep Taints
Taints:             node-role.kubernetes.io/control-plane:NoSchedule

# Step 2: the solution's `kubectl edit` adds the toleration; its
# alternative applies the whole fixed manifest, which a transcript can do.
$ cat <<'EOF' | kubectl apply -f -
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.0.4
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
EOF
daemonset.apps/fluentd-elasticsearch configured

$ kubectl -n kube-system rollout status daemonset fluentd-elasticsearch
Waiting for daemon set spec update to be observed...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 of 4 updated pods are available...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 of 4 updated pods are available...
daemon set "fluentd-elasticsearch" successfully rolled out

# Step 3 and verify.sh.
$ kubectl get daemonset fluentd-elasticsearch -n kube-system
NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
fluentd-elasticsearch   4         4         4       4            4           <none>          5s

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o wide
NAME                          READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
fluentd-elasticsearch-58665   1/1     Running   0          3s    10.244.3.3   kubeplay-worker3         <none>           <none>
fluentd-elasticsearch-9m9mj   1/1     Running   0          3s    10.244.0.4   kubeplay-control-plane   <none>           <none>
fluentd-elasticsearch-lmwvd   1/1     Running   0          3s    10.244.1.3   kubeplay-worker          <none>           <none>
fluentd-elasticsearch-mdpmf   1/1     Running   0          3s    10.244.2.4   kubeplay-worker2         <none>           <none>

$ echo "Nodes: $(kubectl get nodes --no-headers | wc -l)"
Nodes: 4

$ echo "Pods: $(kubectl get pods -n kube-system -l name=fluentd-elasticsearch --no-headers | wc -l)"
Pods: 4

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,NODE:.spec.nodeName
NAME                          STATUS    NODE
fluentd-elasticsearch-58665   Running   kubeplay-worker3
fluentd-elasticsearch-9m9mj   Running   kubeplay-control-plane
fluentd-elasticsearch-lmwvd   Running   kubeplay-worker
fluentd-elasticsearch-mdpmf   Running   kubeplay-worker2

$ kubectl get daemonset fluentd-elasticsearch -n kube-system -o jsonpath='{.status.desiredNumberScheduled} {.status.currentNumberScheduled} {.status.numberReady}{"\n"}'
4 4 4

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch --field-selector spec.nodeName=$CONTROL_PLANE --no-headers | wc -l
1

$ kubectl get daemonset fluentd-elasticsearch -n kube-system -o jsonpath='{.spec.template.spec.tolerations}'
[{"effect":"NoSchedule","key":"node-role.kubernetes.io/control-plane","operator":"Exists"}]

$ kubectl get daemonset fluentd-elasticsearch -n kube-system -o jsonpath='{.spec.template.spec.tolerations[?(@.key=="node-role.kubernetes.io/control-plane")].key}'
node-role.kubernetes.io/control-plane
