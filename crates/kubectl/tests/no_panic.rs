//! Nothing a user types may crash the terminal: random command lines,
//! built from kubectl's own vocabulary and from arbitrary characters, must
//! parse to a command or to an error, never panic.

use kubeplay_kubectl::parse_line;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "kubectl", "k", "sim", "get", "describe", "create", "apply", "delete", "set", "image", "env", "resources", "rollout", "status", "undo",
    "history", "top", "pod", "node", "taint", "label", "annotate", "logs", "wait", "explain", "scale", "autoscale", "expose", "run", "patch",
    "edit", "replace", "drain", "cordon", "deployment", "service", "nodeport", "secret", "generic", "configmap", "job", "cronjob", "pods",
    "deploy/web", "svc/web", "all", "po,svc", "-n", "-A", "-o", "wide", "yaml", "jsonpath={.a}", "custom-columns=A:.a", "-l", "app=web",
    "--", "-", "--all", "--replicas=3", "--replicas", "-r", "--image=nginx", "--tcp=80:8080", "--for=condition=Ready", "--for=delete",
    "a=b:NoSchedule", "key-", "--record", "--dry-run", "--dry-run=client", "-f", "x.yaml", "--timeout=1m", "--timeout", "-p", "{}", "'",
    "\"", "\\", "|", "#", "=", "/", "advance", "10s", "add", "--cpu", "2", "load", "cpu=1", "-c", "-h", "--help", "-wnx", "--=x", "---",
];

fn line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(8).collect()),
    ];
    proptest::collection::vec(word, 0..10).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]
    #[test]
    fn parsing_never_panics(l in line()) {
        let _ = parse_line(&l);
        let _ = parse_line(&format!("kubectl {l}"));
        let _ = parse_line(&format!("sim {l}"));
    }
}
