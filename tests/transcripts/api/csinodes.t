# CSINode (storage.k8s.io/v1): every kubelet keeps one named after its
# node and owned by it; kind installs no CSI driver, so none lists any.
# They are presented at each read, not stored.
$ kubectl get csinodes
NAME                     DRIVERS   AGE
kubeplay-control-plane   0         2s
kubeplay-worker          0         2s
kubeplay-worker2         0         2s
kubeplay-worker3         0         2s

$ kubectl get csinode kubeplay-worker -o yaml
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata:
  annotations:
    storage.alpha.kubernetes.io/migrated-plugins: kubernetes.io/aws-ebs,kubernetes.io/azure-disk,kubernetes.io/azure-file,kubernetes.io/cinder,kubernetes.io/gce-pd,kubernetes.io/portworx-volume,kubernetes.io/vsphere-volume
  creationTimestamp: "2025-01-01T00:00:00Z"
  name: kubeplay-worker
  ownerReferences:
  - apiVersion: v1
    kind: Node
    name: kubeplay-worker
    uid: 6775dc77-0156-4f61-9afc-d44d14cf8bfe
  resourceVersion: "373"
  uid: d96290cc-38da-49cf-98ac-1c3dab9acfc0
spec:
  drivers: null

$ kubectl describe csinode kubeplay-control-plane
Name:               kubeplay-control-plane
Labels:             <none>
Annotations:        storage.alpha.kubernetes.io/migrated-plugins:
                      kubernetes.io/aws-ebs,kubernetes.io/azure-disk,kubernetes.io/azure-file,kubernetes.io/cinder,kubernetes.io/gce-pd,kubernetes.io/portworx-v...
CreationTimestamp:  Wed, 01 Jan 2025 00:00:00 +0000
Spec:
Events:  <none>

$ kubectl api-resources --api-group=storage.k8s.io
NAME             SHORTNAMES   APIVERSION          NAMESPACED   KIND
csinodes                      storage.k8s.io/v1   false        CSINode
storageclasses   sc           storage.k8s.io/v1   false        StorageClass

$ kubectl explain csinode.spec.drivers
GROUP:      storage.k8s.io
KIND:       CSINode
VERSION:    v1

FIELD: drivers <[]CSINodeDriver>


DESCRIPTION:
    One entry per CSI driver registered on the node; empty when none is
    installed.
    One CSI driver on a node.

FIELDS:
  allocatable	<VolumeNodeResources>
    How many volumes of this driver the node can take.

  name	<string> -required-
    The driver's name, as in its CSIDriver object.

  nodeID	<string> -required-
    The node as the driver knows it.

  topologyKeys	<[]string>
    The topology labels the driver sets on the node.

$ kubectl label csinode kubeplay-worker disk=ssd
(playground) the kubelets keep the CSINodes, one per node with no CSI drivers: they cannot be changed or added to here

$ kubectl delete node kubeplay-worker3
node "kubeplay-worker3" deleted

$ kubectl get csinodes -o name
csinode.storage.k8s.io/kubeplay-control-plane
csinode.storage.k8s.io/kubeplay-worker
csinode.storage.k8s.io/kubeplay-worker2
