//! editoptions.go's paths as the testdata cases of pkg/cmd/edit exercise
//! them (no-op, immutable name, repeat error, list, syntax error, apply
//! edit-last-applied), against a fresh default cluster.

use super::*;
use crate::cli::{parse_line, Line};

fn engine() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for line in [
        "kubectl create deployment web --image=nginx --replicas=2",
        "kubectl create configmap cfg --from-literal=a=1",
    ] {
        let Ok(Line::Kubectl(inv)) = parse_line(line) else {
            panic!("{line}")
        };
        let out = super::super::execute(&inv, &mut e, Io::default()).unwrap();
        assert!(!out.failed, "{out:?}");
    }
    e
}

fn session(e: &Engine, line: &str) -> Session {
    let Ok(Line::Kubectl(inv)) = parse_line(line) else {
        panic!("{line}")
    };
    open(&inv, e, Io::default()).unwrap_or_else(|o| panic!("{o:?}"))
}

/// What a step printed, and whether the edit goes on.
fn shown(step: &Step) -> (bool, String, String, bool) {
    match step {
        Step::Done { out, .. } => (false, out.stdout.clone(), out.stderr.clone(), out.failed),
        Step::Again(out) | Step::Next(out) => {
            (true, out.stdout.clone(), out.stderr.clone(), out.failed)
        }
    }
}

/// (objects, how the editor changes the buffer, again?, stdout, stderr, failed)
type Case = (
    &'static str,
    fn(&str) -> String,
    bool,
    &'static str,
    &'static str,
    bool,
);

