# kubernetes.io's "Connecting Applications with Services", line by line:
# two nginx pods, a Service in front of them, the environment variables
# that only pods started after the Service get, and its DNS name.
$ kubectl apply -f - <<'EOF'
# service/networking/run-my-nginx.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-nginx
spec:
  selector:
    matchLabels:
      run: my-nginx
  replicas: 2
  template:
    metadata:
      labels:
        run: my-nginx
    spec:
      containers:
      - name: my-nginx
        image: nginx
        ports:
        - containerPort: 80
EOF
deployment.apps/my-nginx created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get pods -l run=my-nginx -o wide
NAME                        READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
my-nginx-5f69b5d57f-2bcp5   1/1     Running   0          4s    10.244.3.2   kubeplay-worker3   <none>           <none>
my-nginx-5f69b5d57f-jjhv7   1/1     Running   0          4s    10.244.1.2   kubeplay-worker    <none>           <none>

$ kubectl get pods -l run=my-nginx -o custom-columns=POD_IP:.status.podIPs
POD_IP
[map[ip:10.244.3.2]]
[map[ip:10.244.1.2]]

$ kubectl expose deployment/my-nginx
service/my-nginx exposed

$ sim settle
settled after 2 steps and 0s of virtual time

$ kubectl get svc my-nginx
NAME       TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE
my-nginx   ClusterIP   10.110.67.47   <none>        80/TCP    0s

# Labels: <none>, not the page's run=my-nginx: expose copies the
# Deployment's own labels, and apps/v1 no longer fills them from the
# pod template.
$ kubectl describe svc my-nginx
Name:                     my-nginx
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 run=my-nginx
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.110.67.47
IPs:                      10.110.67.47
Port:                     <unset>  80/TCP
TargetPort:               80/TCP
Endpoints:                10.244.3.2:80,10.244.1.2:80
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>

$ kubectl get endpointslices -l kubernetes.io/service-name=my-nginx
NAME             ADDRESSTYPE   PORTS   ENDPOINTS               AGE
my-nginx-m52qt   IPv4          80      10.244.3.2,10.244.1.2   0s

# The pods started before the Service: only kubernetes' variables.
$ kubectl exec my-nginx-5f69b5d57f-2bcp5 -- printenv | grep SERVICE
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443

# The page's two scales on one line: a real controller deletes the pods
# between them, while the playground runs both at one instant, so here
# they are two lines with a step of time between.
$ kubectl scale deployment my-nginx --replicas=0
deployment.apps/my-nginx scaled

$ sim settle
settled after 18 steps and 0s of virtual time

$ kubectl scale deployment my-nginx --replicas=2
deployment.apps/my-nginx scaled

$ sim settle
settled after 30 steps and 2s of virtual time

$ kubectl get pods -l run=my-nginx -o wide
NAME                        READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
my-nginx-5f69b5d57f-2nwpc   1/1     Running   0          2s    10.244.3.3   kubeplay-worker3   <none>           <none>
my-nginx-5f69b5d57f-9g7ff   1/1     Running   0          2s    10.244.1.3   kubeplay-worker    <none>           <none>

$ kubectl exec my-nginx-5f69b5d57f-2nwpc -- printenv | grep SERVICE
KUBERNETES_SERVICE_HOST=10.96.0.1
KUBERNETES_SERVICE_PORT=443
KUBERNETES_SERVICE_PORT_HTTPS=443
MY_NGINX_SERVICE_HOST=10.110.67.47
MY_NGINX_SERVICE_PORT=80

$ kubectl get services kube-dns --namespace=kube-system
NAME       TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE
kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   8s

$ kubectl run -i --tty --image busybox:1.37 dns-test --restart=Never --rm
If you don't see a command prompt, try pressing enter.

$ nslookup my-nginx
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	my-nginx.default.svc.cluster.local
Address: 10.110.67.47

** server can't find my-nginx.svc.cluster.local: NXDOMAIN

** server can't find my-nginx.cluster.local: NXDOMAIN


** server can't find my-nginx.svc.cluster.local: NXDOMAIN

** server can't find my-nginx.cluster.local: NXDOMAIN

$ wget -qO- my-nginx | head -4
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>

$ exit
pod "dns-test" deleted

$ kubectl run curl --image=radial/busyboxplus:curl -i --tty --rm
If you don't see a command prompt, try pressing enter.

