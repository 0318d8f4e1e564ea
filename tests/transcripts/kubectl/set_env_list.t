# set env --list applies the command's own changes without sending them;
# --resolve reads each reference (envutil.GetEnvVarRefValue) and reports the
# ones that fail after the container's list, as kubectl v1.32 does.
$ kubectl create configmap cm --from-literal=k=v1
configmap/cm created

$ kubectl create secret generic sec --from-literal=k=s3cret
secret/sec created

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    tier: fe
spec:
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
        image: nginx:1.14
        resources:
          limits:
            memory: 64Mi
          requests:
            cpu: 250m
        env:
        - name: A
          value: "1"
        - name: POD
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
        - name: TIER
          valueFrom:
            fieldRef:
              fieldPath: metadata.labels['tier']
        - name: MEM
          valueFrom:
            resourceFieldRef:
              containerName: nginx
              resource: limits.memory
        - name: CPU
          valueFrom:
            resourceFieldRef:
              resource: requests.cpu
        - name: S
          valueFrom:
            secretKeyRef:
              name: sec
              key: k
        - name: C
          valueFrom:
            configMapKeyRef:
              name: cm
              key: k
        - name: MISSING
          valueFrom:
            configMapKeyRef:
              name: nope
              key: k
        - name: NOKEY
          valueFrom:
            configMapKeyRef:
              name: cm
              key: zz
        - name: NOKEY2
          valueFrom:
            configMapKeyRef:
              name: cm
              key: zz
EOF
deployment.apps/web created

$ kubectl set env deployment/web --list --resolve
# Deployment web, container nginx
A=1
POD=web
TIER=fe
MEM=67108864
CPU=1
S=s3cret
C=v1
# MISSING from configmap nope, key k
# NOKEY from configmap cm, key zz
# NOKEY2 from configmap cm, key zz
error retrieving reference for MISSING: configmaps "nope" not found
error retrieving reference for NOKEY, NOKEY2: key zz not found in config map cm

$ kubectl set env deployment/web --list
# Deployment web, container nginx
A=1
# POD from field path metadata.name
# TIER from field path metadata.labels['tier']
# MEM from resource field nginx/limits.memory
# CPU from resource field requests.cpu
# S from secret sec, key k
# C from configmap cm, key k
# MISSING from configmap nope, key k
# NOKEY from configmap cm, key zz
# NOKEY2 from configmap cm, key zz

$ kubectl set env deployment/web A=2 B- C- --list
# Deployment web, container nginx
A=2
# POD from field path metadata.name
# TIER from field path metadata.labels['tier']
# MEM from resource field nginx/limits.memory
# CPU from resource field requests.cpu
# S from secret sec, key k
# MISSING from configmap nope, key k
# NOKEY from configmap cm, key zz
# NOKEY2 from configmap cm, key zz

$ kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].env[0].value}'
1
