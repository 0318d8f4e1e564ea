//! The session's own parsing, then whole sessions against a settled cluster.

use super::words::*;
use super::*;
use kubeplay_engine::DEFAULT_SETTLE_MS;

fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => crate::exec::execute(&inv, e, crate::exec::Io::default()).unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn lists_split_at_their_operators_outside_quotes() {
    let split = |l: &str| split_list(l).map(|v| v.into_iter().map(|(t, op)| format!("{t}{op}")).collect::<Vec<_>>());
    for (line, want) in [
        ("cd /tmp", Some(vec!["cd /tmp;"])),
        ("cd /tmp && ls; pwd", Some(vec!["cd /tmp&&", "ls;", "pwd;"])),
        ("false || exit 3", Some(vec!["false||", "exit 3;"])),
        ("echo 'a;b' \"c && d\"", Some(vec!["echo 'a;b' \"c && d\";"])),
        ("echo $(hostname; date) x", Some(vec!["echo $(hostname; date) x;"])),
        ("echo a\\;b", Some(vec!["echo a\\;b;"])),
        ("for i in 1 2; do echo $i; done", None),
        ("if true; then echo y; fi", None),
        ("echo 'open", None),
    ] {
        assert_eq!(split(line), want.map(|v| v.into_iter().map(String::from).collect()), "{line}");
    }
}

#[test]
fn paths_and_words() {
    for (cwd, dir, want) in [("/", "tmp", "/tmp"), ("/usr/share", "..", "/usr"), ("/", "..", "/"), ("/tmp", "/etc/./nginx/", "/etc/nginx"), ("/a/b", "../../c", "/c")] {
        assert_eq!(normalize(cwd, dir), want, "{cwd} {dir}");
    }
    for (word, want) in [("X=1", Some(("X", "1"))), ("_a2=", Some(("_a2", ""))), ("2x=1", None), ("a-b=1", None), ("echo", None), ("=x", None)] {
        assert_eq!(assignment(word), want, "{word}");
    }
    let name = |s: &str| var_name(&s.chars().collect::<Vec<_>>());
    for (rest, want) in
        [("HOME/x", (Some("HOME"), 4)), ("{HOME}x", (Some("HOME"), 6)), ("?", (Some("?"), 1)), ("(hostname)", (None, 0)), ("", (None, 0)), ("{}", (None, 0)), (" x", (None, 0))]
    {
        let (n, used) = name(rest);
        assert_eq!((n.as_deref(), used), want, "{rest}");
    }
}

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(1);
    for line in ["kubectl create deployment web --image=nginx", "kubectl run bb --image=busybox:1.28 -- sleep 3600"] {
        assert!(!kubectl(&mut e, line).failed);
    }
    e.settle(DEFAULT_SETTLE_MS);
    e
}

fn open(e: &mut Engine, line: &str) -> ContainerShell {
    let mut out = kubectl(e, line);
    match out.session.take() {
        Some(s) => *s,
        None => panic!("{line}: no session: {}", out.stderr),
    }
}

/// Runs `lines` in the session: each one's stdout and stderr, and whether
/// the session was still open after it.
fn lines(s: &mut ContainerShell, e: &mut Engine, lines: &[&str]) -> Vec<(String, String, bool)> {
    lines
        .iter()
        .map(|l| {
            let ran = s.run(l, e);
            (ran.output.stdout, ran.output.stderr, !ran.closed)
        })
        .collect()
}

#[test]
fn prompts_follow_the_shell_and_its_directory() {
    let mut e = cluster();
    let mut ash = open(&mut e, "kubectl exec -it bb -- sh");
    assert_eq!(ash.prompt(), "/ # ");
    lines(&mut ash, &mut e, &["cd /tmp"]);
    assert_eq!(ash.prompt(), "/tmp # ");
    lines(&mut ash, &mut e, &["cd"]);
    assert_eq!(ash.prompt(), "~ # ");
    let mut bash = open(&mut e, "kubectl exec -it deploy/web -- /bin/bash");
    assert!(bash.prompt().starts_with("root@web-") && bash.prompt().ends_with(":/# "), "{}", bash.prompt());
    lines(&mut bash, &mut e, &["cd /usr/share/nginx"]);
    assert!(bash.prompt().ends_with(":/usr/share/nginx# "), "{}", bash.prompt());
    assert_eq!(open(&mut e, "kubectl exec -it deploy/web -- sh").prompt(), "# ");
    // No terminal: no prompt.
    assert_eq!(open(&mut e, "kubectl exec -i bb -- sh").prompt(), "");
}

#[test]
fn the_shell_keeps_variables_status_and_directory() {
    let mut e = cluster();
    let mut s = open(&mut e, "kubectl exec -it bb -- sh");
    let got = lines(
        &mut s,
        &mut e,
        &["X=1 Y=two", "echo $X ${Y}s \"$X\" '$X'", "false", "echo $?", "cd /nope", "echo $? $PWD", "kubectl get pods", "cd /etc && pwd", "unset X", "echo [$X]"],
    );
    let want = [
        ("", "", true),
        ("1 twos 1 $X\n", "", true),
        ("", "", true),
        ("1\n", "", true),
        ("", "sh: cd: can't cd to /nope: No such file or directory\n", true),
        ("1 /\n", "", true),
        ("", "sh: kubectl: not found\n", true),
        ("/etc\n", "", true),
        ("", "", true),
        ("[]\n", "", true),
    ];
    let got: Vec<(&str, &str, bool)> = got.iter().map(|(o, e, open)| (o.as_str(), e.as_str(), *open)).collect();
    assert_eq!(got, want);
    let ran = s.run("exit 300", &mut e);
    assert!(ran.closed);
    assert_eq!((ran.output.stderr.as_str(), ran.output.code), ("command terminated with exit code 44\n", Some(44)));
}

#[test]
fn assignments_keep_what_a_substitution_printed() {
    let mut e = cluster();
    let mut s = open(&mut e, "kubectl exec -it bb -- sh");
    let got = lines(
        &mut s,
        &mut e,
        &[
            "NS=$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace)",
            "echo \"[$NS]\"",
            "A=`echo one` B=$(echo two)",
            "echo \"$A-$B\"",
            "H=$(hostname)",
            "echo $H",
        ],
    );
    let got: Vec<&str> = got.iter().map(|(o, _, _)| o.as_str()).collect();
    assert_eq!(got, ["", "[default]\n", "", "one-two\n", "", "bb\n"]);
}

#[test]
fn exec_refuses_shells_the_image_lacks() {
    let mut e = cluster();
    let out = kubectl(&mut e, "kubectl exec -it bb -- bash");
    assert!(out.failed && out.session.is_none());
    assert!(out.stderr.contains("exec: \"bash\": executable file not found in $PATH"), "{}", out.stderr);
    // Without -i the shell reads nothing: no session, no output.
    let out = kubectl(&mut e, "kubectl exec -t bb -- sh");
    assert_eq!((out.failed, out.stdout.as_str(), out.stderr.as_str(), out.session.is_none()), (false, "", "", true));
}

#[test]
fn a_deleted_pod_ends_the_session() {
    let mut e = cluster();
    let s = open(&mut e, "kubectl exec -it bb -- sh");
    assert!(s.gone(&mut e).is_none());
    assert!(!kubectl(&mut e, "kubectl delete pod bb --wait=false").failed);
    e.settle(DEFAULT_SETTLE_MS);
    let out = s.gone(&mut e).expect("the pod is gone");
    assert_eq!((out.stderr.as_str(), out.code), ("command terminated with exit code 137\n", Some(137)));
}

