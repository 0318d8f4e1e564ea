# Kinds a real cluster serves that the playground does not model (CSI
# drivers, webhooks…): kubectl's error for a kind the server does
# not serve, then a note that a real cluster would take it. The other
# documents of the paste still apply, as `kubectl apply -f` goes on past
# a document it cannot map.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: reader
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: reader.example.com
spec:
  attachRequired: false
  podInfoOnMount: true
  fsGroupPolicy: File
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: web
webhooks: []
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
EOF
serviceaccount/reader created
service/web created
resource mapping not found for name: "reader.example.com" namespace: "" from "STDIN": no matches for kind "CSIDriver" in version "storage.k8s.io/v1"
ensure CRDs are installed first
(playground) document 2, line 7, column 7: a real cluster serves CSIDriver as storage.k8s.io/v1; the simulated cluster does not model it
resource mapping not found for name: "web" namespace: "" from "STDIN": no matches for kind "ValidatingWebhookConfiguration" in version "admissionregistration.k8s.io/v1"
ensure CRDs are installed first
(playground) document 3, line 16, column 7: a real cluster serves ValidatingWebhookConfiguration as admissionregistration.k8s.io/v1; the simulated cluster does not model it

$ kubectl get validatingwebhookconfigurations
error: the server doesn't have a resource type "validatingwebhookconfigurations"
(playground) a real cluster serves ValidatingWebhookConfiguration as admissionregistration.k8s.io/v1; the simulated cluster does not model it

$ kubectl get csidrivers.storage.k8s.io
error: the server doesn't have a resource type "csidrivers"
(playground) a real cluster serves CSIDriver as storage.k8s.io/v1; the simulated cluster does not model it

$ kubectl get svc,volumeattachments
error: the server doesn't have a resource type "volumeattachments"
(playground) a real cluster serves VolumeAttachment as storage.k8s.io/v1; the simulated cluster does not model it

# A type no cluster has keeps kubectl's error alone.
$ kubectl get widgets
error: the server doesn't have a resource type "widgets"
