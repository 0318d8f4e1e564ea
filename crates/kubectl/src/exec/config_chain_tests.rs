use super::*;
use std::collections::BTreeMap;

const A: &str = "contexts:\n- name: ca\n  context: {cluster: x}\nclusters:\n- name: x\n  cluster: {server: 'https://a'}\n";
const B: &str = "current-context: cb\ncontexts:\n- name: cb\n  context: {cluster: x, namespace: fromb}\n- name: ca\n  context: {cluster: yy}\nclusters:\n- name: x\n  cluster: {server: 'https://b'}\npreferences: {colors: true}\n";

/// Runs `line` with `KUBECONFIG=list` over `files`: what it printed, and
/// the files after it.
fn run_on(files: &mut BTreeMap<String, String>, list: &str, line: &str) -> Output {
    let memory = Kubeconfig {
        env: Some(list.into()),
        ..Kubeconfig::default()
    };
    let snapshot = files.clone();
    let read = move |n: &str| snapshot.get(n).cloned();
    let io = Io {
        stdin: None,
        read_file: Some(&read),
        kubeconfig: Some(&memory),
    };
    let mut engine = kubeplay_engine::Engine::with_default_cluster(1);
    let out = match super::super::run_line(line, &mut engine, io) {
        super::super::LineOutcome::Done(out) => out,
        _ => panic!("{line}: not done by kubectl"),
    };
    for (name, text) in &out.local_writes {
        files.insert(name.clone(), text.clone());
    }
    out
}

fn two() -> BTreeMap<String, String> {
    [
        ("a".to_string(), A.to_string()),
        ("b".to_string(), B.to_string()),
    ]
    .into_iter()
    .collect()
}

// Ported from what kubectl v1.32 does with KUBECONFIG=a:b (clientcmd's
// loader_test.go checks the same rules: the first file to define a key
// wins it, current-context from the first file that sets it).
#[test]
fn merges_first_file_wins() {
    let mut files = two();
    let out = run_on(&mut files, ":a:b:a:missing", "kubectl config get-contexts");
    assert_eq!(out.stdout, "CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n          ca     x                    \n*         cb     x                    fromb\n");
    let out = run_on(
        &mut files,
        "a:b",
        "kubectl config view -o jsonpath={.clusters[*].cluster.server}{.preferences}",
    );
    assert_eq!(out.stdout, "https://a{\"colors\":true}");
}

#[test]
fn changes_go_where_kubectl_writes_them() {
    let mut files = two();
    // A new current context goes to the default file (the first that exists).
    let out = run_on(&mut files, "a:b", "kubectl config use-context ca");
    assert_eq!(out.stdout, "Switched to context \"ca\".\n");
    assert!(
        files["a"].contains("current-context: ca\n"),
        "{}",
        files["a"]
    );
    assert_eq!(files["b"], B);
    // An entry goes back to the file it came from.
    run_on(
        &mut files,
        "a:b",
        "kubectl config set-context cb --namespace=n2",
    );
    assert!(files["b"].contains("namespace: n2"), "{}", files["b"]);
    // A new one to the default file; a deletion names that file.
    run_on(
        &mut files,
        "a:b",
        "kubectl config set-cluster z --server=https://z --certificate-authority=sub/ca",
    );
    assert!(
        files["a"]
            .contains("    certificate-authority: sub/ca\n    server: https://z\n  name: z\n"),
        "{}",
        files["a"]
    );
    let out = run_on(&mut files, "a:b", "kubectl config delete-context cb");
    assert_eq!(out.stdout, "deleted context cb from a\n");
    assert!(!files["b"].contains("name: cb"));
    // Clearing the current context clears the first file that sets it.
    run_on(&mut files, "a:b", "kubectl config unset current-context");
    assert!(files["a"].contains("current-context: \"\""));
    assert_eq!(
        run_on(&mut files, "a:b", "kubectl config current-context").stdout,
        "cb\n"
    );
}

#[test]
fn default_file_when_none_exists_is_the_last() {
    let mut files = BTreeMap::new();
    run_on(&mut files, "nope1:nope2", "kubectl config set-context q");
    assert_eq!(files.keys().collect::<Vec<_>>(), ["nope2"]);
    let mut files = two();
    run_on(&mut files, "zz:a", "kubectl config set-context w");
    assert!(files["a"].contains("name: w"));
    assert!(!files.contains_key("zz"));
}

#[test]
fn the_memory_kubeconfig_is_read_not_written() {
    let mut files = two();
    let out = run_on(
        &mut files,
        "a:/root/.kube/config",
        "kubectl config get-contexts -o name",
    );
    assert_eq!(out.stdout, "ca\nkind-kubeplay\n");
    let out = run_on(
        &mut files,
        "/root/.kube/config:a",
        "kubectl config use-context ca",
    );
    assert!(
        out.stderr.starts_with(
            "error: (playground) /root/.kube/config is the playground's own kubeconfig"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(files, two());
}

#[test]
fn a_bad_file_is_an_error() {
    let mut files = two();
    files.insert("b".into(), "contexts: 3\n".into());
    let out = run_on(&mut files, "a:b", "kubectl config view");
    assert_eq!(out.stderr, "error: error loading config file \"b\": json: cannot unmarshal number into Go struct field Config.contexts of type []v1.NamedContext\n");
    let out = run_on(&mut files, "a:b", "kubectl get pods");
    assert!(out.failed);
}

// `--merge=false` needs a precise file: --kubeconfig names one, the list
// does not.
#[test]
fn merge_false_needs_an_explicit_file() {
    let mut files = two();
    let out = run_on(&mut files, "a:b", "kubectl config view --merge=false");
    assert_eq!(
        out.stderr,
        "error: if merge==false a precise file must be specified\n"
    );
    let out = run_on(
        &mut files,
        "a:b",
        "kubectl config view --kubeconfig=b --merge=false -o jsonpath={.current-context}",
    );
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("cb", ""));
}
