# Here-documents anywhere in a line, as tutorials write them: the lines
# after a line that opens one are its body, up to the delimiter line, and
# become the standard input of the command the operator is attached to.
# Unquoted delimiters expand $VAR and $(…) in the body, quoted ones do not,
# and <<- strips leading tabs; `> FILE` and `>> FILE` write the playground's
# files, which `kubectl apply -f FILE` and the text tools read. Expected outputs of the text tools were
# checked against bash 5.2 over the same input.
$ cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: fast
EOF
configmap/settings created

$ kubectl get configmap settings -o jsonpath='{.data.mode}'
fast

$ APP=web

$ kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: $APP-config
data:
  first-node: $(kubectl get nodes -o name | head -1)
  price: \$5
  quoted: "$APP"
EOF
configmap/web-config created

$ kubectl get configmap web-config -o yaml | grep -A3 '^data:'
data:
  first-node: node/kubeplay-control-plane
  price: $5
  quoted: web

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: literal
data:
  script: echo $HOME $(date) \$
EOF
configmap/literal created

$ kubectl get configmap literal -o jsonpath='{.data.script}'
echo $HOME $(date) \$

$ kubectl create -f- <<"END"
apiVersion: v1
kind: Secret
metadata:
  name: creds
stringData:
  password: $ecret
END
secret/creds created

$ kubectl get secret creds -o jsonpath='{.data.password}' | base64 -d
$ecret

$ cat <<-EOF | kubectl apply -f -
	apiVersion: v1
	kind: ConfigMap
	metadata:
	  name: tabbed
		EOF
configmap/tabbed created

$ kubectl get configmaps -o name | sort
configmap/kube-root-ca.crt
configmap/literal
configmap/settings
configmap/tabbed
configmap/web-config

$ grep -c kind <<EOF
kind: A
kind: B
other
EOF
2

$ echo ignored | cat <<EOF
the here-document, not the pipe, is cat's input
EOF
the here-document, not the pipe, is cat's input

$ cat<<EOF|wc -l
one
two
EOF
2

$ cat <<EOF
`kubectl get ns default -o name` \`kept\`
EOF
namespace/default `kept`

$ cat <<EOF > cm.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: from-file
EOF

$ cat <<'EOF' >> cm.yaml
data:
  key: $value
EOF

$ kubectl apply -f cm.yaml
configmap/from-file created

$ kubectl get configmap from-file -o jsonpath='{.data.key}'
$value

$ kubectl get configmaps --no-headers > ./names.txt

$ wc -l names.txt
6 names.txt

$ cat <<EOF 2> errors.txt
x
EOF
error: (playground) redirection of stderr other than 2>/dev/null and 2>&1 (column 11) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value

$ kubectl apply -f - < cm.yaml
error: (playground) redirection with < (or with > inside $(…)) (column 20) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value

$ cat <<EOF > a.yaml | wc -l
x
EOF
error: (playground) a pipe after a redirection with > (column 20) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value

$ cat <<<hello
error: (playground) a here-string <<< (column 5) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value

$ cat <<
error: syntax error near unexpected token `newline'

$ echo "[$(cat <<EOF)]"
bash reads this body for the substitution
EOF
error: (playground) a here-document inside $(…) (column 14) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value
