# LimitRanger bounds a claim's storage request by the LimitRange's
# PersistentVolumeClaim items, on create and on update.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: storage
spec:
  limits:
  - type: PersistentVolumeClaim
    min:
      storage: 1Gi
    max:
      storage: 10Gi
EOF
limitrange/storage created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: small
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 500Mi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: big
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 20Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi

# Quota charges a claim to its storage class too.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: gold
spec:
  hard:
    gold.storageclass.storage.k8s.io/requests.storage: 5Gi
EOF
resourcequota/gold created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: gold
  resources:
    requests:
      storage: 6Gi
EOF
Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "data" is forbidden: exceeded quota: gold, requested: gold.storageclass.storage.k8s.io/requests.storage=6Gi, used: gold.storageclass.storage.k8s.io/requests.storage=0, limited: gold.storageclass.storage.k8s.io/requests.storage=5Gi

# A load balancer's ports count as node ports.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: ports
spec:
  hard:
    services.nodeports: "1"
EOF
resourcequota/ports created

$ kubectl create service loadbalancer web --tcp=80:8080 --tcp=443:8443
error: failed to create LoadBalancer service: services "web" is forbidden: exceeded quota: ports, requested: services.nodeports=2, used: services.nodeports=0, limited: services.nodeports=1
