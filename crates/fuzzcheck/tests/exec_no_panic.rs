//! The no-panic short run for what reaches a container: `sh -c` scripts
//! through `kubectl exec` on busybox, Debian (dash + GNU) and bash
//! shells, lines typed into an interactive `kubectl exec -it` session,
//! `xargs` at the end of a pipe, URLs through `kubectl proxy`, and
//! `minikube …` and `kubectl attach …` lines. Every case runs on a copy
//! of one settled cluster, must return and must never panic; the
//! playground's own caps bound each line, so a hang would hang the test.

use kubeplay_playground::Playground;
use proptest::prelude::*;

/// A cluster with a busybox pod `b`, an nginx pod `n` (dash, bash and GNU
/// coreutils), a Service in front of nginx and a proxy running, built once
/// per thread: cloning it is far cheaper than building and settling.
fn cluster() -> Playground {
    thread_local! {
        static TEMPLATE: Playground = {
            let mut pg = Playground::new(1);
            for line in [
                "kubectl run b --image=busybox -- sleep 3600",
                "kubectl run n --image=nginx --labels=app=n",
                "kubectl expose pod n --port=80",
                "kubectl create deployment web --image=nginx",
                "sim settle",
                "kubectl proxy &",
            ] {
                pg.run(line, None);
            }
            pg
        };
    }
    TEMPLATE.with(Playground::clone)
}

fn run_all(lines: &[String]) {
    let mut pg = cluster();
    for line in lines {
        let _ = pg.run(line, None);
    }
    let _ = pg.steps(5);
}

/// The shell's single quotes around any text.
fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// Script pieces: every operator, redirection, expansion and quoting the
/// script parser reads, the file programs and their options, and paths
/// that exist, are missing, are directories or are read-only.
const SH_BITS: &[&str] = &[
    " ", ";", "\n", "&&", "||", "&", "|", ">", ">>", "<", "2>", "2>&1", "2>>", ">&2", "1>&2", "3>", "<>", "<<", "(", ")", "{", "}", "#",
    "'", "\"", "\\", "`", "$", "$?", "$$", "$0", "$#", "$HOME", "${HOSTNAME}", "${X:-y}", "${", "$(", "$((1+2))", "$(echo a b)", "`date`",
    "cat", "ls", "ls -la", "ls -1A", "ls -R", "ls -lZ", "echo", "echo -n", "printf", "'%s\\n'", "'%d %s %q'", "%", "\\n", "head", "tail",
    "-n", "1", "-2", "+1", "x", "wc", "-l", "-c", "mkdir", "-p", "touch", "rm", "-rf", "-r", "test", "[", "]", "-f", "-d", "-e", "-s",
    "!", "=", "!=", "-eq", "-lt", "date", "hostname", "env", "true", "false", "exit", "exit 3", "cd", "cd /tmp", "export X=1", "X=2",
    "for", "do", "done", "if", "then", "fi", "sleep 1", "nslookup web", "wget -qO- web", "curl -s web", "/tmp/t", "/tmp/t/f", "/tmp/t/d/",
    "/tmp/t/nope/f", "/etc/hostname", "/etc/passwd", "/proc/1/status", "/usr/share/nginx/html/index.html", "/", ".", "..", "-",
    "/dev/null", "/etc/resolv.conf", "/var/run/secrets/kubernetes.io/serviceaccount/token", "é", "\t", "*", "?",
    "case", "in", "esac", ";;", "a|b)", "*)", "f()", "f", "f a b", "function", "return", "return 2", "local", "local x=1", "shift", "$1",
    "$@", "\"$@\"", "$*", "${1}",
];

