# kubernetes.io's "JSONPath Support" (reference/kubectl/jsonpath), line by
# line. The page's sample input is a List of two nodes plus kubeconfig
# users; kubectl cannot read arbitrary JSON, so the nodes are created as
# real Nodes (the sample's "None" kind made Node, with an apiVersion) and
# read back with get -f, and the users live in the kubeconfig.
#
# The page's Result column shows client-go's String() forms: a v1.32
# kubectl prints a map or list result as JSON ({"cpu":"4"}, not
# map[cpu:4]) and several results space-separated (127.0.0.1 127.0.0.2,
# not [127.0.0.1 127.0.0.2]).
$ cat > nodes.json <<EOF
{
  "apiVersion": "v1",
  "kind": "List",
  "items":[
    {
      "apiVersion": "v1",
      "kind":"Node",
      "metadata":{
        "name":"127.0.0.1",
        "labels":{
          "kubernetes.io/hostname":"127.0.0.1"
        }
      },
      "status":{
        "capacity":{"cpu":"4"},
        "addresses":[{"type": "LegacyHostIP", "address":"127.0.0.1"}]
      }
    },
    {
      "apiVersion": "v1",
      "kind":"Node",
      "metadata":{"name":"127.0.0.2"},
      "status":{
        "capacity":{"cpu":"8"},
        "addresses":[
          {"type": "LegacyHostIP", "address":"127.0.0.2"},
          {"type": "another", "address":"127.0.0.3"}
        ]
      }
    }
  ]
}
EOF

# A Node's status is kept on create (the kubelet registers its node so).
$ kubectl create -f nodes.json
node/127.0.0.1 created
node/127.0.0.2 created

$ kubectl config set-credentials myself
User "myself" set.

$ kubectl config set-credentials e2e --username=admin --password=secret
User "e2e" set.

# text
$ kubectl get -f nodes.json -o jsonpath='kind is {.kind}'
kind is List

# @: the input itself (the server's fields too), printed as JSON.
$ kubectl get -f nodes.json -o jsonpath='{@}' | head -c 120
{"apiVersion":"v1","items":[{"apiVersion":"v1","kind":"Node","metadata":{"creationTimestamp":"2025-01-01T00:00:02Z","lab

# . or []: the child operator.
$ kubectl get -f nodes.json -o jsonpath='{.kind}'
List

$ kubectl get -f nodes.json -o jsonpath="{['kind']}"
List

# No such field, and get allows missing keys: nothing printed.
$ kubectl get -f nodes.json -o jsonpath="{['name\.type']}"

# .. recursive descent (the page's users are not in a node list; over a
# kubeconfig, client-go visits map keys in Go's random order).
$ kubectl get -f nodes.json -o jsonpath='{..name}'
127.0.0.1 127.0.0.2

# * wildcard
$ kubectl get -f nodes.json -o jsonpath='{.items[*].metadata.name}'
127.0.0.1 127.0.0.2

# [start:end:step] subscript, and a negative start counting from the end.
$ kubectl config view -o jsonpath='{.users[2].name}'
myself

$ kubectl get -f nodes.json -o jsonpath='{.items[-1:].metadata.name}'
127.0.0.2

$ kubectl get -f nodes.json -o jsonpath='{.items[1].status.addresses[0:2:1].type}'
LegacyHostIP another

# [,] union
$ kubectl get -f nodes.json -o jsonpath="{.items[*]['metadata.name', 'status.capacity']}"
127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}

# ?() filter. `kubectl config view` redacts passwords unless --raw.
$ kubectl config view -o jsonpath='{.users[?(@.name=="e2e")].user.password}'
REDACTED

$ kubectl config view --raw -o jsonpath='{.users[?(@.name=="e2e")].user.password}'
secret

$ kubectl get -f nodes.json -o jsonpath='{.items[1].status.addresses[?(@.type=="another")].address}'
127.0.0.3

# range, end
$ kubectl get -f nodes.json -o jsonpath='{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}'
[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}]

# '' quotes an interpreted string: a tab here.
$ kubectl get -f nodes.json -o jsonpath="{range .items[*]}{.metadata.name}{'\t'}{end}"
127.0.0.1	127.0.0.2

# \ escapes a terminating character: a dot inside a label key.
$ kubectl get -f nodes.json -o jsonpath='{.items[0].metadata.labels.kubernetes\.io/hostname}'
127.0.0.1

$ kubectl delete -f nodes.json
node "127.0.0.1" deleted
node "127.0.0.2" deleted

# The page's kubectl examples, on a cluster with one pod.
$ kubectl run my-pod --image=nginx
pod/my-pod created

$ sim settle
settled after 9 steps and 4s of virtual time

$ kubectl get pods -o json | head -4
{
    "apiVersion": "v1",
    "items": [
        {

$ kubectl get pods -o=jsonpath='{@}' | head -c 100
{"apiVersion":"v1","items":[{"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"2025-01

$ kubectl get pods -o=jsonpath='{.items[0]}' | head -c 100
{"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"2025-01-01T00:00:02Z","labels":{"ru

$ kubectl get pods -o=jsonpath='{.items[0].metadata.name}'
my-pod

# Pods have no status.capacity: only the names print.
$ kubectl get pods -o=jsonpath="{.items[*]['metadata.name', 'status.capacity']}"
my-pod

$ kubectl get pods -o=jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.startTime}{"\n"}{end}'
my-pod	2025-01-01T00:00:02Z

# Pods carry no kubernetes.io/hostname label (nodes do).
$ kubectl get pods -o=jsonpath='{.items[0].metadata.labels.kubernetes\.io/hostname}'

$ kubectl get nodes -o=jsonpath='{.items[0].metadata.labels.kubernetes\.io/hostname}'
kubeplay-control-plane

$ kubectl get pod/my-pod -n default -o=jsonpath='{.metadata.name}'
my-pod

$ kubectl get pod/my-pod -n default -o=jsonpath='{.status}' | head -c 60
{"conditions":[{"lastProbeTime":null,"lastTransitionTime":"2

# The Windows forms: single quotes or escaped double quotes inside.
$ kubectl get pods -o=jsonpath="{range .items[*]}{.metadata.name}{'\t'}{.status.startTime}{'\n'}{end}"
my-pod	2025-01-01T00:00:02Z

$ kubectl get pods -o=jsonpath="{range .items[*]}{.metadata.name}{\"\t\"}{.status.startTime}{\"\n\"}{end}"
my-pod	2025-01-01T00:00:02Z

# Regular expressions are not supported: the parser stops at the ~.
$ kubectl get pods -o jsonpath='{.items[?(@.metadata.name=~/^test$/)].metadata.name}'
error: error parsing jsonpath {.items[?(@.metadata.name=~/^test$/)].metadata.name}, unrecognized character in action: U+007E '~'

# A real machine would have jq; the playground's terminal does not.
$ kubectl get pods -o json | jq -r '.items[] | select(.metadata.name | test("test-")).metadata.name'
jq: command not found
(playground) jq is not installed here: -o jsonpath=…, -o go-template=… or -o custom-columns=… print most of what jq would pick out
