//! `--subresource` on patch and get, ported from upstream's patch_test.go,
//! the kubectl e2e tests and the KEP-2590 examples, run against the
//! simulated cluster.

use crate::exec::{execute, Io, Output};
use kubeplay_engine::Engine;
use serde_json::Value;

fn run(e: &mut Engine, line: &str) -> Output {
    let inv = match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => inv,
        other => panic!("{line}: {other:?}"),
    };
    execute(&inv, e, Io::default()).expect("output")
}

fn ok(e: &mut Engine, line: &str) -> String {
    let out = run(e, line);
    assert!(!out.failed, "{line}: {out:?}");
    out.stdout
}

fn err(e: &mut Engine, line: &str) -> String {
    let out = run(e, line);
    assert!(out.failed, "{line}: {out:?}");
    out.stderr
}

/// A line kubectl refuses while it reads its flags.
fn invalid(line: &str) -> String {
    match crate::parse_line(line) {
        Err(crate::error::ParseError::Invalid(m)) => m,
        other => panic!("{line}: {other:?}"),
    }
}

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    ok(
        &mut e,
        "kubectl create deployment web --image=nginx --replicas=2",
    );
    e
}

// patch_test.go's TestPatchSubresource: a status patch of a pod, -o json
// shows the new phase.
#[test]
fn patch_status_of_a_pod() {
    let mut e = cluster();
    ok(&mut e, "kubectl run foo --image=nginx");
    let out = ok(
        &mut e,
        r#"kubectl patch pod/foo --subresource=status -p '{"status":{"phase":"Running"}}' -o json"#,
    );
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["status"]["phase"], "Running");
}

// The status endpoint keeps only the status: a spec change in the same
// patch is dropped (deploymentStatusStrategy.PrepareForUpdate).
#[test]
fn patch_status_ignores_spec() {
    let mut e = cluster();
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=status --type=merge -p '{"spec":{"replicas":9},"status":{"observedGeneration":42}}'"#,
    );
    assert_eq!(out, "deployment.apps/web patched\n");
    assert_eq!(ok(&mut e, "kubectl get deployment web -o jsonpath='{.spec.replicas}/{.status.observedGeneration}'"), "2/42");
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=status --type=merge -p '{"spec":{"replicas":9}}'"#,
    );
    assert_eq!(out, "deployment.apps/web patched (no change)\n");
}

// The KEP-2590 patch example and its documented output: the scale
// endpoint answers with a Scale, whose name printer says
// scale.autoscaling; the replicas reach the deployment.
#[test]
fn patch_scale_of_a_deployment() {
    let mut e = cluster();
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=scale --type=merge -p '{"spec":{"replicas":3}}'"#,
    );
    assert_eq!(out, "scale.autoscaling/web patched\n");
    assert_eq!(
        ok(
            &mut e,
            "kubectl get deployment web -o jsonpath='{.spec.replicas}'"
        ),
        "3"
    );
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=scale -p '{"spec":{"replicas":3}}'"#,
    );
    assert_eq!(out, "scale.autoscaling/web patched (no change)\n");
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=scale --type=json -p '[{"op":"replace","path":"/spec/replicas","value":1}]' -o json"#,
    );
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        (
            v["kind"].as_str(),
            v["apiVersion"].as_str(),
            v["spec"]["replicas"].as_i64()
        ),
        (Some("Scale"), Some("autoscaling/v1"), Some(1))
    );
    assert_eq!(v["status"]["selector"], "app=web");
    // A server dry run changes nothing.
    let out = ok(
        &mut e,
        r#"kubectl patch deployment web --subresource=scale -p '{"spec":{"replicas":5}}' --dry-run=server"#,
    );
    assert_eq!(out, "scale.autoscaling/web patched (server dry run)\n");
    assert_eq!(
        ok(
            &mut e,
            "kubectl get deployment web -o jsonpath='{.spec.replicas}'"
        ),
        "1"
    );
}

// The KEP's errors: a kind without the subresource is the bare 404, a
// missing object is named by the scale endpoint's resource, and only
// status and scale are accepted (patch.go's and get.go's Validate).
#[test]
fn subresource_errors() {
    let mut e = cluster();
    ok(&mut e, "kubectl create configmap cfg");
    let no_path =
        "Error from server (NotFound): the server could not find the requested resource\n";
    assert_eq!(
        err(
            &mut e,
            r#"kubectl patch configmap cfg --subresource=status -p '{"status":{}}'"#
        ),
        no_path
    );
    assert_eq!(
        err(
            &mut e,
            r#"kubectl patch configmap cfg --subresource=scale -p '{}'"#
        ),
        no_path
    );
    assert_eq!(
        err(&mut e, "kubectl get configmap cfg --subresource=scale"),
        no_path
    );
    assert_eq!(
        err(
            &mut e,
            r#"kubectl patch deployment nope --subresource=scale -p '{}'"#
        ),
        "Error from server (NotFound): deployments/scale.apps \"nope\" not found\n"
    );
    assert_eq!(
        err(
            &mut e,
            r#"kubectl patch deployment nope --subresource=status -p '{}'"#
        ),
        "Error from server (NotFound): deployments.apps \"nope\" not found\n"
    );
    assert_eq!(
        invalid("kubectl get pod x --subresource=logs"),
        "invalid subresource value: \"logs\". Must be one of [status scale]"
    );
    assert_eq!(
        invalid("kubectl patch deployment web --subresource=ephemeralcontainers -p '{}'"),
        "invalid subresource value: \"ephemeralcontainers\". Must be one of [status scale]"
    );
    // kubectl.go's "should not be used in a bulk GET".
    assert_eq!(
        err(&mut e, "kubectl get nodes --subresource=status"),
        "error: subresource cannot be used when bulk resources are specified\n"
    );
    assert_eq!(
        invalid("kubectl apply -f x.yaml --subresource=status"),
        "--subresource can only be specified for --server-side"
    );
}

// The KEP-2590 get examples and kubectl.go's e2e "GET on status
// subresource ... returns identical info": the status subresource prints
// the kind's own table, the scale subresource printers.go's printScale.
#[test]
fn get_subresources() {
    let mut e = cluster();
    let plain = ok(&mut e, "kubectl get deployment web");
    assert_eq!(
        ok(&mut e, "kubectl get deployment web --subresource=status"),
        plain
    );
    assert_eq!(
        ok(&mut e, "kubectl get deployment web --subresource=scale"),
        "NAME   DESIRED   AVAILABLE   AGE\nweb    2         0           0s\n"
    );
    assert_eq!(
        ok(
            &mut e,
            "kubectl get deployment web --subresource=scale -o name"
        ),
        "scale.autoscaling/web\n"
    );
    let yaml = ok(
        &mut e,
        "kubectl get deployment web --subresource=scale -o yaml",
    );
    assert!(
        yaml.starts_with("apiVersion: autoscaling/v1\nkind: Scale\nmetadata:\n"),
        "{yaml}"
    );
    assert!(
        yaml.ends_with("spec:\n  replicas: 2\nstatus:\n  replicas: 0\n  selector: app=web\n"),
        "{yaml}"
    );
}