/// Scripts the docs and tutorials run, to mangle.
const SCRIPTS: &[&str] = &[
    "mkdir -p /tmp/t/d && echo hi > /tmp/t/f; ls -a /tmp/t; cat /tmp/t/d; echo $?",
    "echo \"$(hostname)\" > /usr/share/nginx/html/index.html",
    "printf '%s=%s\\n' a 1 b 2 >> /tmp/t/f; wc -l < /tmp/t/f; head -n 1 /tmp/t/f; tail -n1 /tmp/t/f",
    "test -f /tmp/t/f && [ -d /tmp ] && echo ok || echo no",
    "cat /nope 2>/dev/null || echo gone; cat /nope > /tmp/o 2>&1; cat /tmp/o",
    "touch /tmp/t/a /tmp/t/b; rm -rf /tmp/t; ls /tmp/t; echo $?",
    "echo 'single $(x)' \"double $HOSTNAME\" `echo back` $(echo sub)",
    "ls -l /etc/config; cat /etc/podinfo/labels; date",
    "while true; do echo hi; sleep 5; done",
    "echo x > /etc/hostname; echo $?; exit 7",
    "f() { local x=$1; shift; echo \"$x $# $@\"; return 3; }; f a b c; echo $?",
    "case $HOSTNAME in web-*|b) echo web;; *) echo other;; esac",
    "x=1; (x=2; cd /tmp; exit 4) || { echo $x; pwd; }",
    "r() { [ $1 -gt 0 ] && r $(($1 - 1)); echo $1; }; r 3",
];

fn mangled_script() -> impl Strategy<Value = String> {
    let edit = (0..3u8, any::<prop::sample::Index>(), any::<prop::sample::Index>(), proptest::sample::select(SH_BITS));
    (proptest::sample::select(SCRIPTS), proptest::collection::vec(edit, 0..5)).prop_map(|(seed, edits)| {
        let mut s = seed.to_string();
        for (op, at, len, bit) in edits {
            let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain(std::iter::once(s.len())).collect();
            let start = bounds[at.index(bounds.len())];
            let end = bounds[(at.index(bounds.len()) + len.index(12)).min(bounds.len() - 1)];
            match op {
                0 => s.insert_str(start, bit),
                1 => s.replace_range(start..end, ""),
                _ => {
                    let span = s[start..end].to_string();
                    s.insert_str(end, &span);
                }
            }
        }
        s
    })
}

fn words(vocabulary: &'static [&'static str], max: usize, sep: &'static str) -> impl Strategy<Value = String> {
    let word = prop_oneof![
        8 => proptest::sample::select(vocabulary).prop_map(str::to_string),
        1 => "[ -~]{0,8}",
        1 => any::<String>().prop_map(|s| s.chars().take(4).collect()),
    ];
    proptest::collection::vec(word, 0..max).prop_map(move |w| w.join(sep))
}

fn script() -> impl Strategy<Value = String> {
    prop_oneof![2 => mangled_script(), 1 => words(SH_BITS, 14, " "), 1 => words(SH_BITS, 14, "")]
}

/// What runs the script: `sh` in busybox, `sh` (dash) and `bash` in nginx.
const SHELLS: &[&str] = &["b -- sh", "n -- sh", "n -- bash", "b -c b -- /bin/sh", "n -- /bin/bash"];

/// Pieces of `xargs` lines: its options (valid, invalid and missing
/// their values) and the commands it may build.
const XARGS_BITS: &[&str] = &[
    "-n", "1", "2", "-n1", "-L", "-L1", "-I", "{}", "-I{}", "-i", "-0", "-d", ",", "'\\n'", "-r", "--no-run-if-empty", "-t", "-p", "-P",
    "4", "-s", "10", "-x", "-E", "END", "-e", "-a", "f", "--max-args=2", "--delimiter=:", "--arg-file", "--", "--bogus", "-z", "echo",
    "kubectl", "get", "pod", "delete", "describe", "{}", "-o", "name", "wc", "-l", "sh", "-c", "'echo $0'", "true", "false", "exit 255",
    "sim", "nope", "grep", "x",
];

const XARGS_INPUTS: &[&str] = &[
    "kubectl get pods -o name", "echo a b c", "printf 'a\\nb c\\n'", "printf 'a\\0b\\0'", "echo \"a 'b c' d\\\\ e\"", "echo 'unterminated \"q'",
    "seq 500", "echo", "printf ''", "echo pod/b pod/n", "echo END x", "echo -n a,b,,c",
];

