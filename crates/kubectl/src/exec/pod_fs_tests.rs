//! End-to-end checks of the file programs through `kubectl exec`.

use super::tests::{cluster_with, kubectl};
use kubeplay_engine::Engine;

const PODS: &str = r#"
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data: {special.how: very, special.type: charm}
---
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels: {zone: us-est-coast, cluster: test-cluster1}
spec:
  containers:
  - name: p
    image: busybox
    command: [sleep, "3600"]
    volumeMounts:
    - {name: c, mountPath: /etc/config}
    - {name: podinfo, mountPath: /etc/podinfo}
    - {name: cache, mountPath: /cache}
  volumes:
  - name: c
    configMap: {name: cfg}
  - name: cache
    emptyDir: {}
  - name: podinfo
    downwardAPI:
      items:
      - {path: labels, fieldRef: {fieldPath: metadata.labels}}
---
apiVersion: v1
kind: Pod
metadata: {name: n}
spec:
  containers: [{name: n, image: nginx}]
"#;

fn cluster() -> Engine {
    cluster_with(PODS)
}

/// (command line, stdout, stderr): busybox's and GNU's wordings, the
/// shells' redirection errors, the atomic writer's layout.
#[test]
fn programs_answer_as_the_image_s_tools() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl run n --image=nginx");
    e.advance(30_000);
    let cases: &[(&str, &str, &str)] = &[
        ("kubectl exec p -- cat /etc/config/special.how", "very", ""),
        ("kubectl exec p -- ls /etc/config", "special.how\nspecial.type\n", ""),
        ("kubectl exec p -- ls -A /etc/config/..data", "special.how\nspecial.type\n", ""),
        ("kubectl exec p -- cat /etc/podinfo/labels", "cluster=\"test-cluster1\"\nzone=\"us-est-coast\"", ""),
        ("kubectl exec p -- cat /x", "", "cat: can't open '/x': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- cat /x", "", "cat: /x: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- cat /tmp", "", "cat: read error: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- cat /tmp", "", "cat: /tmp: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- ls /x", "", "ls: cannot access '/x': No such file or directory\ncommand terminated with exit code 2\n"),
        ("kubectl exec p -- mkdir /tmp", "", "mkdir: can't create directory '/tmp': File exists\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mkdir /tmp", "", "mkdir: cannot create directory '/tmp': File exists\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- rm /x", "", "rm: cannot remove '/x': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- rm -f /x", "", ""),
        ("kubectl exec p -- sh -c 'echo x > /etc/config/y'", "", "sh: can't create /etc/config/y: Read-only file system\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'echo x > /etc/nope/y'", "", "sh: 1: cannot create /etc/nope/y: Directory nonexistent\ncommand terminated with exit code 2\n"),
        ("kubectl exec n -- bash -c 'cat < /nope'", "", "bash: line 1: /nope: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- sh -c 'echo \"$(hostname)\" > /cache/h; echo b >> /cache/h; cat /cache/h'", "p\nb\n", ""),
        ("kubectl exec p -- sh -c 'echo '\"'\"'$(hostname)'\"'\"' $HOSTNAME'", "$(hostname) p\n", ""),
        ("kubectl exec p -- sh -c 'wc -l < /cache/h; head -n 1 /cache/h; tail -n 1 /cache/h'", "2\np\nb\n", ""),
        ("kubectl exec p -- sh -c 'test -f /cache/h && [ -d /cache ] && echo ok'", "ok\n", ""),
        ("kubectl exec p -- sh -c 'cat /nope 2>/dev/null || echo gone'", "gone\n", ""),
        ("kubectl exec p -- sh -c 'cat /nope > /cache/out 2>&1; cat /cache/out'", "cat: can't open '/nope': No such file or directory\n", ""),
        ("kubectl exec n -- sh -c 'echo hi > /usr/share/nginx/html/index.html' ", "", ""),
        ("kubectl exec n -- curl -s http://localhost/", "hi\n", ""),
        ("kubectl exec p -- ls -l /etc/group", "", "error: (playground) the playground does not know what /etc/group holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec\n"),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
    }
}

/// A container's layer goes with the container; the emptyDir stays.
#[test]
fn writes_last_as_long_as_their_storage() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl exec p -- sh -c 'echo a > /tmp/a; echo c > /cache/c'");
    assert_eq!(kubectl(&mut e, "kubectl exec p -- cat /tmp/a").stdout, "a\n");
    e.sim_pod_kill("default", "p", None).expect("kill");
    e.advance(30_000);
    assert_eq!(kubectl(&mut e, "kubectl exec p -- cat /cache/c").stdout, "c\n");
    assert!(kubectl(&mut e, "kubectl exec p -- cat /tmp/a").stderr.starts_with("cat: can't open '/tmp/a'"));
}

/// Disagreements the differential test (fuzzcheck's exec_differential)
/// found, each answered as the real tool answered it: `sh -c` with dash
/// and GNU coreutils for the nginx pod `n`, `busybox sh -c` for `p`.
#[test]
fn answers_match_the_real_tools() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl run n --image=nginx");
    e.advance(30_000);
    for pod in ["n", "p"] {
        let o = kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c 'mkdir -p /tmp/t/d; echo x > /tmp/t/f'"));
        assert_eq!(o.stderr, "", "{pod}");
    }
    let cases: &[(&str, &str, &str)] = &[
        // printf uses its format again for the arguments left, and reads %d as strtol does.
        ("kubectl exec n -- sh -c \"printf '%s-%s\\n' a b c\"", "a-b\nc-\n", ""),
        ("kubectl exec p -- sh -c \"printf '%s\\n' 1 2 3\"", "1\n2\n3\n", ""),
        ("kubectl exec n -- sh -c \"printf '%d\\n' '' 3a ' 4' 0x10 -2 010 x\"", "0\n3\n4\n16\n-2\n8\n0\n", "sh: 1: printf: 3a: not completely converted\nsh: 1: printf: x: expected numeric value\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- sh -c \"printf '%d\\n' 3a 0x10; printf '%d %d\\n' 1\"", "0\n16\n1 0\n", "sh: invalid number '3a'\nsh: invalid number ''\ncommand terminated with exit code 1\n"),
        // wc counts a directory as 0 after its error; GNU pads to the files' total size (7 with a directory).
        ("kubectl exec n -- wc -l /tmp/t/d", "0 /tmp/t/d\n", "wc: /tmp/t/d: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- wc -l /tmp/t/d /tmp/t/f", "      0 /tmp/t/d\n      1 /tmp/t/f\n      1 total\n", "wc: /tmp/t/d: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- wc -l /tmp/t/d /tmp/t/f", "        0 /tmp/t/d\n        1 /tmp/t/f\n        1 total\n", "wc: /tmp/t/d: Is a directory\ncommand terminated with exit code 1\n"),
        // A trailing slash names a directory: touch does not create one.
        ("kubectl exec n -- touch /tmp/t/f/ /tmp/t/nope/ /tmp/t/d/", "", "touch: setting times of '/tmp/t/f/': Not a directory\ntouch: setting times of '/tmp/t/nope/': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- touch /tmp/t/f/ /tmp/t/nope/ /tmp/t/d/", "", "touch: /tmp/t/f/: Not a directory\ntouch: /tmp/t/nope/: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- rm /tmp/t/d/ /tmp/t/nope//", "", "rm: '/tmp/t/d' is a directory\nrm: can't remove '/tmp/t/nope': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- rm /tmp/t/d/ /tmp/t/nope/", "", "rm: cannot remove '/tmp/t/d/': Is a directory\nrm: cannot remove '/tmp/t/nope/': No such file or directory\ncommand terminated with exit code 1\n"),
        // Below a missing directory everything is missing, not unknown.
        ("kubectl exec n -- cat /tmp/t/nope/x", "", "cat: /tmp/t/nope/x: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- ls /tmp/t/f/x", "", "ls: /tmp/t/f/x: Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mkdir -p /tmp/t/f/x", "", "mkdir: cannot create directory '/tmp/t/f': Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- mkdir -p /tmp/t/f/x /tmp/t/f", "", "mkdir: can't create directory '/tmp/t/f/': Not a directory\nmkdir: can't create directory '/tmp/t/f': File exists\ncommand terminated with exit code 1\n"),
        // A path through a file, and a file's name with a slash after it.
        ("kubectl exec p -- rm -f /tmp/t/f/x", "", "rm: can't stat '/tmp/t/f/x': Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'rm -f /tmp/t/f/x; echo $?; rm /tmp/t/f/x'", "0\n", "rm: cannot remove '/tmp/t/f/x': Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'cat /tmp/t/f/; ls /tmp/t/f/; wc -l /tmp/t/f/; head /tmp/t/f/'", "", "cat: /tmp/t/f/: Not a directory\nls: cannot access '/tmp/t/f/': Not a directory\nwc: /tmp/t/f/: Not a directory\nhead: cannot open '/tmp/t/f/' for reading: Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- sh -c 'cat /tmp/t/f/; ls /tmp/t/f/; wc -l /tmp/t/f/; head /tmp/t/f/'", "", "cat: can't open '/tmp/t/f/': Not a directory\nls: /tmp/t/f/: Not a directory\nwc: /tmp/t/f/: Not a directory\nhead: /tmp/t/f/: Not a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'test -s /tmp/t/d && test -s /tmp/t/f && echo sized'", "sized\n", ""),
        ("kubectl exec n -- ls /tmp/t/d /tmp/t/f /tmp/t /tmp/t/f", "/tmp/t/f\n/tmp/t/f\n\n/tmp/t:\nd\nf\n\n/tmp/t/d:\n", ""),
        ("kubectl exec p -- head -n 1 /tmp/t/d /tmp/t/nope", "==> /tmp/t/d <==\n", "head: /tmp/t/d: Input/output error\nhead: /tmp/t/nope: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'rm -rf /tmp/t/f/; rm -r /tmp/t/f/; cat /tmp/t/f'", "x\n", "rm: cannot remove '/tmp/t/f/': Not a directory\n"),
        // head and tail on a directory, and files they cannot open.
        ("kubectl exec n -- head -n 1 /tmp/t/d /tmp/t/f", "==> /tmp/t/d <==\n\n==> /tmp/t/f <==\nx\n", "head: error reading '/tmp/t/d': Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- head /tmp/t/d", "", "head: /tmp/t/d: Input/output error\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- tail -n 0 /tmp/t/d", "", "tail: read error: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- tail -n 0 /tmp/t/nope", "", ""),
        ("kubectl exec n -- head -n 1 /tmp/t/nope /tmp/t/f", "==> /tmp/t/f <==\nx\n", "head: cannot open '/tmp/t/nope' for reading: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- head -n 1 /tmp/t/nope /tmp/t/f", "\n==> /tmp/t/f <==\nx\n", "head: /tmp/t/nope: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- tail -n 1 /tmp/t/nope /tmp/t/f", "x\n", "tail: can't open '/tmp/t/nope': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- tail -n 1 /tmp/t/nope /tmp/t/no2", "", "tail: can't open '/tmp/t/nope': No such file or directory\ntail: can't open '/tmp/t/no2': No such file or directory\ntail: no files\ncommand terminated with exit code 1\n"),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
    }
}

