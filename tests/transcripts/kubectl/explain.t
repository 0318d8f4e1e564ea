# kubectl explain covers every kind the playground runs, in v1.32's
# plaintext layout (GROUP only outside the core group; FIELD: then two
# line breaks; "enum:" under a field lists at most four values). The
# descriptions are the playground's own short ones.
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

$ kubectl explain deploy.spec.strategy.type
GROUP:      apps
KIND:       Deployment
VERSION:    v1

FIELD: type <string>
ENUM:
    Recreate
    RollingUpdate

DESCRIPTION:
    RollingUpdate or Recreate.

$ kubectl explain svc.spec.ports
KIND:       Service
VERSION:    v1

FIELD: ports <[]ServicePort>


DESCRIPTION:
    The ports the Service exposes.
    One port of a Service.

FIELDS:
  appProtocol	<string>
    The application protocol, such as http or kubernetes.io/h2c.

  name	<string>
    Required when the Service has several ports.

  nodePort	<integer>
    For NodePort and LoadBalancer: the port opened on every node (30000-32767).

  port	<integer> -required-
    The port of the Service's IP address.

  protocol	<string>
  enum: SCTP, TCP, UDP
    TCP, UDP or SCTP; TCP by default.

  targetPort	<IntOrString>
    The port (number or container port name) on the pods; the same as port by
    default.

$ kubectl explain endpointslices
GROUP:      discovery.k8s.io
KIND:       EndpointSlice
VERSION:    v1

DESCRIPTION:
    A slice (at most 100 by default) of the endpoints behind a Service, with
    their readiness conditions; what kube-proxy reads.

FIELDS:
  addressType	<string> -required-
  enum: FQDN, IPv4, IPv6
    The kind of addresses in this slice.

  apiVersion	<string>
    The versioned schema of this object (discovery.k8s.io/v1).

  endpoints	<[]Endpoint> -required-
    The endpoints in the slice.

  kind	<string>
    The kind of object (EndpointSlice).

  metadata	<ObjectMeta>
    Name, namespace, labels (kubernetes.io/service-name ties it to its Service)
    and other identifying data.

  ports	<[]EndpointPort>
    The ports every endpoint of the slice serves.

$ kubectl explain endpointslice.endpoints.conditions
GROUP:      discovery.k8s.io
KIND:       EndpointSlice
VERSION:    v1

FIELD: conditions <EndpointConditions>


DESCRIPTION:
    Whether it is ready, serving and terminating.
    The state of an endpoint.

FIELDS:
  ready	<boolean>
    Ready for traffic: serving and not terminating (or published anyway with
    publishNotReadyAddresses).

  serving	<boolean>
    Its readiness checks pass, terminating or not.

  terminating	<boolean>
    Its pod is shutting down.

$ kubectl explain ep.subsets.addresses.ip
KIND:       Endpoints
VERSION:    v1

FIELD: ip <string>


DESCRIPTION:
    The IP address.

$ kubectl explain pv.spec.persistentVolumeReclaimPolicy
KIND:       PersistentVolume
VERSION:    v1

FIELD: persistentVolumeReclaimPolicy <string>
ENUM:
    Delete
    Recycle
    Retain

DESCRIPTION:
    What happens when its claim is deleted: Retain keeps the data, Delete
    removes the volume.

$ kubectl explain pc
GROUP:      scheduling.k8s.io
KIND:       PriorityClass
VERSION:    v1

DESCRIPTION:
    A named priority for pods: higher-priority pods are scheduled first and may
    preempt lower ones.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (scheduling.k8s.io/v1).

  description	<string>
    What the class is meant for.

  globalDefault	<boolean>
    Whether pods without a priorityClassName get this class.

  kind	<string>
    The kind of object (PriorityClass).

  metadata	<ObjectMeta>
    Name and other identifying data.

  preemptionPolicy	<string>
  enum: Never, PreemptLowerPriority
    Whether its pods may evict lower-priority pods to fit
    (PreemptLowerPriority).

  value	<integer> -required-
    The priority: higher wins.

$ kubectl explain limits.spec.limits --recursive
KIND:       LimitRange
VERSION:    v1

FIELD: limits <[]LimitRangeItem>


DESCRIPTION:
    One entry per kind of object.
    Limits for one kind of object.

FIELDS:
  default	<map[string]Quantity>
  defaultRequest	<map[string]Quantity>
  max	<map[string]Quantity>
  maxLimitRequestRatio	<map[string]Quantity>
  min	<map[string]Quantity>
  type	<string> -required-

$ kubectl explain rc.spec
KIND:       ReplicationController
VERSION:    v1

FIELD: spec <ReplicationControllerSpec>


DESCRIPTION:
    How many pods, and which.
    The desired state of a ReplicationController.

FIELDS:
  minReadySeconds	<integer>
    How long a new pod must be ready before it counts as available.

  replicas	<integer>
    How many pods to run (1).

  selector	<map[string]string>
    Labels of the pods it manages; the template's labels when empty.

  template	<PodTemplateSpec>
    The pods to create when some are missing.

