# kubernetes.io's tutorial "Updating Configuration via a ConfigMap", line
# by line. The page's `kubectl apply -f https://k8s.io/examples/…` are
# here-documents with the same manifests; `kubectl edit` needs an editor,
# which a transcript has not, so the edits are the same change made with
# kubectl patch.
$ kubectl create configmap sport --from-literal=sport=football
configmap/sport created

# deployments/deployment-with-configmap-as-volume.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: configmap-volume
  labels:
    app.kubernetes.io/name: configmap-volume
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: configmap-volume
  template:
    metadata:
      labels:
        app.kubernetes.io/name: configmap-volume
    spec:
      containers:
      - name: alpine
        image: alpine:3
        command:
        - /bin/sh
        - -c
        - while true; do echo "\$(date) My preferred sport is \$(cat /etc/config/sport)"; sleep 10; done;
        ports:
        - containerPort: 80
        volumeMounts:
        - name: config-volume
          mountPath: /etc/config
      volumes:
      - name: config-volume
        configMap:
          name: sport
EOF
deployment.apps/configmap-volume created

$ sim settle
settled after 30 steps and 2s of virtual time

$ sim advance 60s
advanced 60s to 2025-01-01T00:01:04Z (0 steps ran)

$ kubectl get pods --selector=app.kubernetes.io/name=configmap-volume
NAME                                READY   STATUS    RESTARTS   AGE
configmap-volume-74b8dd6ff9-58ljc   1/1     Running   0          62s
configmap-volume-74b8dd6ff9-6g9s2   1/1     Running   0          62s
configmap-volume-74b8dd6ff9-8nw65   1/1     Running   0          62s

# Pick one Pod that belongs to the Deployment, and view its logs.
$ kubectl logs deployments/configmap-volume
Found 3 pods, using pod/configmap-volume-74b8dd6ff9-58ljc
Wed Jan  1 00:00:03 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:13 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:23 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:33 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:43 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:53 UTC 2025 My preferred sport is football
Wed Jan  1 00:01:03 UTC 2025 My preferred sport is football

$ kubectl patch configmap sport -p '{"data":{"sport":"cricket"}}'
configmap/sport patched

# The volume changes at the pod's next sync, up to a minute and a half
# later (the kubelet's syncFrequency with its jitter): until then the
# file still says football.
$ kubectl logs deployments/configmap-volume --follow --tail=2
Found 3 pods, using pod/configmap-volume-74b8dd6ff9-58ljc
Wed Jan  1 00:00:53 UTC 2025 My preferred sport is football
Wed Jan  1 00:01:03 UTC 2025 My preferred sport is football
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

$ kubectl exec deployments/configmap-volume -- cat /etc/config/sport
football

$ sim advance 90s
advanced 90s to 2025-01-01T00:02:34Z (0 steps ran)

$ kubectl logs deployments/configmap-volume --follow --tail=12
Found 3 pods, using pod/configmap-volume-74b8dd6ff9-58ljc
Wed Jan  1 00:00:43 UTC 2025 My preferred sport is football
Wed Jan  1 00:00:53 UTC 2025 My preferred sport is football
Wed Jan  1 00:01:03 UTC 2025 My preferred sport is football
Wed Jan  1 00:01:13 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:01:23 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:01:33 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:01:43 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:01:53 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:02:03 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:02:13 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:02:23 UTC 2025 My preferred sport is cricket
Wed Jan  1 00:02:33 UTC 2025 My preferred sport is cricket
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

# The atomic writer wrote the new data into a new timestamped directory
# and swapped ..data to it.
$ kubectl exec deployments/configmap-volume -- ls -a /etc/config
.
..
..2025_01_01_00_01_10.2155482585
..data
sport

$ kubectl exec deployments/configmap-volume -- cat /etc/config/sport
cricket

# Update environment variables of a Pod via a ConfigMap.
$ kubectl create configmap fruits --from-literal=fruits=apples
configmap/fruits created

# deployments/deployment-with-configmap-as-envvar.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: configmap-env-var
  labels:
    app.kubernetes.io/name: configmap-env-var
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: configmap-env-var
  template:
    metadata:
      labels:
        app.kubernetes.io/name: configmap-env-var
    spec:
      containers:
      - name: alpine
        image: alpine:3
        env:
        - name: FRUITS
          valueFrom:
            configMapKeyRef:
              key: fruits
              name: fruits
        command:
        - /bin/sh
        - -c
        - while true; do echo "\$(date) The basket is full of \$FRUITS"; sleep 10; done;
        ports:
        - containerPort: 80
EOF
deployment.apps/configmap-env-var created

$ sim settle
settled after 24 steps and 2s of virtual time