/// `test` and `[`: (arguments, dash's stderr, busybox's stderr, status),
/// from `sh -c` and `busybox sh -c` with the same words.
#[test]
fn test_and_bracket_as_the_shells() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl run n --image=nginx");
    e.advance(30_000);
    for pod in ["n", "p"] {
        kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c 'mkdir -p /tmp/t; echo x > /tmp/t/f'"));
    }
    let cases: &[(&str, &str, &str, i32)] = &[
        ("[ a = b c ]", "sh: 1: [: b: unexpected operator", "sh: c: unknown operand", 2),
        ("[ a = b ] ]", "sh: 1: [: b: unexpected operator", "sh: ]: unknown operand", 2),
        ("[ a != ]", "sh: 1: [: !=: argument expected", "sh: !=: argument expected", 2),
        ("[ a =", "sh: 1: [: missing ]", "sh: missing ]", 2),
        ("[ = ]", "", "", 0),
        ("[ -f ]", "", "", 0),
        ("[ a b ]", "sh: 1: [: a: unexpected operator", "sh: b: unknown operand", 2),
        ("[ -n a b ]", "sh: 1: [: a: unexpected operator", "sh: b: unknown operand", 2),
        ("[ 1 -eq x ]", "sh: 1: [: Illegal number: x", "sh: x: bad number", 2),
        ("test a = b c", "sh: 1: test: b: unexpected operator", "sh: c: unknown operand", 2),
        ("test a -eq", "sh: 1: test: -eq: argument expected", "sh: -eq: argument expected", 2),
        ("[ ! a = b ]", "", "", 0),
        ("[ a -o b ]", "", "", 0),
        ("[ -q x ]", "sh: 1: [: -q: unexpected operator", "sh: x: unknown operand", 2),
        ("[ ]", "", "", 1),
        ("[ ! ]", "", "", 0),
        ("[ -d /tmp -a ! -f /tmp ]", "", "", 0),
        ("[ 2 -lt 10 -o x = y ]", "", "", 0),
        ("test -e /tmp/t/f/ -o -f /tmp/t/f/ -o -s /tmp/t/f/", "", "", 1),
    ];
    for (words, dash, busybox, status) in cases {
        for (pod, want) in [("n", dash), ("p", busybox)] {
            let o = kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c '{words}; echo $?'"));
            let stderr = if want.is_empty() { String::new() } else { format!("{want}\n") };
            assert_eq!((o.stdout, o.stderr), (format!("{status}\n"), stderr), "{pod}: {words}");
        }
    }
}

/// mv of a file: into a new name or a directory, GNU's errors checked
/// against coreutils' mv; the image's own `mysql` (the replicated MySQL
/// page renames it) goes, and the shell no longer finds it.
#[test]
fn mv_renames_files() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl run n --image=nginx");
    kubectl(&mut e, "kubectl run db --image=mysql:5.7 --env=MYSQL_ALLOW_EMPTY_PASSWORD=1");
    e.advance(30_000);
    kubectl(&mut e, "kubectl exec n -- sh -c 'echo x > /tmp/f; mkdir /tmp/d'");
    let cases: &[(&str, &str, &str)] = &[
        ("kubectl exec n -- sh -c 'mv /tmp/f /tmp/g; cat /tmp/g; cat /tmp/f'", "x\n", "cat: /tmp/f: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- sh -c 'mv /tmp/g /tmp/d; cat /tmp/d/g'", "x\n", ""),
        ("kubectl exec n -- mv /tmp/nope /tmp/x", "", "mv: cannot stat '/tmp/nope': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mv /tmp/d/g /tmp/d/g", "", "mv: '/tmp/d/g' and '/tmp/d/g' are the same file\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mv /tmp/d/g /tmp/nodir/x", "", "mv: cannot move '/tmp/d/g' to '/tmp/nodir/x': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mv /tmp/d/g", "", "mv: missing destination file operand after '/tmp/d/g'\nTry 'mv --help' for more information.\ncommand terminated with exit code 1\n"),
        ("kubectl exec db -- mv /usr/bin/mysql /usr/bin/mysql.off", "", ""),
        ("kubectl exec db -- bash -c 'mv /usr/bin/mysql.off /usr/bin/mysql; mysql -N -e \"SELECT 1\"'", "1\n", ""),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
        // Renamed, the runtime no longer finds the program to start.
        if line.contains("/usr/bin/mysql.off") && !line.contains("bash") {
            let o = kubectl(&mut e, "kubectl exec db -- mysql -e 'SELECT 1'");
            assert!(o.stderr.ends_with("exec: \"mysql\": executable file not found in $PATH: unknown\n"), "{}", o.stderr);
        }
    }
}

