# nginx answers 403 for a web root without index.html and 404 for a
# missing file, with the status line: curl -i shows it, curl -f fails
# with 22, busybox wget stops at the status line (exit 1), and the API
# server's proxy and a port-forward pass it on.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl expose deployment web --port=80
service/web exposed

$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl run c --image=curlimages/curl -- sleep 3600
pod/c created

$ sim settle
settled after 35 steps and 7s of virtual time

$ kubectl exec deploy/web -- rm /usr/share/nginx/html/index.html

$ kubectl exec c -- curl -si http://web
HTTP/1.1 403 Forbidden
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:09 GMT
Content-Type: text/html
Content-Length: 153
Connection: keep-alive

<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>nginx/1.29.1</center>
</body>
</html>

$ kubectl exec c -- curl -si http://web/missing.html
HTTP/1.1 404 Not Found
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:09 GMT
Content-Type: text/html
Content-Length: 153
Connection: keep-alive

<html>
<head><title>404 Not Found</title></head>
<body>
<center><h1>404 Not Found</h1></center>
<hr><center>nginx/1.29.1</center>
</body>
</html>

$ kubectl exec c -- curl -sf http://web/missing.html
command terminated with exit code 22

$ kubectl exec bb -- wget -q -O - http://web
wget: server returned error: HTTP/1.1 403 Forbidden
command terminated with exit code 1

$ kubectl exec bb -- wget -S -O - http://web/x
Connecting to web (10.107.77.184:80)
  HTTP/1.1 404 Not Found
wget: server returned error: HTTP/1.1 404 Not Found
command terminated with exit code 1

$ kubectl proxy &
[1] 2718
Starting to serve on 127.0.0.1:8001

$ curl -si localhost:8001/api/v1/namespaces/default/services/web/proxy/
HTTP/1.1 403 Forbidden
Audit-Id: 4ac0850f-df7d-4f24-aaa0-a578b1299c43
Content-Length: 153
Content-Type: text/html
Date: Wed, 01 Jan 2025 00:00:09 GMT
Server: nginx/1.29.1

<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>nginx/1.29.1</center>
</body>
</html>

$ kubectl port-forward svc/web 8080:80 &
[2] 2720
Forwarding from 127.0.0.1:8080 -> 80
Forwarding from [::1]:8080 -> 80
(playground) the forward runs in the background, as kubectl port-forward … & would: curl localhost:8080 on this machine reaches pod web-797596b896-422k9; it ends when the pod does

$ curl -si localhost:8080/
Handling connection for 8080
HTTP/1.1 403 Forbidden
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:09 GMT
Content-Type: text/html
Content-Length: 153
Connection: keep-alive

<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>nginx/1.29.1</center>
</body>
</html>

$ wget -qO- localhost:8080/
Handling connection for 8080

$ kubectl exec deploy/web -- sh -c 'echo hello > /usr/share/nginx/html/index.html'

$ kubectl exec c -- curl -si http://web
HTTP/1.1 200 OK
Server: nginx/1.29.1
Date: Wed, 01 Jan 2025 00:00:09 GMT
Content-Type: text/html
Content-Length: 6
Connection: keep-alive
Accept-Ranges: bytes

hello

$ kubectl exec bb -- wget -qO- http://web
hello

$ curl -s localhost:8080/
Handling connection for 8080
hello
