# kubernetes.io "Deploy a Canary Release"
# (tutorials/stateless-application/canary-deployment.md), line by line on
# the playground's kind cluster (v1.32). Transcripts never download: the
# page's manifests (application/canary/app-v1-deployment.yaml and
# app-v2-deployment.yaml) are here-documents. The page describes its
# Service (canary-demo-service, selecting only app: canary-demo, port 80
# to the pods' 8080) without printing it; it is written out here.
# hello-app answers with its version and the pod's hostname; the
# Deployments' VERSION variable is not what it reads.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: canary-demo-stable
  labels:
    app: canary-demo
    track: stable
spec:
  replicas: 3
  selector:
    matchLabels:
      app: canary-demo
      track: stable
  template:
    metadata:
      labels:
        app: canary-demo
        track: stable
    spec:
      containers:
      - name: canary-demo
        image: gcr.io/google-samples/hello-app:1.0
        ports:
        - containerPort: 8080
        env:
        - name: VERSION
          value: "v1"
EOF
deployment.apps/canary-demo-stable created

$ sleep 10

$ kubectl get deployments -l app=canary-demo
NAME                 READY   UP-TO-DATE   AVAILABLE   AGE
canary-demo-stable   3/3     3            3           10s

$ kubectl get pods -l app=canary-demo
NAME                                 READY   STATUS    RESTARTS   AGE
canary-demo-stable-f897cd4ff-2bcp5   1/1     Running   0          10s
canary-demo-stable-f897cd4ff-2jj9z   1/1     Running   0          10s
canary-demo-stable-f897cd4ff-jjhv7   1/1     Running   0          10s

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: canary-demo-service
  labels:
    app: canary-demo
spec:
  selector:
    app: canary-demo
  ports:
  - protocol: TCP
    port: 80
    targetPort: 8080
EOF
service/canary-demo-service created

$ kubectl get service canary-demo-service
NAME                  TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
canary-demo-service   ClusterIP   10.110.31.167   <none>        80/TCP    0s

$ kubectl run curl-test --image=curlimages/curl:latest --rm -it --restart=Never -- curl http://canary-demo-service
If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2bcp5
pod "curl-test" deleted

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: canary-demo-canary
  labels:
    app: canary-demo
    track: canary
spec:
  replicas: 1
  selector:
    matchLabels:
      app: canary-demo
      track: canary
  template:
    metadata:
      labels:
        app: canary-demo
        track: canary
    spec:
      containers:
      - name: canary-demo
        image: gcr.io/google-samples/hello-app:2.0
        ports:
        - containerPort: 8080
        env:
        - name: VERSION
          value: "v2"
EOF
deployment.apps/canary-demo-canary created

$ sleep 10

$ kubectl get deployments -l app=canary-demo
NAME                 READY   UP-TO-DATE   AVAILABLE   AGE
canary-demo-canary   1/1     1            1           10s
canary-demo-stable   3/3     3            3           24s

$ kubectl get pods -l app=canary-demo -o wide
NAME                                  READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
canary-demo-canary-7f484cfc46-kt86l   1/1     Running   0          10s   10.244.1.4   kubeplay-worker    <none>           <none>
canary-demo-stable-f897cd4ff-2bcp5    1/1     Running   0          24s   10.244.3.2   kubeplay-worker3   <none>           <none>
canary-demo-stable-f897cd4ff-2jj9z    1/1     Running   0          24s   10.244.2.3   kubeplay-worker2   <none>           <none>
canary-demo-stable-f897cd4ff-jjhv7    1/1     Running   0          24s   10.244.1.2   kubeplay-worker    <none>           <none>

# Ten requests through the Service, each from a pod of its own; which
# pod answers each is kube-proxy's random pick (the playground's seeded one).
$ for i in {1..10}; do kubectl run curl-test-$i --image=curlimages/curl:latest --rm -i --restart=Never -- curl -s http://canary-demo-service && echo ""; done
If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2jj9z
pod "curl-test-1" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-jjhv7
pod "curl-test-2" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2bcp5
pod "curl-test-3" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-jjhv7
pod "curl-test-4" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2bcp5
pod "curl-test-5" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2jj9z
pod "curl-test-6" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2jj9z
pod "curl-test-7" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 2.0.0
Hostname: canary-demo-canary-7f484cfc46-kt86l
pod "curl-test-8" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-jjhv7
pod "curl-test-9" deleted

If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 1.0.0
Hostname: canary-demo-stable-f897cd4ff-2jj9z
pod "curl-test-10" deleted

$ kubectl get endpoints canary-demo-service
NAME                  ENDPOINTS                                                     AGE
canary-demo-service   10.244.1.2:8080,10.244.1.4:8080,10.244.2.3:8080 + 1 more...   46s

$ kubectl logs -l app=canary-demo,track=canary --tail=50
2025/01/01 00:00:18 Server listening on port 8080

