$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl wait --for=condition=Available deployment/web --timeout=2m
deployment.apps/web condition met

$ kubectl wait --for=condition=available=false deployment/web --timeout=10s
error: timed out waiting for the condition on deployments/web

$ kubectl run p --image=nginx
pod/p created

$ kubectl wait --for=condition=Ready pod/p
pod/p condition met

$ kubectl wait --for=jsonpath='{.status.phase}'=Running pod/p
pod/p condition met

$ kubectl wait --for=jsonpath='{.status.phase}'=Succeeded pod/p --timeout=5s
error: timed out waiting for the condition on pods/p

$ kubectl wait --for=delete pod/p --timeout=5s
error: timed out waiting for the condition on pods/p

$ kubectl delete pod p --wait=false
pod "p" deleted

$ kubectl wait --for=delete pod/p --timeout=2m
pod/p condition met

$ kubectl wait --for=delete pod/never-existed

$ kubectl wait --for=condition=Ready pod/never-existed
Error from server (NotFound): pods "never-existed" not found

$ kubectl wait --for=condition=Ready pods -l app=none
error: no matching resources found

$ kubectl wait --for=sunshine pod/p
error: unrecognized condition: "sunshine"

$ kubectl wait --for=jsonpath='{.status.phase' pod/p
error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'

# A filter's `==` is part of the expression, not the separator.
$ kubectl wait --for=jsonpath='{.status.conditions[?(@.type=="Available")].status}'=True deployment/web
deployment.apps/web condition met

$ kubectl wait --for=jsonpath='{.status.conditions[*].type}'=Available deployment/web
error: given jsonpath expression matches more than one value

$ kubectl wait --for=jsonpath='{.status.readyReplicas}'= deployment/web
error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3

# A zero timeout checks once.
$ kubectl wait --for=condition=available=false deployment/web --timeout=0
error: condition not met for deployments/web

# --for=create polls until the object exists; its timeout names none.
$ kubectl wait --for=create configmap/later --timeout=5s
error: timed out waiting for the condition
