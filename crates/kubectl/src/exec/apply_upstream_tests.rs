//! Cases ported from upstream kubectl's cmd/apply/apply_test.go that check
//! what a user sees, run against the simulated cluster instead of a fake
//! REST client, and the error wrapping of apply.go and patcher.go.

use super::*;
use crate::exec::write::report_failures;

fn run(e: &mut Engine, line: &str, stdin: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => super::super::execute(&inv, e, Io { stdin: Some(stdin), ..Io::default() }).expect("output"),
        other => panic!("{line}: {other:?}"),
    }
}

// test/fixtures/pkg/kubectl/cmd/apply/rc.yaml
const RC: &str = "apiVersion: v1
kind: ReplicationController
metadata:
  name: test-rc
  labels:
    name: test-rc
spec:
  replicas: 1
  template:
    metadata:
      labels:
        name: test-rc
    spec:
      containers:
        - name: test-rc
          image: nginx
          ports:
          - containerPort: 80
";

// apply_test.go's TestApplyObjectWithoutAnnotation
#[test]
fn object_without_annotation() {
    let mut e = Engine::with_default_cluster(7);
    let out = run(&mut e, "kubectl create -f -", RC);
    assert!(!out.failed, "{out:?}");
    let out = run(&mut e, "kubectl apply -f -", &RC.replace("replicas: 1", "replicas: 2"));
    assert_eq!(
        out.stderr,
        "Warning: resource replicationcontrollers/test-rc is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n"
    );
    assert_eq!(out.stdout, "replicationcontroller/test-rc configured\n");
}

// apply_test.go's TestApplyNonExistObject and TestApplyEmptyPatch
#[test]
fn non_exist_object_then_empty_patch() {
    let mut e = Engine::with_default_cluster(7);
    for _ in 0..2 {
        let out = run(&mut e, "kubectl apply -f - -o name", RC);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("replicationcontroller/test-rc\n", ""));
    }
}

const DEPLOY: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: x
spec:
  selector:
    matchLabels: {app: x}
  template:
    metadata:
      labels: {app: x}
    spec:
      containers:
      - name: web
        image: nginx
";

// patcher.go's patchSimple: CreateThreeWayMergePatch fails on a list item
// without its merge key; both OpenAPI attempts warn first, then apply.go
// wraps the error with the (empty) patch and the object.
#[test]
fn create_patch_error() {
    let mut e = Engine::with_default_cluster(7);
    assert!(!run(&mut e, "kubectl apply -f -", DEPLOY).failed);
    let bad = DEPLOY.replace("      - name: web\n        image: nginx\n", "      - image: nginx\n");
    let out = run(&mut e, "kubectl apply -f -", &bad);
    assert!(out.failed);
    assert_eq!(out.stdout, "");
    let cause = "map: map[image:nginx] does not contain declared merge key: name";
    let head = format!(
        "warning: error calculating patch from openapi v3 spec: {cause}\n\
         warning: error calculating patch from openapi spec: {cause}\n\
         error: error when applying patch:\n\nto:\n\
         Resource: \"apps/v1, Resource=deployments\", GroupVersionKind: \"apps/v1, Kind=Deployment\"\n\
         Name: \"x\", Namespace: \"default\"\n\
         for: \"STDIN\": error when patching \"STDIN\": creating patch with:\noriginal:\n{{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\""
    );
    assert!(out.stderr.starts_with(&head), "{}", out.stderr);
    assert!(out.stderr.ends_with(&format!("\n\nfor:: {cause}\n")), "{}", out.stderr);
    for part in ["}\n\nmodified:\n{\"apiVersion\":\"apps/v1\"", "}\n\ncurrent:\n{\"apiVersion\":\"apps/v1\""] {
        assert!(out.stderr.contains(part), "{part}: {}", out.stderr);
    }
    // Nothing was sent: the live object keeps its container.
    let live = e.store().get(&ObjectKey::new(Kind::Deployment, "default", "x")).unwrap();
    assert!(serde_json::to_string(&live.to_json()).unwrap().contains("\"name\":\"web\""));
}

// apply.go wraps a refused patch with what it sent and the object, around
// patcher.go's `patching` wrap (cmdutil.AddSourceToErr keeps a server
// error's reason); alone, an Invalid error is rebuilt from its causes.
#[test]
fn refused_patch_wrapping() {
    let info = "Resource: \"/v1, Resource=configmaps\", GroupVersionKind: \"/v1, Kind=ConfigMap\"\nName: \"a\", Namespace: \"default\"";
    let what = format!("applying patch:\n{{\"data\":{{\"k\":\"v2\"}}}}\nto:\n{info}\nfor:");
    let failure = |err: ApiError| Failure::Patch { err, what: what.clone().into_boxed_str(), source: "STDIN".into() };
    let render = |fs: Vec<Failure>| {
        let mut out = Output::default();
        report_failures(&mut out, fs);
        out.stderr
    };
    let forbidden = ApiError::Forbidden { message: "configmaps \"a\" is forbidden: nope".into() };
    assert_eq!(
        render(vec![failure(forbidden)]),
        format!("Error from server (Forbidden): error when applying patch:\n{{\"data\":{{\"k\":\"v2\"}}}}\nto:\n{info}\nfor: \"STDIN\": error when patching \"STDIN\": configmaps \"a\" is forbidden: nope\n")
    );
    let invalid = || ApiError::invalid(Kind::ConfigMap, "a", ["data: Forbidden: field is immutable when `immutable` is set".to_string()]);
    assert_eq!(render(vec![failure(invalid())]), "The ConfigMap \"a\" is invalid: data: Forbidden: field is immutable when `immutable` is set\n");
    let both = render(vec![failure(invalid()), failure(invalid())]);
    let one = format!(
        "Error from server (Invalid): error when applying patch:\n{{\"data\":{{\"k\":\"v2\"}}}}\nto:\n{info}\nfor: \"STDIN\": error when patching \"STDIN\": ConfigMap \"a\" is invalid: data: Forbidden: field is immutable when `immutable` is set\n"
    );
    assert_eq!(both, format!("{one}{one}"));
}