/// Paths after `localhost:8001`: the API, proxy subresources of pods and
/// Services with schemes, names and ports, valid and not.
const PROXY_BITS: &[&str] = &[
    "/", "api", "apis", "v1", "namespaces", "default", "kube-system", "nope", "pods", "services", "nodes", "proxy", "b", "n", "n:80",
    "n:8080", "http:n:", "https:n:443", ":n:", "a:b:c:d", "web", "web:80", "version", "healthz", "openapi", "v2", "..", ".", "%2F", "%",
    "?", "?watch=1", "#", "&", "=", "index.html", "//", "-", "é", "::",
];

/// Pieces of `minikube …` lines.
const MINIKUBE_BITS: &[&str] = &[
    "start", "stop", "delete", "status", "ip", "dashboard", "--url", "service", "n", "web", "nope", "-n", "default", "--namespace",
    "kube-system", "addons", "list", "enable", "disable", "metrics-server", "ingress", "tunnel", "kubectl", "--", "get", "pods", "-p",
    "profile", "node", "add", "--driver=docker", "--memory", "4g", "ssh", "docker-env", "image", "load", "logs", "version", "-o", "json",
    "--help", "-h", "config", "set", "mount", "update-context", "--all", "-x",
];

/// Pieces of `kubectl attach …` lines.
const ATTACH_BITS: &[&str] = &[
    "b", "n", "pod/b", "deploy/web", "svc/n", "rs/nope", "nope", "-c", "b", "n", "nope", "-i", "-t", "-it", "-q", "--quiet", "--stdin",
    "--tty", "--tty=false", "--pod-running-timeout=0s", "--pod-running-timeout=1m", "--pod-running-timeout=x", "-n", "kube-system",
    "default", "--", "-x", "a", "b", "c", "-h", "--help", "-ti", "-c=b", "--container",
];

/// Lines typed into an interactive shell session.
fn session_line() -> impl Strategy<Value = String> {
    let extra = proptest::sample::select(&["cd /tmp", "cd", "cd -", "pwd", "exit", "exit 300", "exit x", "export X=$HOME", "unset X", "read x", "kubectl get pods", "sh", "bash", "^C", "clear"][..]);
    prop_oneof![3 => script(), 1 => extra.prop_map(str::to_string)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// `kubectl exec POD -- sh -c SCRIPT` with any script, on each shell.
    #[test]
    fn exec_scripts(shell in proptest::sample::select(SHELLS), scripts in proptest::collection::vec(script(), 1..4)) {
        let lines: Vec<String> = scripts.iter().map(|s| format!("kubectl exec {shell} -c {}", single_quoted(s))).collect();
        run_all(&lines);
    }

    /// Lines typed after `kubectl exec -it POD -- sh` until (perhaps) exit.
    #[test]
    fn exec_sessions(shell in proptest::sample::select(SHELLS), typed in proptest::collection::vec(session_line(), 1..6)) {
        let mut lines = vec![format!("kubectl exec -it {shell}")];
        lines.extend(typed);
        lines.push("exit".into());
        lines.push("echo $?".into());
        run_all(&lines);
    }

    /// Input of any shape into `xargs` with any options and command.
    #[test]
    fn xargs(input in proptest::sample::select(XARGS_INPUTS), args in words(XARGS_BITS, 8, " ")) {
        run_all(&[format!("{input} | xargs {args}"), format!("{input} | xargs {args}; echo $?")]);
    }

    /// URLs through the proxy, by curl and wget, and `kubectl get --raw`.
    #[test]
    fn proxy_urls(path in words(PROXY_BITS, 10, "/"), tail in words(PROXY_BITS, 3, "")) {
        let url = format!("{path}{tail}");
        run_all(&[
            format!("curl -s localhost:8001/{url}"),
            format!("curl -si http://127.0.0.1:8001/api/v1/namespaces/default/{url}"),
            format!("wget -qO- http://localhost:8001/{url}"),
            format!("kubectl get --raw /{url}"),
        ]);
    }

    #[test]
    fn minikube_lines(args in words(MINIKUBE_BITS, 6, " ")) {
        run_all(&[format!("minikube {args}")]);
    }

    #[test]
    fn attach_lines(args in words(ATTACH_BITS, 7, " ")) {
        run_all(&[format!("kubectl attach {args}"), "exit".into()]);
    }
}
