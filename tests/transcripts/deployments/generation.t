# metadata.generation counts spec and annotation changes (upstream
# deploymentStrategy.PrepareForUpdate); the controller's own writes (the
# revision annotation, status) go through the status endpoint and bump
# nothing, so one rollout is one generation.
$ kubectl create deployment web --image=nginx:1.14.2 --replicas=2
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl set image deployment/web nginx=nginx:1.16.1
deployment.apps/web image updated

$ sim settle
settled after 47 steps and 9s of virtual time

$ kubectl get deploy web -o jsonpath='{.metadata.generation} {.status.observedGeneration} {.metadata.annotations.deployment\.kubernetes\.io/revision}{"\n"}'
2 2 2

$ kubectl annotate deployment web team=blue
deployment.apps/web annotated

$ kubectl get deploy web -o jsonpath='{.metadata.generation} {.status.observedGeneration}{"\n"}'
3 2

$ kubectl rollout status deployment/web --watch=false
Waiting for deployment spec update to be observed...

$ kubectl label deployment web tier=front
deployment.apps/web labeled

$ sim settle
settled after 3 steps and 0s of virtual time

$ kubectl get deploy web -o jsonpath='{.metadata.generation} {.status.observedGeneration}{"\n"}'
3 3

$ kubectl rollout status deployment/web --watch=false
deployment "web" successfully rolled out

$ kubectl get rs -l app=web -o jsonpath='{range .items[*]}{.metadata.annotations.deployment\.kubernetes\.io/revision} {.metadata.annotations.team}{"\n"}{end}'
2 blue
1
