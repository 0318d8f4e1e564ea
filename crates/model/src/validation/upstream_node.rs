//! `pkg/apis/node/validation/validation_test.go` (v1.32): RuntimeClass's
//! name, handler, overhead, scheduling and update rules, each case a
//! manifest decoded as is, with the errors it must (or must not) give.

use super::*;
use serde_json::{json, Value};

fn rc(name: &str, extra: Value) -> Object {
    let mut v = json!({"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": {"name": name, "resourceVersion": "1"}});
    for (k, x) in extra.as_object().into_iter().flatten() {
        v[k] = x.clone();
    }
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn validate_runtime_class() {
    let cases = [
        ("invalid name", rc("&!@#", json!({"handler": "foo"})), true),
        (
            "invalid Handler name",
            rc("foo", json!({"handler": "&@#$"})),
            true,
        ),
        ("invalid empty RuntimeClass", rc("empty", json!({})), true),
        (
            "valid Handler",
            rc("foo", json!({"handler": "bar-baz"})),
            false,
        ),
    ];
    for (name, o, want_err) in cases {
        assert_eq!(
            !validate(&o).is_empty(),
            want_err,
            "{name}: {:?}",
            texts(&validate(&o))
        );
    }
    // The handler's message is the DNS label one, on `handler`.
    let errs = texts(&validate(&rc("foo", json!({"handler": "My_Handler"}))));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(
            "handler: Invalid value: \"My_Handler\": a lowercase RFC 1123 label must consist of"
        ),
        "{errs:?}"
    );
}

#[test]
fn validate_runtime_class_update() {
    let old = rc("foo", json!({"handler": "bar"}));
    let cases = [
        (
            "valid metadata update",
            rc(
                "foo",
                json!({"handler": "bar", "metadata": {"name": "foo", "resourceVersion": "1", "labels": {"foo": "bar"}}}),
            ),
            vec![],
        ),
        (
            "invalid Handler update",
            rc("foo", json!({"handler": "somethingelse"})),
            vec!["handler: Invalid value: \"somethingelse\": field is immutable".to_string()],
        ),
        // Other fields may change.
        (
            "overhead update",
            rc(
                "foo",
                json!({"handler": "bar", "overhead": {"podFixed": {"cpu": "1"}}}),
            ),
            vec![],
        ),
    ];
    for (name, new, want) in cases {
        assert_eq!(texts(&validate_update(&old, &new)), want, "{name}");
    }
}

#[test]
fn validate_overhead() {
    let ok = rc(
        "foo",
        json!({"handler": "bar", "overhead": {"podFixed": {"cpu": "10", "memory": "10G"}}}),
    );
    assert_eq!(
        texts(&validate(&ok)),
        Vec::<String>::new(),
        "Overhead with valid cpu and memory resources"
    );
    let bad = rc(
        "foo",
        json!({"handler": "bar", "overhead": {"podFixed": {"my.org": "10m"}}}),
    );
    assert!(!validate(&bad).is_empty(), "Invalid Resources");
}

#[test]
fn validate_scheduling() {
    let tol = |key: &str| json!({"key": key, "operator": "Exists", "effect": "NoSchedule"});
    let cases = [
        (
            "valid scheduling",
            json!({"nodeSelector": {"valid": "yes"}, "tolerations": [tol("valid")]}),
            0,
        ),
        ("empty scheduling", json!({}), 0),
        (
            "invalid nodeSelector",
            json!({"nodeSelector": {"not a valid key!!!": "nope"}}),
            1,
        ),
        (
            "invalid toleration",
            json!({"tolerations": [tol("valid"), tol("not a valid key!!!")]}),
            1,
        ),
        (
            "invalid scheduling",
            json!({"nodeSelector": {"not a valid key!!!": "nope"}, "tolerations": [tol("valid"), tol("not a valid toleration key!!!")]}),
            2,
        ),
    ];
    for (name, scheduling, want) in cases {
        let o = rc("foo", json!({"handler": "bar", "scheduling": scheduling}));
        assert_eq!(
            validate(&o).len(),
            want,
            "{name}: {:?}",
            texts(&validate(&o))
        );
    }
}
