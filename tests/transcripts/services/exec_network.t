# kubectl exec runs the tutorials' connectivity checks — busybox wget and
# nslookup, curl — in the simulated network: CoreDNS answers, kube-proxy
# picks a backend (the same draws sim curl makes) and NetworkPolicies drop
# what they do not allow. The output is the real tools'; a check that would
# wait for a timeout reports it without spending virtual time.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ kubectl run client --image=busybox --labels=role=client -- sleep 3600
pod/client created

$ kubectl run curler --image=curlimages/curl -- sleep 3600
pod/curler created

$ kubectl run other --image=curlimages/curl -- sleep 3600
pod/other created

$ kubectl run tools --image=nicolaka/netshoot -- sleep 3600
pod/tools created

$ sim settle
settled after 58 steps and 9s of virtual time

$ kubectl exec client -- wget -qO- --timeout=2 http://web
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>

$ kubectl exec client -- wget -O- http://web
Connecting to web (10.107.77.184:80)
writing to stdout
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
-                    100% |********************************|   615  0:00:00 ETA
written to stdout

$ kubectl exec client -- wget -q --spider -S http://web
  HTTP/1.1 200 OK
  Server: nginx/1.29.1
  Date: Wed, 01 Jan 2025 00:00:11 GMT
  Content-Type: text/html
  Content-Length: 615
  Connection: close
  Accept-Ranges: bytes

$ kubectl exec curler -- curl -s -o /dev/null -w '%{http_code}\n' web
200

$ kubectl exec curler -- curl -sI web
HTTP/1.1 200 OK
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:11 GMT
Content-Type: text/html
Content-Length: 615
Connection: keep-alive
Accept-Ranges: bytes

# busybox's nslookup asks under every search domain, A then AAAA, and
# exits 1 because some of them answer NXDOMAIN.
$ kubectl exec client -- nslookup web
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	web.default.svc.cluster.local
Address: 10.107.77.184

** server can't find web.svc.cluster.local: NXDOMAIN

** server can't find web.cluster.local: NXDOMAIN


** server can't find web.svc.cluster.local: NXDOMAIN

** server can't find web.cluster.local: NXDOMAIN

command terminated with exit code 1

$ kubectl exec client -- nslookup web.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	web.default.svc.cluster.local
Address: 10.107.77.184

$ kubectl exec client -- nslookup nope
Server:		10.96.0.10
Address:	10.96.0.10:53

** server can't find nope.default.svc.cluster.local: NXDOMAIN

** server can't find nope.svc.cluster.local: NXDOMAIN

** server can't find nope.cluster.local: NXDOMAIN

** server can't find nope.default.svc.cluster.local: NXDOMAIN

** server can't find nope.svc.cluster.local: NXDOMAIN

** server can't find nope.cluster.local: NXDOMAIN

command terminated with exit code 1

# BIND's nslookup (netshoot, agnhost) stops at the first name that answers.
$ kubectl exec tools -- nslookup web
Server:		10.96.0.10
Address:	10.96.0.10#53

Name:	web.default.svc.cluster.local
Address: 10.107.77.184

$ kubectl exec tools -- nslookup nope
Server:		10.96.0.10
Address:	10.96.0.10#53

** server can't find nope: NXDOMAIN

command terminated with exit code 1

# A name that resolves nowhere.
$ kubectl exec client -- wget -qO- http://nope
wget: bad address 'nope'
command terminated with exit code 1

$ kubectl exec curler -- curl -sS nope
curl: (6) Could not resolve host: nope
command terminated with exit code 6

# A headless Service resolves to the ready pods' addresses.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web-headless
spec:
  clusterIP: None
  selector:
    app: web
  ports:
  - port: 80
EOF
service/web-headless created

$ kubectl exec client -- nslookup web-headless.default.svc.cluster.local
Server:		10.96.0.10
Address:	10.96.0.10:53

Name:	web-headless.default.svc.cluster.local
Address: 10.244.2.3
Name:	web-headless.default.svc.cluster.local
Address: 10.244.3.4

$ kubectl exec client -- wget -O- web-headless
Connecting to web-headless (10.244.2.3:80)
writing to stdout
<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
-                    100% |********************************|   615  0:00:00 ETA
written to stdout

# Pod addresses: a web pod answers; the client pod listens on nothing, so
# its kernel refuses.
$ kubectl get pods -o wide
NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE               NOMINATED NODE   READINESS GATES
client                 1/1     Running   0          9s    10.244.1.2   kubeplay-worker    <none>           <none>
curler                 1/1     Running   0          9s    10.244.3.2   kubeplay-worker3   <none>           <none>
other                  1/1     Running   0          9s    10.244.3.3   kubeplay-worker3   <none>           <none>
tools                  1/1     Running   0          9s    10.244.1.3   kubeplay-worker    <none>           <none>
web-797596b896-jrv7s   1/1     Running   0          9s    10.244.2.3   kubeplay-worker2   <none>           <none>
web-797596b896-sn96l   1/1     Running   0          9s    10.244.3.4   kubeplay-worker3   <none>           <none>

