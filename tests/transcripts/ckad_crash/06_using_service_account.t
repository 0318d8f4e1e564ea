# bmuschko/ckad-crash-course, exercises/06-using-service-account, the
# solution's commands in order.
$ kubectl create serviceaccount backend-team
serviceaccount/backend-team created

# Since v1.24 no token Secret is made for a service account: the
# solution's `secrets:` list (and selfLink) are gone.
$ kubectl get serviceaccount backend-team -o yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  creationTimestamp: "2025-01-01T00:00:02Z"
  name: backend-team
  namespace: default
  resourceVersion: "374"
  uid: f9cd1bd1-00cf-4d95-9e71-fd65f18bf8ba

$ kubectl run backend --image=nginx --restart=Never --overrides='{ "spec": { "serviceAccountName": "backend-team" } }'
pod/backend created

$ sim settle
settled after 5 steps and 4s of virtual time

# The token is now a bound one the kubelet requests (audience, expiry,
# the pod and node it is bound to), not the Secret's legacy token.
$ kubectl exec -it backend -- /bin/sh

$ cat /var/run/secrets/kubernetes.io/serviceaccount/token
eyJhbGciOiJSUzI1NiIsImtpZCI6ImxUNWh1RGtoZmhzTDhyZDI3ZWU2R296OXc4MXBZRERlZUNYbXJ5Y0dRamMifQ.eyJhdWQiOlsiaHR0cHM6Ly9rdWJlcm5ldGVzLmRlZmF1bHQuc3ZjLmNsdXN0ZXIubG9jYWwiXSwiZXhwIjoxNzY3MjI1NjAyLCJpYXQiOjE3MzU2ODk2MDIsImlzcyI6Imh0dHBzOi8va3ViZXJuZXRlcy5kZWZhdWx0LnN2Yy5jbHVzdGVyLmxvY2FsIiwianRpIjoiNzFjMThkMTgtMmMzNy03NTJhLTE1ODAtY2NhZTBhYjc3YTFiIiwia3ViZXJuZXRlcy5pbyI6eyJuYW1lc3BhY2UiOiJkZWZhdWx0Iiwibm9kZSI6eyJuYW1lIjoia3ViZXBsYXktd29ya2VyIiwidWlkIjoiNjc3NWRjNzctMDE1Ni00ZjYxLTlhZmMtZDQ0ZDE0Y2Y4YmZlIn0sInBvZCI6eyJuYW1lIjoiYmFja2VuZCIsInVpZCI6IjMyMWE2M2Q1LTQwOGMtNGE4NC1hYjAwLWNjNDBmNWVjZDhlYiJ9LCJzZXJ2aWNlYWNjb3VudCI6eyJuYW1lIjoiYmFja2VuZC10ZWFtIiwidWlkIjoiZjljZDFiZDEtMDBjZi00ZDk1LTllNzEtZmQ2NWYxOGJmOGJhIn0sIndhcm5hZnRlciI6MTczNTY5MzIwOX0sIm5iZiI6MTczNTY4OTYwMiwic3ViIjoic3lzdGVtOnNlcnZpY2VhY2NvdW50OmRlZmF1bHQ6YmFja2VuZC10ZWFtIn0.drcL4-U9X_EiCJjQQCalF_I8TYxkupgQrZTl4YTnc-ZUDsbpWkaJnGNREonmwnvh2rohzxOhMHbvvUoXYKNVAACUoUTY2NJiuD9reW313v3Q3Pp2epwLlQzJ5dGqPSckSDxtcKK6e0aWOwLbb1GNpoZruKB4tH7QqD-3l1NlbrsP4iVrbdC7qoz9rBT3iygbyITxBlW4-03ijix7prRosto8buM4pTZBZhy1Ssrwy45uaGfQriu8L_X-0A-CyRU5bTTNjVsyJVS30I01niXPpFuobiQnMB-0i4BrufD4zn4CqVhBHKZxJZ1jlujKsbr1Qj5blhYZGzq_66A56xUvuQ

$ exit
