# The RBAC objects of a fresh kind v1.32 cluster: the API server's
# bootstrap policy (its cluster roles and the controllers' roles), kubeadm's
# (kubeadm:get-nodes, system:coredns) and kind's (kindnet, the local-path
# provisioner), listed by name.
$ kubectl get clusterroles
NAME                                                                   CREATED AT
admin                                                                  2025-01-01T00:00:00Z
cluster-admin                                                          2025-01-01T00:00:00Z
edit                                                                   2025-01-01T00:00:00Z
kindnet                                                                2025-01-01T00:00:00Z
kubeadm:get-nodes                                                      2025-01-01T00:00:00Z
local-path-provisioner-role                                            2025-01-01T00:00:00Z
system:aggregate-to-admin                                              2025-01-01T00:00:00Z
system:aggregate-to-edit                                               2025-01-01T00:00:00Z
system:aggregate-to-view                                               2025-01-01T00:00:00Z
system:auth-delegator                                                  2025-01-01T00:00:00Z
system:basic-user                                                      2025-01-01T00:00:00Z
system:certificates.k8s.io:certificatesigningrequests:nodeclient       2025-01-01T00:00:00Z
system:certificates.k8s.io:certificatesigningrequests:selfnodeclient   2025-01-01T00:00:00Z
system:certificates.k8s.io:kube-apiserver-client-approver              2025-01-01T00:00:00Z
system:certificates.k8s.io:kube-apiserver-client-kubelet-approver      2025-01-01T00:00:00Z
system:certificates.k8s.io:kubelet-serving-approver                    2025-01-01T00:00:00Z
system:certificates.k8s.io:legacy-unknown-approver                     2025-01-01T00:00:00Z
system:controller:attachdetach-controller                              2025-01-01T00:00:00Z
system:controller:certificate-controller                               2025-01-01T00:00:00Z
system:controller:clusterrole-aggregation-controller                   2025-01-01T00:00:00Z
system:controller:cronjob-controller                                   2025-01-01T00:00:00Z
system:controller:daemon-set-controller                                2025-01-01T00:00:00Z
system:controller:deployment-controller                                2025-01-01T00:00:00Z
system:controller:disruption-controller                                2025-01-01T00:00:00Z
system:controller:endpoint-controller                                  2025-01-01T00:00:00Z
system:controller:endpointslice-controller                             2025-01-01T00:00:00Z
system:controller:endpointslicemirroring-controller                    2025-01-01T00:00:00Z
system:controller:ephemeral-volume-controller                          2025-01-01T00:00:00Z
system:controller:expand-controller                                    2025-01-01T00:00:00Z
system:controller:generic-garbage-collector                            2025-01-01T00:00:00Z
system:controller:horizontal-pod-autoscaler                            2025-01-01T00:00:00Z
system:controller:job-controller                                       2025-01-01T00:00:00Z
system:controller:legacy-service-account-token-cleaner                 2025-01-01T00:00:00Z
system:controller:namespace-controller                                 2025-01-01T00:00:00Z
system:controller:node-controller                                      2025-01-01T00:00:00Z
system:controller:persistent-volume-binder                             2025-01-01T00:00:00Z
system:controller:pod-garbage-collector                                2025-01-01T00:00:00Z
system:controller:pv-protection-controller                             2025-01-01T00:00:00Z
system:controller:pvc-protection-controller                            2025-01-01T00:00:00Z
system:controller:replicaset-controller                                2025-01-01T00:00:00Z
system:controller:replication-controller                               2025-01-01T00:00:00Z
system:controller:resourcequota-controller                             2025-01-01T00:00:00Z
system:controller:root-ca-cert-publisher                               2025-01-01T00:00:00Z
system:controller:route-controller                                     2025-01-01T00:00:00Z
system:controller:service-account-controller                           2025-01-01T00:00:00Z
system:controller:service-controller                                   2025-01-01T00:00:00Z
system:controller:statefulset-controller                               2025-01-01T00:00:00Z
system:controller:ttl-after-finished-controller                        2025-01-01T00:00:00Z
system:controller:ttl-controller                                       2025-01-01T00:00:00Z
system:controller:validatingadmissionpolicy-status-controller          2025-01-01T00:00:00Z
system:coredns                                                         2025-01-01T00:00:00Z
system:discovery                                                       2025-01-01T00:00:00Z
system:heapster                                                        2025-01-01T00:00:00Z
system:kube-aggregator                                                 2025-01-01T00:00:00Z
system:kube-controller-manager                                         2025-01-01T00:00:00Z
system:kube-dns                                                        2025-01-01T00:00:00Z
system:kube-scheduler                                                  2025-01-01T00:00:00Z
system:kubelet-api-admin                                               2025-01-01T00:00:00Z
system:monitoring                                                      2025-01-01T00:00:00Z
system:node                                                            2025-01-01T00:00:00Z
system:node-bootstrapper                                               2025-01-01T00:00:00Z
system:node-problem-detector                                           2025-01-01T00:00:00Z
system:node-proxier                                                    2025-01-01T00:00:00Z
system:persistent-volume-provisioner                                   2025-01-01T00:00:00Z
system:public-info-viewer                                              2025-01-01T00:00:00Z
system:service-account-issuer-discovery                                2025-01-01T00:00:00Z
system:volume-scheduler                                                2025-01-01T00:00:00Z
view                                                                   2025-01-01T00:00:00Z

