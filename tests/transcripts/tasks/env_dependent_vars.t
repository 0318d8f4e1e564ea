# Task "Define Dependent Environment Variables", line by line, on the
# playground's kind cluster (v1.32). pods/inject/dependent-envars.yaml
# comes from a here-document (as published: busybox:1.28, and `$$` in
# ESCAPED_REFERENCE). Its delimiter is quoted ('EOF') so that the
# shell leaves the manifest's $NAME and $(NAME) alone, as the file the
# page downloads has them.
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

# UNCHANGED_REFERENCE names PROTOCOL before it is defined, so that
# reference stays as written; ESCAPED_REFERENCE's `$$` is a literal `$`.
$ kubectl logs pod/dependent-envars-demo

UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
SERVICE_ADDRESS=https://172.17.0.1:80
ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80

$ kubectl exec dependent-envars-demo -- printenv UNCHANGED_REFERENCE SERVICE_ADDRESS ESCAPED_REFERENCE
$(PROTOCOL)://172.17.0.1:80
https://172.17.0.1:80
$(PROTOCOL)://172.17.0.1:80

# Thirty seconds on, the loop has printed its lines again.
$ sleep 30

$ kubectl logs pod/dependent-envars-demo

UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
SERVICE_ADDRESS=https://172.17.0.1:80
ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80

UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
SERVICE_ADDRESS=https://172.17.0.1:80
ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80