$ sim advance 30s
advanced 30s to 2025-01-01T00:03:06Z (0 steps ran)

$ kubectl get pods --selector=app.kubernetes.io/name=configmap-env-var
NAME                                 READY   STATUS    RESTARTS   AGE
configmap-env-var-7b7bb8c9f7-6dxsq   1/1     Running   0          32s
configmap-env-var-7b7bb8c9f7-fqtrr   1/1     Running   0          32s
configmap-env-var-7b7bb8c9f7-sxgl6   1/1     Running   0          32s

$ kubectl logs deployment/configmap-env-var
Found 3 pods, using pod/configmap-env-var-7b7bb8c9f7-6dxsq
Wed Jan  1 00:02:35 UTC 2025 The basket is full of apples
Wed Jan  1 00:02:45 UTC 2025 The basket is full of apples
Wed Jan  1 00:02:55 UTC 2025 The basket is full of apples
Wed Jan  1 00:03:05 UTC 2025 The basket is full of apples

$ kubectl patch configmap fruits -p '{"data":{"fruits":"mangoes"}}'
configmap/fruits patched

# As the text explains, the output does NOT change: a container's
# variables are fixed when it is created.
$ sim advance 120s
advanced 2m to 2025-01-01T00:05:06Z (0 steps ran)

$ kubectl logs deployments/configmap-env-var --follow --tail=4
Found 3 pods, using pod/configmap-env-var-7b7bb8c9f7-6dxsq
Wed Jan  1 00:04:35 UTC 2025 The basket is full of apples
Wed Jan  1 00:04:45 UTC 2025 The basket is full of apples
Wed Jan  1 00:04:55 UTC 2025 The basket is full of apples
Wed Jan  1 00:05:05 UTC 2025 The basket is full of apples
(playground) -f/--follow: this is the log so far; run `sim advance DURATION` and ask again for more

# Trigger the rollout.
$ kubectl rollout restart deployment configmap-env-var
deployment.apps/configmap-env-var restarted

# Wait for the rollout to complete.
$ kubectl rollout status deployment configmap-env-var --watch=true
Waiting for deployment spec update to be observed...
Waiting for deployment "configmap-env-var" rollout to finish: 0 out of 3 new replicas have been updated...
Waiting for deployment "configmap-env-var" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "configmap-env-var" rollout to finish: 1 out of 3 new replicas have been updated...
Waiting for deployment "configmap-env-var" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "configmap-env-var" rollout to finish: 2 out of 3 new replicas have been updated...
Waiting for deployment "configmap-env-var" rollout to finish: 1 old replicas are pending termination...
Waiting for deployment "configmap-env-var" rollout to finish: 1 old replicas are pending termination...
deployment "configmap-env-var" successfully rolled out

$ kubectl get deployment configmap-env-var
NAME                READY   UP-TO-DATE   AVAILABLE   AGE
configmap-env-var   3/3     3            3           2m38s

$ sim advance 30s
advanced 30s to 2025-01-01T00:05:42Z (11 steps ran)

$ kubectl get pods --selector=app.kubernetes.io/name=configmap-env-var
NAME                              READY   STATUS    RESTARTS   AGE
configmap-env-var-9d98789-jvnwk   1/1     Running   0          36s
configmap-env-var-9d98789-mjlwv   1/1     Running   0          32s
configmap-env-var-9d98789-tpshf   1/1     Running   0          34s

$ kubectl logs deployment/configmap-env-var
Found 3 pods, using pod/configmap-env-var-9d98789-jvnwk
Wed Jan  1 00:05:07 UTC 2025 The basket is full of mangoes
Wed Jan  1 00:05:17 UTC 2025 The basket is full of mangoes
Wed Jan  1 00:05:27 UTC 2025 The basket is full of mangoes
Wed Jan  1 00:05:37 UTC 2025 The basket is full of mangoes

# Update configuration via a ConfigMap in a multi-container Pod.
$ kubectl create configmap color --from-literal=color=red
configmap/color created

# deployments/deployment-with-configmap-two-containers.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: configmap-two-containers
  labels:
    app.kubernetes.io/name: configmap-two-containers
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: configmap-two-containers
  template:
    metadata:
      labels:
        app.kubernetes.io/name: configmap-two-containers
    spec:
      volumes:
      - name: shared-data
        emptyDir: {}
      - name: config-volume
        configMap:
          name: color
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: shared-data
          mountPath: /usr/share/nginx/html
      - name: alpine
        image: alpine:3
        volumeMounts:
        - name: shared-data
          mountPath: /pod-data
        - name: config-volume
          mountPath: /etc/config
        command:
        - /bin/sh
        - -c
        - while true; do echo "\$(date) My preferred color is \$(cat /etc/config/color)" > /pod-data/index.html; sleep 10; done;
