# Task "Configure Quotas for API Objects", line by line, on the
# playground's kind cluster (v1.32). The page's manifests
# (admin/resource/quota-objects*.yaml) are here-documents.
$ kubectl create namespace quota-object-example
namespace/quota-object-example created

$ kubectl apply -f - --namespace=quota-object-example <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: object-quota-demo
spec:
  hard:
    persistentvolumeclaims: "1"
    services.loadbalancers: "2"
    services.nodeports: "0"
EOF
resourcequota/object-quota-demo created

# The quota controller fills in what is used.
$ sim settle
settled after 5 steps and 0s of virtual time

$ kubectl get resourcequota object-quota-demo --namespace=quota-object-example --output=yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"ResourceQuota","metadata":{"annotations":{},"name":"object-quota-demo","namespace":"quota-object-example"},"spec":{"hard":{"persistentvolumeclaims":"1","services.loadbalancers":"2","services.nodeports":"0"}}}
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: object-quota-demo
  namespace: quota-object-example
  resourceVersion: "378"
  uid: 321a63d5-408c-4a84-ab00-cc40f5ecd8eb
spec:
  hard:
    persistentvolumeclaims: "1"
    services.loadbalancers: "2"
    services.nodeports: "0"
status:
  hard:
    persistentvolumeclaims: "1"
    services.loadbalancers: "2"
    services.nodeports: "0"
  used:
    persistentvolumeclaims: "0"
    services.loadbalancers: "0"
    services.nodeports: "0"

# "Create a PersistentVolumeClaim". Its class, manual, has no
# provisioner on kind, and no volume of that class exists: it stays
# Pending.
$ kubectl apply -f - --namespace=quota-object-example <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: pvc-quota-demo
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 3Gi
EOF
persistentvolumeclaim/pvc-quota-demo created

$ kubectl get persistentvolumeclaims --namespace=quota-object-example
NAME             STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
pvc-quota-demo   Pending                                      manual         <unset>                 0s

# "Attempt to create a second PersistentVolumeClaim".
$ kubectl apply -f - --namespace=quota-object-example <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: pvc-quota-demo-2
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 4Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "pvc-quota-demo-2" is forbidden: exceeded quota: object-quota-demo, requested: persistentvolumeclaims=1, used: persistentvolumeclaims=1, limited: persistentvolumeclaims=1

# The page's quota also forbids NodePort Services, and a LoadBalancer
# Service's node ports count as NodePorts too, so a plain one is refused
# as well; one that allocates no node ports counts only as a load
# balancer.
$ kubectl create service nodeport web --tcp=80:80 --namespace=quota-object-example
error: failed to create NodePort service: services "web" is forbidden: exceeded quota: object-quota-demo, requested: services.nodeports=1, used: services.nodeports=0, limited: services.nodeports=0

$ kubectl create service loadbalancer lb1 --tcp=80:80 --namespace=quota-object-example
error: failed to create LoadBalancer service: services "lb1" is forbidden: exceeded quota: object-quota-demo, requested: services.nodeports=1, used: services.nodeports=0, limited: services.nodeports=0

$ kubectl apply -f - --namespace=quota-object-example <<EOF
apiVersion: v1
kind: Service
metadata:
  name: lb1
spec:
  type: LoadBalancer
  allocateLoadBalancerNodePorts: false
  ports:
  - port: 80
EOF
service/lb1 created

$ sim settle
settled after 10 steps and 3s of virtual time

$ kubectl describe resourcequota object-quota-demo --namespace=quota-object-example
Name:                   object-quota-demo
Namespace:              quota-object-example
Resource                Used  Hard
--------                ----  ----
persistentvolumeclaims  1     1
services.loadbalancers  1     2
services.nodeports      0     0

# Clean up.
$ kubectl delete namespace quota-object-example
namespace "quota-object-example" deleted
