# kubernetes.io's "Configure a Pod to Use a ConfigMap", line by line. The
# page downloads its example files with wget; the playground never
# downloads, so the files are typed in with here-documents (their text is
# the page's), and its `kubectl create -f https://kubernetes.io/examples/…`
# manifests are here-documents too.
$ mkdir -p configure-pod-container/configmap/

# The terminal has no internet: wget says what to do instead.
$ wget https://kubernetes.io/examples/configmap/game.properties -O configure-pod-container/configmap/game.properties
wget: (playground) the playground has no internet, so nothing is downloaded from kubernetes.io: to follow a page that downloads a file, write the file with cat > FILE <<'EOF' (its text, then a line EOF)

# What the two downloads would have written.
$ cat <<EOF > configure-pod-container/configmap/game.properties
enemies=aliens
lives=3
enemies.cheat=true
enemies.cheat.level=noGoodRotten
secret.code.passphrase=UUDDLRLRBABAS
secret.code.allowed=true
secret.code.lives=30
EOF

$ cat <<EOF > configure-pod-container/configmap/ui.properties
color.good=purple
color.bad=yellow
allow.textmode=true
how.nice.to.look=fairlyNice
EOF

$ ls configure-pod-container/configmap/
game.properties
ui.properties

# A directory: one key per regular file in it.
$ kubectl create configmap game-config --from-file=configure-pod-container/configmap/
configmap/game-config created

$ kubectl describe configmaps game-config
Name:         game-config
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
game.properties:
----
enemies=aliens
lives=3
enemies.cheat=true
enemies.cheat.level=noGoodRotten
secret.code.passphrase=UUDDLRLRBABAS
secret.code.allowed=true
secret.code.lives=30


ui.properties:
----
color.good=purple
color.bad=yellow
allow.textmode=true
how.nice.to.look=fairlyNice



BinaryData
====

Events:  <none>

$ kubectl get configmaps game-config -o yaml
apiVersion: v1
data:
  game.properties: |
    enemies=aliens
    lives=3
    enemies.cheat=true
    enemies.cheat.level=noGoodRotten
    secret.code.passphrase=UUDDLRLRBABAS
    secret.code.allowed=true
    secret.code.lives=30
  ui.properties: |
    color.good=purple
    color.bad=yellow
    allow.textmode=true
    how.nice.to.look=fairlyNice
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: game-config
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl create configmap game-config-2 --from-file=configure-pod-container/configmap/game.properties
configmap/game-config-2 created

$ kubectl describe configmaps game-config-2
Name:         game-config-2
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
game.properties:
----
enemies=aliens
lives=3
enemies.cheat=true
enemies.cheat.level=noGoodRotten
secret.code.passphrase=UUDDLRLRBABAS
secret.code.allowed=true
secret.code.lives=30



BinaryData
====

Events:  <none>

# The page creates game-config-2 a second time: a real cluster refuses
# it too, so the old one goes first.
$ kubectl create configmap game-config-2 --from-file=configure-pod-container/configmap/game.properties --from-file=configure-pod-container/configmap/ui.properties
error: failed to create configmap: configmaps "game-config-2" already exists

$ kubectl delete configmap game-config-2
configmap "game-config-2" deleted

$ kubectl create configmap game-config-2 --from-file=configure-pod-container/configmap/game.properties --from-file=configure-pod-container/configmap/ui.properties
configmap/game-config-2 created

$ kubectl describe configmaps game-config-2
Name:         game-config-2
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
game.properties:
----
enemies=aliens
lives=3
enemies.cheat=true
enemies.cheat.level=noGoodRotten
secret.code.passphrase=UUDDLRLRBABAS
secret.code.allowed=true
secret.code.lives=30


ui.properties:
----
color.good=purple
color.bad=yellow
allow.textmode=true
how.nice.to.look=fairlyNice



BinaryData
====

Events:  <none>

$ cat <<EOF > configure-pod-container/configmap/game-env-file.properties
enemies=aliens
lives=3
allowed="true"

# This comment and the empty line above it are ignored
EOF

$ cat configure-pod-container/configmap/game-env-file.properties
enemies=aliens
lives=3
allowed="true"

# This comment and the empty line above it are ignored

# Comments and blank lines are skipped; quotes stay in the value.
$ kubectl create configmap game-config-env-file --from-env-file=configure-pod-container/configmap/game-env-file.properties
configmap/game-config-env-file created

$ kubectl get configmap game-config-env-file -o yaml
apiVersion: v1
data:
  allowed: '"true"'
  enemies: aliens
  lives: "3"
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: game-config-env-file
  namespace: default
  resourceVersion: "378"
  uid: e0525b8c-4365-470d-81da-595cd49adc78

$ cat <<EOF > configure-pod-container/configmap/ui-env-file.properties
color=purple
textmode=true
how=fairlyNice
EOF

# The page's caution predates kubectl 1.23: every env file given is read
# (what kubectl 1.32 prints, and what the page's current version shows).
$ kubectl create configmap config-multi-env-files --from-env-file=configure-pod-container/configmap/game-env-file.properties --from-env-file=configure-pod-container/configmap/ui-env-file.properties
configmap/config-multi-env-files created

$ kubectl get configmap config-multi-env-files -o yaml
apiVersion: v1
data:
  allowed: '"true"'
  color: purple
  enemies: aliens
  how: fairlyNice
  lives: "3"
  textmode: "true"
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: config-multi-env-files
  namespace: default
  resourceVersion: "379"
  uid: d404fc7a-73ae-412e-9721-471597adbdb4

$ kubectl create configmap game-config-3 --from-file=game-special-key=configure-pod-container/configmap/game.properties
configmap/game-config-3 created

$ kubectl get configmaps game-config-3 -o yaml
apiVersion: v1
data:
  game-special-key: |
    enemies=aliens
    lives=3
    enemies.cheat=true
    enemies.cheat.level=noGoodRotten
    secret.code.passphrase=UUDDLRLRBABAS
    secret.code.allowed=true
    secret.code.lives=30
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: game-config-3
  namespace: default
  resourceVersion: "380"
  uid: ef9b0d7d-dc7b-424d-b216-9fe65961e828

$ kubectl create configmap special-config --from-literal=special.how=very --from-literal=special.type=charm
configmap/special-config created

$ kubectl get configmaps special-config -o yaml
apiVersion: v1
data:
  special.how: very
  special.type: charm
kind: ConfigMap
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: special-config
  namespace: default
  resourceVersion: "381"
  uid: 24531e0d-a372-47b6-b8cc-256bf371567b

$ cat <<EOF >./kustomization.yaml
configMapGenerator:
- name: game-config-4
  files:
  - configure-pod-container/configmap/game.properties
EOF

# The suffix is the hash kubectl 1.32's kustomize gives these bytes
# (`kubectl kustomize .` prints the same name); the page's suffixes
# (m9dm2f92bt, m67dt67794, c92b5mmcf2) come from an older kustomize.
$ kubectl apply -k .
configmap/game-config-4-92cb5f7c7h created

$ kubectl get configmap
NAME                       DATA   AGE
config-multi-env-files     6      0s
game-config                2      0s
game-config-2              2      0s
game-config-3              1      0s
game-config-4-92cb5f7c7h   1      0s
game-config-env-file       3      0s
kube-root-ca.crt           1      2s
special-config             2      0s

$ kubectl describe configmaps/game-config-4-92cb5f7c7h
Name:         game-config-4-92cb5f7c7h
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
game.properties:
----
enemies=aliens
lives=3
enemies.cheat=true
enemies.cheat.level=noGoodRotten
secret.code.passphrase=UUDDLRLRBABAS
secret.code.allowed=true
secret.code.lives=30



BinaryData
====

Events:  <none>

$ cat <<EOF >./kustomization.yaml
configMapGenerator:
- name: game-config-5
  files:
  - game-special-key=configure-pod-container/configmap/game.properties
EOF

$ kubectl apply -k .
configmap/game-config-5-2ddm949dbt created

$ cat <<EOF >./kustomization.yaml
configMapGenerator:
- name: special-config-2
  literals:
  - special.how=very
  - special.type=charm
EOF

$ kubectl apply -k .
configmap/special-config-2-2b86tk8fhm created

# Define container environment variables using ConfigMap data.
$ kubectl delete configmap special-config
configmap "special-config" deleted

$ kubectl create configmap special-config --from-literal=special.how=very
configmap/special-config created

# pods/pod-single-configmap-env-variable.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      env:
        # Define the environment variable
        - name: SPECIAL_LEVEL_KEY
          valueFrom:
            configMapKeyRef:
              # The ConfigMap containing the value you want to assign to SPECIAL_LEVEL_KEY
              name: special-config
              # Specify the key associated with the value
              key: special.how
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

