# kubernetes.io's "Concepts → Configuration → ConfigMaps", line by line.
# Transcripts never download: the page's manifests come from
# here-documents with the same text.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: game-demo
data:
  # property-like keys; each key maps to a simple value
  player_initial_lives: "3"
  ui_properties_file_name: "user-interface.properties"

  # file-like keys
  game.properties: |
    enemy.types=aliens,monsters
    player.maximum-lives=5
  user-interface.properties: |
    color.good=purple
    color.bad=yellow
    allow.textmode=true
EOF
configmap/game-demo created

$ kubectl get configmap
NAME               DATA   AGE
game-demo          4      0s
kube-root-ca.crt   1      2s

# The page's Pod: two keys as environment variables, the two file-like
# keys as files through `items`.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: configmap-demo-pod
spec:
  containers:
    - name: demo
      image: alpine
      command: ["sleep", "3600"]
      env:
        # Define the environment variable
        - name: PLAYER_INITIAL_LIVES # Notice that the case is different here
                                     # from the key name in the ConfigMap.
          valueFrom:
            configMapKeyRef:
              name: game-demo           # The ConfigMap this value comes from.
              key: player_initial_lives # The key to fetch.
        - name: UI_PROPERTIES_FILE_NAME
          valueFrom:
            configMapKeyRef:
              name: game-demo
              key: ui_properties_file_name
      volumeMounts:
      - name: config
        mountPath: "/config"
        readOnly: true
  volumes:
    # You set volumes at the Pod level, then mount them into containers inside that Pod
    - name: config
      configMap:
        # Provide the name of the ConfigMap you want to mount.
        name: game-demo
        # An array of keys from the ConfigMap to create as files
        items:
        - key: "game.properties"
          path: "game.properties"
        - key: "user-interface.properties"
          path: "user-interface.properties"
EOF
pod/configmap-demo-pod created

$ sim settle
settled after 6 steps and 2s of virtual time

# Two files, not four: the volume lists `items`.
$ kubectl exec configmap-demo-pod -- ls /config
game.properties
user-interface.properties

$ kubectl exec configmap-demo-pod -- cat /config/game.properties
enemy.types=aliens,monsters
player.maximum-lives=5

$ kubectl exec configmap-demo-pod -- printenv PLAYER_INITIAL_LIVES UI_PROPERTIES_FILE_NAME
3
user-interface.properties

# Without `items` every key becomes a file with the key's name.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mypod
spec:
  containers:
  - name: mypod
    image: redis
    volumeMounts:
    - name: foo
      mountPath: "/etc/foo"
      readOnly: true
  volumes:
  - name: foo
    configMap:
      name: game-demo
EOF
pod/mypod created

$ sim settle
settled after 5 steps and 3s of virtual time

$ kubectl exec mypod -- ls /etc/foo
game.properties
player_initial_lives
ui_properties_file_name
user-interface.properties

# Mounted ConfigMaps are updated automatically (after the kubelet's next
# sync); environment variables are not.
$ kubectl patch configmap game-demo -p '{"data":{"game.properties":"enemy.types=aliens\n"}}'
configmap/game-demo patched

$ sim advance 90s
advanced 90s to 2025-01-01T00:01:37Z (0 steps ran)

$ kubectl exec mypod -- cat /etc/foo/game.properties
enemy.types=aliens

$ kubectl exec configmap-demo-pod -- cat /config/game.properties
enemy.types=aliens

# Keys must consist of alphanumeric characters, '-', '_' or '.', and
# must not be in both data and binaryData.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: bad-keys
data:
  "a b": x
  dup: x
binaryData:
  dup: eA==
EOF
The ConfigMap "bad-keys" is invalid:
* data[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')
* data[dup]: Invalid value: "dup": duplicate of key present in binaryData

# Immutable ConfigMaps.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: frozen
data:
  color: blue
immutable: true
EOF
configmap/frozen created

$ kubectl patch configmap frozen -p '{"data":{"color":"red"}}'
The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set

# Reverting `immutable` is not possible either.
$ kubectl patch configmap frozen -p '{"immutable":false}'
The ConfigMap "frozen" is invalid: immutable: Forbidden: field is immutable when `immutable` is set

# Metadata can still change.
$ kubectl label configmap frozen tier=web
configmap/frozen labeled

# Only delete and recreate.
$ kubectl delete configmap frozen
configmap "frozen" deleted

$ kubectl get configmap
NAME               DATA   AGE
game-demo          4      95s
kube-root-ca.crt   1      97s
