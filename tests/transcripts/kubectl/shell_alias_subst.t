# bash reads a command substitution's text with the line, and its reader
# substitutes aliases there as in the line's own command words: inside
# $(…), in double quotes too, not in single quotes or $((…)).
$ alias k=kubectl kgp='kubectl get pods' kn='kubectl get ns -o name'

$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 5 steps and 4s of virtual time

$ echo "pods: $(kgp --no-headers | wc -l)"
pods: 1

$ for ns in $(kn); do echo "$ns"; done
namespace/default
namespace/kube-node-lease
namespace/kube-public
namespace/kube-system
namespace/local-path-storage

$ k get pod $(kgp -o name | cut -d/ -f2) -o jsonpath='{.metadata.name}{"\n"}'
web

$ echo '$(kgp)'
$(kgp)