# "Now, the Pod's output includes environment variable SPECIAL_LEVEL_KEY=very."
$ kubectl logs dapi-test-pod
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT=443
HOSTNAME=dapi-test-pod
SHLVL=1
HOME=/root
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
SPECIAL_LEVEL_KEY=very
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT_HTTPS=443
KUBERNETES_SERVICE_HOST=10.96.0.1
PWD=/

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# configmap/configmaps.yaml: special-config is still there from the step
# before, so a real cluster refuses it too (and creates env-config).
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: special-config
  namespace: default
data:
  special.how: very
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: env-config
  namespace: default
data:
  log_level: INFO
EOF
configmap/env-config created
Error from server (AlreadyExists): error when creating "STDIN": configmaps "special-config" already exists

$ kubectl delete configmap special-config
configmap "special-config" deleted

$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: special-config
  namespace: default
data:
  special.how: very
EOF
configmap/special-config created

# pods/pod-multiple-configmap-env-variable.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      env:
        - name: SPECIAL_LEVEL_KEY
          valueFrom:
            configMapKeyRef:
              name: special-config
              key: special.how
        - name: LOG_LEVEL
          valueFrom:
            configMapKeyRef:
              name: env-config
              key: log_level
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 8 steps and 3s of virtual time

$ kubectl logs dapi-test-pod | grep -e SPECIAL_LEVEL_KEY -e LOG_LEVEL
LOG_LEVEL=INFO
SPECIAL_LEVEL_KEY=very

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# Restrictions: a key the ConfigMap lacks, or a ConfigMap that does not
# exist, keeps the container from being created.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      env:
        - name: SPECIAL_LEVEL_KEY
          valueFrom:
            configMapKeyRef:
              name: special-config
              key: special.type
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl get pod dapi-test-pod
NAME            READY   STATUS                       RESTARTS   AGE
dapi-test-pod   0/1     CreateContainerConfigError   0          2s

$ kubectl describe pod dapi-test-pod | grep Warning
  Warning  Failed     0s (x2 over 1s)  kubelet            Error: couldn't find key special.type in ConfigMap default/special-config

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

$ kubectl delete configmap env-config
configmap "env-config" deleted

$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      env:
        - name: LOG_LEVEL
          valueFrom:
            configMapKeyRef:
              name: env-config
              key: log_level
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 2s of virtual time

$ kubectl get pod dapi-test-pod
NAME            READY   STATUS                       RESTARTS   AGE
dapi-test-pod   0/1     CreateContainerConfigError   0          2s

$ kubectl describe pod dapi-test-pod | grep Warning
  Warning  Failed     0s (x2 over 1s)  kubelet            Error: configmap "env-config" not found

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# A volume of a ConfigMap that does not exist (and is not optional)
# cannot be mounted: the pod stays ContainerCreating until it appears.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "ls /etc/config/" ]
      volumeMounts:
      - name: config-volume
        mountPath: /etc/config
  volumes:
    - name: config-volume
      configMap:
        name: env-config
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get pod dapi-test-pod
NAME            READY   STATUS              RESTARTS   AGE
dapi-test-pod   0/1     ContainerCreating   0          0s

$ kubectl describe pod dapi-test-pod | grep FailedMount
  Warning  FailedMount  0s    kubelet            MountVolume.SetUp failed for volume "config-volume" : configmap "env-config" not found

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# configmap/configmap-multikeys.yaml
$ kubectl delete configmap special-config
configmap "special-config" deleted

$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: special-config
  namespace: default
data:
  SPECIAL_LEVEL: very
  SPECIAL_TYPE: charm
EOF
configmap/special-config created

# pods/pod-configmap-envFrom.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      envFrom:
      - configMapRef:
          name: special-config
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

