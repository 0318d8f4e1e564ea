//! Tables ported from upstream kubectl's delete_test.go, run against the
//! simulated cluster instead of a fake REST client.

use crate::cli::{Command, Invocation};
use crate::exec::{execute, Io, Output};
use kubeplay_engine::Engine;

fn resolve(line: &str) -> Result<Invocation, String> {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => Ok(inv),
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => Err(e.to_string()),
    }
}

fn run_io(e: &mut Engine, line: &str, stdin: Option<&str>) -> Output {
    let inv = resolve(line).expect("resolves");
    execute(
        &inv,
        e,
        Io {
            stdin,
            ..Default::default()
        },
    )
    .expect("output")
}

const IMMEDIATE: &str =
    "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.";

/// Flags, then the grace period sent and whether the immediate-deletion
/// warning shows, or the refusal.
type GraceCase<'a> = (&'a str, Result<(i64, bool), &'a str>);

// delete_test.go's TestGracePeriodScenarios: the grace period sent, the
// warning, or the refusal.
#[test]
fn grace_period_scenarios() {
    let cases: &[GraceCase] = &[
        ("--force", Ok((0, true))),
        ("--force --grace-period=0", Ok((0, true))),
        (
            "--force --grace-period=10",
            Err("error: --force and --grace-period greater than 0 cannot be specified together"),
        ),
        ("--grace-period=0", Ok((1, false))),
        ("--grace-period=10", Ok((10, false))),
        ("--now", Ok((1, false))),
        (
            "--now --grace-period=10",
            Err("error: --now and --grace-period cannot be specified together"),
        ),
    ];
    for (flags, want) in cases {
        let got = resolve(&format!("kubectl delete pods/foo -o name {flags}")).map(|inv| match inv
            .command
        {
            Command::Delete(d) => (
                d.grace_period.unwrap_or(-1),
                inv.warnings.iter().any(|w| w == IMMEDIATE),
            ),
            other => panic!("{other:?}"),
        });
        assert_eq!(got, want.map_err(str::to_string), "{flags}");
    }
}

// delete_test.go's TestResourceErrors
#[test]
fn resource_errors() {
    let cases = [
        ("kubectl delete", "You must provide one or more resources"),
        (
            "kubectl delete pods",
            "resource(s) were provided, but no name was specified",
        ),
        (
            "kubectl delete pods,deployments",
            "resource(s) were provided, but no name was specified",
        ),
    ];
    for (line, want) in cases {
        let err = resolve(line).expect_err(line);
        assert!(err.contains(want), "{line}: {err}");
    }
}

const OBJECTS: &str = "apiVersion: v1
kind: ReplicationController
metadata:
  name: baz
spec:
  replicas: 0
  selector:
    a: b
  template:
    metadata:
      labels:
        a: b
    spec:
      containers:
      - name: c
        image: nginx
---
apiVersion: v1
kind: ReplicationController
metadata:
  name: foo
spec:
  replicas: 0
  selector:
    a: b
  template:
    metadata:
      labels:
        a: b
    spec:
      containers:
      - name: c
        image: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: baz
  labels:
    svc: web
spec:
  ports:
  - port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: foo
spec:
  ports:
  - port: 80
";

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(OBJECTS).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e
}

// delete_test.go's TestDeleteMultipleResourcesWithTheSameName
#[test]
fn same_name_in_several_kinds() {
    let mut e = cluster();
    let out = run_io(
        &mut e,
        "kubectl delete replicationcontrollers,services baz foo --cascade=orphan -o name",
        None,
    );
    assert_eq!(
        out.stdout,
        "replicationcontroller/baz\nreplicationcontroller/foo\nservice/baz\nservice/foo\n",
        "{}",
        out.stderr
    );
}

// delete_test.go's TestDeleteMultipleSelector
#[test]
fn several_kinds_by_selector() {
    let mut e = cluster();
    let out = run_io(
        &mut e,
        "kubectl delete replicationcontrollers,services -l svc=web --cascade=orphan -o name",
        None,
    );
    assert_eq!(out.stdout, "service/baz\n", "{}", out.stderr);
}

// delete_test.go's TestDeleteMultipleObjectContinueOnMissing
#[test]
fn continue_on_missing() {
    let mut e = cluster();
    let files = "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: redis-master\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: foo\n";
    let out = run_io(
        &mut e,
        "kubectl delete -f - --cascade=orphan -o name",
        Some(files),
    );
    assert_eq!(out.stdout, "service/foo\n");
    assert!(
        out.failed
            && out
                .stderr
                .contains("replicationcontrollers \"redis-master\" not found"),
        "{}",
        out.stderr
    );
    // delete_test.go's TestDeleteObjectIgnoreNotFound
    let out = run_io(
        &mut e,
        "kubectl delete -f - --cascade=orphan --ignore-not-found -o name",
        Some(files),
    );
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.failed),
        ("", "", false)
    );
}

// delete_test.go's TestDeleteObjectWithInteractive: the list and question
// on stdout, one word read from stdin (fmt.Fscan), only y or Y deleting;
// a cancel is no failure.
#[test]
fn interactive_confirmation() {
    const ASKED: &str = "You are about to delete the following 1 resource(s):\nreplicationcontroller/baz\nDo you want to continue? (y/n): ";
    let cases: &[(Option<&str>, bool)] = &[
        (Some("y\n"), true),
        (Some("\n  Y\n"), true),
        (Some("n\n"), false),
        (Some("yes\n"), false),
        (Some(""), false),
        (None, false),
    ];
    for (stdin, deletes) in cases {
        let mut e = cluster();
        let out = run_io(&mut e, "kubectl delete replicationcontrollers/baz --cascade=orphan -i", *stdin);
        let after = if *deletes { "replicationcontroller \"baz\" deleted\n" } else { "deletion is cancelled\n" };
        assert_eq!(out.stdout, format!("{ASKED}{after}"), "{stdin:?}");
        assert!(!out.failed, "{stdin:?}: {}", out.stderr);
        let gone = e.store().get_by(kubeplay_model::Kind::ReplicationController, "default", "baz").is_none();
        assert_eq!(gone, *deletes, "{stdin:?}");
    }
    // The preview's errors come before any question.
    let mut e = cluster();
    let out = run_io(&mut e, "kubectl delete replicationcontrollers/nope -i", Some("y\n"));
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", "Error from server (NotFound): replicationcontrollers \"nope\" not found\n"));
    // `-f -` has read standard input to its end: nothing is left to answer.
    let out = run_io(&mut e, "kubectl delete -f - -i", Some("apiVersion: v1\nkind: Service\nmetadata:\n  name: foo\n"));
    assert_eq!(out.stdout, "You are about to delete the following 1 resource(s):\nservice/foo\nDo you want to continue? (y/n): deletion is cancelled\n");
}
