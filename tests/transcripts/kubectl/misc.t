$ kubectl top nodes
NAME                     CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)
kubeplay-control-plane   184m         9%       848Mi           20%
kubeplay-worker          42m          1%       275Mi           3%
kubeplay-worker2         43m          1%       290Mi           3%
kubeplay-worker3         42m          1%       275Mi           3%

$ kubectl top pods -A
NAMESPACE            NAME                                             CPU(cores)   MEMORY(bytes)
kube-system          coredns-9b77b5867-5wvqp                          1m           15Mi
kube-system          coredns-9b77b5867-ms8nc                          1m           15Mi
kube-system          etcd-kubeplay-control-plane                      1m           40Mi
kube-system          kindnet-9fpx6                                    1m           10Mi
kube-system          kindnet-fghbd                                    1m           10Mi
kube-system          kindnet-tcrmk                                    1m           10Mi
kube-system          kindnet-x6qdz                                    1m           10Mi
kube-system          kube-apiserver-kubeplay-control-plane            1m           250Mi
kube-system          kube-controller-manager-kubeplay-control-plane   1m           50Mi
kube-system          kube-proxy-29qjf                                 1m           15Mi
kube-system          kube-proxy-8872g                                 1m           15Mi
kube-system          kube-proxy-mmqvt                                 1m           15Mi
kube-system          kube-proxy-rm9bv                                 1m           15Mi
kube-system          kube-scheduler-kubeplay-control-plane            1m           20Mi
local-path-storage   local-path-provisioner-57597c459b-97xlv          1m           8Mi

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
    deletionGracePeriodSeconds	<integer>
    deletionTimestamp	<string>
    finalizers	<[]string>
    generateName	<string>
    generation	<integer>
    labels	<map[string]string>
    managedFields	<[]ManagedFieldsEntry>
      apiVersion	<string>
      fieldsType	<string>
      fieldsV1	<FieldsV1>
      manager	<string>
      operation	<string>
      subresource	<string>
      time	<string>
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
    selfLink	<string>
    uid	<string>
  spec	<ServiceSpec>
    allocateLoadBalancerNodePorts	<boolean>
    clusterIP	<string>
    clusterIPs	<[]string>
    externalIPs	<[]string>
    externalName	<string>
    externalTrafficPolicy	<string>
    enum: Cluster, Local
    healthCheckNodePort	<integer>
    internalTrafficPolicy	<string>
    enum: Cluster, Local
    ipFamilies	<[]string>
    ipFamilyPolicy	<string>
    enum: PreferDualStack, RequireDualStack, SingleStack
    loadBalancerClass	<string>
    loadBalancerIP	<string>
    loadBalancerSourceRanges	<[]string>
    ports	<[]ServicePort>
      appProtocol	<string>
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
    sessionAffinityConfig	<SessionAffinityConfig>
      clientIP	<ClientIPConfig>
        timeoutSeconds	<integer>
    trafficDistribution	<string>
    type	<string>
    enum: ClusterIP, ExternalName, LoadBalancer, NodePort
  status	<ServiceStatus>
    conditions	<[]Condition>
      lastTransitionTime	<string> -required-
      message	<string> -required-
      observedGeneration	<integer>
      reason	<string> -required-
      status	<string> -required-
      type	<string> -required-
    loadBalancer	<LoadBalancerStatus>
      ingress	<[]LoadBalancerIngress>
        hostname	<string>
        ip	<string>
        ipMode	<string>
        ports	<[]PortStatus>
          error	<string>
          port	<integer> -required-
          protocol	<string> -required-
          enum: SCTP, TCP, UDP

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
Error from server (NotFound): deployments.apps "web" not found
