# kubernetes.io's tutorial "Configuring Redis using a ConfigMap", line by
# line. The page's `kubectl apply -f https://…/redis-pod.yaml` is a
# here-document with the same manifest (pods/config/redis-pod.yaml).
# redis-cli's prompt needs a terminal to type into, which a transcript
# has not: each `127.0.0.1:6379> CONFIG GET …` the page types at the
# prompt is given to redis-cli as its arguments, which prints the same
# reply on a terminal (-t).
$ cat <<EOF >./example-redis-config.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: example-redis-config
data:
  redis-config: ""
EOF

$ kubectl apply -f example-redis-config.yaml
configmap/example-redis-config created

$ cat <<EOF >./redis-pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: redis
spec:
  containers:
  - name: redis
    image: redis:5
    env:
    - name: MASTER
      value: "true"
    ports:
    - containerPort: 6379
    resources:
      limits:
        cpu: "0.1"
    volumeMounts:
    - mountPath: /data
      name: data
    - mountPath: /usr/local/etc/redis
      name: config
    args:
    - /usr/local/etc/redis/redis.conf
  volumes:
    - name: data
      emptyDir: {}
    - name: config
      configMap:
        name: example-redis-config
        items:
        - key: redis-config
          path: redis.conf
EOF

$ kubectl apply -f redis-pod.yaml
pod/redis created

$ sim advance 8s
advanced 8s to 2025-01-01T00:00:10Z (5 steps ran)

# The image's entrypoint runs redis-server for a first argument ending
# in .conf: the pod runs the server, reading /usr/local/etc/redis/redis.conf.
$ kubectl get pod/redis configmap/example-redis-config
NAME        READY   STATUS    RESTARTS   AGE
pod/redis   1/1     Running   0          8s

NAME                             DATA   AGE
configmap/example-redis-config   1      8s

# kubectl v1.32 prints the empty value's "----" line and the BinaryData
# section, which the page's older output has not.
$ kubectl describe configmap/example-redis-config
Name:         example-redis-config
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
redis-config:
----



BinaryData
====

Events:  <none>

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory
1) "maxmemory"
2) "0"

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory-policy
1) "maxmemory-policy"
2) "noeviction"

# Without a terminal (no -t) redis-cli prints its raw form, a value a line.
$ kubectl exec redis -- redis-cli CONFIG GET maxmemory
maxmemory
0

# Commands on its standard input, one a line, are read too.
$ kubectl exec redis -- sh -c 'printf "CONFIG GET maxmemory\nCONFIG GET maxmemory-policy\n" | redis-cli'
maxmemory
0
maxmemory-policy
noeviction

# The prompt itself is not simulated.
$ kubectl exec -it redis -- redis-cli
error: (playground) redis-cli without a command reads its commands from a terminal or its standard input, which the playground does not pass it here: give the command as arguments (kubectl exec -it redis -- redis-cli CONFIG GET maxmemory)

# pods/config/example-redis-config.yaml
$ cat <<EOF >./example-redis-config.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: example-redis-config
data:
  redis-config: |
    maxmemory 2mb
    maxmemory-policy allkeys-lru    
EOF

$ kubectl apply -f example-redis-config.yaml
configmap/example-redis-config configured

$ kubectl describe configmap/example-redis-config
Name:         example-redis-config
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
redis-config:
----
maxmemory 2mb
maxmemory-policy allkeys-lru



BinaryData
====

Events:  <none>

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory
1) "maxmemory"
2) "0"

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory-policy
1) "maxmemory-policy"
2) "noeviction"

# Even once the kubelet's next sync has rewritten the file in the volume,
# the running server keeps what it read when it started.
$ sim advance 2m
advanced 2m to 2025-01-01T00:02:10Z (0 steps ran)

$ kubectl exec redis -- cat /usr/local/etc/redis/redis.conf
maxmemory 2mb
maxmemory-policy allkeys-lru

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory
1) "maxmemory"
2) "0"

$ kubectl delete pod redis
pod "redis" deleted

$ kubectl apply -f redis-pod.yaml
pod/redis created

$ sim settle
settled after 6 steps and 3s of virtual time

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory
1) "maxmemory"
2) "2097152"

$ kubectl exec -it redis -- redis-cli CONFIG GET maxmemory-policy
1) "maxmemory-policy"
2) "allkeys-lru"

$ kubectl delete pod/redis configmap/example-redis-config
pod "redis" deleted
configmap "example-redis-config" deleted
