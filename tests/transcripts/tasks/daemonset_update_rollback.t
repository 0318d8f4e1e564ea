# kubernetes.io's "Perform a Rolling Update on a DaemonSet" and "Perform a
# Rollback on a DaemonSet", line by line. The pages read
# https://k8s.io/examples/controllers/fluentd-daemonset.yaml and
# fluentd-daemonset-update.yaml; transcripts never download, so each comes
# from a here-document with the same text.
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
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 1
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
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
EOF
daemonset.apps/fluentd-elasticsearch created

$ kubectl get ds/fluentd-elasticsearch -o go-template='{{.spec.updateStrategy.type}}{{"\n"}}' -n kube-system
RollingUpdate

# The same check on the manifest, before creating anything.
$ kubectl apply -f - --dry-run=client -o go-template='{{.spec.updateStrategy.type}}{{"\n"}}' <<EOF
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
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 1
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
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
EOF
RollingUpdate

$ sim settle
settled after 26 steps and 3s of virtual time

$ kubectl get pods -l name=fluentd-elasticsearch -o wide -n kube-system
NAME                          READY   STATUS    RESTARTS   AGE   IP           NODE                     NOMINATED NODE   READINESS GATES
fluentd-elasticsearch-956rh   1/1     Running   0          3s    10.244.1.2   kubeplay-worker          <none>           <none>
fluentd-elasticsearch-g46q7   1/1     Running   0          3s    10.244.2.3   kubeplay-worker2         <none>           <none>
fluentd-elasticsearch-rngh8   1/1     Running   0          3s    10.244.3.2   kubeplay-worker3         <none>           <none>
fluentd-elasticsearch-sgkwf   1/1     Running   0          3s    10.244.0.4   kubeplay-control-plane   <none>           <none>

# The updated manifest adds resource requests and limits.
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
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 1
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
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
EOF
daemonset.apps/fluentd-elasticsearch configured

$ kubectl rollout status ds/fluentd-elasticsearch -n kube-system
Waiting for daemon set spec update to be observed...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 of 4 updated pods are available...
daemon set "fluentd-elasticsearch" successfully rolled out

$ kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 -n kube-system
daemonset.apps/fluentd-elasticsearch image updated

$ kubectl rollout status ds/fluentd-elasticsearch -n kube-system
Waiting for daemon set spec update to be observed...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 of 4 updated pods are available...
daemon set "fluentd-elasticsearch" successfully rolled out

# The rollback page.
$ kubectl rollout history daemonset fluentd-elasticsearch -n kube-system
daemonset.apps/fluentd-elasticsearch
REVISION  CHANGE-CAUSE
1         <none>
2         <none>
3         <none>

$ kubectl rollout history daemonset fluentd-elasticsearch -n kube-system --revision=1
daemonset.apps/fluentd-elasticsearch with revision #1
Pod Template:
  Labels:	name=fluentd-elasticsearch
  Containers:
   fluentd-elasticsearch:
    Image:	quay.io/fluentd_elasticsearch/fluentd:v2.5.2
    Port:	<none>
    Host Port:	<none>
    Environment:	<none>
    Mounts:
      /var/lib/docker/containers from varlibdockercontainers (ro)
      /var/log from varlog (rw)
  Volumes:
   varlog:
    Type:	HostPath (bare host directory volume)
    Path:	/var/log
    HostPathType:
   varlibdockercontainers:
    Type:	HostPath (bare host directory volume)
    Path:	/var/lib/docker/containers
    HostPathType:
  Node-Selectors:	<none>
  Tolerations:	node-role.kubernetes.io/control-plane:NoSchedule op=Exists
	node-role.kubernetes.io/master:NoSchedule op=Exists

$ kubectl rollout undo daemonset fluentd-elasticsearch --to-revision=1 -n kube-system
daemonset.apps/fluentd-elasticsearch rolled back

$ kubectl rollout status ds/fluentd-elasticsearch -n kube-system
Waiting for daemon set spec update to be observed...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 of 4 updated pods are available...
daemon set "fluentd-elasticsearch" successfully rolled out

$ kubectl get controllerrevision -l name=fluentd-elasticsearch -n kube-system
NAME                               CONTROLLER                             REVISION   AGE
fluentd-elasticsearch-5d49c59cc6   daemonset.apps/fluentd-elasticsearch   4          36s
fluentd-elasticsearch-76454f8488   daemonset.apps/fluentd-elasticsearch   2          33s
fluentd-elasticsearch-7956bc6c49   daemonset.apps/fluentd-elasticsearch   3          23s

# Revisions only roll forward: revision 1 became revision 4.
$ kubectl rollout history daemonset fluentd-elasticsearch -n kube-system
daemonset.apps/fluentd-elasticsearch
REVISION  CHANGE-CAUSE
2         <none>
3         <none>
4         <none>

$ kubectl rollout undo daemonset fluentd-elasticsearch -n kube-system
daemonset.apps/fluentd-elasticsearch rolled back

$ kubectl rollout status ds/fluentd-elasticsearch -n kube-system
Waiting for daemon set spec update to be observed...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 out of 4 new pods have been updated...
Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 3 of 4 updated pods are available...
daemon set "fluentd-elasticsearch" successfully rolled out

$ kubectl get pods -l name=fluentd-elasticsearch -n kube-system -o custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image,NODE:.spec.nodeName
NAME                          IMAGE                                          NODE
fluentd-elasticsearch-jkjcv   quay.io/fluentd_elasticsearch/fluentd:v2.6.0   kubeplay-worker2
fluentd-elasticsearch-s9bzl   quay.io/fluentd_elasticsearch/fluentd:v2.6.0   kubeplay-worker3
fluentd-elasticsearch-tksfd   quay.io/fluentd_elasticsearch/fluentd:v2.6.0   kubeplay-control-plane
fluentd-elasticsearch-wd6fk   quay.io/fluentd_elasticsearch/fluentd:v2.6.0   kubeplay-worker

$ kubectl delete ds fluentd-elasticsearch -n kube-system
daemonset.apps "fluentd-elasticsearch" deleted