# metrics-server runs here, as the HPA walkthrough installs it.
$ kubectl top pods -l app=canary-demo
NAME                                  CPU(cores)   MEMORY(bytes)
canary-demo-canary-7f484cfc46-kt86l   1m           2Mi
canary-demo-stable-f897cd4ff-2bcp5    1m           2Mi
canary-demo-stable-f897cd4ff-2jj9z    1m           2Mi
canary-demo-stable-f897cd4ff-jjhv7    1m           2Mi

$ kubectl scale deployment/canary-demo-canary --replicas=2
deployment.apps/canary-demo-canary scaled

$ sleep 5

$ kubectl get pods -l app=canary-demo
NAME                                  READY   STATUS    RESTARTS   AGE
canary-demo-canary-7f484cfc46-9mgl2   1/1     Running   0          5s
canary-demo-canary-7f484cfc46-kt86l   1/1     Running   0          46s
canary-demo-stable-f897cd4ff-2bcp5    1/1     Running   0          61s
canary-demo-stable-f897cd4ff-2jj9z    1/1     Running   0          61s
canary-demo-stable-f897cd4ff-jjhv7    1/1     Running   0          61s

# Completing the rollout.
$ kubectl scale deployment/canary-demo-canary --replicas=3
deployment.apps/canary-demo-canary scaled

$ kubectl scale deployment/canary-demo-stable --replicas=0
deployment.apps/canary-demo-stable scaled

$ sleep 5

$ kubectl get pods -l app=canary-demo
NAME                                  READY   STATUS    RESTARTS   AGE
canary-demo-canary-7f484cfc46-62p4p   1/1     Running   0          5s
canary-demo-canary-7f484cfc46-9mgl2   1/1     Running   0          10s
canary-demo-canary-7f484cfc46-kt86l   1/1     Running   0          51s

$ kubectl run curl-test --image=curlimages/curl:latest --rm -it --restart=Never -- curl http://canary-demo-service
If you don't see a command prompt, try pressing enter.
Hello, world!
Version: 2.0.0
Hostname: canary-demo-canary-7f484cfc46-9mgl2
pod "curl-test" deleted

$ kubectl set image deployment/canary-demo-stable canary-demo=gcr.io/google-samples/hello-app:2.0
deployment.apps/canary-demo-stable image updated

$ kubectl scale deployment/canary-demo-stable --replicas=3
deployment.apps/canary-demo-stable scaled

$ kubectl delete deployment canary-demo-canary
deployment.apps "canary-demo-canary" deleted

$ sleep 5

$ kubectl get pods -l app=canary-demo
NAME                                  READY   STATUS    RESTARTS   AGE
canary-demo-stable-5f75c99896-2jvdr   1/1     Running   0          5s
canary-demo-stable-5f75c99896-cg2lc   1/1     Running   0          5s
canary-demo-stable-5f75c99896-s9bzl   1/1     Running   0          5s

# Rolling back a canary would scale it to 0 and the stable one back to 3;
# here the canary is already gone.
$ kubectl scale deployment/canary-demo-canary --replicas=0
Error from server (NotFound): deployments.apps "canary-demo-canary" not found

$ kubectl scale deployment/canary-demo-stable --replicas=3
deployment.apps/canary-demo-stable scaled

# Clean up. The HTTPRoute section needs the Gateway API's CRDs, which
# kind does not install: its Services are made, the route is refused.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: canary-demo-stable-service
spec:
  selector:
    app: canary-demo
    track: stable
  ports:
  - protocol: TCP
    port: 80
    targetPort: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: canary-demo-canary-service
spec:
  selector:
    app: canary-demo
    track: canary
  ports:
  - protocol: TCP
    port: 80
    targetPort: 8080
EOF
service/canary-demo-stable-service created
service/canary-demo-canary-service created

$ kubectl apply -f - <<EOF
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: canary-demo-route
spec:
  parentRefs:
  - name: example-gateway
  hostnames:
  - "canary-demo.example.com"
  rules:
  - backendRefs:
    - name: canary-demo-stable-service
      port: 80
      weight: 90
    - name: canary-demo-canary-service
      port: 80
      weight: 10
EOF
error: resource mapping not found for name: "canary-demo-route" namespace: "" from "STDIN": no matches for kind "HTTPRoute" in version "gateway.networking.k8s.io/v1"
ensure CRDs are installed first
(playground) document 1, line 2, column 7: no CustomResourceDefinition serves HTTPRoute in gateway.networking.k8s.io/v1 yet: apply the CRD, wait until it is Established, then apply its objects

$ kubectl delete deployment canary-demo-stable canary-demo-canary
deployment.apps "canary-demo-stable" deleted
Error from server (NotFound): deployments.apps "canary-demo-canary" not found

$ kubectl delete service canary-demo-service
service "canary-demo-service" deleted

$ kubectl delete service canary-demo-stable-service canary-demo-canary-service
service "canary-demo-stable-service" deleted
service "canary-demo-canary-service" deleted

$ kubectl delete httproute canary-demo-route
error: the server doesn't have a resource type "httproute"
