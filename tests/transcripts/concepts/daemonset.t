# kubernetes.io "Concepts → Workloads → Workload Management → DaemonSet",
# line by line. The page applies https://k8s.io/examples/controllers/
# daemonset.yaml: transcripts never download, so the manifest is a
# here-document with the same content.
$ kubectl apply -f - <<EOF
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
      # these tolerations are to have the daemonset runnable on control plane nodes
      # remove them if your control plane nodes should not run pods
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      - key: node-role.kubernetes.io/master
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.5.2
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      # it may be desirable to set a high priority class to ensure that a DaemonSet Pod
      # preempts running Pods
      # priorityClassName: important
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
EOF
daemonset.apps/fluentd-elasticsearch created

$ sim settle
settled after 26 steps and 3s of virtual time

# The tolerations let a daemon pod run on the control-plane node too.
$ kubectl get ds -n kube-system fluentd-elasticsearch
NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
fluentd-elasticsearch   4         4         4       4            4           <none>          3s

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o wide
NAME                          READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
fluentd-elasticsearch-956rh   1/1     Running   0          3s    10.244.1.2   kubeplay-worker          <none>           <none>
fluentd-elasticsearch-g46q7   1/1     Running   0          3s    10.244.2.3   kubeplay-worker2         <none>           <none>
fluentd-elasticsearch-rngh8   1/1     Running   0          3s    10.244.3.2   kubeplay-worker3         <none>           <none>
fluentd-elasticsearch-sgkwf   1/1     Running   0          3s    10.244.0.4   kubeplay-control-plane   <none>           <none>

# "Scheduled by default scheduler": the controller adds node affinity for
# the pod's node (matchFields on metadata.name) and the tolerations of
# the "Taints and tolerations" table.
$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch --field-selector spec.nodeName=kubeplay-worker -o yaml | grep -A12 "affinity:"
    affinity:
      nodeAffinity:
        requiredDuringSchedulingIgnoredDuringExecution:
          nodeSelectorTerms:
          - matchFields:
            - key: metadata.name
              operator: In
              values:
              - kubeplay-worker
    containers:
    - image: quay.io/fluentd_elasticsearch/fluentd:v2.5.2
      imagePullPolicy: IfNotPresent
      name: fluentd-elasticsearch

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch --field-selector spec.nodeName=kubeplay-worker -o jsonpath='{range .items[0].spec.tolerations[*]}{.key} {.operator} {.effect}{"\n"}{end}'
node-role.kubernetes.io/control-plane Exists NoSchedule
node-role.kubernetes.io/master Exists NoSchedule
node.kubernetes.io/not-ready Exists NoExecute
node.kubernetes.io/unreachable Exists NoExecute
node.kubernetes.io/disk-pressure Exists NoSchedule
node.kubernetes.io/memory-pressure Exists NoSchedule
node.kubernetes.io/pid-pressure Exists NoSchedule
node.kubernetes.io/unschedulable Exists NoSchedule

# A node added later gets its daemon pod.
$ sim node add kubeplay-worker4
node kubeplay-worker4 added

$ sim settle
settled after 30 steps and 3s of virtual time

$ kubectl get ds -n kube-system fluentd-elasticsearch
NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
fluentd-elasticsearch   5         5         5       5            5           <none>          7s

# Running pods on select nodes: a nodeSelector limits the DaemonSet.
$ kubectl label node kubeplay-worker2 logging=on
node/kubeplay-worker2 labeled

$ kubectl patch ds fluentd-elasticsearch -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"logging":"on"}}}}}'
daemonset.apps/fluentd-elasticsearch patched

$ sim settle
settled after 28 steps and 2s of virtual time

$ kubectl get ds -n kube-system fluentd-elasticsearch
NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
fluentd-elasticsearch   1         1         1       1            1           logging=on      9s

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o wide
NAME                          READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
fluentd-elasticsearch-mnvp2   1/1     Running   0          2s    10.244.2.4   kubeplay-worker2   <none>           <none>

$ kubectl delete ds fluentd-elasticsearch -n kube-system
daemonset.apps "fluentd-elasticsearch" deleted

$ sim settle
settled after 5 steps and 0s of virtual time

$ kubectl get pods -n kube-system -l name=fluentd-elasticsearch
No resources found in kube-system namespace.
