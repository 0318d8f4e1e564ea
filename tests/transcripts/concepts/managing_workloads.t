# kubernetes.io "Managing Workloads" (concepts/workloads/management.md),
# line by line on the playground's kind cluster (v1.32). Transcripts never
# download: the page's manifests (application/nginx-app.yaml, JSON-style
# YAML as published, and application/nginx/nginx-svc.yaml and
# nginx-deployment.yaml) are written to files first, as the page's `-f
# https://k8s.io/examples/…` would read them. kind has no load balancer,
# so the LoadBalancer Service's EXTERNAL-IP stays <pending>.
$ cat > nginx-app.yaml <<'EOF'
---
{
  apiVersion: "v1",
  kind: "Service",
  metadata: {
    name: "my-nginx-svc",
    labels: {
      app: "nginx",
    },
  },
  spec: {
    type: "LoadBalancer",
    ports: [{
      port: 80,
    }],
    selector: {
      app: "nginx",
    },
  },
}
---
{
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: {
    name: "my-nginx",
    labels: {
      app: "nginx",
    },
  },
  spec: {
    replicas: 3,
    selector: {
      matchLabels: {
        app: "nginx",
      },
    },
    template: {
      metadata: {
        labels: {
          app: "nginx",
        },
      },
      spec: {
        containers: [{
          name: "nginx",
          image: "nginx:1.14.2",
          ports: [{
            containerPort: 80,
          }],
        }],
      },
    },
  },
}
EOF

$ mkdir nginx

$ cat > nginx/nginx-svc.yaml <<'EOF'
---
{
  apiVersion: "v1",
  kind: "Service",
  metadata: {
    name: "my-nginx-svc",
    labels: {
      app: "nginx",
    },
  },
  spec: {
    type: "LoadBalancer",
    ports: [{
      port: 80,
    }],
    selector: {
      app: "nginx",
    },
  },
}
EOF

$ cat > nginx/nginx-deployment.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-nginx
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  replicas: 3
  template:
    metadata:
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
EOF

# Created in the order they appear in the file.
$ kubectl apply -f nginx-app.yaml
service/my-nginx-svc created
deployment.apps/my-nginx created

# Several -f at once. The Service is the same; the Deployment's selector
# is not (app.kubernetes.io/name here, app there), and a Deployment's
# selector cannot change once it is created.
$ kubectl apply -f nginx/nginx-svc.yaml -f nginx/nginx-deployment.yaml
service/my-nginx-svc unchanged
The Deployment "my-nginx" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app.kubernetes.io/name":"nginx"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable

# Bulk operations: delete takes the names from the same file, in its order.
$ kubectl delete -f nginx-app.yaml
service "my-nginx-svc" deleted
deployment.apps "my-nginx" deleted

$ kubectl apply -f nginx/nginx-deployment.yaml
deployment.apps/my-nginx created

$ kubectl delete deployments/my-nginx
deployment.apps "my-nginx" deleted

$ kubectl apply -f nginx-app.yaml
service/my-nginx-svc created
deployment.apps/my-nginx created

$ kubectl delete deployments/my-nginx services/my-nginx-svc
deployment.apps "my-nginx" deleted
service "my-nginx-svc" deleted

$ kubectl apply -f nginx-app.yaml
service/my-nginx-svc created
deployment.apps/my-nginx created

$ kubectl delete deployment,services -l app=nginx
deployment.apps "my-nginx" deleted
service "my-nginx-svc" deleted

# Chaining and filtering: the page's directory is nginx/ here.
$ kubectl get $(kubectl create -f nginx/ -o name | grep service/ )
NAME           TYPE           CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE
my-nginx-svc   LoadBalancer   10.110.85.34   <pending>     80:31083/TCP   0s

$ kubectl delete -f nginx/
deployment.apps "my-nginx" deleted
service "my-nginx-svc" deleted

$ kubectl create -f nginx/ -o name | grep service/ | xargs -i kubectl get '{}'
NAME           TYPE           CLUSTER-IP       EXTERNAL-IP   PORT(S)        AGE
my-nginx-svc   LoadBalancer   10.103.242.240   <pending>     80:31018/TCP   0s

$ kubectl delete -f nginx/
deployment.apps "my-nginx" deleted
service "my-nginx-svc" deleted

# Recursive operations on local files. The page names the files; their
# contents are the smallest objects with the names it prints.
$ mkdir -p project/k8s/development/configmap project/k8s/development/deployment project/k8s/development/pvc project/k8s/namespaces

$ cat > project/k8s/development/configmap/my-configmap.yaml <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: my-config
data:
  environment: development
EOF

$ kubectl create deployment my-deployment --image=nginx:1.14.2 --dry-run=client -o yaml > project/k8s/development/deployment/my-deployment.yaml

$ cat > project/k8s/development/pvc/my-pvc.yaml <<'EOF'
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: my-pvc
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF

$ kubectl create namespace development --dry-run=client -o yaml > project/k8s/namespaces/development.yaml

$ kubectl create namespace staging --dry-run=client -o yaml > project/k8s/namespaces/staging.yaml

# Without --recursive, the top directory holds no manifest (kubectl
# v1.32's words for that, not the page's older ones).
$ kubectl apply -f project/k8s/development
error: error reading [project/k8s/development]: recognized file extensions are [.json .yaml .yml]