EOF
deployment.apps/configmap-two-containers created

$ sim settle
settled after 27 steps and 4s of virtual time

$ kubectl get pods --selector=app.kubernetes.io/name=configmap-two-containers
NAME                                      READY   STATUS    RESTARTS   AGE
configmap-two-containers-b7cd4484-4s59q   2/2     Running   0          4s
configmap-two-containers-b7cd4484-4zpzn   2/2     Running   0          4s
configmap-two-containers-b7cd4484-5zhj9   2/2     Running   0          4s

$ kubectl expose deployment configmap-two-containers --name=configmap-service --port=8080 --target-port=80
service/configmap-service exposed

# this stays running in the background
$ kubectl port-forward service/configmap-service 8080:8080 &
[1] 2718
Forwarding from 127.0.0.1:8080 -> 80
Forwarding from [::1]:8080 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8080 on this machine reaches pod configmap-two-containers-b7cd4484-4s59q; it ends when the pod does

$ curl http://localhost:8080
Handling connection for 8080
Wed Jan  1 00:05:46 UTC 2025 My preferred color is red

$ kubectl patch configmap color -p '{"data":{"color":"blue"}}'
configmap/color patched

# The page loops with `while true` until Ctrl-C; the terminal refuses
# endless loops, so this one asks nine times. The helper rewrites the
# page every 10 s, and sees blue once the kubelet has synced its pod.
$ for i in 1 2 3 4 5 6 7 8 9; do curl --connect-timeout 7.5 http://localhost:8080; sleep 10; done
Handling connection for 8080
Wed Jan  1 00:05:46 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:05:56 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:06 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:16 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:26 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:36 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:46 UTC 2025 My preferred color is red
Handling connection for 8080
Wed Jan  1 00:06:56 UTC 2025 My preferred color is blue
Handling connection for 8080
Wed Jan  1 00:07:06 UTC 2025 My preferred color is blue

$ kill %1
[1]+  Terminated              kubectl port-forward service/configmap-service 8080:8080

# Update configuration via a ConfigMap in a Pod possessing a sidecar
# container: the helper is an init container that keeps running.
# deployments/deployment-with-configmap-and-sidecar-container.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: configmap-sidecar-container
  labels:
    app.kubernetes.io/name: configmap-sidecar-container
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: configmap-sidecar-container
  template:
    metadata:
      labels:
        app.kubernetes.io/name: configmap-sidecar-container
    spec:
      volumes:
      - name: shared-data
        emptyDir: {}
      - name: config-volume
        configMap:
          name: color
      containers:
      - name: nginx
        image: nginx
        volumeMounts:
        - name: shared-data
          mountPath: /usr/share/nginx/html
      initContainers:
      - name: alpine
        image: alpine:3
        restartPolicy: Always
        volumeMounts:
        - name: shared-data
          mountPath: /pod-data
        - name: config-volume
          mountPath: /etc/config
        command:
        - /bin/sh
        - -c
        - while true; do echo "\$(date) My preferred color is \$(cat /etc/config/color)" > /pod-data/index.html; sleep 10; done;
EOF
deployment.apps/configmap-sidecar-container created

$ sim settle
settled after 31 steps and 3s of virtual time

$ kubectl get pods --selector=app.kubernetes.io/name=configmap-sidecar-container
NAME                                          READY   STATUS    RESTARTS   AGE
configmap-sidecar-container-79fd9786d-49khw   2/2     Running   0          3s
configmap-sidecar-container-79fd9786d-m4zvw   2/2     Running   0          3s
configmap-sidecar-container-79fd9786d-rmbx8   2/2     Running   0          3s

$ kubectl expose deployment configmap-sidecar-container --name=configmap-sidecar-service --port=8081 --target-port=80
service/configmap-sidecar-service exposed

# this stays running in the background
$ kubectl port-forward service/configmap-sidecar-service 8081:8081 &
[1] 2720
Forwarding from 127.0.0.1:8081 -> 80
Forwarding from [::1]:8081 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8081 on this machine reaches pod configmap-sidecar-container-79fd9786d-49khw; it ends when the pod does

$ curl http://localhost:8081
Handling connection for 8081
Wed Jan  1 00:07:17 UTC 2025 My preferred color is blue

$ kubectl patch configmap color -p '{"data":{"color":"green"}}'
configmap/color patched

$ for i in 1 2 3 4 5 6 7 8 9; do curl --connect-timeout 7.5 http://localhost:8081; sleep 10; done
Handling connection for 8081
Wed Jan  1 00:07:17 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:07:27 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:07:37 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:07:47 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:07:57 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:08:07 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:08:17 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:08:27 UTC 2025 My preferred color is blue
Handling connection for 8081
Wed Jan  1 00:08:37 UTC 2025 My preferred color is green

