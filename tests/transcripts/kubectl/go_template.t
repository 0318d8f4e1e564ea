# -o go-template / -o template and --template: the --dry-run=client outputs and
# errors are what kubectl v1.32 prints for the same commands; the gets then run
# the same templates over the playground's cluster.
$ kubectl create deployment web --image=nginx --replicas=2 --port=80 --dry-run=client -o go-template='{{.spec.replicas}} {{range .spec.template.spec.containers}}{{.name}}={{.image}}{{end}}'
2 nginx=nginx

$ kubectl create service nodeport np --tcp=80:8080 --dry-run=client -o go-template='{{(index .spec.ports 0).targetPort}}'
8080

$ kubectl create configmap c --from-literal=a=b --dry-run=client -o go-template='{{.data}} {{len .data}} {{printf "%q" .metadata.name}} {{.missing}}'
map[a:b] 1 "c" <no value>

$ kubectl create configmap c --from-literal=a=b --from-literal=n=5 --dry-run=client -o go-template='{{range $k, $v := .data}}{{$k}}={{$v}};{{end}} {{if .data}}yes{{else}}no{{end}} {{.metadata.creationTimestamp}}'
a=b;n=5; yes <no value>

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template --template='{{.metadata.name}}'
x

$ kubectl create deployment x --image=nginx --dry-run=client --template='{{.kind}}'
Deployment

$ kubectl create deployment x --image=nginx --dry-run=client -o template --template='{{.metadata.labels}}'
map[app:x]

$ kubectl create deployment x --image=nginx --dry-run=client -o jsonpath --template='{.kind}'
Deployment

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template
error: template format specified but no template given

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template='{{.metadata.name}}' --template='{{.kind}}'
error: unable to match a printer suitable for the output format "go-template={{.metadata.name}}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template='{{.a'
error: error parsing template {{.a, template: output:1: unclosed action

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template='{{upper .kind}}'
error: error parsing template {{upper .kind}}, template: output:1: function "upper" not defined

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template='{{.metadata.name.x}}'
Error executing template: template: output:1:11: executing "output" at <.metadata.name.x>: can't evaluate field x in type interface {}. Printing more information for debugging the template:
	template was:
		{{.metadata.name.x}}
	raw data was:
		{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"x","creationTimestamp":null,"labels":{"app":"x"}},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"x"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"x"}},"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{}}]}},"strategy":{}},"status":{}}
	object given to template engine was:
		map[apiVersion:apps/v1 kind:Deployment metadata:map[creationTimestamp:<nil> labels:map[app:x] name:x] spec:map[replicas:1 selector:map[matchLabels:map[app:x]] strategy:map[] template:map[metadata:map[creationTimestamp:<nil> labels:map[app:x]] spec:map[containers:[map[image:nginx name:nginx resources:map[]]]]]] status:map[]]

error: error executing template "{{.metadata.name.x}}": template: output:1:11: executing "output" at <.metadata.name.x>: can't evaluate field x in type interface {}

$ kubectl create deployment x --image=nginx --dry-run=client -o go-template='{{.metadata.name}} {{.nope}}' --allow-missing-template-keys=false
x Error executing template: template: output:1:21: executing "output" at <.nope>: map has no entry for key "nope". Printing more information for debugging the template:
	template was:
		{{.metadata.name}} {{.nope}}
	raw data was:
		{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"x","creationTimestamp":null,"labels":{"app":"x"}},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"x"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"x"}},"spec":{"containers":[{"name":"nginx","image":"nginx","resources":{}}]}},"strategy":{}},"status":{}}
	object given to template engine was:
		map[apiVersion:apps/v1 kind:Deployment metadata:map[creationTimestamp:<nil> labels:map[app:x] name:x] spec:map[replicas:1 selector:map[matchLabels:map[app:x]] strategy:map[] template:map[metadata:map[creationTimestamp:<nil> labels:map[app:x]] spec:map[containers:[map[image:nginx name:nginx resources:map[]]]]]] status:map[]]

error: error executing template "{{.metadata.name}} {{.nope}}": template: output:1:21: executing "output" at <.nope>: map has no entry for key "nope"

$ kubectl create configmap c --from-literal=a=b --dry-run=client -o go-template='{{printf "%05d|%-4s|%.2f|%x" 42 "ab" 3.14159 255}} {{1e6}} {{eq .data.a "b"}} {{exists . "data" "a"}} {{base64decode "aGk="}}'
00042|ab  |3.14|ff 1e+06 true true hi

$ kubectl get nodes -o go-template='{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}'
kubeplay-control-plane
kubeplay-worker
kubeplay-worker2
kubeplay-worker3

$ kubectl get svc kubernetes -o go-template='{{(index .spec.ports 0).port}}'
443

$ kubectl get svc -o go-template --template='{{.kind}} {{len .items}}'
List 1

$ kubectl config view -o go-template='{{range .contexts}}{{.name}}{{"\n"}}{{end}}'
kind-kubeplay
