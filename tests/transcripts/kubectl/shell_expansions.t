# Backquotes and brace expansion, as bash 5.2 reads them: `cmd` is
# $(cmd) (\` nests one inside another, \$ and \\ are escapes there);
# {a,b}, {1..3}, {01..10}, {a..e} and {1..10..3} make words of a word's
# unquoted text, nested and side by side; a brace without a comma or a
# valid sequence, a quoted one, or one in an assignment stays as it is.
$ echo `echo hi` "`echo a  b`" x`echo y`z
hi a b xyz

$ echo `echo \`echo nested\`` "`echo \"q\"`" '`not`' \`literal\`
nested q `not` `literal`

$ NS=`kubectl get ns default -o name`; echo $NS
namespace/default

$ echo nginx{1..3} {a,b}.yaml {01..03} {a..c} {1..10..3} {3..1}
nginx1 nginx2 nginx3 a.yaml b.yaml 01 02 03 a b c 1 4 7 10 3 2 1

$ echo "{a,b}" \{a,b} {x} {} {a,b x{a,}y a{b,c{1..2}}d {a}{b,c}
{a,b} {a,b} {x} {} {a,b xay xy abd ac1d ac2d {a}b {a}c

$ echo a={b,c}; A={b,c}; echo $A
a=b a=c
{b,c}

$ for i in {1..3}; do kubectl run nginx$i --image=nginx; done
pod/nginx1 created
pod/nginx2 created
pod/nginx3 created

$ kubectl get pods -o name
pod/nginx1
pod/nginx2
pod/nginx3

$ kubectl delete pod nginx{1..2}
pod "nginx1" deleted
pod "nginx2" deleted

$ kubectl get pods -o jsonpath='{.items[*].metadata.name}{"\n"}'
nginx3

$ echo `echo
error: unexpected EOF while looking for matching ``'

$ echo {1..20000} | wc -l
error: (playground) a brace expansion to more than 10000 words (column 6) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value
