# kubernetes.io's tutorial "Explore Termination Behavior for Pods And
# Their Endpoints", line by line. The page's manifest
# (service/pod-with-graceful-termination.yaml) is a here-document.
$ cat <<EOF > pod-with-graceful-termination.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      terminationGracePeriodSeconds: 120 # extra long grace period
      containers:
      - name: nginx
        image: nginx:latest
        ports:
        - containerPort: 80
        lifecycle:
          preStop:
            exec:
              # Real life termination may take any time up to terminationGracePeriodSeconds.
              # In this example - just hang around for at least the duration of terminationGracePeriodSeconds,
              # at 120 seconds container will be forcibly terminated.
              # Note, all this time nginx will keep processing requests.
              command: [
                "/bin/sh", "-c", "sleep 180"
              ]

---

apiVersion: v1
kind: Service
metadata:
  name: nginx-service
spec:
  selector:
    app: nginx
  ports:
    - protocol: TCP
      port: 80
      targetPort: 80
EOF

$ kubectl apply -f pod-with-graceful-termination.yaml
deployment.apps/nginx-deployment created
service/nginx-service created

$ sim settle
settled after 24 steps and 4s of virtual time

$ kubectl get endpointslice
NAME                  ADDRESSTYPE   PORTS   ENDPOINTS    AGE
kubernetes            IPv4          6443    172.18.0.2   6s
nginx-service-2bcp5   IPv4          80      10.244.3.2   4s

