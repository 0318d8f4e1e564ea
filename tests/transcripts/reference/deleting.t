# kubernetes.io's kubectl Quick Reference, "Deleting resources", line by
# line on the playground's kind cluster, with the pods, services and
# namespaces the page names made first.
$ kubectl run mypod --image=nginx
pod/mypod created

$ kubectl get pod mypod -o json > pod.json

$ kubectl delete -f ./pod.json
pod "mypod" deleted

$ kubectl run unwanted --image=nginx
pod/unwanted created

$ kubectl delete pod unwanted --now
pod "unwanted" deleted

$ kubectl run baz --image=nginx
pod/baz created

$ kubectl run foo --image=nginx
pod/foo created

$ kubectl create service clusterip baz --tcp=80
service/baz created

$ kubectl create service clusterip foo --tcp=80
service/foo created

# Each type with each name: pods first, then services.
$ kubectl delete pod,service baz foo
pod "baz" deleted
pod "foo" deleted
service "baz" deleted
service "foo" deleted

$ kubectl run labelled --image=nginx -l name=myLabel
pod/labelled created

$ kubectl create service clusterip labelled --tcp=80
service/labelled created

$ kubectl label service labelled name=myLabel
service/labelled labeled

$ kubectl delete pods,services -l name=myLabel
pod "labelled" deleted
service "labelled" deleted

$ kubectl create namespace my-ns
namespace/my-ns created

$ kubectl -n my-ns run a --image=nginx
pod/a created

$ kubectl -n my-ns create service clusterip s --tcp=80
service/s created

$ kubectl -n my-ns delete pod,svc --all
pod "a" deleted
service "s" deleted

$ kubectl create namespace mynamespace
namespace/mynamespace created

$ kubectl -n mynamespace run pattern1-a --image=nginx
pod/pattern1-a created

$ kubectl -n mynamespace run pattern2-b --image=nginx
pod/pattern2-b created

$ kubectl -n mynamespace run other --image=nginx
pod/other created

$ kubectl get pods  -n mynamespace --no-headers=true | awk '/pattern1|pattern2/{print $1}' | xargs  kubectl delete -n mynamespace pod
pod "pattern1-a" deleted
pod "pattern2-b" deleted

$ kubectl get pods -n mynamespace -o name
pod/other
