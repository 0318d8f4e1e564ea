//! Tables ported from upstream kubectl's cmd/logs/logs_test.go (TestLog,
//! TestValidateLogOptions, TestLogComplete and the not-found messages),
//! run against the simulated cluster instead of a mocked log client. The
//! notes LogsForObject writes were checked against kubectl v1.32 itself.

use super::super::{execute, Output};
use super::*;

fn cluster(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(manifests).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(30_000);
    e
}

fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io::default()).unwrap_or_default(),
        Ok(other) => panic!("{line}: not a kubectl line: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

/// The first line of a failure (usage errors add a hint line).
fn error(out: &Output) -> &str {
    assert!(out.failed, "expected a failure, got: {}", out.stdout);
    out.stderr.lines().next().unwrap_or_default()
}

fn pod(name: &str, labels: &str, containers: &[&str], init: &[&str]) -> String {
    let list = |cs: &[&str]| {
        cs.iter().map(|c| format!("  - name: {c}\n    image: busybox\n    command: [sh, -c, \"echo log of {name} {c}; sleep 3600\"]\n")).collect::<String>()
    };
    let init = if init.is_empty() {
        String::new()
    } else {
        format!(
            "  initContainers:\n{}",
            list(init).replace("; sleep 3600", "")
        )
    };
    format!("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: {name}\n  labels: {{{labels}}}\nspec:\n{init}  containers:\n{}", list(containers))
}

// logs_test.go's TestLog: "v1 - pod log" and "pod logs with prefix".
#[test]
fn pod_log_and_prefix() {
    let mut e = cluster(&pod("some-pod", "app: x", &["some-container"], &[]));
    let out = kubectl(&mut e, "kubectl logs some-pod");
    assert_eq!(out.stdout, "log of some-pod some-container\n");
    assert_eq!(out.stderr, "");
    let out = kubectl(&mut e, "kubectl logs some-pod --prefix");
    assert_eq!(
        out.stdout,
        "[pod/some-pod/some-container] log of some-pod some-container\n"
    );
}

// logs_test.go's TestLog: "pod logs with prefix: init container".
#[test]
fn init_container_prefix() {
    let mut e = cluster(&pod("test-pod", "app: x", &["main"], &["test-container"]));
    let out = kubectl(&mut e, "kubectl logs test-pod -c test-container --prefix");
    assert_eq!(
        out.stdout,
        "[pod/test-pod/test-container] log of test-pod test-container\n"
    );
}

// logs_test.go's TestLog: "stateful set logs with all pods" (--all-pods
// prefixes each line), and "get logs from multiple requests sequentially".
#[test]
fn several_pods() {
    let sts = "apiVersion: apps/v1
kind: StatefulSet
metadata: {name: test-sts}
spec:
  serviceName: test-sts
  replicas: 2
  selector: {matchLabels: {app: sts}}
  template:
    metadata: {labels: {app: sts}}
    spec:
      containers:
      - name: test-container
        image: busybox
        command: [sh, -c, 'echo test log content; sleep 3600']
";
    let mut e = cluster(sts);
    e.advance(60_000);
    let out = kubectl(&mut e, "kubectl logs sts/test-sts --all-pods");
    assert!(
        out.stdout
            .contains("[pod/test-sts-0/test-container] test log content\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("[pod/test-sts-1/test-container] test log content\n"),
        "{}",
        out.stdout
    );
    assert_eq!(out.stderr, "");
    let out = kubectl(&mut e, "kubectl logs sts/test-sts");
    assert_eq!(out.stdout, "test log content\n");
    assert_eq!(out.stderr, "Found 2 pods, using pod/test-sts-0\n");

    let three = ["some-pod-1", "some-pod-2", "some-pod-3"]
        .map(|n| pod(n, "app: many", &["some-container"], &[]))
        .concat();
    let mut e = cluster(&three);
    let out = kubectl(&mut e, "kubectl logs -l app=many");
    for n in 1..=3 {
        assert!(
            out.stdout
                .contains(&format!("log of some-pod-{n} some-container\n")),
            "{}",
            out.stdout
        );
    }
    // "fail to follow logs from multiple requests when there are more logs
    // sources then MaxFollowConcurrency allows"
    let out = kubectl(&mut e, "kubectl logs -l app=many -f --max-log-requests=2");
    assert_eq!(error(&out), "error: you are attempting to follow 3 log streams, but maximum allowed concurrency is 2, use --max-log-requests to increase the limit");
    assert_eq!(out.stdout, "");
    // "follow logs from multiple requests concurrently with prefix"
    let out = kubectl(&mut e, "kubectl logs -l app=many -f --prefix");
    assert!(
        out.stdout
            .contains("[pod/some-pod-2/some-container] log of some-pod-2 some-container\n"),
        "{}",
        out.stdout
    );
}

// logs_test.go's TestLog: "fail if LogsForObject fails" (an object with no pods behind it).
#[test]
fn object_without_pods() {
    let mut e = cluster("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n");
    let out = kubectl(&mut e, "kubectl logs configmap/cm");
    assert_eq!(
        error(&out),
        "error: cannot get the logs from *v1.ConfigMap: selector for *v1.ConfigMap not implemented"
    );
}

// logs_test.go's TestValidateLogOptions (6 of its 7 cases; `--stream`
// came after v1.32) and TestLogComplete.
#[test]
fn validate_log_options() {
    let mut e = cluster(&pod("foo", "app: x", &["bar"], &[]));
    let cases = [
        (
            "kubectl logs foo --since=1h --since-time=2006-01-02T15:04:05Z",
            "error: at most one of `sinceTime` or `sinceSeconds` may be specified",
        ),
        (
            "kubectl logs foo --since=-1s",
            "error: --since must be greater than 0",
        ),
        (
            "kubectl logs foo --limit-bytes=-100",
            "error: --limit-bytes must be greater than 0",
        ),
        (
            "kubectl logs foo --tail=-100",
            "error: --tail must be greater than or equal to -1",
        ),
        (
            "kubectl logs foo my-container --all-containers",
            "error: --all-containers=true should not be specified with container name my-container",
        ),
        (
            "kubectl logs foo my-container -c my-container",
            "error: only one of -c or an inline [CONTAINER] arg is allowed",
        ),
        (
            "kubectl logs foo -l foo",
            "error: only a selector (-l) or a POD name is allowed",
        ),
    ];
    for (line, want) in cases {
        let out = kubectl(&mut e, line);
        assert!(out.failed, "{line}");
        assert_eq!(
            out.stderr.lines().next().unwrap_or_default(),
            want,
            "{line}"
        );
    }
    // Complete looks the pod up before Validate runs.
    let out = kubectl(&mut e, "kubectl logs nosuch --tail=-100");
    assert_eq!(
        error(&out),
        r#"error: error from server (NotFound): pods "nosuch" not found in namespace "default""#
    );
}

// logs_test.go's TestNoResourceFoundMessage and TestNoPodInNamespaceFoundMessage.
#[test]
fn not_found_messages() {
    let mut e = cluster("");
    let out = kubectl(&mut e, "kubectl logs -l foo -n test");
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.failed),
        ("", "No resources found in test namespace.\n", false)
    );
    let out = kubectl(&mut e, "kubectl logs bar -n test");
    assert_eq!(
        error(&out),
        r#"error: error from server (NotFound): pods "bar" not found in namespace "test""#
    );
    let out = kubectl(&mut e, "kubectl logs deploy/bar -n test");
    assert_eq!(
        error(&out),
        r#"error: error from server (NotFound): deployments.apps "bar" not found in namespace "test""#
    );
}

// LogsForObject's container choice and its notes (logsforobject.go), as
// kubectl v1.32 prints them.
#[test]
fn container_defaulting() {
    let annotated = pod("ann", "app: x", &["a", "b"], &[]).replace(
        "  labels:",
        "  annotations: {kubectl.kubernetes.io/default-container: zzz}\n  labels:",
    );
    let mut e = cluster(
        &(pod("two", "app: x", &["a", "b"], &["init"])
            + &annotated
            + &pod("init1", "app: other", &["a"], &["i"])),
    );
    let out = kubectl(&mut e, "kubectl logs two");
    assert_eq!(
        out.stderr,
        "Defaulted container \"a\" out of: a, b, init (init)\n"
    );
    assert_eq!(out.stdout, "log of two a\n");
    let out = kubectl(&mut e, "kubectl logs init1");
    assert_eq!(
        out.stderr,
        "Defaulted container \"a\" out of: a, i (init)\n"
    );
    let out = kubectl(&mut e, "kubectl logs ann");
    assert_eq!(out.stderr, "Default container name \"zzz\" not found in pod ann\nDefaulted container \"a\" out of: a, b\n");
    let out = kubectl(&mut e, "kubectl logs two -c nope");
    assert_eq!(
        error(&out),
        "error: container nope is not valid for pod two"
    );
    let out = kubectl(&mut e, "kubectl logs two --all-containers --prefix");
    assert_eq!(
        out.stdout,
        "[pod/two/init] log of two init\n[pod/two/a] log of two a\n[pod/two/b] log of two b\n"
    );
    // --all-pods leaves out the defaulting note, not the annotation's.
    let out = kubectl(&mut e, "kubectl logs -l app=x --all-pods");
    assert_eq!(
        out.stderr,
        "Default container name \"zzz\" not found in pod ann\n"
    );
}

// --limit-bytes cuts the kubelet's text, --since-time filters it, and a
// bad --since-time is Go's parse error (checked against kubectl v1.32).
#[test]
fn limit_bytes_and_since_time() {
    let mut e = cluster(&pod("foo", "app: x", &["bar"], &[]));
    assert_eq!(
        kubectl(&mut e, "kubectl logs foo --limit-bytes=6").stdout,
        "log of"
    );
    assert_eq!(
        kubectl(&mut e, "kubectl logs foo --since-time=2030-01-01T00:00:00Z").stdout,
        ""
    );
    assert_eq!(
        kubectl(&mut e, "kubectl logs foo --since-time=2020-01-01T00:00:00Z").stdout,
        "log of foo bar\n"
    );
    let out = kubectl(&mut e, "kubectl logs foo --since-time=2025-13-01T00:00:00Z");
    assert_eq!(
        error(&out),
        r#"error: parsing time "2025-13-01T00:00:00Z": month out of range"#
    );
}
