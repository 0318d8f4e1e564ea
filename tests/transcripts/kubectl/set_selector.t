# set selector replaces a Service's whole selector; messages as kubectl v1.32
# (set_selector.go) prints them.
$ kubectl create service clusterip web --tcp=80:8080
service/web created

$ kubectl set selector service web app=web,tier=fe
service/web selector updated

$ kubectl get service web -o jsonpath='{.spec.selector}'
{"app":"web","tier":"fe"}

$ kubectl set selector service web 'tier in (a,b)'
error: match expression [{tier In [a b]}] not supported on this object

$ kubectl set selector deployment web app=x
Error from server (NotFound): deployments.apps "web" not found

$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl set selector deployment web app=x
error: setting a selector is only supported for Services

$ kubectl set selector service/web service/nope a=b
service/web selector updated
Error from server (NotFound): services "nope" not found

$ kubectl set selector service web app=x --dry-run=server -o yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  labels:
    app: web
  name: web
  namespace: default
  resourceVersion: "378"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba
spec:
  clusterIP: 10.100.6.229
  clusterIPs:
  - 10.100.6.229
  internalTrafficPolicy: Cluster
  ipFamilies:
  - IPv4
  ipFamilyPolicy: SingleStack
  ports:
  - name: 80-8080
    port: 80
    protocol: TCP
    targetPort: 8080
  selector:
    app: x
  sessionAffinity: None
  type: ClusterIP
status:
  loadBalancer: {}

$ kubectl set selector service web app=x --resource-version=1
Error from server (Conflict): Operation cannot be fulfilled on services "web": the object has been modified; please apply your changes to the latest version and try again

$ kubectl set selector svc --all app=y -o name
service/kubernetes
service/web
