# A container's log when its command is a shell script: the script runs
# through exec's interpreter from the container's start, date answering
# the virtual time and sleep moving it, a loop's passes up to now, and a
# ConfigMap file read as the kubelet had written it at each pass.
$ kubectl create configmap color --from-literal=color=red
configmap/color created

$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: ticker
spec:
  containers:
  - name: main
    image: busybox:1.36
    command: ["sh", "-c"]
    args:
    - |
      echo "start $(date)"
      while true; do
        if [ -e /etc/color/color ]; then
          echo -e "$(date)\tcolor=$(cat /etc/color/color)"
        else
          echo none
        fi
        sleep 20
      done
    volumeMounts:
    - name: color
      mountPath: /etc/color
  - name: once
    image: busybox:1.36
    command: ["sh", "-c", "date; echo -n partial; echo ' line'; sleep 30; echo after thirty; printf 'abc\\n' | rev; sleep 3600; echo never"]
  volumes:
  - name: color
    configMap:
      name: color
EOF
pod/ticker created

$ sim settle
settled after 6 steps and 2s of virtual time

$ kubectl logs ticker -c once
Wed Jan  1 00:00:03 UTC 2025
partial line

$ sim advance 40s
advanced 40s to 2025-01-01T00:00:44Z (0 steps ran)

$ kubectl logs ticker -c once --timestamps
2025-01-01T00:00:03.587000000Z Wed Jan  1 00:00:03 UTC 2025
2025-01-01T00:00:03.587000000Z partial line
2025-01-01T00:00:33.587000000Z after thirty
2025-01-01T00:00:33.587000000Z cba

$ kubectl logs ticker -c main
start Wed Jan  1 00:00:03 UTC 2025
Wed Jan  1 00:00:03 UTC 2025	color=red
Wed Jan  1 00:00:23 UTC 2025	color=red
Wed Jan  1 00:00:43 UTC 2025	color=red

$ kubectl patch configmap color -p '{"data":{"color":"blue"}}'
configmap/color patched

$ sim advance 2m
advanced 2m to 2025-01-01T00:02:44Z (0 steps ran)

$ kubectl logs ticker -c main --timestamps
2025-01-01T00:00:03.587000000Z start Wed Jan  1 00:00:03 UTC 2025
2025-01-01T00:00:03.587000000Z Wed Jan  1 00:00:03 UTC 2025	color=red
2025-01-01T00:00:23.587000000Z Wed Jan  1 00:00:23 UTC 2025	color=red
2025-01-01T00:00:43.587000000Z Wed Jan  1 00:00:43 UTC 2025	color=red
2025-01-01T00:01:03.587000000Z Wed Jan  1 00:01:03 UTC 2025	color=red
2025-01-01T00:01:23.587000000Z Wed Jan  1 00:01:23 UTC 2025	color=blue
2025-01-01T00:01:43.587000000Z Wed Jan  1 00:01:43 UTC 2025	color=blue
2025-01-01T00:02:03.587000000Z Wed Jan  1 00:02:03 UTC 2025	color=blue
2025-01-01T00:02:23.587000000Z Wed Jan  1 00:02:23 UTC 2025	color=blue
2025-01-01T00:02:43.587000000Z Wed Jan  1 00:02:43 UTC 2025	color=blue

$ kubectl exec ticker -c main -- sh -c 'if [[ -e /etc/color/color ]]; then echo yes; fi; if false; then echo a; elif [ -d /etc ]; then echo -en "b\n"; else echo c; fi; echo $?'
yes
b
0

$ kubectl exec ticker -c main -- sh -c 'n=0; for i in a "b c"; do n=$i; echo $i; done; echo $n; until [ -e /nope ]; do :; done'
a
b c
b c
error: (playground) the loop ran 10000 times without ending; a simulated container's loops end only by their own test or, in its log, at the time the log is read

$ kubectl exec ticker -c main -- sh -c 'case x in x) echo x;; esac'
x

$ kubectl exec ticker -c main -- sh -c 'sleep 1 & echo x'
error: (playground) kubectl exec runs only simple commands, pipelines, assignments, if, while, until, for, case, { …; }, ( … ) and functions joined by ;, && and || in a shell script, with redirections and $(...) (not "sleep 1 & echo x")

$ kubectl exec ticker -c main -- sh -c 'printf "ab\nc" > /tmp/r; rev /tmp/r /nope /tmp/r; echo " $?"'
rev: /nope: No such file or directory
ba
cba
c 1

# An app container's log sees what the init containers wrote first.
$ kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: reverse
spec:
  restartPolicy: Never
  initContainers:
  - name: input
    image: ubuntu:24.04
    command: ["bash", "-c", "items=(foo bar baz qux xyz)\necho ${items[$INDEX]} > /input/data.txt"]
    env:
    - name: INDEX
      value: "3"
    volumeMounts:
    - name: input
      mountPath: /input
  containers:
  - name: worker
    image: busybox:1.36
    command: ["rev", "/input/data.txt"]
    volumeMounts:
    - name: input
      mountPath: /input
  volumes:
  - name: input
    emptyDir: {}
EOF
pod/reverse created

$ sim settle
settled after 9 steps and 5s of virtual time

$ kubectl logs reverse -c worker
xuq
