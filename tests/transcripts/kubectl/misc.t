$ kubectl top nodes
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   182m         9%       825Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         43m          1%       290Mi           3%
kubeplay-worker3         43m          1%       290Mi           3%

$ kubectl top pods -A
NAMESPACE     NAME                      CPU(cores)   MEMORY(bytes)
kube-system   coredns-cc9b7789f-lh6fs   1m           15Mi
kube-system   coredns-cc9b7789f-xqmts   1m           15Mi
kube-system   kindnet-5whkv             1m           10Mi
kube-system   kindnet-btn4c             1m           10Mi
kube-system   kindnet-pzrdq             1m           10Mi
kube-system   kindnet-whvvl             1m           10Mi
kube-system   kube-proxy-knmdf          1m           15Mi
kube-system   kube-proxy-mc8rx          1m           15Mi
kube-system   kube-proxy-sd72g          1m           15Mi
kube-system   kube-proxy-wrcqr          1m           15Mi

$ kubectl explain deployment.spec.strategy
GROUP:      apps
KIND:       Deployment
VERSION:    v1

FIELD: strategy <DeploymentStrategy>


DESCRIPTION:
    How pods are replaced: RollingUpdate (the default) or Recreate.
    How a Deployment replaces old pods.

FIELDS:
  rollingUpdate	<RollingUpdateDeployment>
    Limits for a rolling update.

  type	<string>
  enum: Recreate, RollingUpdate
    RollingUpdate or Recreate.

$ kubectl explain pods.spec.containers.image
KIND:       Pod
VERSION:    v1

FIELD: image <string>


DESCRIPTION:
    The container image, such as nginx:1.14.2.

$ kubectl explain service --recursive
KIND:       Service
VERSION:    v1

DESCRIPTION:
    A stable virtual IP address and DNS name in front of a changing set of pods,
    picked by labels.

FIELDS:
  apiVersion	<string>
  kind	<string>
  metadata	<ObjectMeta>
    annotations	<map[string]string>
    creationTimestamp	<string>
    deletionTimestamp	<string>
    finalizers	<[]string>
    generateName	<string>
    generation	<integer>
    labels	<map[string]string>
    name	<string>
    namespace	<string>
    ownerReferences	<[]OwnerReference>
      apiVersion	<string> -required-
      blockOwnerDeletion	<boolean>
      controller	<boolean>
      kind	<string> -required-
      name	<string> -required-
      uid	<string> -required-
    resourceVersion	<string>
    uid	<string>
  spec	<ServiceSpec>
    allocateLoadBalancerNodePorts	<boolean>
    clusterIP	<string>
    clusterIPs	<[]string>
    externalIPs	<[]string>
    externalName	<string>
    externalTrafficPolicy	<string>
    enum: Cluster, Local
    internalTrafficPolicy	<string>
    enum: Cluster, Local
    ipFamilies	<[]string>
    ipFamilyPolicy	<string>
    enum: PreferDualStack, RequireDualStack, SingleStack
    loadBalancerIP	<string>
    ports	<[]ServicePort>
      name	<string>
      nodePort	<integer>
      port	<integer> -required-
      protocol	<string>
      enum: SCTP, TCP, UDP
      targetPort	<IntOrString>
    publishNotReadyAddresses	<boolean>
    selector	<map[string]string>
    sessionAffinity	<string>
    enum: ClientIP, None
    type	<string>
    enum: ClusterIP, ExternalName, LoadBalancer, NodePort
  status	<ServiceStatus>
    loadBalancer	<Object>

$ kubectl explain deployment.spec.nope
error: field "nope" does not exist

$ kubectl explain
error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.

$ kubectl rollout --help
Manage the rollout of a resource

Usage:
  kubectl rollout [command] [flags]

Commands:
  history   View rollout history
  pause     Mark the provided resource as paused
  restart   Restart a resource
  resume    Resume a paused resource
  status    Show the status of the rollout
  undo      Undo a previous rollout

(playground) a short summary; the kubectl reference documentation has each command's full help.

$ kubectl edit deployment/web
error: (playground) kubectl edit opens an editor, which this terminal does not have: edit the object in the playground's editor, or use kubectl apply -f -, kubectl patch or kubectl set
