# kubernetes.io "Configure Multiple Schedulers"
# (tasks/extend-kubernetes/configure-multiple-schedulers.md), as far as it
# runs on the playground's kind cluster (v1.32). Building and pushing the
# scheduler image (git clone, make, docker build, gcloud docker -- push)
# happens outside the cluster; the page's image name is a placeholder that
# no registry serves, and the playground runs no second scheduler anyway.
# So the walk shows what a cluster does when the second scheduler never
# starts: the pod that names it stays Pending, unscheduled, while the
# default scheduler places the others.
#
# "Define a Kubernetes Deployment for the scheduler".
$ cat <<EOF > my-scheduler.yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: my-scheduler
  namespace: kube-system
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: my-scheduler-as-kube-scheduler
subjects:
- kind: ServiceAccount
  name: my-scheduler
  namespace: kube-system
roleRef:
  kind: ClusterRole
  name: system:kube-scheduler
  apiGroup: rbac.authorization.k8s.io
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: my-scheduler-as-volume-scheduler
subjects:
- kind: ServiceAccount
  name: my-scheduler
  namespace: kube-system
roleRef:
  kind: ClusterRole
  name: system:volume-scheduler
  apiGroup: rbac.authorization.k8s.io
---

apiVersion: v1
data:
  my-scheduler-config.yaml: |
    apiVersion: kubescheduler.config.k8s.io/v1beta2
    kind: KubeSchedulerConfiguration
    profiles:
      - schedulerName: my-scheduler
    leaderElection:
      leaderElect: false
kind: ConfigMap
metadata:
  name: my-scheduler-config
  namespace: kube-system

---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    component: scheduler
    tier: control-plane
  name: my-scheduler
  namespace: kube-system
spec:
  selector:
    matchLabels:
      component: scheduler
      tier: control-plane
  replicas: 1
  template:
    metadata:
      labels:
        component: scheduler
        tier: control-plane
        version: second
    spec:
      serviceAccountName: my-scheduler
      containers:
      - command:
        - /usr/local/bin/kube-scheduler
        - --bind-address=0.0.0.0
        - --config=/etc/kubernetes/my-scheduler/my-scheduler-config.yaml
        image: gcr.io/my-gcp-project/my-kube-scheduler:1.0
        livenessProbe:
          httpGet:
            path: /healthz
            port: 10251
          initialDelaySeconds: 15
        name: kube-second-scheduler
        readinessProbe:
          httpGet:
            path: /healthz
            port: 10251
        resources:
          requests:
            cpu: '0.1'
        securityContext:
          privileged: false
        volumeMounts:
          - name: config-volume
            mountPath: /etc/kubernetes/my-scheduler
      hostNetwork: false
      hostPID: false
      volumes:
        - name: config-volume
          configMap:
            # Provide the name of the ConfigMap containing the files you want
            # to add to the container
            name: my-scheduler-config
EOF

# The placeholder image cannot be pulled. (The exact words a real pull
# of a missing gcr.io project prints differ from Docker Hub's "not
# found", which the playground says.)
$ sim image missing gcr.io/my-gcp-project/my-kube-scheduler:1.0
image gcr.io/my-gcp-project/my-kube-scheduler:1.0 is now missing from its registry: pulls fail

# "Run the second scheduler in the cluster".
$ kubectl create -f my-scheduler.yaml
serviceaccount/my-scheduler created
clusterrolebinding.rbac.authorization.k8s.io/my-scheduler-as-kube-scheduler created
clusterrolebinding.rbac.authorization.k8s.io/my-scheduler-as-volume-scheduler created
configmap/my-scheduler-config created
deployment.apps/my-scheduler created

$ sim settle
settled after 15 steps and 13s of virtual time

$ kubectl get pods --namespace=kube-system -l component=scheduler
NAME                            READY   STATUS             RESTARTS   AGE
my-scheduler-7f79c7885f-g46q7   0/1     ImagePullBackOff   0          13s

# "Enable leader election" is skipped: the page's configuration sets
# leaderElect: false, and `kubectl edit` opens an editor.
#
# "Specify schedulers for pods".
$ cat <<EOF > pod1.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "no-annotation",
    labels: {
      name: "multischeduler-example",
    },
  },
  spec: {
    containers: [{
      name: "pod-with-no-annotation-container",
      image: "registry.k8s.io/pause:3.8",
    }],
  },
}
EOF

$ kubectl create -f pod1.yaml
pod/no-annotation created

$ cat <<EOF > pod2.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "annotation-default-scheduler",
    labels: {
      name: "multischeduler-example",
    },
  },
  spec: {
    schedulerName: "default-scheduler",
    containers: [{
      name: "pod-with-default-annotation-container",
      image: "registry.k8s.io/pause:3.8",
    }],
  },
}
EOF

$ kubectl create -f pod2.yaml
pod/annotation-default-scheduler created

$ cat <<EOF > pod3.yaml
---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "annotation-second-scheduler",
    labels: {
      name: "multischeduler-example",
    },
  },
  spec: {
    schedulerName: "my-scheduler",
    containers: [{
      name: "pod-with-second-annotation-container",
      image: "registry.k8s.io/pause:3.8",
    }],
  },
}
EOF

$ kubectl create -f pod3.yaml
pod/annotation-second-scheduler created

$ sim settle
settled after 10 steps and 2s of virtual time

$ sim advance 5m
advanced 5m to 2025-01-01T00:05:17Z (40 steps ran)

# Two run; the one for my-scheduler waits for a scheduler of that name.
$ kubectl get pods
NAME                           READY   STATUS    RESTARTS   AGE
annotation-default-scheduler   1/1     Running   0          5m2s
annotation-second-scheduler    0/1     Pending   0          5m2s
no-annotation                  1/1     Running   0          5m2s

$ kubectl get pods -o custom-columns=NAME:.metadata.name,SCHEDULER:.spec.schedulerName,NODE:.spec.nodeName
NAME                           SCHEDULER           NODE
annotation-default-scheduler   default-scheduler   kubeplay-worker
annotation-second-scheduler    my-scheduler        <none>
no-annotation                  default-scheduler   kubeplay-worker

# "Verifying that the pods were scheduled using the desired schedulers":
# the Scheduled events name default-scheduler; nothing at all is said
# about the third pod (no scheduler picked it up, so none reports).
$ kubectl get events --field-selector reason=Scheduled
LAST SEEN   TYPE     REASON      OBJECT                             MESSAGE
5m2s        Normal   Scheduled   pod/annotation-default-scheduler   Successfully assigned default/annotation-default-scheduler to kubeplay-worker
5m2s        Normal   Scheduled   pod/no-annotation                  Successfully assigned default/no-annotation to kubeplay-worker

$ kubectl describe pod annotation-second-scheduler | grep -A3 -E '^(Status|Conditions|Events):'
Status:           Pending
IP:
IPs:              <none>
Containers:
--
Events:                      <none>
