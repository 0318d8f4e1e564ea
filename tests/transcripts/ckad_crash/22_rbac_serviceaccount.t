# bmuschko/ckad-crash-course, exercises/22-rbac-serviceaccount (the
# course's later numbering), the solution's commands in order; the
# manifests are the solution's, written with here-documents.
$ kubectl create namespace t23
namespace/t23 created

$ kubectl create serviceaccount api-call -n t23
serviceaccount/api-call created

$ cat <<'EOF' > pod.yaml
apiVersion: v1
kind: Pod
metadata:
  name: service-list
  namespace: t23
spec:
  serviceAccountName: api-call
  containers:
  - name: service-list
    image: alpine/curl:3.14
    command: ['sh', '-c', 'while true; do curl -s -k -m 5 -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc.cluster.local/api/v1/namespaces/default/services; sleep 10; done']
EOF

$ kubectl apply -f pod.yaml
pod/service-list created

$ sim settle
settled after 8 steps and 3s of virtual time

$ sleep 5

$ kubectl logs service-list -n t23
{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": "services is forbidden: User \"system:serviceaccount:t23:api-call\" cannot list resource \"services\" in API group \"\" in the namespace \"default\"",
  "reason": "Forbidden",
  "details": {
    "kind": "services"
  },
  "code": 403
}

$ cat <<EOF > clusterrole.yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: list-services-clusterrole
rules:
- apiGroups: [""]
  resources: ["services"]
  verbs: ["list"]
EOF

# No namespace in the manifest: the binding goes to the current one,
# default, whose Services the pod lists.
$ cat <<EOF > rolebinding.yaml
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: serviceaccount-service-rolebinding
subjects:
- kind: ServiceAccount
  name: api-call
  namespace: t23
roleRef:
  kind: ClusterRole
  name: list-services-clusterrole
  apiGroup: rbac.authorization.k8s.io
EOF

$ kubectl apply -f clusterrole.yaml
clusterrole.rbac.authorization.k8s.io/list-services-clusterrole created

$ kubectl apply -f rolebinding.yaml
rolebinding.rbac.authorization.k8s.io/serviceaccount-service-rolebinding created

# The loop's next call, 10 s on, is allowed.
$ sleep 10

$ kubectl logs service-list -n t23 --tail=40
  "items": [
    {
      "metadata": {
        "name": "kubernetes",
        "namespace": "default",
        "uid": "a534a6a6-b7fd-4b63-90ba-d0da572baaf1",
        "resourceVersion": "19",
        "creationTimestamp": "2025-01-01T00:00:00Z",
        "labels": {
          "component": "apiserver",
          "provider": "kubernetes"
        }
      },
      "spec": {
        "ports": [
          {
            "name": "https",
            "protocol": "TCP",
            "port": 443,
            "targetPort": 6443
          }
        ],
        "clusterIP": "10.96.0.1",
        "clusterIPs": [
          "10.96.0.1"
        ],
        "type": "ClusterIP",
        "sessionAffinity": "None",
        "ipFamilies": [
          "IPv4"
        ],
        "ipFamilyPolicy": "SingleStack",
        "internalTrafficPolicy": "Cluster"
      },
      "status": {
        "loadBalancer": {}
      }
    }
  ]
}
