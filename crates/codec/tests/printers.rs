//! The printers against real kubectl v1.32 output. Each `tests/kubectl/*.json`
//! is what `kubectl create ... --dry-run=client -o json` printed and the
//! matching `.yaml` what the same command printed with `-o yaml` (commands
//! in tests/kubectl/README.md). Printing the JSON value must reproduce both
//! byte for byte.

use kubeplay_codec::{to_json, to_yaml};

const CASES: &[(&str, &str, &str)] = &[
    ("deployment", include_str!("kubectl/deployment.json"), include_str!("kubectl/deployment.yaml")),
    ("job", include_str!("kubectl/job.json"), include_str!("kubectl/job.yaml")),
    ("cronjob", include_str!("kubectl/cronjob.json"), include_str!("kubectl/cronjob.yaml")),
    ("service", include_str!("kubectl/service.json"), include_str!("kubectl/service.yaml")),
    ("configmap-tricky", include_str!("kubectl/configmap-tricky.json"), include_str!("kubectl/configmap-tricky.yaml")),
    ("configmap-escapes", include_str!("kubectl/configmap-escapes.json"), include_str!("kubectl/configmap-escapes.yaml")),
    ("configmap-longkey", include_str!("kubectl/configmap-longkey.json"), include_str!("kubectl/configmap-longkey.yaml")),
];

fn parse(json: &str) -> serde_json::Value {
    serde_json::from_str(json).expect("fixture is JSON")
}

/// Shows the first differing line, which is far easier to read than two
/// whole documents.
fn assert_same(name: &str, got: &str, want: &str) {
    if got == want {
        return;
    }
    let line = got.lines().zip(want.lines()).position(|(g, w)| g != w).unwrap_or(got.lines().count().min(want.lines().count()));
    panic!(
        "{name}: first difference at line {}\n  got:  {:?}\n  want: {:?}\n--- got ---\n{got}",
        line + 1,
        got.lines().nth(line),
        want.lines().nth(line)
    );
}

#[test]
fn yaml_matches_kubectl() {
    for (name, json, yaml) in CASES {
        assert_same(name, &to_yaml(&parse(json)), yaml);
    }
}

#[test]
fn json_matches_kubectl() {
    for (name, json, _) in CASES {
        assert_same(name, &to_json(&parse(json)), json);
    }
}

/// Values `kubectl create configmap c --from-literal=a=yes --from-literal=b=80
/// --from-literal=c=''` prints (the brief's example), as a table.
#[test]
fn quoting_of_strings_that_would_change_type() {
    let table = [
        ("yes", "\"yes\""),
        ("80", "\"80\""),
        ("", "\"\""),
        ("true", "\"true\""),
        ("null", "\"null\""),
        ("1.5", "\"1.5\""),
        ("2024-01-01", "\"2024-01-01\""),
        ("1:20", "\"1:20\""),
        ("- a", "'- a'"),
        ("a: b", "'a: b'"),
        ("#a", "'#a'"),
        ("?a", "?a"),
        (":a", ":a"),
        ("a,b", "a,b"),
        (" a", "' a'"),
        ("a ", "'a '"),
        ("1e400", "1e400"),
        ("0.0.1", "0.0.1"),
        ("nginx:1.7.9", "nginx:1.7.9"),
        ("http://x.y/z", "http://x.y/z"),
        ("😀", "\"\\U0001F600\""),
        ("line1\nline2", "|-\n    line1\n    line2"),
        ("line1\nline2\n", "|\n    line1\n    line2"),
    ];
    for (value, printed) in table {
        let got = to_yaml(&serde_json::json!({ "data": { "k": value } }));
        assert_eq!(got, format!("data:\n  k: {printed}\n"), "{value:?}");
    }
}