# admin, edit and view carry an aggregationRule: the aggregation
# controller gives each the rules of the ClusterRoles its selectors pick,
# by name (edit's, then system:aggregate-to-admin's for admin).
$ kubectl get clusterrole admin -o yaml
aggregationRule:
  clusterRoleSelectors:
  - matchLabels:
      rbac.authorization.k8s.io/aggregate-to-admin: "true"
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  annotations:
    rbac.authorization.kubernetes.io/autoupdate: "true"
  creationTimestamp: "2025-01-01T00:00:00Z"
  labels:
    kubernetes.io/bootstrapping: rbac-defaults
  name: admin
  resourceVersion: "31"
  uid: 38a834e0-998c-4de1-a54c-c9229b3a30b6
rules:
- apiGroups:
  - ""
  resources:
  - pods/attach
  - pods/exec
  - pods/portforward
  - pods/proxy
  - secrets
  - services/proxy
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - ""
  resources:
  - serviceaccounts
  verbs:
  - impersonate
- apiGroups:
  - ""
  resources:
  - pods
  - pods/attach
  - pods/exec
  - pods/portforward
  - pods/proxy
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - ""
  resources:
  - pods/eviction
  verbs:
  - create
- apiGroups:
  - ""
  resources:
  - configmaps
  - events
  - persistentvolumeclaims
  - replicationcontrollers
  - replicationcontrollers/scale
  - secrets
  - serviceaccounts
  - services
  - services/proxy
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - ""
  resources:
  - serviceaccounts/token
  verbs:
  - create
- apiGroups:
  - apps
  resources:
  - daemonsets
  - deployments
  - deployments/rollback
  - deployments/scale
  - replicasets
  - replicasets/scale
  - statefulsets
  - statefulsets/scale
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - autoscaling
  resources:
  - horizontalpodautoscalers
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - batch
  resources:
  - cronjobs
  - jobs
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - extensions
  resources:
  - daemonsets
  - deployments
  - deployments/rollback
  - deployments/scale
  - ingresses
  - networkpolicies
  - replicasets
  - replicasets/scale
  - replicationcontrollers/scale
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - policy
  resources:
  - poddisruptionbudgets
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - networking.k8s.io
  resources:
  - ingresses
  - networkpolicies
  verbs:
  - create
  - delete
  - deletecollection
  - patch
  - update
- apiGroups:
  - coordination.k8s.io
  resources:
  - leases
  verbs:
  - create
  - delete
  - deletecollection
  - get
  - list
  - patch
  - update
  - watch
