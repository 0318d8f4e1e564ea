# `-f URL`: the command line never downloads, so every URL reads as
# unreachable, in the words of Go's http.Get error as kubectl prints it
# (cli-runtime's URLVisitor returns it unwrapped), with a note saying why.
# The page downloads the URL first (see crates/playground/src/urls.rs).
$ kubectl apply -f https://k8s.io/examples/application/deployment.yaml
error: Get "https://k8s.io/examples/application/deployment.yaml": dial tcp: lookup k8s.io: no such host
(playground) the playground did not download https://k8s.io/examples/application/deployment.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl delete -f http://127.0.0.1:8000/nginx.yaml
error: Get "http://127.0.0.1:8000/nginx.yaml": dial tcp 127.0.0.1:8000: connect: connection refused
(playground) the playground did not download http://127.0.0.1:8000/nginx.yaml: the command line (kubeplay run) never downloads, and the page downloads only URLs written out after -f; save the manifest in a file and use -f FILE (or -f -)

$ kubectl apply -f https://github.com/kubernetes/website/blob/main/content/en/examples/application/deployment.yaml
error: error parsing https://github.com/kubernetes/website/blob/main/content/en/examples/application/deployment.yaml: the server sent the HTML page that shows the file, not the file
(playground) kubectl downloads github.com's …/blob/… pages as HTML and cannot decode them; use the raw file: https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/deployment.yaml

$ kubectl get deployments
No resources found in default namespace.
