# kubernetes.io "Define a Command and Arguments for a Container", "Define
# Environment Variables for a Container" and "Define Dependent Environment
# Variables", line by line. Transcripts never download: the pages'
# manifests (https://k8s.io/examples/pods/commands.yaml,
# pods/inject/envars.yaml, pods/inject/dependent-envars.yaml) are
# here-documents.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: command-demo
  labels:
    purpose: demonstrate-command
spec:
  containers:
  - name: command-demo-container
    image: debian
    command: ["printenv"]
    args: ["HOSTNAME", "KUBERNETES_PORT"]
  restartPolicy: OnFailure
EOF
pod/command-demo created

$ sim settle
settled after 6 steps and 4s of virtual time

$ kubectl get pods
NAME           READY   STATUS      RESTARTS   AGE
command-demo   0/1     Completed   0          4s

$ kubectl logs command-demo
command-demo
tcp://10.96.0.1:443

# Define an environment variable for a container.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: envar-demo
  labels:
    purpose: demonstrate-envars
spec:
  containers:
  - name: envar-demo-container
    image: gcr.io/google-samples/hello-app:2.0
    env:
    - name: DEMO_GREETING
      value: "Hello from the environment"
    - name: DEMO_FAREWELL
      value: "Such a sweet sorrow"
EOF
pod/envar-demo created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pods -l purpose=demonstrate-envars
NAME         READY   STATUS    RESTARTS   AGE
envar-demo   1/1     Running   0          2s

$ kubectl exec envar-demo -- printenv
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOSTNAME=envar-demo
DEMO_GREETING=Hello from the environment
DEMO_FAREWELL=Such a sweet sorrow
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
HOME=/root

# Define dependent environment variables. The manifest holds $ and $(…):
# a quoted here-document keeps the shell from expanding them.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: dependent-envars-demo
spec:
  containers:
    - name: dependent-envars-demo
      args:
        - while true; do echo -en '\n'; printf UNCHANGED_REFERENCE=$UNCHANGED_REFERENCE'\n'; printf SERVICE_ADDRESS=$SERVICE_ADDRESS'\n';printf ESCAPED_REFERENCE=$ESCAPED_REFERENCE'\n'; sleep 30; done;
      command:
        - sh
        - -c
      image: busybox:1.28
      env:
        - name: SERVICE_PORT
          value: "80"
        - name: SERVICE_IP
          value: "172.17.0.1"
        - name: UNCHANGED_REFERENCE
          value: "$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)"
        - name: PROTOCOL
          value: "https"
        - name: SERVICE_ADDRESS
          value: "$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)"
        - name: ESCAPED_REFERENCE
          value: "$$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)"
EOF
pod/dependent-envars-demo created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl get pods dependent-envars-demo
NAME                    READY   STATUS    RESTARTS   AGE
dependent-envars-demo   1/1     Running   0          2s

# The page reads the values from the loop's output: one pass so far (it
# sleeps 30s), its echo -en '\n' the blank line.
$ kubectl logs pod/dependent-envars-demo

UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
SERVICE_ADDRESS=https://172.17.0.1:80
ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
