# Loops and ifs in a container's shell, typed at its prompt on one line or
# over several (after the "> " prompt): they run in the session's shell,
# so each turn sees its own $i, and what they set, where they cd and an
# exit in them stay the session's. busybox images run ash, Debian's sh is
# dash (its messages count every line read), bash where the image has it.
$ kubectl create deployment web --image=nginx
deployment.apps/web created

$ kubectl run bb --image=busybox:1.28 -- sleep 3600
pod/bb created

$ sim settle
settled after 22 steps and 4s of virtual time

$ kubectl exec bb -- sh -c 'for i in 1 2; do echo $i; done'
1
2

$ kubectl exec bb -- sh -c 'i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done'
0
1
2

$ kubectl exec -it bb -- sh

$ for i in 1 2; do echo $i; done
1
2

$ for i in a b
> do
>   echo "[$i]"
> done
[a]
[b]

$ echo $i
b

$ n=3; while [ $n -gt 0 ]
> do
>   echo $n
>   n=$((n - 1))
> done
3
2
1

$ until [ $n -ge 2 ]; do n=$((n+1)); echo turn $n; done
turn 1
turn 2

$ if [ $n = 2 ]
> then
>   cd /tmp
> else
>   echo no
> fi

$ pwd
/tmp

$ false; for i in $?; do echo $i; done
1

$ echo $((7/0))
sh: divide by zero

$ echo $?
2

$ for i in 1; do exit 4; done
command terminated with exit code 4

$ kubectl exec -it deploy/web -- sh

$ wget
sh: 1: wget: not found

$ for i in 1
> do
>   wget
> done
sh: 4: wget: not found

$ x=abc; echo $((x+1))
sh: 6: Illegal number: abc

$ exit
command terminated with exit code 2

$ kubectl exec -it deploy/web -- bash

$ for n in x y; do echo $n; done
x
y

$ echo $((2**10))
1024

$ for i in 1; do exit 3; done
exit
command terminated with exit code 3
