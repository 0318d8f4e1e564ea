# kubectl apply view-last-applied prints the configuration kubectl apply
# recorded in the kubectl.kubernetes.io/last-applied-configuration
# annotation: as YAML by default (sigs.k8s.io/yaml's JSONToYAML: keys
# sorted, escapes decoded), or with -o json as Go's json.Indent re-spaces
# the stored text (escapes such as \u0026 stay, {} and [] stay empty). The
# outputs below are kubectl v1.32's for the same objects, served to it by a
# stub API server.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
  annotations:
    owner: "dev & ops <web>"
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        args: ["--motd", "say \"hi\"\tthere"]
        ports:
        - containerPort: 80
        resources: {}
        env: []
EOF
deployment.apps/web created

$ kubectl apply view-last-applied deployment web
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    owner: dev & ops <web>
  labels:
    app: web
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - args:
        - --motd
        - "say \"hi\"\tthere"
        env: []
        image: nginx:1.27
        name: nginx
        ports:
        - containerPort: 80
        resources: {}

$ kubectl apply view-last-applied deployment/web -o json
{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {
    "annotations": {
      "owner": "dev \u0026 ops \u003cweb\u003e"
    },
    "labels": {
      "app": "web"
    },
    "name": "web",
    "namespace": "default"
  },
  "spec": {
    "replicas": 2,
    "selector": {
      "matchLabels": {
        "app": "web"
      }
    },
    "template": {
      "metadata": {
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "args": [
              "--motd",
              "say \"hi\"\tthere"
            ],
            "env": [],
            "image": "nginx:1.27",
            "name": "nginx",
            "ports": [
              {
                "containerPort": 80
              }
            ],
            "resources": {}
          }
        ]
      }
    }
  }
}

# -f names the objects by manifest; the live object's annotation is shown.
$ kubectl apply view-last-applied -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
  annotations:
    owner: "dev & ops <web>"
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        args: ["--motd", "say \"hi\"\tthere"]
        ports:
        - containerPort: 80
        resources: {}
        env: []
EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    owner: dev & ops <web>
  labels:
    app: web
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - args:
        - --motd
        - "say \"hi\"\tthere"
        env: []
        image: nginx:1.27
        name: nginx
        ports:
        - containerPort: 80
        resources: {}

# A typed create --save-config records its fields in declaration order
# (see save_config.t); JSONToYAML sorts them, json.Indent keeps them.
$ kubectl create deployment typed --image=nginx --save-config
deployment.apps/typed created

$ kubectl apply view-last-applied deploy typed
apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: typed
  name: typed
spec:
  replicas: 1
  selector:
    matchLabels:
      app: typed
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: typed
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}

$ kubectl apply view-last-applied deploy typed -o json
{
  "kind": "Deployment",
  "apiVersion": "apps/v1",
  "metadata": {
    "name": "typed",
    "creationTimestamp": null,
    "labels": {
      "app": "typed"
    }
  },
  "spec": {
    "replicas": 1,
    "selector": {
      "matchLabels": {
        "app": "typed"
      }
    },
    "template": {
      "metadata": {
        "creationTimestamp": null,
        "labels": {
          "app": "typed"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "nginx",
            "image": "nginx",
            "resources": {}
          }
        ]
      }
    },
    "strategy": {}
  },
  "status": {}
}

# Several objects print one after another, with nothing between them
# (no --- between YAML documents). An object made without the annotation
# (create without --save-config) is skipped: kubectl's error for it is built
# with AddSourceToErr around a nil error, which drops it unless the object
# came from a file. The playground says so on stderr; the exit status stays 0.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
  labels:
    group: demo
data:
  a: "1"
EOF
configmap/one created

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
  labels:
    group: demo
data:
  b: "2"
EOF
configmap/two created

$ kubectl create -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
  labels:
    group: demo
data:
  c: "3"
EOF
configmap/plain created

$ kubectl apply view-last-applied configmap -l group=demo
apiVersion: v1
data:
  a: "1"
kind: ConfigMap
metadata:
  annotations: {}
  labels:
    group: demo
  name: one
  namespace: default
apiVersion: v1
data:
  b: "2"
kind: ConfigMap
metadata:
  annotations: {}
  labels:
    group: demo
  name: two
  namespace: default
(playground) configmap/plain has no kubectl.kubernetes.io/last-applied-configuration annotation (it was not made by kubectl apply or with --save-config): kubectl prints nothing for it

$ kubectl apply view-last-applied cm one two -o json
{
  "apiVersion": "v1",
  "data": {
    "a": "1"
  },
  "kind": "ConfigMap",
  "metadata": {
    "annotations": {},
    "labels": {
      "group": "demo"
    },
    "name": "one",
    "namespace": "default"
  }
}
{
  "apiVersion": "v1",
  "data": {
    "b": "2"
  },
  "kind": "ConfigMap",
  "metadata": {
    "annotations": {},
    "labels": {
      "group": "demo"
    },
    "name": "two",
    "namespace": "default"
  }
}

$ kubectl apply view-last-applied configmap plain
(playground) configmap/plain has no kubectl.kubernetes.io/last-applied-configuration annotation (it was not made by kubectl apply or with --save-config): kubectl prints nothing for it

# From a file, the same missing annotation is an error, worded as
# AddSourceToErr words it (the source, then the nil error).
$ kubectl apply view-last-applied -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
data:
  c: "3"
EOF
error: error when no last-applied-configuration annotation found on resource: plain
 "STDIN": <nil>

# -o is checked only when there is a configuration to print.
$ kubectl apply view-last-applied deploy web -o wide
error: Unexpected -o output mode: wide, the flag 'output' must be one of yaml|json
See 'kubectl apply view-last-applied -h' for help and examples

$ kubectl apply view-last-applied cm plain -o wide
(playground) configmap/plain has no kubectl.kubernetes.io/last-applied-configuration annotation (it was not made by kubectl apply or with --save-config): kubectl prints nothing for it

# The first problem stops the command before anything is printed.
$ kubectl apply view-last-applied cm one nope two
Error from server (NotFound): configmaps "nope" not found

$ kubectl apply view-last-applied
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

$ kubectl apply view-last-applied configmap
error: resource(s) were provided, but no name was specified

$ kubectl apply view-last-applied cm -l group=demo --all
error: found non-empty label selector "group=demo" with previously set 'all' parameter.

# set-last-applied records a file as the configuration (see
# concepts/declarative_config.t); edit-last-applied needs an editor, which
# the playground has not; a word that is no subcommand is still apply's
# own unexpected argument.
$ kubectl apply set-last-applied -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
  labels:
    group: demo
data:
  a: "9"
EOF
configmap/one configured

$ kubectl apply edit-last-applied deployment/web
error: (playground) kubectl apply edit-last-applied runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl apply edit-last-applied …, or use the page's editor

$ kubectl apply web -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: one
  labels:
    group: demo
data:
  a: "9"
EOF
error: Unexpected args: [web]
See 'kubectl apply -h' for help and examples