$ kubectl apply -f project/k8s/development --recursive
configmap/my-config created
deployment.apps/my-deployment created
persistentvolumeclaim/my-pvc created

$ kubectl get -f project/k8s/development -R
NAME                  DATA   AGE
configmap/my-config   1      0s

NAME                            READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/my-deployment   0/1     0            0           0s

NAME                           STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
persistentvolumeclaim/my-pvc   Pending                                      standard       <unset>                 0s

$ kubectl apply -f project/k8s/namespaces -f project/k8s/development --recursive
namespace/development created
namespace/staging created
configmap/my-config unchanged
deployment.apps/my-deployment configured
persistentvolumeclaim/my-pvc unchanged

$ kubectl delete -f project/k8s/development -R
configmap "my-config" deleted
deployment.apps "my-deployment" deleted
persistentvolumeclaim "my-pvc" deleted

# Updating your application without an outage.
$ kubectl create deployment my-nginx --image=nginx:1.14.2
deployment.apps/my-nginx created

# As printed, the page's two commands are refused: kubectl scale has no
# --subresource (nor --type or -p), and patch names no object.
$ kubectl scale --replicas 1 deployments/my-nginx --subresource='scale' --type='merge' -p '{"spec":{"replicas": 1}}'
error: unknown flag: --subresource
See 'kubectl scale --help' for usage.

$ kubectl patch --type='merge' -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge": "100%" }}}}'
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

# What they mean: one replica, and a surge of 100%.
$ kubectl scale --replicas 1 deployments/my-nginx
deployment.apps/my-nginx scaled

$ kubectl patch deployment/my-nginx --type='merge' -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge": "100%" }}}}'
deployment.apps/my-nginx patched

$ sim settle
settled after 17 steps and 4s of virtual time

# kubectl edit opens an editor; here sed is the editor.
$ KUBE_EDITOR="sed -i s/nginx:1.14.2/nginx:1.16.1/" kubectl edit deployment/my-nginx
deployment.apps/my-nginx edited

$ kubectl rollout status deployment/my-nginx --timeout 10m
Waiting for deployment spec update to be observed...
Waiting for deployment "my-nginx" rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for deployment "my-nginx" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "my-nginx" rollout to finish: 1 old replicas are pending termination...
deployment "my-nginx" successfully rolled out

$ kubectl rollout status deployment/my-nginx --watch=false
deployment "my-nginx" successfully rolled out

$ kubectl get deployment my-nginx -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.strategy.rollingUpdate.maxSurge}{"\n"}'
nginx:1.16.1 100%

# Updating annotations, on the one pod there is.
$ POD=$(kubectl get pods -l app=my-nginx -o jsonpath='{.items[0].metadata.name}')

$ kubectl annotate pods $POD description='my frontend running nginx'
pod/my-nginx-5874ff6574-6tj6b annotated

$ kubectl get pods $POD -o yaml | head -6
apiVersion: v1
kind: Pod
metadata:
  annotations:
    description: my frontend running nginx
  creationTimestamp: "2025-01-01T00:00:06Z"

# Scaling your application: up to 3, then down to 1.
$ kubectl scale deployment/my-nginx --replicas=3
deployment.apps/my-nginx scaled

$ sim settle
settled after 26 steps and 4s of virtual time

$ kubectl scale deployment/my-nginx --replicas=1
deployment.apps/my-nginx scaled

$ sim settle
settled after 14 steps and 0s of virtual time

$ kubectl get pods -l app=my-nginx
NAME                        READY   STATUS    RESTARTS   AGE
my-nginx-5874ff6574-6tj6b   1/1     Running   0          9s

# The pods request no CPU, so the autoscaler has no utilization to read
# (kubectl describe hpa says "missing request for cpu").
$ kubectl autoscale deployment/my-nginx --min=1 --max=3
horizontalpodautoscaler.autoscaling/my-nginx autoscaled

$ kubectl get hpa my-nginx
NAME       REFERENCE             TARGETS              MINPODS   MAXPODS   REPLICAS   AGE
my-nginx   Deployment/my-nginx   cpu: <unknown>/80%   1         3         0          0s

$ kubectl delete hpa my-nginx
horizontalpodautoscaler.autoscaling "my-nginx" deleted

# In-place updates: apply, edit by hand through a file, patch.
$ kubectl get deployment my-nginx -o yaml > /tmp/nginx.yaml

$ sed -i 's/nginx:1.16.1/nginx:1.14.2/' /tmp/nginx.yaml

$ kubectl apply -f /tmp/nginx.yaml
Warning: resource deployments/my-nginx is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.
deployment.apps/my-nginx configured

$ rm /tmp/nginx.yaml

$ cat /tmp/nginx.yaml
cat: /tmp/nginx.yaml: No such file or directory

# Disruptive updates: the file's selector differs from the running
# Deployment's, which only a delete and create can change.
$ kubectl apply -f nginx/nginx-deployment.yaml
The Deployment "my-nginx" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app.kubernetes.io/name":"nginx"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable

$ kubectl replace -f nginx/nginx-deployment.yaml --force
deployment.apps "my-nginx" deleted
deployment.apps/my-nginx replaced

$ kubectl get deployment my-nginx -o wide
NAME       READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES         SELECTOR
my-nginx   0/3     0            0           0s    nginx        nginx:1.14.2   app.kubernetes.io/name=nginx
