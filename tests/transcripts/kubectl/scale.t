$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl scale deployment web --replicas=4
deployment.apps/web scaled

$ kubectl scale deployment/web --replicas=4 --current-replicas=2
error: Expected replicas to be 2, was 4

$ kubectl scale deployment/web --replicas=1 --current-replicas=4
deployment.apps/web scaled

$ kubectl scale deployment web --replicas=3 --dry-run=client -o jsonpath='{.spec.replicas}'
1

$ kubectl scale deployment web --replicas=3 -o name
deployment.apps/web

$ kubectl scale deployment web --replicas=2 --timeout=2m
deployment.apps/web scaled

$ kubectl get deployment web -o jsonpath='{.status.replicas}'
2

$ kubectl scale deployment web
error: required flag(s) "replicas" not set

$ kubectl scale deployment web --replicas=-1
error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0

$ kubectl scale deployment nope --replicas=1
Error from server (NotFound): deployments.apps "nope" not found

$ kubectl run p --image=nginx
pod/p created

$ kubectl scale pod p --replicas=2
Error from server (NotFound): the server could not find the requested resource

$ kubectl autoscale deployment web --min=2 --max=5 --cpu-percent=60
horizontalpodautoscaler.autoscaling/web autoscaled

$ kubectl get hpa web -o jsonpath='{.spec.minReplicas} {.spec.maxReplicas} {.spec.metrics[0].resource.target.averageUtilization}'
2 5 60

$ kubectl autoscale deployment web --max=5
Error from server (AlreadyExists): horizontalpodautoscalers.autoscaling "web" already exists

$ kubectl autoscale deployment web --max=3 --name=web-small --dry-run=client -o yaml
apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: null
  name: web-small
spec:
  maxReplicas: 3
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
status:
  currentReplicas: 0
  desiredReplicas: 0

$ kubectl autoscale deployment web --min=3 --max=2
error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 3

$ kubectl autoscale deployment web
error: required flag(s) "max" not set

$ kubectl autoscale pod p --max=3
error: cannot autoscale a Pod: could not find scale subresource for /v1, Resource=pods in discovery information

$ kubectl scale deployment web --replicas=2 --current-replicas=-2
error: The --current-replicas must specify an integer of -1 or greater

$ kubectl scale deployment web --replicas=2 -l app=x
error: name cannot be provided when a selector is specified

$ kubectl scale --replicas=2
error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'

$ kubectl api-versions extra
error: unexpected arguments: [extra]
See 'kubectl api-versions -h' for help and examples

$ kubectl api-resources extra
error: unexpected arguments: [extra]
See 'kubectl api-resources -h' for help and examples

$ kubectl api-resources -o json
error: --output json is not available
