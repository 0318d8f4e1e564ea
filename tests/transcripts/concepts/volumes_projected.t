# kubernetes.io's "Concepts → Storage → Projected Volumes", line by line.
# Transcripts never download: the page's manifests (content/en/examples/
# pods/storage/projected-*.yaml) are here-documents.
$ kubectl create secret generic mysecret --from-literal=username=admin --from-literal=password=t0p-Secret
secret/mysecret created

$ kubectl create configmap myconfigmap --from-literal=config=debug=true
configmap/myconfigmap created

# A secret, the downward API and a ConfigMap in one directory.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: volume-test
spec:
  containers:
  - name: container-test
    image: busybox:1.28
    command: ["sleep", "3600"]
    volumeMounts:
    - name: all-in-one
      mountPath: "/projected-volume"
      readOnly: true
  volumes:
  - name: all-in-one
    projected:
      sources:
      - secret:
          name: mysecret
          items:
            - key: username
              path: my-group/my-username
      - downwardAPI:
          items:
            - path: "labels"
              fieldRef:
                fieldPath: metadata.labels
            - path: "cpu_limit"
              resourceFieldRef:
                containerName: container-test
                resource: limits.cpu
      - configMap:
          name: myconfigmap
          items:
            - key: config
              path: my-group/my-config
EOF
pod/volume-test created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec volume-test -- ls /projected-volume/my-group
my-config
my-username

$ kubectl exec volume-test -- cat /projected-volume/my-group/my-username /projected-volume/my-group/my-config
admindebug=true

# No limit set: the downward API gives the node's allocatable CPU.
$ kubectl exec volume-test -- cat /projected-volume/cpu_limit
4

$ kubectl describe pod volume-test | sed -n '/^Volumes:/,/^QoS/p'
Volumes:
  all-in-one:
    Type:                Projected (a volume that contains injected data from multiple sources)
    SecretName:          mysecret
    SecretOptionalName:  <nil>
    DownwardAPI:         true
    ConfigMapName:       myconfigmap
    ConfigMapOptional:   <nil>
  kube-api-access-mgnfc:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   BestEffort

# A service account token, for an audience, rotated by the kubelet.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sa-token-test
spec:
  containers:
  - name: container-test
    image: busybox:1.28
    command: ["sleep", "3600"]
    volumeMounts:
    - name: token-vol
      mountPath: "/service-account"
      readOnly: true
  serviceAccountName: default
  volumes:
  - name: token-vol
    projected:
      sources:
      - serviceAccountToken:
          audience: api
          expirationSeconds: 3600
          path: token
EOF
pod/sa-token-test created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl exec sa-token-test -- ls /service-account
token

# Two sources may not project the same path.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: clash
spec:
  containers:
  - name: c
    image: busybox:1.28
    command: ["sleep", "3600"]
  volumes:
  - name: v
    projected:
      sources:
      - secret:
          name: mysecret
          items:
          - key: username
            path: same
      - configMap:
          name: myconfigmap
          items:
          - key: config
            path: same
EOF
The Pod "clash" is invalid: spec.volumes[0].projected: Invalid value: "myconfigmap": conflicting duplicate paths

# A token shorter than ten minutes is refused.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: short-token
spec:
  containers:
  - name: c
    image: busybox:1.28
  volumes:
  - name: v
    projected:
      sources:
      - serviceAccountToken:
          expirationSeconds: 60
          path: token
EOF
The Pod "short-token" is invalid: spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes
