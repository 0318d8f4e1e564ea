# Commands over several lines, as bash reads them (checked against bash 5.2):
# a trailing backslash joins the next line, an open quote keeps its
# newline, a trailing | && || and an open for/if/while read on, and the
# lines inside a compound command are its commands. Each further line is
# written after bash's "> " prompt; here-document lines as typed.

$ kubectl create deployment web \
>   --image=nginx \
>   --replicas=2
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl get deployment web
NAME   READY   UP-TO-DATE   AVAILABLE   AGE
web    2/2     2            2           4s

$ kubectl get pods -o name |
>   sort |
>   wc -l
2

$ for i in 0 1 2; do
>   # a comment inside the loop
>   echo "zk-$i"
> done
zk-0
zk-1
zk-2

$ for i in 0 1
> do
>   echo "$i"
> done
0
1

$ if kubectl get deployment web >/dev/null 2>&1; then
>   echo "web is there"
> else
>   echo "no web"
> fi
web is there

$ N=0

$ while [ $N -lt 2 ]; do
>   N=$((N + 1))
>   echo "round $N"
> done
round 1
round 2

$ kubectl annotate deployment web note='line one
> line two'
deployment.apps/web annotated

$ kubectl get deployment web -o jsonpath='{.metadata.annotations.note}'; echo
line one
line two

$ echo "a double-quoted
> string"
a double-quoted
string

$ kubectl get deployment web >/dev/null &&
>   echo "and then" ||
>   echo "or else"
and then

$ for i in 1; do
>   cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm-$i
data:
  note: done
EOF
> done
configmap/cm-1 created

$ kubectl get configmap cm-1 -o jsonpath='{.data.note}'; echo
done

$ echo $(kubectl get deployment web \
>   -o jsonpath='{.spec.replicas}')
2

# A case over several lines is one command.
$ case web in
>   web) echo matched ;;
> esac
matched

# At the end of the input, bash's words for what is left open.
$ echo 'the end of the input comes before the closing quote
error: unexpected EOF while looking for matching `''