#[test]
fn one_pass_outcomes() {
    const FILE: &str = "/tmp/kubectl-edit-1.yaml";
    let cases: [Case; 8] = [
        ("deployment/web", |b| b.replace("replicas: 2", "replicas: 3"), false, "deployment.apps/web edited\n", "", false),
        ("deployment/web", |b| b.to_string(), false, "", "Edit cancelled, no changes made.\n", false),
        ("deployment/web", |b| b.replace("# Please", "# Do"), false, "", "Edit cancelled, no changes made.\n", false),
        ("deployment/web", |b| b.lines().filter(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n"), false, "", "Edit cancelled, saved file was empty.\n", false),
        (
            "deployment/web",
            |b| b.replace("  name: web\n", "  name: web2\n"),
            false,
            "",
            "A copy of your changes has been stored to \"/tmp/kubectl-edit-1.yaml\"\nerror: At least one of apiVersion, kind and name was changed\n",
            true,
        ),
        ("deployment/web", |b| b.replace("replicas: 2", "replicas: -1"), true, "", "error: deployments.apps \"web\" is invalid\n", false),
        ("deployment/web", |b| b.replace("spec:\n", "spec: [\n"), true, "", "", false),
        ("configmap/cfg deployment/web", |b| b.replace("a: \"1\"", "a: \"2\""), false, "configmap/cfg edited\ndeployment.apps/web skipped\n", "", false),
    ];
    for (targets, change, again, stdout, stderr, failed) in cases {
        let mut e = engine();
        let mut s = session(&e, &format!("kubectl edit {targets}"));
        let edited = change(&s.buffer());
        let got = shown(&s.finish(&edited, FILE, &mut e));
        assert_eq!(
            got,
            (again, stdout.to_string(), stderr.to_string(), failed),
            "{targets}: {edited}"
        );
    }
}

#[test]
fn an_error_reopens_with_its_reasons_until_nothing_changes() {
    let mut e = engine();
    let mut s = session(&e, "kubectl edit deploy web");
    let bad = s.buffer().replace("replicas: 2", "replicas: -1");
    assert!(matches!(
        s.finish(&bad, "/tmp/a.yaml", &mut e),
        Step::Again(_)
    ));
    let again = s.buffer();
    assert!(
        again.contains("#\n# deployments.apps \"web\" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\napiVersion: apps/v1\n"),
        "{again}"
    );
    let (_, _, stderr, failed) = shown(&s.finish(&again, "/tmp/b.yaml", &mut e));
    assert_eq!(stderr, "A copy of your changes has been stored to \"/tmp/b.yaml\"\nerror: Edit cancelled, no valid changes were saved.\n");
    assert!(failed);
    // Fixed on the second pass instead: the edit goes through.
    let mut s = session(&e, "kubectl edit deploy web");
    assert!(matches!(
        s.finish(&bad, "/tmp/c.yaml", &mut e),
        Step::Again(_)
    ));
    let fixed = s.buffer().replace("replicas: -1", "replicas: 5");
    assert_eq!(
        shown(&s.finish(&fixed, "/tmp/d.yaml", &mut e)).1,
        "deployment.apps/web edited\n"
    );
}

#[test]
fn the_buffer_is_kubectls() {
    let e = engine();
    let one = session(&e, "kubectl edit cm cfg").buffer();
    assert!(
        one.starts_with(edit_text::header(false, &[]).as_str()),
        "{one}"
    );
    assert!(
        one.contains("\napiVersion: v1\ndata:\n  a: \"1\"\nkind: ConfigMap\nmetadata:\n"),
        "{one}"
    );
    let json = session(&e, "kubectl edit cm cfg -o json").buffer();
    assert!(
        json.starts_with("{\n    \"apiVersion\": \"v1\",\n"),
        "{json}"
    );
    let list = session(&e, "kubectl edit cm/cfg deploy/web").buffer();
    assert!(
        list.contains("\napiVersion: v1\nitems:\n- apiVersion: v1\n"),
        "{list}"
    );
    assert!(list.ends_with("kind: List\nmetadata: {}\n"), "{list}");
    let crlf = session(&e, "kubectl edit cm cfg --windows-line-endings").buffer();
    assert!(
        crlf.contains("kind: ConfigMap\r\n") && !crlf.contains("a\n"),
        "{crlf}"
    );
}

#[test]
fn opening_fails_as_kubectl_does() {
    let e = engine();
    let cases = [
        ("kubectl edit deploy nope", "Error from server (NotFound): deployments.apps \"nope\" not found\n"),
        ("kubectl edit deployments -n kube-public", "error: edit cancelled, no objects found\n"),
        ("kubectl edit cm cfg -o name", "error: unable to match a printer suitable for the output format \"name\", allowed formats are: json,yaml\n"),
        (
            "kubectl apply edit-last-applied cm cfg",
            "error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`\n",
        ),
    ];
    for (line, want) in cases {
        let Ok(Line::Kubectl(inv)) = parse_line(line) else {
            panic!("{line}")
        };
        let out = open(&inv, &e, Io::default())
            .err()
            .unwrap_or_else(|| panic!("{line} opened"));
        assert_eq!((out.stderr.as_str(), out.failed), (want, true), "{line}");
    }
}

#[test]
fn create_edit_goes_through_each_object() {
    let mut e = engine();
    let manifest = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\ndata:\n  k: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\ndata:\n  k: b\n";
    let Ok(Line::Kubectl(inv)) = parse_line("kubectl create -f -  --edit") else {
        panic!()
    };
    assert!(opens_editor(&inv.command));
    let io = Io {
        stdin: Some(manifest),
        ..Io::default()
    };
    let mut s = open(&inv, &e, io).unwrap_or_else(|o| panic!("{o:?}"));
    assert_eq!(s.command(), "kubectl create --edit");
    let first = s.buffer();
    assert!(
        first.contains("  name: one\n  namespace: default\n"),
        "{first}"
    );
    // The first saved unchanged is not created; the edit moves on.
    let Step::Next(out) = s.finish(&first, "/tmp/1.yaml", &mut e) else {
        panic!("not next")
    };
    assert_eq!(out.stderr, "Edit cancelled, no changes made.\n");
    let second = s.buffer().replace("k: b", "k: c");
    let Step::Done {
        out,
        keep_file: false,
    } = s.finish(&second, "/tmp/2.yaml", &mut e)
    else {
        panic!("not done")
    };
    assert_eq!(out.stdout, "configmap/two created\n");
    assert!(e
        .store()
        .get(&ObjectKey::new(Kind::ConfigMap, "default", "one"))
        .is_none());
    assert!(e
        .store()
        .get(&ObjectKey::new(Kind::ConfigMap, "default", "two"))
        .is_some());
}
