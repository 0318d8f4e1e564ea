//! Tables ported from upstream kubectl's cmd/wait/wait_test.go, run against
//! the simulated cluster instead of a fake dynamic client: the error texts
//! and when they appear are upstream's.

use super::*;
use crate::cli::wait_jsonpath;
use kubeplay_engine::client;
use serde_json::json;

fn engine_with(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(manifests).objects() {
        client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e
}

fn run(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => super::super::execute(&inv, e, Io::default()).expect("output"),
        // What kubectl prints for an error found while reading the flags.
        Err(err) => Output { stderr: format!("{err}\n"), failed: true, ..Output::default() },
        other => panic!("{line}: {other:?}"),
    }
}

const CM: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: name-foo\ndata:\n  a: b\n";

// An object that never changes on its own: a ConfigMap.
fn cm_engine() -> Engine {
    engine_with(CM)
}

// wait_test.go's TestWaitForDeletion
#[test]
fn wait_for_deletion() {
    // "missing on get" and "delete for nonexisting resource with no timeout"
    for timeout in ["10s", "0s"] {
        let mut e = Engine::with_default_cluster(7);
        let out = run(&mut e, &format!("kubectl wait --for=delete configmap/name-foo --timeout={timeout}"));
        assert!(!out.failed, "{timeout}: {out:?}");
        assert_eq!(out.stdout, "");
    }
    // "times out"
    let mut e = cm_engine();
    let out = run(&mut e, "kubectl wait --for=delete configmap/name-foo --timeout=1s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition on configmaps/name-foo\n");
    // "delete for existing resource with no timeout"
    let out = run(&mut e, "kubectl wait --for=delete configmap/name-foo --timeout=0s");
    assert_eq!(out.stderr, "error: condition not met for configmaps/name-foo\n");
    // "handles no infos": a selector that matches nothing is not an error for delete
    let out = run(&mut e, "kubectl wait --for=delete configmap -l nope=x --timeout=1s");
    assert!(!out.failed, "{out:?}");
}

// wait_test.go's TestWaitForCondition
#[test]
fn wait_for_condition() {
    let mut e = cm_engine();
    // "handles no infos"
    let out = run(&mut e, "kubectl wait --for=condition=the-condition configmap -l nope=x --timeout=1s");
    assert_eq!(out.stderr, "error: no matching resources found\n");
    // "times out"
    let out = run(&mut e, "kubectl wait --for=condition=the-condition configmap/name-foo --timeout=1s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition on configmaps/name-foo\n");
    // "for nonexisting resource with no timeout"
    let out = run(&mut e, "kubectl wait --for=condition=the-condition configmap/nope --timeout=0s");
    assert_eq!(out.stderr, "Error from server (NotFound): configmaps \"nope\" not found\n");
    // "for existing resource with no timeout"
    let out = run(&mut e, "kubectl wait --for=condition=the-condition configmap/name-foo --timeout=0s");
    assert_eq!(out.stderr, "error: condition not met for configmaps/name-foo\n");
}

// wait_test.go's TestWaitForCondition ("present on get", the observedGeneration
// cases), checked on the condition logic itself.
#[test]
fn condition_table() {
    let with = |conds: serde_json::Value, generation: Option<i64>, status_gen: Option<i64>| {
        let mut v = json!({"metadata": {"name": "name-foo"}, "status": {"conditions": conds}});
        if let Some(g) = generation {
            v["metadata"]["generation"] = json!(g);
        }
        if let Some(g) = status_gen {
            v["status"]["observedGeneration"] = json!(g);
        }
        v
    };
    let met = |v: &serde_json::Value| condition_met_value(v, "the-condition", "status-value");
    assert!(met(&with(json!([{"type": "the-condition", "status": "status-value"}]), None, None)));
    assert!(!met(&with(json!([{"type": "some-other-condition", "status": "status-value"}]), None, None)));
    // times out due to stale .status.conditions[0].observedGeneration
    assert!(!met(&with(json!([{"type": "the-condition", "status": "status-value", "observedGeneration": 1}]), Some(2), None)));
    assert!(met(&with(json!([{"type": "the-condition", "status": "status-value", "observedGeneration": 2}]), Some(2), None)));
    // times out due to stale .status.observedGeneration
    assert!(!met(&with(json!([{"type": "the-condition", "status": "status-value"}]), Some(2), Some(1))));
    assert!(met(&with(json!([{"type": "the-condition", "status": "status-value"}]), Some(2), Some(2))));
    // Case-folded, and the first condition of the type decides.
    assert!(condition_met_value(&with(json!([{"type": "Ready", "status": "True"}]), None, None), "ready", "true"));
    assert!(!met(&with(json!([{"type": "the-condition", "status": "other"}, {"type": "the-condition", "status": "status-value"}]), None, None)));
}

const POD: &str = r#"{"metadata": {"name": "foo-b6699dcfb-rnv7t", "namespace": "default"},
 "spec": {"nodeName": "knode0", "containers": [{"name": "nginx", "image": "nginx", "ports": [{"containerPort": 80, "protocol": "TCP"}]}]},
 "status": {"phase": "Running", "conditions": [{"type": "Initialized", "status": "True"}, {"type": "Ready", "status": "True"}],
            "containerStatuses": [{"name": "nginx", "ready": true}]}}"#;

