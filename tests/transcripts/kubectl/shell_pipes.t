# The terminal's shell: kubectl's stdout piped through text tools, as
# tutorials write it. Expected tool outputs were checked against bash with
# GNU grep, coreutils and gawk over the same kubectl output.
$ kubectl create deployment nginx --image=nginx --replicas=2
deployment.apps/nginx created

$ kubectl create deployment web --image=httpd --replicas=3
deployment.apps/web created

$ sim settle
settled after 53 steps and 7s of virtual time

$ kubectl get pods | grep nginx
nginx-76f77dbcc8-nxlbt   1/1     Running   0          7s
nginx-76f77dbcc8-sd6f6   1/1     Running   0          7s

$ kubectl get pods|grep -c Running
5

$ kubectl get pods | grep -v NAME | grep -E '^(web|nginx)-' | wc -l
5

$ kubectl describe pod -l app=nginx | grep -i image:
    Image:          nginx
    Image:          nginx

$ kubectl api-resources | grep -i crd
customresourcedefinitions           crd,crds     apiextensions.k8s.io/v1           false        CustomResourceDefinition

$ kubectl api-resources | egrep -w 'pods|services'
pods                                po           v1                                true         Pod
services                            svc          v1                                true         Service

$ kubectl get pods -A | head -5
NAMESPACE            NAME                                             READY   STATUS    RESTARTS   AGE
default              nginx-76f77dbcc8-nxlbt                           1/1     Running   0          7s
default              nginx-76f77dbcc8-sd6f6                           1/1     Running   0          7s
default              web-6c58f5f7b-5drg4                              1/1     Running   0          7s
default              web-6c58f5f7b-gtx98                              1/1     Running   0          7s

$ kubectl get pods --no-headers | wc -l
5

$ kubectl get pods --no-headers | wc
      5      25     250

$ kubectl get events | tail -3
7s          Normal   SuccessfulCreate    replicaset/web-6c58f5f7b      Created pod: web-6c58f5f7b-gtx98
7s          Normal   SuccessfulCreate    replicaset/web-6c58f5f7b      Created pod: web-6c58f5f7b-jrv7s
7s          Normal   ScalingReplicaSet   deployment/web                Scaled up replica set web-6c58f5f7b from 0 to 3

$ kubectl get events --no-headers | tail -n +20 | wc -l
13

$ kubectl get pods -o wide | awk '{print $1, $7}'
NAME NODE
nginx-76f77dbcc8-nxlbt kubeplay-worker
nginx-76f77dbcc8-sd6f6 kubeplay-worker3
web-6c58f5f7b-5drg4 kubeplay-worker
web-6c58f5f7b-gtx98 kubeplay-worker3
web-6c58f5f7b-jrv7s kubeplay-worker2

$ kubectl get pods -A --no-headers | awk '{print $1}' | sort | uniq -c
      5 default
     14 kube-system
      1 local-path-storage

$ kubectl get pods -A --no-headers | awk '$1 == "kube-system" {print $2}' | sort -r | head -3
kube-scheduler-kubeplay-control-plane
kube-proxy-rm9bv
kube-proxy-mmqvt

$ kubectl get pods -o name | sort | cut -d/ -f2 | cut -c1-8 | uniq -c
      2 nginx-76
      3 web-6c58

$ kubectl get nodes --no-headers | cut -d' ' -f1 | tr a-z A-Z
KUBEPLAY-CONTROL-PLANE
KUBEPLAY-WORKER
KUBEPLAY-WORKER2
KUBEPLAY-WORKER3

$ kubectl get nodes | column -t
NAME                    STATUS  ROLES          AGE  VERSION
kubeplay-control-plane  Ready   control-plane  9s   v1.32.0
kubeplay-worker         Ready   <none>         9s   v1.32.0
kubeplay-worker2        Ready   <none>         9s   v1.32.0
kubeplay-worker3        Ready   <none>         9s   v1.32.0

$ kubectl get deploy nginx -o yaml | less | grep -A2 'strategy:'
  strategy:
    rollingUpdate:
      maxSurge: 25%

$ kubectl get deploy -o jsonpath='{range .items[*]}{.metadata.name} {.spec.replicas}{"\n"}{end}' | sort -k2 -n
nginx 2
web 3

$ kubectl create secret generic db --from-literal=password=s3cr3t
secret/db created

$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d
s3cr3t

$ kubectl get secret db -o jsonpath='{.data.password}' | base64 --decode | wc -c
6

$ echo -n admin | base64
YWRtaW4=

$ printf '%s\n' c a b | sort
a
b
c

$ kubectl create deployment api --image=nginx --dry-run=client -o yaml | kubectl apply -f -
deployment.apps/api created

$ kubectl get pods | grep nope

$ kubectl get pods | grep '\(web'
grep: Unmatched ( or \(

$ kubectl get pods -n nowhere | wc -l
No resources found in nowhere namespace.
0

$ kubectl get pods | sed 1d
nginx-76f77dbcc8-nxlbt   1/1     Running   0          7s
nginx-76f77dbcc8-sd6f6   1/1     Running   0          7s
web-6c58f5f7b-5drg4      1/1     Running   0          7s
web-6c58f5f7b-gtx98      1/1     Running   0          7s
web-6c58f5f7b-jrv7s      1/1     Running   0          7s

$ kubectl get pods | xargs echo
NAME READY STATUS RESTARTS AGE nginx-76f77dbcc8-nxlbt 1/1 Running 0 7s nginx-76f77dbcc8-sd6f6 1/1 Running 0 7s web-6c58f5f7b-5drg4 1/1 Running 0 7s web-6c58f5f7b-gtx98 1/1 Running 0 7s web-6c58f5f7b-jrv7s 1/1 Running 0 7s

$ kubectl get pods | awk 'BEGIN {n = 0} {n++}'
awk: (playground) only programs of print/printf rules, each with an optional condition (NR>1, $3=="Running", /regex/), are supported here

$ kubectl get pods ; kubectl get svc
NAME                     READY   STATUS    RESTARTS   AGE
nginx-76f77dbcc8-nxlbt   1/1     Running   0          7s
nginx-76f77dbcc8-sd6f6   1/1     Running   0          7s
web-6c58f5f7b-5drg4      1/1     Running   0          7s
web-6c58f5f7b-gtx98      1/1     Running   0          7s
web-6c58f5f7b-jrv7s      1/1     Running   0          7s
NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   9s

$ kubectl get pods > pods.txt

$ kubectl get pods |
error: syntax error: unexpected end of file
