# apply -l applies only the manifests whose labels match; --prune then
# deletes what an earlier apply made (it carries a last-applied
# configuration) that this one no longer names, among the objects -l
# selects in the namespaces it used. Objects made another way are left.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
  labels: {app: shop}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: b
  labels: {app: shop}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: other
  labels: {app: blog}
EOF
configmap/a created
configmap/b created
configmap/other created

$ kubectl create configmap handmade
configmap/handmade created

$ kubectl label configmap handmade app=shop
configmap/handmade labeled

$ kubectl apply --prune -l app=shop -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
  labels: {app: shop}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: other
  labels: {app: blog}
EOF
configmap/a unchanged
configmap/b pruned

$ kubectl get configmaps
NAME               DATA   AGE
a                  0      0s
handmade           0      0s
kube-root-ca.crt   1      2s
other              0      0s

$ kubectl apply --prune -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
EOF
error: all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector

$ kubectl apply --server-side -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
EOF
error: (playground) kubectl apply --server-side is not supported: the playground keeps no field managers; kubectl apply without it applies the same manifest

# kubectl prunes every namespace's kinds first (an Ingress among them),
# then the cluster-scoped kinds: the PersistentVolume goes last although
# it comes before Service in kubectl's list.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv1
  labels: {tier: web}
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  hostPath: {path: /tmp/pv1}
---
apiVersion: v1
kind: Service
metadata:
  name: svc1
  labels: {tier: web}
spec:
  ports: [{port: 80}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing1
  labels: {tier: web}
spec:
  defaultBackend:
    service: {name: svc1, port: {number: 80}}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: keep
  labels: {tier: web}
EOF
persistentvolume/pv1 created
service/svc1 created
ingress.networking.k8s.io/ing1 created
configmap/keep created

$ kubectl apply --prune -l tier=web -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: keep
  labels: {tier: web}
EOF
configmap/keep unchanged
service/svc1 pruned
ingress.networking.k8s.io/ing1 pruned
persistentvolume/pv1 pruned