$ nslookup my-nginx
Server:    10.96.0.10
Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local

Name:      my-nginx
Address 1: 10.110.67.47 my-nginx.default.svc.cluster.local

$ curl -s my-nginx | grep title
<title>Welcome to nginx!</title>

$ exit
Session ended, resume using 'kubectl attach curl -c curl -i -t' command when the pod is running
pod "curl" deleted

# The TLS part starts on the reader's machine: make keys (or openssl)
# writes the key pair, which the playground cannot. The page's manual
# Secret, with its placeholders left in, is not base64.
$ kubectl apply -f - <<'EOF'
apiVersion: "v1"
kind: "Secret"
metadata:
  name: "nginxsecret"
  namespace: "default"
type: kubernetes.io/tls
data:
 # NOTE: Replace the following values with your own base64-encoded certificate and key.
  tls.crt: "REPLACE_WITH_BASE64_CERT" 
  tls.key: "REPLACE_WITH_BASE64_KEY"
EOF
Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 7

$ kubectl get secrets
No resources found in default namespace.

$ kubectl delete deployments,svc my-nginx; kubectl apply -f - <<'EOF'
# service/networking/nginx-secure-app.yaml
---
{
  apiVersion: "v1",
  kind: "Service",
  metadata: {
    name: "my-nginx",
    labels: {
      run: "my-nginx",
    },
  },
  spec: {
    type: "NodePort",
    ports: [{
      port: 8080,
      targetPort: 80,
      protocol: "TCP",
      name: "http",
    }, {
      port: 443,
      protocol: "TCP",
      name: "https",
    }],
    selector: {
      run: "my-nginx",
    },
  },
}
---
{
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: {
    name: "my-nginx",
  },
  spec: {
    selector: {
      matchLabels: {
        run: "my-nginx",
      },
    },
    replicas: 1,
    template: {
      metadata: {
        labels: {
          run: "my-nginx",
        },
      },
      spec: {
        volumes: [{
          name: "secret-volume",
          secret: {
            secretName: "nginxsecret",
          },
        }, {
          name: "configmap-volume",
          configMap: {
            name: "nginxconfigmap",
          },
        }],
        containers: [{
          name: "nginxhttps",
          image: "bprashanth/nginxhttps:1.0",
          ports: [{
            containerPort: 443,
          }, {
            containerPort: 80,
          }],
          volumeMounts: [{
            mountPath: "/etc/nginx/ssl",
            name: "secret-volume",
          }, {
            mountPath: "/etc/nginx/conf.d",
            name: "configmap-volume",
          }],
        }],
      },
    },
  },
}
EOF
deployment.apps "my-nginx" deleted
service "my-nginx" deleted
service/my-nginx created
deployment.apps/my-nginx created

# Without the Secret and the ConfigMap the pod waits for its volumes.
$ sim settle
settled after 29 steps and 0s of virtual time

$ kubectl get pods -l run=my-nginx
NAME                        READY   STATUS              RESTARTS   AGE
my-nginx-558f6df87b-xrjml   0/1     ContainerCreating   0          0s

$ kubectl get svc my-nginx -o yaml | grep nodePort -C 5
  ipFamilies:
  - IPv4
  ipFamilyPolicy: SingleStack
  ports:
  - name: http
    nodePort: 32257
    port: 8080
    protocol: TCP
    targetPort: 80
  - name: https
    nodePort: 31752
    port: 443
    protocol: TCP
    targetPort: 443
  selector:
    run: my-nginx

# kind's nodes have only InternalIPs.
$ kubectl get nodes -o yaml | grep ExternalIP -C 1

# The page's "kubectl edit svc my-nginx", changing type to LoadBalancer.
$ kubectl patch svc my-nginx -p '{"spec":{"type":"LoadBalancer"}}'
service/my-nginx patched

$ sim settle
settled after 8 steps and 3s of virtual time

# The playground's kind hands out addresses from the node network, as
# cloud-provider-kind does (without one, EXTERNAL-IP stays <pending>).
$ kubectl get svc my-nginx
NAME       TYPE           CLUSTER-IP   EXTERNAL-IP      PORT(S)                        AGE
my-nginx   LoadBalancer   10.98.67.9   172.18.255.200   8080:32257/TCP,443:31752/TCP   3s
