# Task "List All Container Images Running in a Cluster", line by line,
# on the playground's kind cluster (v1.32). The page's pipelines are
# split over lines with `|\`, as here. An nginx Deployment
# (labelled app=nginx) gives the label filter something to find.
$ kubectl create deployment nginx --image=nginx:1.27 --replicas=2
deployment.apps/nginx created

$ sim settle
settled after 22 steps and 4s of virtual time

# "List all Container images in all namespaces".
$ kubectl get pods --all-namespaces -o jsonpath="{..image}" |\
> tr -s '[[:space:]]' '\n' |\
> sort |\
> uniq -c
      8 docker.io/kindest/kindnetd:v20241108-5c6d2daf
      2 docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf
      2 docker.io/library/nginx:1.27
      2 nginx:1.27
      4 registry.k8s.io/coredns/coredns:v1.11.3
      2 registry.k8s.io/etcd:3.5.16-0
      2 registry.k8s.io/kube-apiserver:v1.32.0
      2 registry.k8s.io/kube-controller-manager:v1.32.0
      8 registry.k8s.io/kube-proxy:v1.32.0
      2 registry.k8s.io/kube-scheduler:v1.32.0

# `{..image}` also finds each container status's image, as containerd
# names it; the absolute path finds only the spec's.
$ kubectl get pods --all-namespaces -o jsonpath="{.items[*].spec.containers[*].image}"; echo
nginx:1.27 nginx:1.27 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/etcd:3.5.16-0 docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf registry.k8s.io/kube-apiserver:v1.32.0 registry.k8s.io/kube-controller-manager:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-scheduler:v1.32.0 docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf

# One pod by name has no .items.
$ kubectl get pods -n kube-system etcd-kubeplay-control-plane -o jsonpath="{.spec.containers[*].image}"; echo
registry.k8s.io/etcd:3.5.16-0

# "List Container images by Pod".
$ kubectl get pods --all-namespaces -o=jsonpath='{range .items[*]}{"\n"}{.metadata.name}{":\t"}{range .spec.containers[*]}{.image}{", "}{end}{end}' |\
> sort

coredns-9b77b5867-5wvqp:	registry.k8s.io/coredns/coredns:v1.11.3,
coredns-9b77b5867-ms8nc:	registry.k8s.io/coredns/coredns:v1.11.3,
etcd-kubeplay-control-plane:	registry.k8s.io/etcd:3.5.16-0,
kindnet-9fpx6:	docker.io/kindest/kindnetd:v20241108-5c6d2daf,
kindnet-fghbd:	docker.io/kindest/kindnetd:v20241108-5c6d2daf,
kindnet-tcrmk:	docker.io/kindest/kindnetd:v20241108-5c6d2daf,
kindnet-x6qdz:	docker.io/kindest/kindnetd:v20241108-5c6d2daf,
kube-apiserver-kubeplay-control-plane:	registry.k8s.io/kube-apiserver:v1.32.0,
kube-controller-manager-kubeplay-control-plane:	registry.k8s.io/kube-controller-manager:v1.32.0,
kube-proxy-29qjf:	registry.k8s.io/kube-proxy:v1.32.0,
kube-proxy-8872g:	registry.k8s.io/kube-proxy:v1.32.0,
kube-proxy-mmqvt:	registry.k8s.io/kube-proxy:v1.32.0,
kube-proxy-rm9bv:	registry.k8s.io/kube-proxy:v1.32.0,
kube-scheduler-kubeplay-control-plane:	registry.k8s.io/kube-scheduler:v1.32.0,
local-path-provisioner-57597c459b-97xlv:	docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf,
nginx-568c684956-2bcp5:	nginx:1.27,
nginx-568c684956-jjhv7:	nginx:1.27,

# "List Container images filtering by Pod label".
$ kubectl get pods --all-namespaces -o=jsonpath="{..image}" -l app=nginx; echo
nginx:1.27 docker.io/library/nginx:1.27 nginx:1.27 docker.io/library/nginx:1.27

# "List Container images filtering by Pod namespace".
$ kubectl get pods --namespace kube-system -o jsonpath="{..image}"; echo
registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/etcd:3.5.16-0 registry.k8s.io/etcd:3.5.16-0 docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf registry.k8s.io/kube-apiserver:v1.32.0 registry.k8s.io/kube-apiserver:v1.32.0 registry.k8s.io/kube-controller-manager:v1.32.0 registry.k8s.io/kube-controller-manager:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-scheduler:v1.32.0 registry.k8s.io/kube-scheduler:v1.32.0

# "List Container images using a go-template instead of jsonpath".
$ kubectl get pods --all-namespaces -o go-template --template="{{range .items}}{{range .spec.containers}}{{.image}} {{end}}{{end}}"; echo
nginx:1.27 nginx:1.27 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/etcd:3.5.16-0 docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf docker.io/kindest/kindnetd:v20241108-5c6d2daf registry.k8s.io/kube-apiserver:v1.32.0 registry.k8s.io/kube-controller-manager:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-proxy:v1.32.0 registry.k8s.io/kube-scheduler:v1.32.0 docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf
