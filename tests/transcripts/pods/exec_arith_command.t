# bash's arithmetic command, (( EXPR )): the expression as $((…)) reads
# it, with assignments (=, +=, ++, --, joined by ","), its status 0 when
# the value is not zero and 1 when it is, so ((i++)) with i at 0 fails.
# dash has no such command, nor has busybox ash (its test suite keeps
# bash's (( )) lines commented out): both read "((" as two subshells, so
# ((x=1)) assigns in a subshell and ((0)) runs a command named 0.
$ kubectl run bash --image=ubuntu:24.04 -- sleep 3600
pod/bash created

$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ sim settle
settled after 11 steps and 2s of virtual time

$ kubectl exec bash -- bash -c 'i=0; ((i++)); echo "$? $i"; ((i++)); echo "$? $i"'
1 1
0 2

$ kubectl exec bash -- bash -c 'n=0; while (( n < 3 )); do echo "turn $n"; ((n += 1)); done; (( x = n * 2, y = x + 1 )); echo $x $y'
turn 0
turn 1
turn 2
6 7

$ kubectl exec bash -- bash -c 'x=5; if (( $x * 2 > 9 )); then echo big; fi; (( x == 4 )) || echo "not 4"'
big
not 4

$ kubectl exec bash -- sh -c '((x=1)); echo "status $? x=$x"; ((0)); echo "status $?"'
status 0 x=
sh: 1: 0: not found
status 127

$ kubectl exec bb -- sh -c '((x=1)); echo "status $? x=$x"; ((0)); echo "status $?"'
status 0 x=
sh: 0: not found
status 127
