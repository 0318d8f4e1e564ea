# bash's alias and unalias, as an interactive bash 5.2 answers them: an
# alias stands for the first word of a command (after ;, |, &&, do,
# then…, and after NAME=value), from the next line on; its value ending
# in a blank makes the word after it one too. complete is accepted (the
# terminal completes with Tab), and the cheat sheet's
# source <(kubectl completion bash) gets one note.
$ source <(kubectl completion bash)
(playground) the terminal completes kubectl's commands, flags and names with Tab

$ complete -o default -F __start_kubectl k

$ alias k=kubectl kgp='kubectl get pods' kn='kubectl -n kube-system '

$ alias
alias k='kubectl'
alias kgp='kubectl get pods'
alias kn='kubectl -n kube-system '

$ alias kgp x
bash: alias: x: not found
alias kgp='kubectl get pods'

$ echo $?
1

$ kubectl create deployment web --image=nginx --replicas=2 >/dev/null; sim settle >/dev/null

$ kgp -o name | wc -l
2

$ for n in 1 2; do kgp --no-headers | head -$n | wc -l; done
1
2

$ echo kgp 'kgp'
kgp kgp

$ kn get deploy coredns -o name
deployment.apps/coredns

$ X=1 kgp -l app=nope
No resources found in default namespace.

$ \kgp
kgp: command not found
(playground) lines start with "kubectl" (or "k") or "sim"; try "sim help"

$ alias 'a b=c' w=x
bash: alias: `a b': invalid alias name

$ alias q="it's"; alias q
alias q='it'\''s'

$ unalias q kgp nope
bash: unalias: nope: not found

$ alias
alias k='kubectl'
alias kn='kubectl -n kube-system '
alias w='x'

$ unalias -a; alias

$ unalias
unalias: usage: unalias [-a] name [name ...]

$ alias -x
bash: alias: -x: invalid option
alias: usage: alias [-p] [name[=value] ... ]

$ cat <(kubectl get pods)
error: (playground) redirection with < (or with > inside $(…)) (column 5) is not supported here: the terminal's shell has pipelines, ; && ||, for, if, while, case, { …; }, ( … ), $NAME, ${NAME:-word}, $(…), $((…)) and NAME=value