/// Loops and `if`s typed at the prompt, on one line or over several, run
/// in the session's shell as busybox ash, dash and bash run them: each
/// turn sees its own `$i`, and what they set, where they `cd` and their
/// `exit` stay the session's (checked against `busybox sh -i`, `dash -i`
/// and `bash -i` reading the same lines).
#[test]
fn compound_commands_run_in_the_session() {
    let mut e = cluster();
    let mut s = open(&mut e, "kubectl exec -it bb -- sh");
    let got = lines(
        &mut s,
        &mut e,
        &[
            "for i in 1 2; do echo $i; done",
            "for i in a b\ndo\n  echo \"[$i]\"\ndone",
            "echo $i",
            "X=5",
            "if [ $X = 5 ]; then Y=seven; fi; echo $Y",
            "until [ -n \"$Z\" ]; do Z=set; echo once; done",
            "while [ \"$Z\" = set ]; do Z=done; done; echo $Z",
            "false; for i in $?; do echo $i; done",
            "for d in /tmp /etc; do cd $d; done",
            "pwd",
            "cd -",
            "for i in 1; do exit 4; done",
        ],
    );
    let want = [
        ("1\n2\n", "", true),
        ("[a]\n[b]\n", "", true),
        ("b\n", "", true),
        ("", "", true),
        ("seven\n", "", true),
        ("once\n", "", true),
        ("done\n", "", true),
        ("1\n", "", true),
        ("", "", true),
        ("/etc\n", "", true),
        ("/tmp\n", "", true),
        ("", "command terminated with exit code 4\n", false),
    ];
    let got: Vec<(&str, &str, bool)> = got.iter().map(|(o, e, open)| (o.as_str(), e.as_str(), *open)).collect();
    assert_eq!(got, want);

    // dash counts every line it reads: the loop's lines are 2 to 5.
    let mut dash = open(&mut e, "kubectl exec -it deploy/web -- sh");
    let got = lines(&mut dash, &mut e, &["wget", "for i in 1\ndo\n  wget\ndone", "wget"]);
    let errs: Vec<&str> = got.iter().map(|(_, e, _)| e.as_str()).collect();
    assert_eq!(errs, ["sh: 1: wget: not found\n", "sh: 4: wget: not found\n", "sh: 6: wget: not found\n"]);

    // bash says "exit" as it leaves, from inside a loop too.
    let mut bash = open(&mut e, "kubectl exec -it deploy/web -- bash");
    let got = lines(&mut bash, &mut e, &["for n in x y; do echo $n; done", "for i in 1; do exit 3; done"]);
    assert_eq!(got[0].0, "x\ny\n");
    assert_eq!((got[1].0.as_str(), got[1].1.as_str(), got[1].2), ("exit\n", "command terminated with exit code 3\n", false));
}

/// `$((…))` in the container's shells, with their words when it is
/// wrong (busybox 1.35 `sh -c`, dash 0.5.12, bash 5.2): the rest of the
/// script does not run.
#[test]
fn arithmetic_in_the_container_shells() {
    let mut e = cluster();
    for (line, stdout, stderr) in [
        ("kubectl exec bb -- sh -c 'i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done; echo \"n=$((i * 2))\" $(( $i + 1 ))'", "0\n1\n2\nn=6 4\n", ""),
        ("kubectl exec bb -- sh -c 'x=abc; echo $((x+1)) $((2**3)) $((u+1))'", "1 8 1\n", ""),
        ("kubectl exec bb -- sh -c 'echo $((1+)); echo after'", "", "sh: arithmetic syntax error\ncommand terminated with exit code 2\n"),
        ("kubectl exec bb -- sh -c 'echo $((7%0))'", "", "sh: divide by zero\ncommand terminated with exit code 2\n"),
        ("kubectl exec deploy/web -- sh -c 'x=abc; echo a; echo $((x+1)); echo after'", "a\n", "sh: 1: Illegal number: abc\ncommand terminated with exit code 2\n"),
        ("kubectl exec deploy/web -- sh -c 'echo $((1/y))'", "", "sh: 1: arithmetic expression: division by zero: \"1/y\"\ncommand terminated with exit code 2\n"),
        ("kubectl exec deploy/web -- sh -c 'echo $((2**3))'", "", "sh: 1: arithmetic expression: expecting primary: \"2**3\"\ncommand terminated with exit code 2\n"),
        ("kubectl exec deploy/web -- bash -c 'x=abc; echo $((x+1)) $((2**3)); echo $((1+)); echo after'", "1 8\n", "bash: 1+: syntax error: operand expected (error token is \"+\")\ncommand terminated with exit code 1\n"),
    ] {
        let out = kubectl(&mut e, line);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), (stdout, stderr), "{line}");
    }
    // A counter kept by the session across lines.
    let mut s = open(&mut e, "kubectl exec -it bb -- sh");
    let got = lines(&mut s, &mut e, &["n=3; while [ $n -gt 0 ]\ndo\n  echo $n\n  n=$((n - 1))\ndone", "echo $n"]);
    assert_eq!((got[0].0.as_str(), got[1].0.as_str()), ("3\n2\n1\n", "0\n"));
}