$ kubectl exec curler -- curl -s -o /dev/null -w '%{http_code}\n' 10.244.2.3
200

$ kubectl exec curler -- curl -sS 10.244.1.2
curl: (7) Failed to connect to 10.244.1.2 port 80 after 0 ms: Couldn't connect to server
command terminated with exit code 7

# In the nginx pod itself, localhost is nginx.
$ kubectl exec deploy/web -- curl -s -o /dev/null -w '%{http_code}\n' localhost
200

# A Service with no endpoints: kube-proxy rejects the connection.
$ kubectl create service clusterip empty --tcp=80:80
service/empty created

$ kubectl exec client -- wget -qO- empty
wget: can't connect to remote host (10.97.48.55): Connection refused
command terminated with exit code 1

$ kubectl exec curler -- curl -sS empty
curl: (7) Failed to connect to empty port 80 after 0 ms: Couldn't connect to server
command terminated with exit code 7

# A server the playground does not know answers, with nothing to show.
$ kubectl create deployment app --image=example.com/team/app:v1 --port=8080
deployment.apps/app created

$ kubectl expose deployment app --port=80 --target-port=8080
service/app exposed

$ sim settle
settled after 28 steps and 3s of virtual time

$ kubectl exec client -- wget -qO- app
(playground) the simulated server answered 200, but the playground does not know what example.com/team/app:v1 serves

# Only pods labelled run=curler may reach the web pods: the others' packets
# are dropped and their requests time out.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web-from-curler
spec:
  podSelector:
    matchLabels:
      app: web
  ingress:
  - from:
    - podSelector:
        matchLabels:
          run: curler
EOF
networkpolicy.networking.k8s.io/web-from-curler created

$ kubectl exec curler -- curl -s -o /dev/null -w '%{http_code}\n' web
200

$ kubectl exec client -- wget -qO- --timeout=2 http://web
wget: download timed out
command terminated with exit code 1

$ kubectl exec client -- wget -qO- http://web
wget: can't connect to remote host (10.107.77.184): Connection timed out
command terminated with exit code 1

$ kubectl exec other -- curl -sS --connect-timeout 2 web
curl: (28) Failed to connect to web port 80 after 2001 ms: Timeout was reached
command terminated with exit code 28

$ kubectl exec other -- curl -m 2 web
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
  0     0    0     0    0     0      0      0 --:--:--  0:00:02 --:--:--     0
curl: (28) Connection timed out after 2001 milliseconds
command terminated with exit code 28

$ kubectl exec other -- curl -sS web
curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server
command terminated with exit code 28

# An egress policy without a DNS rule: names no longer resolve.
$ kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: client-no-egress
spec:
  podSelector:
    matchLabels:
      role: client
  policyTypes:
  - Egress
EOF
networkpolicy.networking.k8s.io/client-no-egress created

$ kubectl exec client -- nslookup web
;; connection timed out; no servers could be reached

command terminated with exit code 1

$ kubectl exec client -- wget -qO- --timeout=2 web
wget: bad address 'web'
command terminated with exit code 1

# Which programs an image has: busybox has no curl, nginx (Debian) no wget.
$ kubectl exec client -- curl -s web
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "151d22573c8c395d93256f7b4edcc998d441fc84df96d1d2f42e9a2300a3e942": OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in $PATH: unknown

$ kubectl exec deploy/web -- wget -qO- web
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "dc1188cfc1842efac6ab2c3a6b2cdbb11ad90f251dd50e307c0ad6b5aeffad73": OCI runtime exec failed: exec failed: unable to start container process: exec: "wget": executable file not found in $PATH: unknown

# The same tools from a shell script. A program the image lacks is the
# shell's own error (busybox ash, Debian's dash, bash), exit code 127;
# a shell the image lacks is the runtime's.
$ kubectl exec client -- sh -c 'curl -s web || echo no curl'
sh: curl: not found
no curl

$ kubectl exec deploy/web -- sh -c 'wget -qO- web'
sh: 1: wget: not found
command terminated with exit code 127

$ kubectl exec deploy/web -- bash -c 'curl -s -m 2 -o /dev/null -w "%{http_code}\n" web || echo unreachable'
000
unreachable

$ kubectl exec client -- bash -c 'wget -qO- web'
error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "308ab53688e230b9a675cb403301f6919819d1b47ab3088c7ceb3bfd982acc9a": OCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown

# An ephemeral container shares the pod's network, policies included; kubectl
# lists it when it picks the default container.
$ kubectl debug client --image=busybox:1.36 -c debugger -- sleep 3600
--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".

$ sim advance 10s
advanced 10s to 2025-01-01T00:00:25Z (4 steps ran)

$ kubectl exec client -c debugger -- nslookup web
;; connection timed out; no servers could be reached

command terminated with exit code 1

$ kubectl exec client -- hostname
Defaulted container "client" out of: client, debugger (ephem)
client