// apply.go's applyOneObject: the server refuses a patch of an immutable
// ConfigMap; with two such documents neither is rebuilt alone.
#[test]
fn refused_patches_end_to_end() {
    let mut e = Engine::with_default_cluster(7);
    let cms = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nimmutable: true\ndata:\n  k: v\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\nimmutable: true\ndata:\n  k: v\n";
    assert!(!run(&mut e, "kubectl apply -f -", cms).failed);
    let out = run(&mut e, "kubectl apply -f -", &cms.replace("k: v", "k: v2"));
    assert!(out.failed);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[0], "Error from server (Invalid): error when applying patch:");
    assert!(lines[1].starts_with("{\"data\":{\"k\":\"v2\"},\"metadata\":{\"annotations\":{\"kubectl.kubernetes.io/last-applied-configuration\":"), "{}", lines[1]);
    assert_eq!(lines[2], "to:");
    assert_eq!(lines[3], "Resource: \"/v1, Resource=configmaps\", GroupVersionKind: \"/v1, Kind=ConfigMap\"");
    assert_eq!(lines[4], "Name: \"a\", Namespace: \"default\"");
    assert!(lines[5].starts_with("for: \"STDIN\": error when patching \"STDIN\": ConfigMap \"a\" is invalid: "), "{}", lines[5]);
}

// apply.go's Run: nothing to apply (an empty input, or -l matching none)
#[test]
fn no_objects_passed() {
    let mut e = Engine::with_default_cluster(7);
    for (line, stdin) in [("kubectl apply -f -", ""), ("kubectl apply -f - -l a=b", RC)] {
        let out = run(&mut e, line, stdin);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", "error: no objects passed to apply\n"), "{line}");
    }
}

// apply.go's WarnIfDeleting: a patch (or an empty one) of an object a
// finalizer keeps while it is being deleted
#[test]
fn warns_when_deleting() {
    let mut e = Engine::with_default_cluster(7);
    let cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  finalizers: [example.com/keep]\ndata:\n  k: v\n";
    assert!(!run(&mut e, "kubectl apply -f -", cm).failed);
    assert!(!run(&mut e, "kubectl delete configmap a --wait=false", "").failed);
    let warning = "Warning: Detected changes to resource a which is currently being deleted.\n";
    let out = run(&mut e, "kubectl apply -f -", &cm.replace("k: v", "k: v2"));
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("configmap/a configured\n", warning));
    let out = run(&mut e, "kubectl apply -f -", &cm.replace("k: v", "k: v2"));
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("configmap/a unchanged\n", warning));
}

// apply.go's applyOneObject: the GET of a nameless object fails in the client
#[test]
fn retrieving_current_configuration() {
    let mut e = Engine::with_default_cluster(7);
    let out = run(&mut e, "kubectl apply -f -", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: default\n");
    assert_eq!(
        out.stderr,
        "error: error when retrieving current configuration of:\nResource: \"/v1, Resource=configmaps\", GroupVersionKind: \"/v1, Kind=ConfigMap\"\nName: \"\", Namespace: \"default\"\nfrom server for: \"STDIN\": resource name may not be empty\n"
    );
}

// apply_test.go's TestApplyFlagValidation (the --applyset cases are alpha,
// which the playground does not have)
#[test]
fn flag_validation() {
    let cases = [
        ("--force-conflicts", "--force-conflicts only works with --server-side"),
        ("--server-side --dry-run=client", "--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)"),
        ("--force --server-side", "--force cannot be used with --server-side"),
        ("--force --dry-run=server", "--dry-run=server cannot be used with --force"),
        ("--all --selector=unused", "cannot set --all and --selector at the same time"),
        ("--force --prune --all", "--force cannot be used with --prune"),
        ("--server-side --prune --all", "--prune is in alpha and doesn't currently work on objects created by server-side apply"),
        ("--prune", "all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector"),
    ];
    for (flags, want) in cases {
        let line = format!("kubectl apply -f unused {flags}");
        match crate::parse_line(&line) {
            Err(e) => assert_eq!(e.to_string(), format!("error: {want}"), "{line}"),
            Ok(other) => panic!("{line}: expected an error, got {other:?}"),
        }
    }
}
