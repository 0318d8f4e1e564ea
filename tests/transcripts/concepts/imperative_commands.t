# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Kubernetes
# Object Management" and the task "Managing Kubernetes Objects Using
# Imperative Commands", line by line.
#
# "Imperative commands".
$ kubectl create deployment nginx --image nginx
deployment.apps/nginx created

$ kubectl expose deployment nginx --port=80
service/nginx exposed

$ kubectl autoscale deployment nginx --min=1 --max=3
horizontalpodautoscaler.autoscaling/nginx autoscaled

$ kubectl scale deployment nginx --replicas=2
deployment.apps/nginx scaled

$ kubectl annotate deployment nginx description='my frontend'
deployment.apps/nginx annotated

$ kubectl label deployment nginx tier=fe
deployment.apps/nginx labeled

$ kubectl set image deployment/nginx nginx=nginx:1.27
deployment.apps/nginx image updated

$ kubectl patch deployment nginx -p '{"spec":{"minReadySeconds":1}}'
deployment.apps/nginx patched

$ sim settle
settled after 37 steps and 5s of virtual time

$ kubectl get deployment nginx -L tier
NAME    READY   UP-TO-DATE   AVAILABLE   AGE   TIER
nginx   2/2     2            2           5s    fe

$ kubectl get deployment nginx -o jsonpath='{.spec.minReadySeconds} {.metadata.annotations.description}{"\n"}'
1 my frontend

$ kubectl delete deployment/nginx
deployment.apps "nginx" deleted

# "Using set commands to modify objects before creation": a selector
# kubectl create service has no flag for, set locally in a pipeline.
$ kubectl create service clusterip my-svc --clusterip="None" -o yaml --dry-run=client | kubectl set selector --local -f - 'environment=qa' -o yaml | kubectl create -f -
service/my-svc created

$ kubectl get service my-svc -o wide
NAME     TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE   SELECTOR
my-svc   ClusterIP   None         <none>        <none>    0s    environment=qa

$ kubectl get service my-svc -o jsonpath='{.spec.selector}{"\n"}'
{"environment":"qa"}

# "Using --edit to modify objects before creation": the file is written as
# on the page; opening it in an editor the playground cannot do.
$ kubectl delete service my-svc
service "my-svc" deleted

$ kubectl create service clusterip my-svc --clusterip="None" -o yaml --dry-run=client > /tmp/srv.yaml

$ cat /tmp/srv.yaml
apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: my-svc
  name: my-svc
spec:
  clusterIP: None
  selector:
    app: my-svc
  type: ClusterIP
status:
  loadBalancer: {}

$ kubectl create --edit -f /tmp/srv.yaml
error: (playground) kubectl create --edit runs $KUBE_EDITOR (else $EDITOR, else vi), and this terminal has no interactive editor: give a command that edits the file, e.g. KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl create --edit …, or use the page's editor
