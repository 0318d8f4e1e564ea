# PodTemplate (v1): a pod template stored on its own. The API server
# defaults and validates its template as it does a workload's, and sets
# its generation; nothing in the cluster acts on it.
$ kubectl create -f - <<EOF
apiVersion: v1
kind: PodTemplate
metadata:
  name: web
template:
  metadata:
    labels:
      app: web
      tier: front
  spec:
    containers:
    - name: nginx
      image: nginx:1.27
    - name: sidecar
      image: busybox
      command: ["sleep", "infinity"]
EOF
podtemplate/web created

$ kubectl get podtemplates
NAME   CONTAINERS      IMAGES               POD LABELS
web    nginx,sidecar   nginx:1.27,busybox   app=web,tier=front

$ kubectl get podtemplate web -o wide
NAME   CONTAINERS      IMAGES               POD LABELS
web    nginx,sidecar   nginx:1.27,busybox   app=web,tier=front

$ kubectl get podtemplate web -o yaml
apiVersion: v1
kind: PodTemplate
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  generation: 1
  name: web
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
template:
  metadata:
    creationTimestamp: null
    labels:
      app: web
      tier: front
  spec:
    containers:
    - image: nginx:1.27
      imagePullPolicy: IfNotPresent
      name: nginx
      resources: {}
      terminationMessagePath: /dev/termination-log
      terminationMessagePolicy: File
    - command:
      - sleep
      - infinity
      image: busybox
      imagePullPolicy: Always
      name: sidecar
      resources: {}
      terminationMessagePath: /dev/termination-log
      terminationMessagePolicy: File
    dnsPolicy: ClusterFirst
    restartPolicy: Always
    schedulerName: default-scheduler
    securityContext: {}
    terminationGracePeriodSeconds: 30

$ kubectl describe podtemplate web
Name:         web
Namespace:    default
Labels:       <none>
Annotations:  <none>
API Version:  v1
Kind:         PodTemplate
Metadata:
  Creation Timestamp:  2025-01-01T00:00:02Z
  Generation:          1
  Resource Version:    374
  UID:                 f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
Template:
  Metadata:
    Creation Timestamp:  <nil>
    Labels:
      App:   web
      Tier:  front
  Spec:
    Containers:
      Image:              nginx:1.27
      Image Pull Policy:  IfNotPresent
      Name:               nginx
      Resources:
      Termination Message Path:    /dev/termination-log
      Termination Message Policy:  File
      Command:
        sleep
        infinity
      Image:              busybox
      Image Pull Policy:  Always
      Name:               sidecar
      Resources:
      Termination Message Path:    /dev/termination-log
      Termination Message Policy:  File
    Dns Policy:                    ClusterFirst
    Restart Policy:                Always
    Scheduler Name:                default-scheduler
    Security Context:
    Termination Grace Period Seconds:  30
Events:                                <none>

$ kubectl api-resources --api-group= | grep -w PodTemplate
podtemplates                          v1           true         PodTemplate

$ kubectl explain podtemplate
KIND:       PodTemplate
VERSION:    v1

DESCRIPTION:
    A pod template kept on its own, for tools that stamp pods from it later.
    Nothing in the cluster acts on one.

FIELDS:
  apiVersion	<string>
    The versioned schema of this object (v1).

  kind	<string>
    The kind of object (PodTemplate).

  metadata	<ObjectMeta>
    Name, namespace, labels and other identifying data.

  template	<PodTemplateSpec>
    The pods' labels and spec, defaulted and validated as a workload's template
    is.

$ kubectl create -f - <<EOF
apiVersion: v1
kind: PodTemplate
metadata:
  name: empty
template:
  metadata:
    labels:
      app: empty
EOF
The PodTemplate "empty" is invalid: template.spec.containers: Required value

$ kubectl create -f - <<EOF
apiVersion: v1
kind: PodTemplate
metadata:
  name: Bad_Name
template:
  spec:
    restartPolicy: Sometimes
    containers:
    - name: c
      image: nginx
EOF
The PodTemplate "Bad_Name" is invalid:
* metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
* template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"

$ kubectl label podtemplate web team=a
podtemplate/web labeled

$ kubectl patch podtemplate web --type=json -p '[{"op":"replace","path":"/template/spec/containers/0/image","value":"nginx:1.28"}]'
podtemplate/web patched

$ kubectl get podtemplate web -o jsonpath='{.metadata.generation} {.metadata.labels.team} {.template.spec.containers[0].image}{"\n"}'
2 a nginx:1.28

$ kubectl get pods
No resources found in default namespace.

$ kubectl delete podtemplate web
podtemplate "web" deleted

$ kubectl get podtemplates
No resources found in default namespace.