# "Now, the Pod's output includes environment variables SPECIAL_LEVEL=very and SPECIAL_TYPE=charm."
$ kubectl logs dapi-test-pod
KUBERNETES_PORT=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT=443
HOSTNAME=dapi-test-pod
SHLVL=1
HOME=/root
SPECIAL_LEVEL=very
KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
KUBERNETES_PORT_443_TCP_PORT=443
KUBERNETES_PORT_443_TCP_PROTO=tcp
KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
KUBERNETES_SERVICE_PORT_HTTPS=443
KUBERNETES_SERVICE_HOST=10.96.0.1
PWD=/
SPECIAL_TYPE=charm

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# pods/pod-configmap-env-var-valueFrom.yaml: the kubelet expands $(NAME)
# in the command before running it.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/echo", "\$(SPECIAL_LEVEL_KEY) \$(SPECIAL_TYPE_KEY)" ]
      env:
        - name: SPECIAL_LEVEL_KEY
          valueFrom:
            configMapKeyRef:
              name: special-config
              key: SPECIAL_LEVEL
        - name: SPECIAL_TYPE_KEY
          valueFrom:
            configMapKeyRef:
              name: special-config
              key: SPECIAL_TYPE
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl logs dapi-test-pod
very charm

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# pods/pod-configmap-volume.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "ls /etc/config/" ]
      volumeMounts:
      - name: config-volume
        mountPath: /etc/config
  volumes:
    - name: config-volume
      configMap:
        # Provide the name of the ConfigMap containing the files you want
        # to add to the container
        name: special-config
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl logs dapi-test-pod
SPECIAL_LEVEL
SPECIAL_TYPE

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# pods/pod-configmap-volume-specific-key.yaml
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh","-c","cat /etc/config/keys" ]
      volumeMounts:
      - name: config-volume
        mountPath: /etc/config
  volumes:
    - name: config-volume
      configMap:
        name: special-config
        items:
        - key: SPECIAL_LEVEL
          path: keys
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl logs dapi-test-pod
very

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# Optional references: a missing ConfigMap leaves the variable unset.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: gcr.io/google_containers/busybox
      command: ["/bin/sh", "-c", "env"]
      env:
        - name: SPECIAL_LEVEL_KEY
          valueFrom:
            configMapKeyRef:
              name: a-config
              key: akey
              optional: true # mark the variable as optional
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 4s of virtual time

$ kubectl get pod dapi-test-pod
NAME            READY   STATUS      RESTARTS   AGE
dapi-test-pod   0/1     Completed   0          4s

$ kubectl logs dapi-test-pod | grep -c SPECIAL_LEVEL_KEY
0

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# ... and an optional ConfigMap volume is an empty directory.
$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: gcr.io/google_containers/busybox
      command: ["/bin/sh", "-c", "ls /etc/config"]
      volumeMounts:
      - name: config-volume
        mountPath: /etc/config
  volumes:
    - name: config-volume
      configMap:
        name: no-config
        optional: true # mark the source ConfigMap as optional
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 4s of virtual time

$ kubectl get pod dapi-test-pod
NAME            READY   STATUS      RESTARTS   AGE
dapi-test-pod   0/1     Completed   0          4s

$ kubectl logs dapi-test-pod

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

# Restrictions: envFrom keys that are not C identifiers. The page's
# InvalidEnvironmentVariableNames event predates 1.32, where
# RelaxedEnvironmentVariableValidation (beta, on by default) takes any
# printable name without `=`: the keys become variables, no event.
$ kubectl create configmap myconfig --from-literal=1badkey=x --from-literal=2alsobad=y
configmap/myconfig created

$ cat <<EOF | kubectl create -f -
apiVersion: v1
kind: Pod
metadata:
  name: dapi-test-pod
spec:
  containers:
    - name: test-container
      image: registry.k8s.io/busybox
      command: [ "/bin/sh", "-c", "env" ]
      envFrom:
      - configMapRef:
          name: myconfig
  restartPolicy: Never
EOF
pod/dapi-test-pod created

$ sim settle
settled after 7 steps and 3s of virtual time

$ kubectl get events --field-selector reason=InvalidEnvironmentVariableNames
No resources found in default namespace.

$ kubectl logs dapi-test-pod | grep bad
1badkey=x
2alsobad=y

$ kubectl delete pod dapi-test-pod --now
pod "dapi-test-pod" deleted

$ kubectl delete configmap myconfig
configmap "myconfig" deleted

# Immutable ConfigMaps: the data can no longer change.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: immutable-configmap
data:
  foo: bar
immutable: true
EOF
configmap/immutable-configmap created

$ kubectl patch configmap immutable-configmap -p '{"data":{"foo":"baz"}}'
The ConfigMap "immutable-configmap" is invalid: data: Forbidden: field is immutable when `immutable` is set

# Cleaning up.
$ kubectl delete configmaps/game-config configmaps/game-config-2 configmaps/game-config-3 configmaps/game-config-env-file
configmap "game-config" deleted
configmap "game-config-2" deleted
configmap "game-config-3" deleted
configmap "game-config-env-file" deleted

$ kubectl delete configmap/config-multi-env-files configmap/special-config configmap/immutable-configmap
configmap "config-multi-env-files" deleted
configmap "special-config" deleted
configmap "immutable-configmap" deleted