// wait_test.go's TestWaitForDifferentJSONPathExpression
#[test]
fn jsonpath_expressions() {
    let pod: serde_json::Value = serde_json::from_str(POD).unwrap();
    let check = |expr: &str, want: &str| {
        let (path, value) = wait_jsonpath(&format!("{expr}={want}")).unwrap();
        jsonpath_met(&pod, &JsonPath::parse(&path).unwrap(), value.as_deref())
    };
    let cases: &[(&str, &str, Result<bool, &str>)] = &[
        ("{.foo.bar}", "baz", Ok(false)),
        ("{.status.containerStatuses[0].ready}", "true", Ok(true)),
        ("{.status.containerStatuses[0].ready}", "false", Ok(false)),
        ("{.spec.containers[0].ports[0].containerPort}", "80", Ok(true)),
        ("{.spec.containers[0].ports[0].containerPort}", "81", Ok(false)),
        ("{.spec.nodeName}", "knode0", Ok(true)),
        ("{.spec.nodeName}", "kmaster", Ok(false)),
        ("{.status.conditions[*]}", "foo", Err("given jsonpath expression matches more than one value")),
        ("{.status.conditions}", "True", Err("jsonpath leads to a nested object or list which is not supported")),
        ("{.spec}", "foo", Err("jsonpath leads to a nested object or list which is not supported")),
    ];
    for (expr, want, expected) in cases {
        assert_eq!(check(expr, want), expected.map_err(String::from), "{expr}={want}");
    }
    // A filter's `==` is not a separator.
    assert_eq!(check(r#"{.status.conditions[?(@.type=="Ready")].status}"#, "True"), Ok(true));
}

// wait_test.go's TestWaitForJSONPathCondition, end to end
#[test]
fn wait_for_jsonpath_condition() {
    let mut e = cm_engine();
    let out = run(&mut e, "kubectl wait --for=jsonpath={.metadata.name}=name-foo configmap/name-foo --timeout=3s");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("configmap/name-foo condition met\n", ""));
    // "handles watch close out": a wrong value keeps waiting
    let out = run(&mut e, "kubectl wait --for=jsonpath={.metadata.name}=foo configmap/name-foo --timeout=3s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition on configmaps/name-foo\n");
    // Without a value any value matches, nested ones too.
    let out = run(&mut e, "kubectl wait --for=jsonpath={.data} configmap/name-foo --timeout=3s");
    assert_eq!(out.stdout, "configmap/name-foo condition met\n");
    let out = run(&mut e, "kubectl wait --for=jsonpath={.data}=x configmap/name-foo --timeout=3s");
    assert_eq!(out.stderr, "error: jsonpath leads to a nested object or list which is not supported\n");
    // "handles no infos"
    let out = run(&mut e, "kubectl wait --for=jsonpath={.metadata.name}=x configmap -l nope=x --timeout=3s");
    assert_eq!(out.stderr, "error: no matching resources found\n");
}

// wait.go's conditionFuncFor and processJSONPathInput errors (wait_test.go's
// TestWaitForCondition cases parse through them)
#[test]
fn condition_parsing_errors() {
    let mut e = cm_engine();
    let err = |e: &mut Engine, line: &str| run(e, line).stderr;
    assert_eq!(err(&mut e, "kubectl wait configmap/name-foo --for=foo"), "error: unrecognized condition: \"foo\"\n");
    assert_eq!(
        err(&mut e, "kubectl wait configmap/name-foo --for=jsonpath={.a}=b=c"),
        "error: jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'\n"
    );
    assert_eq!(
        err(&mut e, "kubectl wait configmap/name-foo --for=jsonpath={.a}="),
        "error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3\n"
    );
    assert_eq!(
        err(&mut e, "kubectl wait configmap/name-foo --for=jsonpath={.a}=''"),
        "error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3\n"
    );
    assert_eq!(err(&mut e, "kubectl wait configmap/name-foo --for=jsonpath="), "error: jsonpath expression cannot be empty\n");
    assert_eq!(wait_jsonpath("{.status.phase}='Running'"), Ok(("{.status.phase}".to_string(), Some("Running".to_string()))));
    assert_eq!(wait_jsonpath(".status.phase"), Ok(("{.status.phase}".to_string(), None)));
}

// wait.go's `--for=create` (kubectl 1.31+) and `condition=Available=false`
#[test]
fn wait_for_create_and_false_conditions() {
    let mut e = Engine::with_default_cluster(7);
    // Nothing appears: the finder's poll times out without naming the object.
    let out = run(&mut e, "kubectl wait --for=create configmap/name-foo --timeout=2s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition\n");
    let out = run(&mut e, "kubectl wait --for=create configmap/name-foo --timeout=0s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition\n");
    let mut e = cm_engine();
    let out = run(&mut e, "kubectl wait --for=create configmap/name-foo --timeout=2s");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("configmap/name-foo condition met\n", ""));
    // What a controller makes later: the wait runs the cluster until it exists.
    let mut e = engine_with(
        "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  serviceName: web\n  replicas: 2\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n",
    );
    let out = run(&mut e, "kubectl wait --for=create pod/web-1 --timeout=120s");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("pod/web-1 condition met\n", ""));

    let mut e = engine_with(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  selector:\n    matchLabels: {app: x}\n  template:\n    metadata:\n      labels: {app: x}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n",
    );
    let out = run(&mut e, "kubectl wait --for=condition=Available deployment/x --timeout=60s");
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("deployment.apps/x condition met\n", ""));
    let out = run(&mut e, "kubectl wait --for=condition=Available=false deployment/x --timeout=1s");
    assert_eq!(out.stderr, "error: timed out waiting for the condition on deployments/x\n");
}