- apiGroups:
  - ""
  resources:
  - configmaps
  - endpoints
  - persistentvolumeclaims
  - persistentvolumeclaims/status
  - pods
  - replicationcontrollers
  - replicationcontrollers/scale
  - serviceaccounts
  - services
  - services/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - ""
  resources:
  - bindings
  - events
  - limitranges
  - namespaces/status
  - pods/log
  - pods/status
  - replicationcontrollers/status
  - resourcequotas
  - resourcequotas/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - ""
  resources:
  - namespaces
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - discovery.k8s.io
  resources:
  - endpointslices
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - apps
  resources:
  - controllerrevisions
  - daemonsets
  - daemonsets/status
  - deployments
  - deployments/scale
  - deployments/status
  - replicasets
  - replicasets/scale
  - replicasets/status
  - statefulsets
  - statefulsets/scale
  - statefulsets/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - autoscaling
  resources:
  - horizontalpodautoscalers
  - horizontalpodautoscalers/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - batch
  resources:
  - cronjobs
  - cronjobs/status
  - jobs
  - jobs/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - extensions
  resources:
  - daemonsets
  - daemonsets/status
  - deployments
  - deployments/scale
  - deployments/status
  - ingresses
  - ingresses/status
  - networkpolicies
  - replicasets
  - replicasets/scale
  - replicasets/status
  - replicationcontrollers/scale
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - policy
  resources:
  - poddisruptionbudgets
  - poddisruptionbudgets/status
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - networking.k8s.io
  resources:
  - ingresses
  - ingresses/status
  - networkpolicies
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - authorization.k8s.io
  resources:
  - localsubjectaccessreviews
  verbs:
  - create
- apiGroups:
  - rbac.authorization.k8s.io
  resources:
  - rolebindings
  - roles
  verbs:
  - create
  - delete
  - deletecollection
  - get
  - list
  - patch
  - update
  - watch

# A ClusterRole labelled to aggregate into view: view takes its rules, then
# edit (which aggregates view) and admin (which aggregates edit).
$ kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: widget-viewer
  labels:
    rbac.authorization.k8s.io/aggregate-to-view: "true"
rules:
- apiGroups: ["example.com"]
  resources: ["widgets"]
  verbs: ["get", "list", "watch"]
EOF
clusterrole.rbac.authorization.k8s.io/widget-viewer created

$ sim settle
settled after 3 steps and 0s of virtual time

$ sim trace
#1 2025-01-01T00:00:02Z kubectl clusterrole/widget-viewer
    kubectl apply: clusterrole.rbac.authorization.k8s.io/widget-viewer did not exist, so it was created
#2 2025-01-01T00:00:02Z clusterrole-aggregation-controller clusterrole/view
    ClusterRole view now holds the 11 rules of the ClusterRoles its aggregationRule selects (it held 10)
#3 2025-01-01T00:00:02Z clusterrole-aggregation-controller clusterrole/edit
    ClusterRole edit now holds the 24 rules of the ClusterRoles its aggregationRule selects (it held 23)
#4 2025-01-01T00:00:02Z clusterrole-aggregation-controller clusterrole/admin
    ClusterRole admin now holds the 26 rules of the ClusterRoles its aggregationRule selects (it held 25)

$ kubectl get clusterrole view -o jsonpath='{.rules[-1]}'
{"apiGroups":["example.com"],"resources":["widgets"],"verbs":["get","list","watch"]}

# Deleting it takes its rules back out.
$ kubectl delete clusterrole widget-viewer
clusterrole.rbac.authorization.k8s.io "widget-viewer" deleted

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get clusterrole view -o jsonpath='{.rules[-1]}'
{"apiGroups":["networking.k8s.io"],"resources":["ingresses","ingresses/status","networkpolicies"],"verbs":["get","list","watch"]}

# The bindings kubeadm and the bootstrap policy keep in kube-system.
$ kubectl get rolebindings -n kube-system
NAME                                                ROLE                                                  AGE
kube-proxy                                          Role/kube-proxy                                       2s
kubeadm:kubelet-config                              Role/kubeadm:kubelet-config                           2s
kubeadm:nodes-kubeadm-config                        Role/kubeadm:nodes-kubeadm-config                     2s
system::extension-apiserver-authentication-reader   Role/extension-apiserver-authentication-reader        2s
system::leader-locking-kube-controller-manager      Role/system::leader-locking-kube-controller-manager   2s
system::leader-locking-kube-scheduler               Role/system::leader-locking-kube-scheduler            2s
system:controller:bootstrap-signer                  Role/system:controller:bootstrap-signer               2s
system:controller:cloud-provider                    Role/system:controller:cloud-provider                 2s
system:controller:token-cleaner                     Role/system:controller:token-cleaner                  2s
