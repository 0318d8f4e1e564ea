# chmod in a container: GNU coreutils' in Debian images (nginx), busybox's
# in busybox ones, each with its own messages; `ls -l` and `ls -ld` show
# the modes. Every line was checked against GNU chmod 9.1 and busybox 1.35
# run by hand with umask 022, Docker's.
$ kubectl run web --image=nginx
pod/web created

$ kubectl run bb --image=busybox:1.36 -- sleep 3600
pod/bb created

$ kubectl wait --for=condition=Ready pod/web pod/bb
pod/web condition met
pod/bb condition met

$ kubectl exec web -- sh -c 'touch /tmp/f && chmod u+x,go-r /tmp/f && ls -l /tmp/f'
-rwx------ 1 root root 0 Jan  1 00:00 /tmp/f

$ kubectl exec web -- sh -c 'chmod =r /tmp/f; ls -l /tmp/f; chmod 4755 /tmp/f; ls -l /tmp/f'
-r--r--r-- 1 root root 0 Jan  1 00:00 /tmp/f
-rwsr-xr-x 1 root root 0 Jan  1 00:00 /tmp/f

# No one named: the umask (022) keeps group and others from gaining w.
$ kubectl exec web -- sh -c 'chmod 444 /tmp/f; chmod +w /tmp/f; ls -l /tmp/f'
-rw-r--r-- 1 root root 0 Jan  1 00:00 /tmp/f

$ kubectl exec web -- sh -c 'mkdir /tmp/d && chmod g+s /tmp/d && ls -ld /tmp/d && chmod 755 /tmp/d && ls -ld /tmp/d'
drwxr-sr-x 2 root root 4096 Jan  1 00:00 /tmp/d
drwxr-sr-x 2 root root 4096 Jan  1 00:00 /tmp/d

$ kubectl exec web -- chmod 755 /tmp/nope
chmod: cannot access '/tmp/nope': No such file or directory
command terminated with exit code 1

$ kubectl exec web -- chmod abc /tmp/f
chmod: invalid mode: 'abc'
Try 'chmod --help' for more information.
command terminated with exit code 1

$ kubectl exec web -- chmod
chmod: missing operand
Try 'chmod --help' for more information.
command terminated with exit code 1

$ kubectl exec web -- chmod 755
chmod: missing operand after '755'
Try 'chmod --help' for more information.
command terminated with exit code 1

$ kubectl exec web -- sh -c 'mkdir -p /tmp/t/u && touch /tmp/t/u/f && chmod -R go-rx /tmp/t && ls -lR /tmp/t'
/tmp/t:
total 4
drwx------ 2 root root 4096 Jan  1 00:00 u

/tmp/t/u:
total 0
-rw------- 1 root root 0 Jan  1 00:00 f

$ kubectl exec bb -- sh -c 'touch /tmp/f && chmod go=u-w /tmp/f && ls -l /tmp/f'
-rw-r--r--    1 root     root             0 Jan  1 00:00 /tmp/f

# busybox sets a directory's octal mode as written.
$ kubectl exec bb -- sh -c 'mkdir /tmp/d && chmod g+s /tmp/d && chmod 755 /tmp/d && ls -ld /tmp/d'
drwxr-xr-x    2 root     root          4096 Jan  1 00:00 /tmp/d

$ kubectl exec bb -- chmod 755 /tmp/nope
chmod: /tmp/nope: No such file or directory
command terminated with exit code 1

$ kubectl exec bb -- chmod abc /tmp/f
chmod: invalid mode 'abc'
command terminated with exit code 1

$ kubectl exec bb -- chmod
BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.

Usage: chmod [-Rcvf] MODE[,MODE]... FILE...

MODE is octal number (bit pattern sstrwxrwxrwx) or [ugoa]{+|-|=}[rwxXst]

	-R	Recurse
	-c	List changed files
	-v	Verbose
	-f	Hide errors
command terminated with exit code 1

$ kubectl exec web -- sh -c 'mkdir -p /tmp/e/x; rmdir /tmp/e; rmdir /tmp/e/x/; rmdir -p /tmp/e/x; rmdir /tmp/nope; rmdir /tmp/f; ls /tmp'
rmdir: failed to remove '/tmp/e': Directory not empty
rmdir: failed to remove '/tmp/e/x': No such file or directory
rmdir: failed to remove '/tmp/nope': No such file or directory
rmdir: failed to remove '/tmp/f': Not a directory
d
e
f
t

$ kubectl exec bb -- sh -c 'mkdir -p /tmp/e/x; rmdir -p /tmp/e/x; rmdir /tmp/f; ls /tmp'
rmdir: '/tmp': Directory not empty
rmdir: '/tmp/f': Not a directory
d
f

$ kubectl exec web -- rmdir
rmdir: missing operand
Try 'rmdir --help' for more information.
command terminated with exit code 1
