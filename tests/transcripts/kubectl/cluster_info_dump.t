# kubectl cluster-info dump (kubectl v1.32's clusterinfo_dump.go): the
# NodeList, then for kube-system and the current namespace the EventList,
# ReplicationControllerList, ServiceList, DaemonSetList, DeploymentList,
# ReplicaSetList and PodList as the API server answers them (typed lists:
# kind, then apiVersion, the list's resourceVersion, items without their
# own kind), JSON by default, then each pod's init and app containers' logs.
$ kubectl cluster-info dump | grep -E '^    "kind"|^==== START' | head -n 10
    "kind": "NodeList",
    "kind": "EventList",
    "kind": "ReplicationControllerList",
    "kind": "ServiceList",
    "kind": "DaemonSetList",
    "kind": "DeploymentList",
    "kind": "ReplicaSetList",
    "kind": "PodList",
==== START logs for container coredns of pod kube-system/coredns-9b77b5867-5wvqp ====
==== START logs for container coredns of pod kube-system/coredns-9b77b5867-ms8nc ====

$ kubectl cluster-info dump | grep -A2 'START logs for container etcd'
==== START logs for container etcd of pod kube-system/etcd-kubeplay-control-plane ====
(playground) registry.k8s.io/etcd:3.5.16-0 started; the simulator runs no real process, so this is all it printed
==== END logs for container etcd of pod kube-system/etcd-kubeplay-control-plane ====

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hello
spec:
  initContainers:
  - name: setup
    image: busybox
    command: ["sh", "-c", "echo setting up"]
  containers:
  - name: main
    image: busybox
    command: ["sh", "-c", "echo hello from the playground; sleep 3600"]
EOF
pod/hello created

# A log the API server refuses (the containers have not started) reaches
# kubectl as a bare 400, which client-go words from the status code alone.
$ kubectl cluster-info dump --namespaces default | tail -n 6
==== START logs for container setup of pod default/hello ====
Request log error: the server rejected our request for an unknown reason (get pods hello)
==== END logs for container setup of pod default/hello ====
==== START logs for container main of pod default/hello ====
Request log error: the server rejected our request for an unknown reason (get pods hello)
==== END logs for container main of pod default/hello ====

$ sim settle
settled after 8 steps and 3s of virtual time

$ kubectl cluster-info dump --namespaces default | tail -n 6
==== START logs for container setup of pod default/hello ====
setting up
==== END logs for container setup of pod default/hello ====
==== START logs for container main of pod default/hello ====
hello from the playground
==== END logs for container main of pod default/hello ====

# One YAML printer for the whole dump: every document after the first
# opens with ---.
$ kubectl cluster-info dump -o yaml --namespaces default | grep -E '^(---|kind:)'
kind: NodeList
---
kind: EventList
---
kind: ReplicationControllerList
---
kind: ServiceList
---
kind: DaemonSetList
---
kind: DeploymentList
---
kind: ReplicaSetList
---
kind: PodList

# -A: every namespace; --namespaces: those named (one that is not there
# lists nothing).
$ kubectl cluster-info dump -A | grep -c '^    "kind": "PodList"'
5

$ kubectl get namespaces --no-headers | wc -l
5

$ kubectl cluster-info dump --namespaces default,nope -o jsonpath='{.kind} {.items[*].metadata.name}{"\n"}'
NodeList kubeplay-control-plane kubeplay-worker kubeplay-worker2 kubeplay-worker3
EventList hello.1816687f378c9446 hello.1816687f73275e47 hello.1816687f9605c288 hello.1816687f9605c289 hello.1816687f9605c28a hello.1816687faec2284b hello.1816687fcc8f8d4c hello.1816687fcc8f8d4d hello.1816687fcc8f8d4e
ReplicationControllerList
ServiceList kubernetes
DaemonSetList
DeploymentList
ReplicaSetList
PodList hello
==== START logs for container setup of pod default/hello ====
setting up
==== END logs for container setup of pod default/hello ====
==== START logs for container main of pod default/hello ====
hello from the playground
==== END logs for container main of pod default/hello ====
EventList
ReplicationControllerList
ServiceList
DaemonSetList
DeploymentList
ReplicaSetList
PodList

# --output-directory: kubectl's file layout in the user's files; "-" is
# standard output.
$ kubectl cluster-info dump --output-directory state
Cluster info dumped to state

$ ls state state/default state/default/hello
state:
default
kube-system
nodes.json

state/default:
daemonsets.json
deployments.json
events.json
hello
pods.json
replicasets.json
replication-controllers.json
services.json

state/default/hello:
logs.txt

$ cat state/default/hello/logs.txt
==== START logs for container setup of pod default/hello ====
setting up
==== END logs for container setup of pod default/hello ====
==== START logs for container main of pod default/hello ====
hello from the playground
==== END logs for container main of pod default/hello ====

$ head -n 8 state/default/pods.json
{
    "kind": "PodList",
    "apiVersion": "v1",
    "metadata": {
        "resourceVersion": "388"
    },
    "items": [
        {

$ kubectl cluster-info dump --output-directory=- --namespaces default | tail -n 3
==== START logs for container main of pod default/hello ====
hello from the playground
==== END logs for container main of pod default/hello ====

$ kubectl cluster-info dump --namespaces default --output-directory out/ -o yaml
Cluster info dumped to out/

$ ls out out/default
out:
default
nodes.yaml

out/default:
daemonsets.yaml
deployments.yaml
events.yaml
hello
pods.yaml
replicasets.yaml
replication-controllers.yaml
services.yaml

$ head -n 3 out/default/events.yaml
---
apiVersion: v1
items:

$ kubectl cluster-info dump --output-directory state/nodes.json/x
error: mkdir state/nodes.json: not a directory

# Complete's checks (the printer, then the timeout), the name printer's
# refusal of a typed list, and an impersonated user's first refused list.
$ kubectl cluster-info dump --bogus
error: unknown flag: --bogus
See 'kubectl cluster-info dump --help' for usage.

$ kubectl cluster-info dump -o wide --pod-running-timeout=0
error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl cluster-info dump --pod-running-timeout=0
error: --pod-running-timeout must be higher than zero

$ kubectl cluster-info dump -o name
error: list types are not supported by name printing: *v1.NodeList

$ kubectl cluster-info dump --as=jane
Error from server (Forbidden): nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope

$ kubectl cluster-info --help
Display cluster information

Usage:
  kubectl cluster-info [flags]

Commands:
  dump   Dump relevant information for debugging and diagnosis

(playground) a short summary; the kubectl reference documentation has each command's full help.

$ kubectl cluster-info dump --help
Dump relevant information for debugging and diagnosis

Usage:
  kubectl cluster-info dump [flags]

Flags:
  -A, --all-namespaces                default false
      --allow-missing-template-keys   default true
      --namespaces                    default []
  -o, --output                        default 'json'
      --output-directory              default ''
      --pod-running-timeout           default 20s
      --show-managed-fields           default false
      --template                      default ''

(playground) a short summary; the kubectl reference documentation has each command's full help.