/// fsGroup's group owns an emptyDir, set-group-id, so what the container
/// makes there is in it; the rest stays root's (the CKAD crash course's
/// security context exercise, and kubernetes.io's security context task).
#[test]
fn fs_group_owns_empty_dirs() {
    let mut e = cluster_with(
        r#"
apiVersion: v1
kind: Pod
metadata: {name: s}
spec:
  securityContext: {fsGroup: 3000}
  containers:
  - name: s
    image: nginx
    volumeMounts: [{name: d, mountPath: /data/app}]
  volumes: [{name: d, emptyDir: {}}]
---
apiVersion: v1
kind: Pod
metadata: {name: u}
spec:
  securityContext: {runAsUser: 1000, fsGroup: 2000}
  containers:
  - name: u
    image: busybox
    command: [sleep, "3600"]
    volumeMounts: [{name: d, mountPath: /data/demo}]
  volumes: [{name: d, emptyDir: {}}]
"#,
    );
    e.advance(30_000);
    let cases: &[(&str, &str)] = &[
        ("kubectl exec s -- sh -c 'touch /data/app/logs.txt; ls -l /data/app'", "total 0\n-rw-r--r-- 1 root 3000 0 Jan  1 00:01 logs.txt\n"),
        ("kubectl exec s -- ls -ld /data/app", "drwxrwsrwx 2 root 3000 4096 Jan  1 00:00 /data/app\n"),
        ("kubectl exec s -- sh -c 'mkdir /data/app/sub; ls -ld /data/app/sub'", "drwxr-sr-x 2 root 3000 4096 Jan  1 00:01 /data/app/sub\n"),
        ("kubectl exec s -- sh -c 'touch /tmp/t; ls -l /tmp'", "total 0\n-rw-r--r-- 1 root root 0 Jan  1 00:01 t\n"),
        ("kubectl exec u -- sh -c 'echo hi > /data/demo/f; ls -l /data/demo'", "total 4\n-rw-r--r--    1 1000     2000             3 Jan  1 00:01 f\n"),
    ];
    for (line, want) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*want, ""), "{line}");
    }
}

/// A printing loop writing outside its volumes: its file holds the turns
/// since the directory it goes into was made (the crash course's
/// debugging exercise, `echo $(date) >> ~/tmp/curr-date.txt`).
#[test]
fn a_loop_s_file_in_the_layer_starts_with_its_directory() {
    let mut e = cluster_with(
        r#"
apiVersion: v1
kind: Pod
metadata: {name: f}
spec:
  containers:
  - name: f
    image: busybox
    args: [/bin/sh, -c, 'while true; do echo $(date) >> ~/tmp/curr-date.txt; sleep 5; done;']
"#,
    );
    e.advance(12_000);
    kubectl(&mut e, "kubectl exec f -- mkdir -p /root/tmp");
    e.advance(11_000);
    let text = kubectl(&mut e, "kubectl exec f -- cat /root/tmp/curr-date.txt").stdout;
    // Two turns since the mkdir, each `date` split and joined by echo.
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().all(|l| l.starts_with("Wed Jan 1 00:00:") && l.ends_with(" UTC 2025")), "{text}");
    assert_eq!(kubectl(&mut e, "kubectl exec f -- ls /root/tmp").stdout, "curr-date.txt\n");
}

/// `readOnlyRootFilesystem: true`: the image's file system refuses
/// writes (EROFS, in each tool's words); volumes and the kubelet's files
/// still take them.
#[test]
fn a_read_only_root_takes_writes_only_on_its_mounts() {
    let mut e = cluster_with(
        r#"
apiVersion: v1
kind: Pod
metadata: {name: r}
spec:
  containers:
  - name: r
    image: busybox
    command: [sleep, "3600"]
    securityContext: {readOnlyRootFilesystem: true}
    volumeMounts: [{name: cache, mountPath: /cache}]
  volumes: [{name: cache, emptyDir: {}}]
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: web
    image: nginx
    securityContext: {readOnlyRootFilesystem: true}
    volumeMounts: [{name: run, mountPath: /var/run}]
  volumes: [{name: run, emptyDir: {}}]
"#,
    );
    e.advance(30_000);
    let cases: &[(&str, &str, &str)] = &[
        ("kubectl exec r -- touch /x", "", "touch: /x: Read-only file system\ncommand terminated with exit code 1\n"),
        ("kubectl exec r -- sh -c 'echo x > /tmp/a'", "", "sh: can't create /tmp/a: Read-only file system\ncommand terminated with exit code 1\n"),
        ("kubectl exec r -- mkdir /tmp/d", "", "mkdir: can't create directory '/tmp/d': Read-only file system\ncommand terminated with exit code 1\n"),
        ("kubectl exec r -- sh -c 'touch /cache/x; echo y > /dev/termination-log; echo h >> /etc/hosts; ls /cache'", "x\n", ""),
        ("kubectl exec web -- touch /x", "", "touch: cannot touch '/x': Read-only file system\ncommand terminated with exit code 1\n"),
        ("kubectl exec web -- touch /var/run/x", "", ""),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
    }
}
