//! Scripts with `case`, groups, subshells and functions, each row as
//! dash 0.5.12 (Debian's `sh`), busybox 1.35's ash and bash 5.2 print it
//! for `sh -c SCRIPT` (bash for `bash -c`), the exit code as kubectl
//! reports it.

use super::super::tests::{cluster_with, kubectl};
use kubeplay_engine::Engine;

const CLUSTER: &str = r#"
apiVersion: v1
kind: Pod
metadata: {name: bb}
spec:
  containers: [{name: bb, image: "busybox:1.36", command: [sleep, "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: deb}
spec:
  containers: [{name: deb, image: "debian:12", command: [sleep, "3600"]}]
"#;

fn cluster() -> Engine {
    cluster_with(CLUSTER)
}

#[test]
fn compound_commands_as_the_shells_run_them() {
    // (pod, shell, script, stdout, stderr): bb runs busybox ash, deb's
    // `sh` is dash (and has no curl: the real run named a missing program).
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        ("deb", "sh", "case web-7d4f in db-*) echo db;; web-*|api-*) echo web;; esac", "web\n", ""),
        ("bb", "sh", "case web-7d4f in db-*) echo db;; web-*|api-*) echo web;; esac", "web\n", ""),
        ("deb", "sh", "case x in a) echo a;; esac; echo $?", "0\n", ""),
        ("deb", "sh", "false; case x in x) ;; esac; echo $?", "0\n", ""),
        ("deb", "sh", "p=\"w*\"; case web in \"$p\") echo literal;; $p) echo pattern;; esac", "pattern\n", ""),
        ("bb", "sh", "case \"a*\" in \"a*\") echo q;; esac; case ab in a\\*) echo no;; a?) echo yes;; esac", "q\nyes\n", ""),
        ("deb", "sh", "case 7 in [!0-9]) echo other;; [0-9]) echo digit;; esac", "digit\n", ""),
        ("deb", "sh", "case x in (x) echo paren;; esac", "paren\n", ""),
        ("deb", "sh", "case $(echo hi) in h*) echo sub;; esac", "sub\n", ""),
        ("deb", "sh", "N=1; { N=2; echo \"in $N\"; }; echo \"after $N\"", "in 2\nafter 2\n", ""),
        ("bb", "sh", "N=1; (N=3; echo \"in $N\"); echo \"after $N\"", "in 3\nafter 1\n", ""),
        ("deb", "sh", "x=1; (exit 3); echo $?; (x=2; exit 4) || echo $x", "3\n1\n", ""),
        ("deb", "sh", "cd /tmp; (cd /; pwd); pwd", "/\n/tmp\n", ""),
        ("bb", "sh", "true && { echo a; false; } || echo b", "a\nb\n", ""),
        ("deb", "sh", "(echo a; exit 2) && echo yes || echo no", "a\nno\n", ""),
        ("deb", "sh", "f() { echo \"n=$# 1=$1 2=$2\"; }; f a \"b c\"", "n=2 1=a 2=b c\n", ""),
        ("bb", "sh", "f() { for a in \"$@\"; do echo \"[$a]\"; done; }; f 1 \"2 3\" \"\"", "[1]\n[2 3]\n[]\n", ""),
        ("deb", "sh", "f() { echo $*; echo $#; }; f; f x y", "\n0\nx y\n2\n", ""),
        ("deb", "sh", "f() { return 3; echo no; }; f; echo $?", "3\n", ""),
        ("bb", "sh", "f() { false; return; }; f; echo $?", "1\n", ""),
        ("deb", "sh", "f() { x=in; }; x=out; f; echo $x", "in\n", ""),
        ("deb", "sh", "f() { local x=in; echo $x; }; x=out; f; echo $x", "in\nout\n", ""),
        ("deb", "sh", "f() { local x; echo \"[$x]\"; }; x=1; f", "[1]\n", ""),
        ("bb", "sh", "f() { local x; echo \"[$x]\"; }; x=1; f", "[]\n", ""),
        ("deb", "sh", "f() { echo $1; shift; echo $1 $#; }; f a b c", "a\nb 2\n", ""),
        ("bb", "sh", "f() { shift 5; echo $?; }; f a", "1\n", ""),
        ("deb", "sh", "f() { shift 5; echo $?; }; f a; echo after", "", "sh: 1: shift: can't shift that many\ncommand terminated with exit code 2\n"),
        ("deb", "sh", "fact() { if [ $1 -le 1 ]; then r=1; else fact $(($1 - 1)); r=$(($1 * r)); fi; }; fact 5; echo $r", "120\n", ""),
        ("bb", "sh", "count() { i=0; while [ $i -lt $1 ]; do i=$((i+1)); done; echo $i; }; count 4", "4\n", ""),
        ("deb", "sh", "f() { echo first; }; f() { echo second; }; f", "second\n", ""),
        ("deb", "sh", "f() (x=2; echo $x); x=1; f; echo $x", "2\n1\n", ""),
        ("deb", "sh", "f()\n{\n  echo body\n}\nf", "body\n", ""),
        ("deb", "sh", "echo 1\nf() {\n  curl\n}\nf", "1\n", "sh: 3: curl: not found\ncommand terminated with exit code 127\n"),
        ("bb", "sh", "f() { return 5; }; f && echo yes || echo $?", "5\n", ""),
        ("deb", "sh", "return 4; echo after", "", "command terminated with exit code 4\n"),
        ("bb", "sh", "echo a; return; echo b", "a\n", ""),
        ("deb", "bash", "return 4; echo $?", "2\n", "bash: line 1: return: can only `return' from a function or sourced script\n"),
        ("deb", "sh", "local x=1; echo $x", "", "sh: 1: local: not in a function\ncommand terminated with exit code 2\n"),
        ("bb", "sh", "local x=1; echo $x", "", "sh: local: line 0: not in a function\ncommand terminated with exit code 2\n"),
        ("deb", "bash", "local x=1; echo $?", "1\n", "bash: line 1: local: can only be used in a function\n"),
        ("deb", "bash", "function f { echo kw $1; }; f a", "kw a\n", ""),
        ("bb", "sh", "function f() { echo kw $1; }; f b", "kw b\n", ""),
        // Redirected, or starting a pipe (a subshell there too).
        ("deb", "sh", "{ echo a; echo b; } | wc -l", "2\n", ""),
        ("bb", "sh", "{ echo a; echo b >&2; } 2>/dev/null; echo c", "a\nc\n", ""),
        ("deb", "sh", "x=1; { x=2; echo in; } | cat; echo $x", "in\n1\n", ""),
        ("bb", "sh", "(cd /tmp; pwd) > /tmp/o; cat /tmp/o", "/tmp\n", ""),
        ("deb", "sh", "f() { echo x; echo y >&2; }; f 2>&1 | wc -l", "2\n", ""),
        ("bb", "sh", "if true; then echo t; fi | tr t T", "T\n", ""),
        ("deb", "bash", "f() { local x=1; echo $x; }; f", "1\n", ""),
        ("deb", "sh", "{ }", "", "sh: 1: Syntax error: \"}\" unexpected\ncommand terminated with exit code 2\n"),
        ("bb", "sh", "{ }", "", "sh: syntax error: unexpected \"}\"\ncommand terminated with exit code 2\n"),
        ("deb", "sh", "echo a\n( )", "a\n", "sh: 2: Syntax error: \")\" unexpected\ncommand terminated with exit code 2\n"),
        ("bb", "sh", "( )", "", "sh: syntax error: unexpected \")\"\ncommand terminated with exit code 2\n"),
        ("deb", "sh", "f() { echo in; exit 3; }; f; echo no", "in\n", "command terminated with exit code 3\n"),
        ("bb", "sh", "f() { (exit 3); echo $?; }; f", "3\n", ""),
    ];
    let mut e = cluster();
    let mut wrong = Vec::new();
    for (pod, shell, script, stdout, stderr) in cases {
        let out = kubectl(&mut e, &format!("kubectl exec {pod} -- {shell} -c '{script}'"));
        if (out.stdout.as_str(), out.stderr.as_str()) != (*stdout, *stderr) {
            wrong.push(format!("{pod} {script:?}\n  got  {:?} {:?}\n  want {stdout:?} {stderr:?}", out.stdout, out.stderr));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Recursion stops with a note, never a stack overflow; a function that
/// calls itself twice stops at the calls' budget.
#[test]
fn calls_are_bounded() {
    let mut e = cluster();
    for (pod, script) in [("deb", "f() { f; }; f"), ("bb", "f() { f; }; f; echo after"), ("bb", "f() { [ $1 -gt 0 ] && { f $(($1 - 1)); f $(($1 - 1)); }; }; f 20")] {
        let out = kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c '{script}'"));
        assert!(out.failed && out.stdout.is_empty(), "{script}: {out:?}");
        assert!(out.stderr.starts_with("error: (playground) the script "), "{script}: {}", out.stderr);
    }
}

/// `sh -c SCRIPT NAME ARG…`: the ARGs are `$1`… (as dash, ash and bash
/// print `2 [a] [b c]` here).
#[test]
fn script_arguments_are_positional() {
    let mut e = cluster();
    for pod in ["bb", "deb"] {
        let out = kubectl(&mut e, &format!("kubectl exec {pod} -- sh -c 'echo \"$# [$1] [$2]\"' name a \"b c\""));
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("2 [a] [b c]\n", ""), "{pod}");
    }
}
