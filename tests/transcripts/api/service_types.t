# Changing a Service's type: what the old type had allocated and the new
# one does not use goes (the registry's dropTypeDependentFields), what the
# new one needs is allocated.
$ kubectl create service nodeport web --tcp=80:8080 --node-port=30080
service/web created

$ kubectl get service web -o jsonpath='{.spec.type} {.spec.clusterIP} {.spec.ports[0].nodePort} {.spec.externalTrafficPolicy}'
NodePort 10.100.6.229 30080 Cluster

$ kubectl patch service web -p '{"spec":{"type":"ClusterIP"}}'
service/web patched

$ kubectl get service web -o jsonpath='{.spec.type} {.spec.clusterIP} [{.spec.ports[0].nodePort}] [{.spec.externalTrafficPolicy}]'
ClusterIP 10.100.6.229 [] []

$ kubectl patch service web -p '{"spec":{"type":"NodePort"}}'
service/web patched

$ kubectl get service web -o jsonpath='{.spec.type} {.spec.clusterIP} {.spec.ports[0].nodePort} {.spec.externalTrafficPolicy}'
NodePort 10.100.6.229 32215 Cluster

# A node port the client also sets on the way to ClusterIP is refused.
$ kubectl patch service web -p '{"spec":{"type":"ClusterIP","ports":[{"port":80,"nodePort":30081}]}}'
The Service "web" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'

$ kubectl patch service web -p '{"spec":{"type":"LoadBalancer"}}'
service/web patched

$ kubectl get service web
NAME   TYPE           CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE
web    LoadBalancer   10.100.6.229   <pending>     80:32215/TCP   0s

$ kubectl patch service web -p '{"spec":{"type":"ExternalName","externalName":"example.com"}}'
service/web patched

$ kubectl get service web -o jsonpath='{.spec.type} [{.spec.clusterIP}] [{.spec.ipFamilies}] [{.spec.ports[0].nodePort}] [{.status.loadBalancer}]'
ExternalName [] [] [] [{}]

$ kubectl patch service web -p '{"spec":{"type":"ClusterIP","externalName":null}}'
service/web patched

$ kubectl get service web
NAME   TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)   AGE
web    ClusterIP   10.107.77.184   <none>        80/TCP    0s
