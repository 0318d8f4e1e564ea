# kubernetes.io "Concepts → Overview → Objects In Kubernetes → Labels and
# Selectors", line by line, starting from the page's label-demo Pod.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: label-demo
  labels:
    environment: production
    app: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.14.2
    ports:
    - containerPort: 80
EOF
pod/label-demo created

# Pods for the selectors below to tell apart.
$ kubectl run fe-prod --image=nginx --labels=environment=production,tier=frontend
pod/fe-prod created

$ kubectl run fe-qa --image=nginx --labels=environment=qa,tier=frontend
pod/fe-qa created

$ kubectl run be-dev --image=nginx --labels=environment=dev,tier=backend
pod/be-dev created

$ sim settle
settled after 19 steps and 7s of virtual time

# "API": equality- and set-based requirements, comma meaning AND.
$ kubectl get pods -l environment=production,tier=frontend
NAME      READY   STATUS    RESTARTS   AGE
fe-prod   1/1     Running   0          7s

$ kubectl get pods -l 'environment in (production),tier in (frontend)'
NAME      READY   STATUS    RESTARTS   AGE
fe-prod   1/1     Running   0          7s

$ kubectl get pods -l 'environment in (production, qa)'
NAME         READY   STATUS    RESTARTS   AGE
fe-prod      1/1     Running   0          7s
fe-qa        1/1     Running   0          7s
label-demo   1/1     Running   0          7s

$ kubectl get pods -l 'environment,environment notin (frontend)'
NAME         READY   STATUS    RESTARTS   AGE
be-dev       1/1     Running   0          7s
fe-prod      1/1     Running   0          7s
fe-qa        1/1     Running   0          7s
label-demo   1/1     Running   0          7s

$ kubectl get pods -l 'tier != frontend'
NAME         READY   STATUS    RESTARTS   AGE
be-dev       1/1     Running   0          7s
label-demo   1/1     Running   0          7s

$ kubectl get pods -l '!tier'
NAME         READY   STATUS    RESTARTS   AGE
label-demo   1/1     Running   0          7s

$ kubectl get pods -l 'environment == production'
NAME         READY   STATUS    RESTARTS   AGE
fe-prod      1/1     Running   0          7s
label-demo   1/1     Running   0          7s

$ kubectl get pods -Lenvironment -Ltier -Lapp
NAME         READY   STATUS    RESTARTS   AGE   ENVIRONMENT   TIER       APP
be-dev       1/1     Running   0          7s    dev           backend
fe-prod      1/1     Running   0          7s    production    frontend
fe-qa        1/1     Running   0          7s    qa            frontend
label-demo   1/1     Running   0          7s    production               nginx

# Label keys and values, as the page's "Syntax and character set" says:
# kubectl checks a value itself; the API server checks keys.
$ kubectl label pod label-demo 'release=canary!'
error: invalid label value: "release=canary!": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')

$ kubectl label pod label-demo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=x
The Pod "label-demo" is invalid: metadata.labels: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": name part must be no more than 63 characters

$ kubectl label pod label-demo example.com/My_Key=ok release=
pod/label-demo labeled

$ kubectl label pod label-demo Example_.com/key=x
The Pod "label-demo" is invalid: metadata.labels: Invalid value: "Example_.com/key": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')

$ kubectl get pod label-demo --show-labels
NAME         READY   STATUS    RESTARTS   AGE   LABELS
label-demo   1/1     Running   0          7s    app=nginx,environment=production,example.com/My_Key=ok,release=

# Selectors the API server cannot parse, in apimachinery's words.
$ kubectl get pods -l 'environment in (production'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "environment in (production", field selector "": unable to parse requirement: found '', expected: ',' or ')'

$ kubectl get pods -l 'environment notin production'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "environment notin production", field selector "": unable to parse requirement: found 'production' expected: '('

$ kubectl get pods -l 'environment=production,'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "environment=production,", field selector "": found '', expected: identifier after ','

$ kubectl get pods -l 'a=b c'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "a=b c", field selector "": found 'c', expected: ',' or 'end of string'

# Gt and Lt (x>1) parse, and need an integer.
$ kubectl get pods -l 'x>1'
No resources found in default namespace.

$ kubectl get pods -l 'x>one'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "x>one", field selector "": unable to parse requirement: values[0]: Invalid value: "one": for 'Gt', 'Lt' operators, the value must be an integer

$ kubectl get pods -l 'x=-bad'
Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "x=-bad", field selector "": unable to parse requirement: values[0][x]: Invalid value: "-bad": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')

# "Resources that support set-based requirements": matchExpressions in a
# Deployment's selector, and one the API server refuses.
$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: cache
spec:
  replicas: 1
  selector:
    matchLabels:
      component: redis
    matchExpressions:
      - { key: tier, operator: In, values: [cache] }
      - { key: environment, operator: NotIn, values: [dev] }
  template:
    metadata:
      labels:
        component: redis
        tier: cache
    spec:
      containers:
      - name: redis
        image: redis
EOF
deployment.apps/cache created

$ kubectl get deployment cache -o wide
NAME    READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES   SELECTOR
cache   0/1     0            0           0s    redis        redis    component=redis,environment notin (dev),tier in (cache)

$ kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  selector:
    matchExpressions:
      - { key: tier, operator: In }
      - { key: environment, operator: Exists, values: [dev] }
  template:
    metadata:
      labels:
        tier: cache
    spec:
      containers:
      - name: redis
        image: redis
EOF
The Deployment "broken" is invalid:
* spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'
* spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'
* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"In", Values:[]string(nil)}, v1.LabelSelectorRequirement{Key:"environment", Operator:"Exists", Values:[]string{"dev"}}}}: invalid label selector

# "Updating labels": relabel every pod a selector picks, then show the new
# label as a column.
$ kubectl create deployment my-nginx --image=nginx --replicas=3
deployment.apps/my-nginx created

$ sim settle
settled after 47 steps and 6s of virtual time

$ kubectl label pods -l app=my-nginx tier=fe
pod/my-nginx-66d8cf4669-7dhng labeled
pod/my-nginx-66d8cf4669-bbqmv labeled
pod/my-nginx-66d8cf4669-vt49f labeled

$ kubectl get pods -l app=my-nginx -L tier
NAME                        READY   STATUS    RESTARTS   AGE   TIER
my-nginx-66d8cf4669-7dhng   1/1     Running   0          6s    fe
my-nginx-66d8cf4669-bbqmv   1/1     Running   0          6s    fe
my-nginx-66d8cf4669-vt49f   1/1     Running   0          6s    fe

# A selector that matches nothing.
$ kubectl get pods -l app=nothing
No resources found in default namespace.

$ kubectl label pods -l app=nothing tier=fe