$ kill %1
[1]+  Terminated              kubectl port-forward service/configmap-sidecar-service 8081:8081

# Update configuration via an immutable ConfigMap mounted as a volume.
# configmap/immutable-configmap.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
data:
  company_name: "ACME, Inc." # existing fictional company name
kind: ConfigMap
immutable: true
metadata:
  name: company-name-20150801
EOF
configmap/company-name-20150801 created

# deployments/deployment-with-immutable-configmap-as-volume.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: apps/v1
kind: Deployment
metadata:
  name: immutable-configmap-volume
  labels:
    app.kubernetes.io/name: immutable-configmap-volume
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: immutable-configmap-volume
  template:
    metadata:
      labels:
        app.kubernetes.io/name: immutable-configmap-volume
    spec:
      containers:
      - name: alpine
        image: alpine:3
        command:
        - /bin/sh
        - -c
        - while true; do echo "\$(date) The name of the company is \$(cat /etc/config/company_name)"; sleep 10; done;
        ports:
        - containerPort: 80
        volumeMounts:
        - name: config-volume
          mountPath: /etc/config
      volumes:
      - name: config-volume
        configMap:
          name: company-name-20150801
EOF
deployment.apps/immutable-configmap-volume created

$ sim settle
settled after 24 steps and 2s of virtual time

$ sim advance 25s
advanced 25s to 2025-01-01T00:09:16Z (0 steps ran)

$ kubectl logs deployments/immutable-configmap-volume
Found 3 pods, using pod/immutable-configmap-volume-54f866f7fb-52gkx
Wed Jan  1 00:08:50 UTC 2025 The name of the company is ACME, Inc.
Wed Jan  1 00:09:00 UTC 2025 The name of the company is ACME, Inc.
Wed Jan  1 00:09:10 UTC 2025 The name of the company is ACME, Inc.

# configmap/new-immutable-configmap.yaml
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
data:
  company_name: "Fiktivesunternehmen GmbH" # new fictional company name
kind: ConfigMap
immutable: true
metadata:
  name: company-name-20240312
EOF
configmap/company-name-20240312 created

$ kubectl get configmap
NAME                    DATA   AGE
color                   1      3m34s
company-name-20150801   1      27s
company-name-20240312   1      0s
fruits                  1      6m42s
kube-root-ca.crt        1      9m16s
sport                   1      9m14s

# The page edits the Deployment's volume to name the new ConfigMap.
$ kubectl patch deployment immutable-configmap-volume --type=json -p '[{"op":"replace","path":"/spec/template/spec/volumes/0/configMap/name","value":"company-name-20240312"}]'
deployment.apps/immutable-configmap-volume patched

$ sim settle
settled after 66 steps and 36s of virtual time

$ kubectl get pods --selector=app.kubernetes.io/name=immutable-configmap-volume
NAME                                         READY   STATUS    RESTARTS   AGE
immutable-configmap-volume-c7498c467-6cw87   1/1     Running   0          36s
immutable-configmap-volume-c7498c467-7zvlk   1/1     Running   0          32s
immutable-configmap-volume-c7498c467-mh4vw   1/1     Running   0          34s

$ sim advance 25s
advanced 25s to 2025-01-01T00:10:17Z (3 steps ran)

$ kubectl logs deployment/immutable-configmap-volume
Found 3 pods, using pod/immutable-configmap-volume-c7498c467-6cw87
Wed Jan  1 00:09:17 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:09:27 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:09:37 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:09:47 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:09:57 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:10:07 UTC 2025 The name of the company is Fiktivesunternehmen GmbH
Wed Jan  1 00:10:17 UTC 2025 The name of the company is Fiktivesunternehmen GmbH

$ kubectl delete configmap company-name-20150801
configmap "company-name-20150801" deleted

# Clean up.
$ kubectl delete deployment configmap-volume configmap-env-var configmap-two-containers configmap-sidecar-container immutable-configmap-volume
deployment.apps "configmap-volume" deleted
deployment.apps "configmap-env-var" deleted
deployment.apps "configmap-two-containers" deleted
deployment.apps "configmap-sidecar-container" deleted
deployment.apps "immutable-configmap-volume" deleted

$ kubectl delete service configmap-service configmap-sidecar-service
service "configmap-service" deleted
service "configmap-sidecar-service" deleted

$ kubectl delete configmap sport fruits color company-name-20240312
configmap "sport" deleted
configmap "fruits" deleted
configmap "color" deleted
configmap "company-name-20240312" deleted
