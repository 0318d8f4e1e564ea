# `get -w` prints the list, then one row per change while the simulation
# runs on in virtual time (kubectl would keep watching until interrupted).
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl get pods -w
NAME                   READY   STATUS    RESTARTS   AGE
web-797596b896-jjhv7   0/1     Pending   0          0s
web-797596b896-2bcp5   0/1     Pending   0          0s
web-797596b896-jjhv7   0/1     Pending   0          0s
web-797596b896-2bcp5   0/1     Pending   0          0s
web-797596b896-jjhv7   0/1     ContainerCreating   0          0s
web-797596b896-2bcp5   0/1     ContainerCreating   0          0s
web-797596b896-jjhv7   1/1     Running             0          4s
web-797596b896-2bcp5   1/1     Running             0          4s
(playground) stopped watching: the cluster settled after 4s of virtual time; kubectl would keep watching until interrupted

# Nothing left to change: the watch ends at once.
$ kubectl get deployments --watch-only
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl scale deployment web --replicas=1
deployment.apps/web scaled

$ kubectl get pods -w --output-watch-events
EVENT      NAME                   READY   STATUS    RESTARTS   AGE
ADDED      web-797596b896-2bcp5   1/1     Running   0          4s
ADDED      web-797596b896-jjhv7   1/1     Running   0          4s
MODIFIED   web-797596b896-2bcp5   1/1     Terminating   0          4s
MODIFIED   web-797596b896-2bcp5   0/1     Completed     0          4s
DELETED    web-797596b896-2bcp5   0/1     Completed     0          4s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl run p --image=nginx
pod/p created

# A named object: its later changes only, in the first table's columns.
$ kubectl get pod p -w
NAME   READY   STATUS    RESTARTS   AGE
p      0/1     Pending   0          0s
p      0/1     Pending   0          0s
p      0/1     ContainerCreating   0          0s
p      1/1     Running             0          2s
(playground) stopped watching: the cluster settled after 2s of virtual time; kubectl would keep watching until interrupted

$ kubectl label pod p tier=web
pod/p labeled

$ kubectl delete pod p --wait=false
pod "p" deleted

$ kubectl get pods -l tier=web --watch-only --output-watch-events
EVENT      NAME   READY   STATUS      RESTARTS   AGE
MODIFIED   p      0/1     Completed   0          2s
DELETED    p      0/1     Completed   0          2s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted

$ kubectl get pods,services -w
error: watch is only supported on individual resources and resource collections - more than 1 resource was found

$ kubectl get pod nope -w
Error from server (NotFound): pods "nope" not found

$ kubectl get pods -w --no-headers
web-797596b896-jjhv7   1/1   Running   0     6s
(playground) stopped watching: the cluster settled after 0s of virtual time; kubectl would keep watching until interrupted