$ kubectl explain events.involvedObject
KIND:       Event
VERSION:    v1

FIELD: involvedObject <ObjectReference>


DESCRIPTION:
    The object it is about.
    A reference to an object.

FIELDS:
  apiVersion	<string>
    Its API version.

  fieldPath	<string>
    A part of the object, such as a container (spec.containers{nginx}).

  kind	<string>
    Its kind.

  name	<string>
    Its name.

  namespace	<string>
    Its namespace.

  resourceVersion	<string>
    The version of it that is meant.

  uid	<string>
    Its uid.

$ kubectl explain sa
KIND:       ServiceAccount
VERSION:    v1

DESCRIPTION:
    An identity for processes in pods, with the credentials they use to call the
    API.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (v1).

  automountServiceAccountToken	<boolean>
    Whether pods using it get an API token mounted by default.

  imagePullSecrets	<[]LocalObjectReference>
    Secrets pods using it get for pulling images.

  kind	<string>
    The kind of object (ServiceAccount).

  metadata	<ObjectMeta>
    Name, namespace, labels and other identifying data.

  secrets	<[]ObjectReference>
    Secrets pods using it may use (legacy token secrets).

$ kubectl explain controllerrevisions
GROUP:      apps
KIND:       ControllerRevision
VERSION:    v1

DESCRIPTION:
    An immutable snapshot of a StatefulSet's or DaemonSet's pod template, kept
    for rollbacks.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (apps/v1).

  data	<RawExtension>
    The saved state (the template, as a patch).

  kind	<string>
    The kind of object (ControllerRevision).

  metadata	<ObjectMeta>
    Name, namespace, labels and the owner it belongs to.

  revision	<integer> -required-
    The revision number, increasing with each change.

$ kubectl explain sc.volumeBindingMode
GROUP:      storage.k8s.io
KIND:       StorageClass
VERSION:    v1

FIELD: volumeBindingMode <string>
ENUM:
    Immediate
    WaitForFirstConsumer

DESCRIPTION:
    Bind claims at once, or only when a pod using them is scheduled.

$ kubectl explain quota.spec
KIND:       ResourceQuota
VERSION:    v1

FIELD: spec <ResourceQuotaSpec>


DESCRIPTION:
    The limits.
    The limits of a quota.

FIELDS:
  hard	<map[string]Quantity>
    The most of each resource the namespace may use (requests.cpu,
    limits.memory, pods, count/deployments.apps…).

  scopeSelector	<ScopeSelector>
    Which objects the quota counts, by scope.

  scopes	<[]string>
    Scopes objects must match to be counted (BestEffort, NotTerminating…).

$ kubectl explain po.status.phase
KIND:       Pod
VERSION:    v1

FIELD: phase <string>
ENUM:
    Failed
    Pending
    Running
    Succeeded
    Unknown

DESCRIPTION:
    Pending, Running, Succeeded, Failed or Unknown.

# Errors: an unknown field anywhere on the path, an unknown type, a
# version the server does not serve, and the wrong output format.
$ kubectl explain deployment.spec.foo
error: field "foo" does not exist

$ kubectl explain pod.spec.containers.image.foo
error: field "foo" does not exist

$ kubectl explain foo
error: the server doesn't have a resource type "foo"

$ kubectl explain deployment --api-version=apps/v1beta1
error: couldn't find resource for "apps/v1beta1, Resource=deployments"

$ kubectl explain pod -o yaml
error: supported output format are, plaintext and plaintext-openapiv2, got yaml

$ kubectl explain pod service
error: We accept only this format: explain RESOURCE

$ kubectl explain deployment --api-version=batch/v1
error: GVR (batch/v1, Resource=deployments) not found in OpenAPI schema

# Nested through lists: env is []EnvVar, valueFrom an EnvVarSource.
$ kubectl explain pod.spec.containers.env.valueFrom.resourceFieldRef
KIND:       Pod
VERSION:    v1

FIELD: resourceFieldRef <ResourceFieldSelector>


DESCRIPTION:
    A container's CPU or memory limit or request.
    A container resource, for environment variables and downward API volumes.

FIELDS:
  containerName	<string>
    The container; the one being configured when empty.

  divisor	<Quantity>
    The unit the value is given in (1: cores or bytes), rounded up.

  resource	<string> -required-
    limits.cpu, limits.memory, requests.cpu, requests.memory…

# ContainerPort as v1.32 has it: hostIP and hostPort included.
$ kubectl explain pod.spec.containers.ports
KIND:       Pod
VERSION:    v1

FIELD: ports <[]ContainerPort>


DESCRIPTION:
    Ports the container listens on (informational, but Services and probes refer
    to them).
    A port a container listens on.

FIELDS:
  containerPort	<integer> -required-
    The port number in the container.

  hostIP	<string>
    The node address a hostPort binds to.

  hostPort	<integer>
    A port on the node forwarded to this one; the scheduler puts two pods asking
    for the same one on different nodes.

  name	<string>
    A name Services can target instead of the number.

  protocol	<string>
  enum: SCTP, TCP, UDP
    TCP, UDP or SCTP; TCP by default.
