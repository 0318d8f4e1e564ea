# Pipes in kubectl exec scripts: each command's output is the next one's
# input, stderr still shows, the status is the last command's; grep, sort,
# uniq and cut in busybox (box) and Debian (web) images.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: box
spec:
  containers:
  - name: box
    image: busybox:1.36
    command: ["sleep", "3600"]
    env:
    - name: GREETING
      value: hello
EOF
pod/box created

$ kubectl run web --image=nginx
pod/web created

$ sim settle
settled after 11 steps and 4s of virtual time

$ kubectl exec box -- sh -c 'env | grep HOSTNAME'
HOSTNAME=box

$ kubectl exec box -- sh -c 'env | grep -c GREETING; env | grep -q NOPE; echo $?'
1
1

$ kubectl exec box -- sh -c 'printf "b\na\nb\nb\nc\n" > /tmp/f; sort /tmp/f | uniq -c; cat /tmp/f | sort -r -u'
      1 a
      3 b
      1 c
c
b
a

$ kubectl exec box -- sh -c 'cat /etc/hosts | wc -l; ls /tmp | head -1'
8
f

$ kubectl exec box -- sh -c 'cat /etc/hosts | grep -n -i localhost | cut -f2'
localhost
localhost ip6-localhost ip6-loopback

$ kubectl exec box -- sh -c 'grep x /nope | wc -l; echo $?; grep x /nope; echo $?'
grep: /nope: No such file or directory
0
0
grep: /nope: No such file or directory
2

$ kubectl exec box -- sh -c 'echo a:b:c | cut -d: -f1,3; echo abcdef | cut -c2-4'
a:c
bcd

$ kubectl exec box -- sh -c 'cd /etc | pwd; echo x |'
sh: syntax error: unexpected end of file
command terminated with exit code 2

$ kubectl exec web -- sh -c 'env | grep -E "^(HOSTNAME|HOME)=" | sort'
HOME=/root
HOSTNAME=web

$ kubectl exec web -- sh -c 'grep; echo $?'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
2

$ kubectl exec web -- grep -v x /etc/hostname
web

$ kubectl exec -it web -- sh

$ env | grep -c HOSTNAME
1

$ echo a:b | cut -d: -f2 | sort
b

$ echo hi > /nope/x; echo $?
sh: 3: cannot create /nope/x: Directory nonexistent
2

$ echo 'x
error: (playground) the shell session takes one line at a time: finish the quote, substitution or && on the line you type it

$ exit 4
command terminated with exit code 4

$ kubectl exec box -- sh -c 'echo Hello World | tr a-z A-Z; echo "a  b   c" | tr -s " "; echo hello | tr -d l; echo a:b | tr : "\n"; echo abc | tr "[:lower:]" "[:upper:]"'
HELLO WORLD
a b c
heo
a
b
ABC

$ kubectl exec web -- sh -c 'echo hello | tr -s lo 0; echo abcd | tr abcd xy; tr; echo $?; tr a; echo $?'
he0
xyyy
tr: missing operand
Try 'tr --help' for more information.
1
tr: missing operand after 'a'
Two strings must be given when translating.
Try 'tr --help' for more information.
1