$ kubectl get endpointslices -o json -l kubernetes.io/service-name=nginx-service
{
    "apiVersion": "v1",
    "items": [
        {
            "addressType": "IPv4",
            "apiVersion": "discovery.k8s.io/v1",
            "endpoints": [
                {
                    "addresses": [
                        "10.244.3.2"
                    ],
                    "conditions": {
                        "ready": true,
                        "serving": true,
                        "terminating": false
                    },
                    "nodeName": "kubeplay-worker3",
                    "targetRef": {
                        "kind": "Pod",
                        "name": "nginx-deployment-54dcbfdd57-g46q7",
                        "namespace": "default",
                        "uid": "686b2d79-d547-4dbb-816e-f7b4e27a31a8"
                    },
                    "zone": "zone-c"
                }
            ],
            "kind": "EndpointSlice",
            "metadata": {
                "creationTimestamp": "2025-01-01T00:00:02Z",
                "generateName": "nginx-service-",
                "generation": 2,
                "labels": {
                    "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
                    "kubernetes.io/service-name": "nginx-service"
                },
                "name": "nginx-service-2bcp5",
                "namespace": "default",
                "ownerReferences": [
                    {
                        "apiVersion": "v1",
                        "blockOwnerDeletion": true,
                        "controller": true,
                        "kind": "Service",
                        "name": "nginx-service",
                        "uid": "321a63d5-408c-4a84-ab00-cc40f5ecd8eb"
                    }
                ],
                "resourceVersion": "398",
                "uid": "24531e0d-a372-47b6-b8cc-256bf371567b"
            },
            "ports": [
                {
                    "name": "",
                    "port": 80,
                    "protocol": "TCP"
                }
            ]
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}

# kubectl delete waits for the pod to go, which takes the whole grace
# period here (the preStop hook sleeps past it); on the page the next
# commands run meanwhile, in another terminal. --wait=false returns at once.
$ kubectl delete pod nginx-deployment-54dcbfdd57-g46q7 --wait=false
pod "nginx-deployment-54dcbfdd57-g46q7" deleted

$ sim advance 8s
advanced 8s to 2025-01-01T00:00:14Z (23 steps ran)

$ kubectl get pods
NAME                                READY   STATUS        RESTARTS   AGE
nginx-deployment-54dcbfdd57-g46q7   1/1     Terminating   0          12s
nginx-deployment-54dcbfdd57-hq85l   1/1     Running       0          8s

# The old endpoint stays while its pod terminates: not ready, still
# serving (the pod is still Ready), terminating.
$ kubectl get endpointslice -o json nginx-service-2bcp5
{
    "addressType": "IPv4",
    "apiVersion": "discovery.k8s.io/v1",
    "endpoints": [
        {
            "addresses": [
                "10.244.3.2"
            ],
            "conditions": {
                "ready": false,
                "serving": true,
                "terminating": true
            },
            "nodeName": "kubeplay-worker3",
            "targetRef": {
                "kind": "Pod",
                "name": "nginx-deployment-54dcbfdd57-g46q7",
                "namespace": "default",
                "uid": "686b2d79-d547-4dbb-816e-f7b4e27a31a8"
            },
            "zone": "zone-c"
        },
        {
            "addresses": [
                "10.244.1.2"
            ],
            "conditions": {
                "ready": true,
                "serving": true,
                "terminating": false
            },
            "nodeName": "kubeplay-worker",
            "targetRef": {
                "kind": "Pod",
                "name": "nginx-deployment-54dcbfdd57-hq85l",
                "namespace": "default",
                "uid": "683222ce-0f77-4bb3-83c8-76b47b516531"
            },
            "zone": "zone-a"
        }
    ],
    "kind": "EndpointSlice",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "generateName": "nginx-service-",
        "generation": 4,
        "labels": {
            "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
            "kubernetes.io/service-name": "nginx-service"
        },
        "name": "nginx-service-2bcp5",
        "namespace": "default",
        "ownerReferences": [
            {
                "apiVersion": "v1",
                "blockOwnerDeletion": true,
                "controller": true,
                "kind": "Service",
                "name": "nginx-service",
                "uid": "321a63d5-408c-4a84-ab00-cc40f5ecd8eb"
            }
        ],
        "resourceVersion": "420",
        "uid": "24531e0d-a372-47b6-b8cc-256bf371567b"
    },
    "ports": [
        {
            "name": "",
            "port": 80,
            "protocol": "TCP"
        }
    ]
}

# At the end of the grace period the kubelet kills nginx, the pod goes,
# and its endpoint with it.
$ sim advance 2m
advanced 2m to 2025-01-01T00:02:14Z (5 steps ran)

$ kubectl get pods
NAME                                READY   STATUS    RESTARTS   AGE
nginx-deployment-54dcbfdd57-hq85l   1/1     Running   0          2m8s

$ kubectl get endpointslice -o json nginx-service-2bcp5
{
    "addressType": "IPv4",
    "apiVersion": "discovery.k8s.io/v1",
    "endpoints": [
        {
            "addresses": [
                "10.244.1.2"
            ],
            "conditions": {
                "ready": true,
                "serving": true,
                "terminating": false
            },
            "nodeName": "kubeplay-worker",
            "targetRef": {
                "kind": "Pod",
                "name": "nginx-deployment-54dcbfdd57-hq85l",
                "namespace": "default",
                "uid": "683222ce-0f77-4bb3-83c8-76b47b516531"
            },
            "zone": "zone-a"
        }
    ],
    "kind": "EndpointSlice",
    "metadata": {
        "creationTimestamp": "2025-01-01T00:00:02Z",
        "generateName": "nginx-service-",
        "generation": 5,
        "labels": {
            "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
            "kubernetes.io/service-name": "nginx-service"
        },
        "name": "nginx-service-2bcp5",
        "namespace": "default",
        "ownerReferences": [
            {
                "apiVersion": "v1",
                "blockOwnerDeletion": true,
                "controller": true,
                "kind": "Service",
                "name": "nginx-service",
                "uid": "321a63d5-408c-4a84-ab00-cc40f5ecd8eb"
            }
        ],
        "resourceVersion": "424",
        "uid": "24531e0d-a372-47b6-b8cc-256bf371567b"
    },
    "ports": [
        {
            "name": "",
            "port": 80,
            "protocol": "TCP"
        }
    ]
}
