# The terminal's shell runs case, { …; } and ( … ) as bash does: a group
# runs in the shell itself, a subshell in a copy whose variables go with
# it, and case runs the first arm one of whose patterns matches (quoted
# parts match themselves).
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ for p in $(kubectl get pods -o name); do
>   case $(kubectl get $p -o jsonpath='{.status.phase}') in
>     Running) echo "$p is up" ;;
>     Pending|ContainerCreating) echo "$p is starting" ;;
>     *) echo "$p: something else" ;;
>   esac
> done
pod/web-797596b896-2bcp5 is up
pod/web-797596b896-jjhv7 is up

$ case web-7d4f in db-*) echo db;; web-*) echo web;; esac
web

$ P='w*'; case web in "$P") echo literal;; $P) echo pattern;; esac
pattern

$ case x in a) echo a;; esac; echo $?
0

$ N=1; { N=2; echo "in $N"; }; echo "after $N"
in 2
after 2

$ N=1; (N=3; echo "in $N"); echo "after $N"
in 3
after 1

$ { echo a; echo b; } | wc -l
2

$ kubectl get deploy web >/dev/null 2>&1 && { echo found; kubectl get deploy web -o name; } || echo missing
found
deployment.apps/web

$ {
>   echo one
>   echo two
> }
one
two

$ { }
error: syntax error near unexpected token `}'

$ ( )
error: syntax error near unexpected token `)'

$ case x in x) echo a;;; esac
error: syntax error near unexpected token `;'

$ ((1 > 0)) && echo yes
yes

$ [[ -n x ]] && echo yes
error: (playground) [[ … ]] (use an if around grep, or kubectl's own checks) (column 1) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value
