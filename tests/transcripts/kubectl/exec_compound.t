# case, { …; }, ( … ) and functions in a container's shell, as busybox
# ash (busybox images) and dash (Debian's sh, here nginx's) run them: a
# subshell's variables and cd stay in it, a function's arguments are $1…,
# $# and "$@", `local` is restored when it returns (dash keeps the outer
# value of a bare `local x`, ash unsets it), what a session defines
# stays defined on the lines after, and a compound command may be
# redirected or start a pipe (a subshell there: its variables stay in it).
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl run bb --image=busybox:1.28 -- sleep 3600
pod/bb created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl exec bb -- sh -c 'for p in web-1 db-0 api; do case $p in web-*|api) echo "$p: front";; db-*) echo "$p: back";; *) echo other;; esac; done'
web-1: front
db-0: back
api: front

$ kubectl exec bb -- sh -c 'x=1; (x=2; cd /tmp; echo "in $x $(pwd)"); echo "out $x $(pwd)"; { x=3; cd /tmp; }; echo "group $x $(pwd)"'
in 2 /tmp
out 1 /
group 3 /tmp

$ kubectl exec bb -- sh -c 'f() { echo "$# args, first $1"; for a in "$@"; do echo "[$a]"; done; return 3; }; f one "two words" ""; echo "status $?"'
3 args, first one
[one]
[two words]
[]
status 3

$ kubectl exec deploy/web -- sh -c 'f() { local x; echo "[$x]"; x=in; }; x=out; f; echo $x'
[out]
out

$ kubectl exec bb -- sh -c 'f() { local x; echo "[$x]"; x=in; }; x=out; f; echo $x'
[]
out

$ kubectl exec deploy/web -- sh -c 'fact() { if [ $1 -le 1 ]; then r=1; else fact $(($1 - 1)); r=$(($1 * r)); fi; }; fact 6; echo $r'
720

$ kubectl exec deploy/web -- sh -c 'local x=1; echo never'
sh: 1: local: not in a function
command terminated with exit code 2

$ kubectl exec deploy/web -- sh -c '(exit 3) || echo "subshell said $?"; return 4; echo never'
subshell said 3
command terminated with exit code 4

$ kubectl exec deploy/web -- bash -c 'return 4; echo "bash goes on: $?"'
bash: line 1: return: can only `return' from a function or sourced script
bash goes on: 2

$ kubectl exec deploy/web -- sh -c '{ }'
sh: 1: Syntax error: "}" unexpected
command terminated with exit code 2

$ kubectl exec deploy/web -- sh -c 'f() { f; }; f'
error: (playground) the script nested calls 32 deep and stops here (dash stops at 1000: Maximum function recursion depth (1000) reached)

$ kubectl exec -it bb -- sh

$ ready() {
>   case $1 in
>     Running) return 0 ;;
>     *) return 1 ;;
>   esac
> }

$ ready Running && echo up; ready Pending || echo "not yet ($?)"
up
not yet (1)

$ count() { n=$#; }

$ count a b c; echo $n
3

$ (cd /etc; pwd); pwd
/etc
/

$ { cd /tmp; }; pwd
/tmp

$ exit

$ kubectl exec -it deploy/web -- sh

$ f() {
>   wget
> }

$ echo next; f
next
sh: 2: wget: not found

$ return 3
command terminated with exit code 3

$ kubectl exec deploy/web -- sh -c 'function f { echo kw; }; f'
error: (playground) `function NAME { …; }` is bash's form, which dash does not have: write NAME() { …; }

$ kubectl exec bb -- sh -c 'function f() { echo "kw $1"; }; f ash'
kw ash

$ kubectl exec deploy/web -- bash -c 'function f { echo "kw $1"; }; f bash'
kw bash

$ kubectl exec deploy/web -- sh -c '{ echo "# generated"; for i in 1 2 3; do echo "line $i"; done; } > /tmp/conf; wc -l < /tmp/conf; (cd /tmp && cat conf) | grep -c line'
4
3

$ kubectl exec bb -- sh -c 'x=1; { x=2; echo piped; } | cat; echo "x is $x"'
piped
x is 1

$ kubectl exec bb -- sh -c 'echo "$# args: [$1] [$2]"' name a "b c"
2 args: [a] [b c]
