# The terminal's shell runs bash's functions (NAME() { …; } and function
# NAME { …; }, defined for the lines after), their arguments ($1…, $#,
# "$@" a field each), return, local and shift; and the arithmetic
# command (( … )) (status 1 when the value is 0) and for (( …; …; … )),
# whose statements may assign (i = 0, i += 2, i++). As bash 5.2 prints it.
$ kubectl create deployment web --image=nginx --replicas=2
deployment.apps/web created

$ sim settle
settled after 22 steps and 4s of virtual time

$ phase() {
>   kubectl get "$1" -o jsonpath='{.status.phase}'
> }

$ for p in $(kubectl get pods -o name); do echo "$p $(phase $p)"; done
pod/web-797596b896-2bcp5 Running
pod/web-797596b896-jjhv7 Running

$ ready() {
>   local want=${1:-1}
>   local have=$(kubectl get deploy web -o jsonpath='{.status.readyReplicas}')
>   (( have >= want ))
> }

$ ready 2 && echo "at least 2 ready"; ready 3 || echo "not 3 ($?)"; echo "want is '$want'"
at least 2 ready
not 3 (1)
want is ''

$ function args { echo "$# args"; for a in "$@"; do echo "[$a]"; done; shift; echo "then $1"; }

$ args one "two words" ""
3 args
[one]
[two words]
[]
then two words

$ f() { echo in; return 3; echo never; }; f; echo $?
in
3

$ v=outer; g() { local v=inner; echo $v; }; g; echo $v
inner
outer

$ for (( i = 0; i < 3; i++ )); do echo "replica $i"; done
replica 0
replica 1
replica 2

$ for ((i=10; i>0; i-=4))
> do
>   echo $i
> done
10
6
2

$ n=5; (( n += 2, n * 2 )); echo "$? $n"
0 7

$ (( 0 )); echo $?
1

$ ((1/0)); echo $?
bash: ((: 1/0: division by 0 (error token is "0")
1

$ return 1
bash: return: can only `return' from a function or sourced script

$ local x
bash: local: can only be used in a function

$ echo "[$1] [${2:-none}] $#"
[] [none] 0

$ f() echo hi
error: syntax error near unexpected token `echo'

$ forever() { forever; }; forever
error: (playground) functions nest at most 32 calls deep here (bash goes on until its stack runs out)

$ args a b | grep b
error: (playground) a function in a pipe or with a redirection is not supported here: call it as a command of its own
