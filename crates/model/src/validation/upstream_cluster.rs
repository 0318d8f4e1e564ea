//! Cases ported from upstream's `pkg/apis/core/validation/validation_test.go`
//! (v1.32) for the cluster-scoped core kinds: TestValidateNode,
//! TestValidateNodeUpdate and TestValidateNamespace. Each object is a
//! manifest decoded as is (upstream validates undefaulted objects).

use super::upstream_apps::merge;
use super::*;
use serde_json::{json, Value};

fn raw(v: Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn texts(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

fn node(patch: Value) -> Object {
    let mut v =
        json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "abc"}, "status": {"addresses": [{"type": "ExternalIP", "address": "something"}], "capacity": {"cpu": "10", "memory": "0"}}});
    merge(&mut v, &patch);
    raw(v)
}

// validation_test.go's TestValidateNode (spec.externalID no longer exists;
// the preferAvoidPods annotation is not validated by the playground, and
// several hugepage sizes are allowed since v1.19)
#[test]
fn node_create() {
    let success = [
        node(json!({"metadata": {"labels": {"a": "b"}}, "status": {"capacity": {"memory": "10G", "my.org/gpu": "10", "hugepages-2Mi": "10Gi", "hugepages-1Gi": "0"}}})),
        node(json!({})),
        node(json!({"metadata": {"name": "dedicated-node1"}, "spec": {"taints": [{"key": "GPU", "value": "true", "effect": "NoSchedule"}]}})),
        node(json!({"spec": {"podCIDR": "192.168.0.0/16"}})),
        node(json!({"status": {"capacity": {"hugepages-2Mi": "10Gi", "hugepages-1Gi": "10Gi"}}})),
    ];
    for (i, o) in success.iter().enumerate() {
        assert_eq!(texts(&validate(o)), Vec::<String>::new(), "success {i}");
    }
    let errors = [
        ("zero-length Name", node(json!({"metadata": {"name": ""}})), vec!["metadata.name: Required value: name or generateName is required"]),
        (
            "invalid-labels",
            node(json!({"metadata": {"name": "abc-123", "labels": {"NoUppercaseOrSpecialCharsLike=Equals": "b"}}})),
            vec!["metadata.labels: Invalid value: \"NoUppercaseOrSpecialCharsLike=Equals\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"],
        ),
        (
            "missing-taint-key",
            node(json!({"metadata": {"name": "dedicated-node1"}, "spec": {"taints": [{"key": "", "value": "special-user-1", "effect": "NoSchedule"}]}})),
            vec![
                "metadata.taints[0].key: Invalid value: \"\": name part must be non-empty",
                "metadata.taints[0].key: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            ],
        ),
        (
            "bad-taint-key",
            node(json!({"metadata": {"name": "dedicated-node1"}, "spec": {"taints": [{"key": "NoUppercaseOrSpecialCharsLike=Equals", "value": "special-user-1", "effect": "NoSchedule"}]}})),
            vec!["metadata.taints[0].key: Invalid value: \"NoUppercaseOrSpecialCharsLike=Equals\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"],
        ),
        (
            "bad-taint-value",
            node(json!({"metadata": {"name": "dedicated-node2"}, "spec": {"taints": [{"key": "dedicated", "value": "some\\bad\\value", "effect": "NoSchedule"}]}})),
            vec!["metadata.taints[0].value: Invalid value: \"some\\\\bad\\\\value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"],
        ),
        ("missing-taint-effect", node(json!({"metadata": {"name": "dedicated-node3"}, "spec": {"taints": [{"key": "dedicated", "value": "special-user-3", "effect": ""}]}})), vec!["metadata.taints[0].effect: Required value"]),
        (
            "invalid-taint-effect",
            node(json!({"metadata": {"name": "dedicated-node3"}, "spec": {"taints": [{"key": "dedicated", "value": "special-user-3", "effect": "NoScheduleNoAdmit"}]}})),
            vec!["metadata.taints[0].effect: Unsupported value: \"NoScheduleNoAdmit\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""],
        ),
        (
            "duplicated-taints-with-same-key-effect",
            node(json!({"metadata": {"name": "dedicated-node1"}, "spec": {"taints": [{"key": "dedicated", "value": "special-user-1", "effect": "NoSchedule"}, {"key": "dedicated", "value": "special-user-2", "effect": "NoSchedule"}]}})),
            vec!["metadata.taints[1]: Duplicate value: core.Taint{Key:\"dedicated\", Value:\"special-user-2\", Effect:\"NoSchedule\", TimeAdded:<nil>}: taints must be unique by key and effect pair"],
        ),
        ("invalid-pod-cidr", node(json!({"spec": {"podCIDR": "192.168.0.0"}})), vec!["spec.podCIDRs[0]: Invalid value: \"192.168.0.0\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"]),
    ];
    for (name, o, want) in errors {
        assert_eq!(texts(&validate(&o)), want, "{name}");
    }
}

// validation_test.go's TestValidateNodeUpdate (the leading cases)
#[test]
fn node_updates() {
    let n = |name: &str, patch: Value| {
        let mut v = json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": name}});
        merge(&mut v, &patch);
        raw(v)
    };
    let cases = [
        (n("foo", json!({})), n("bar", json!({})), false),
        (n("foo", json!({"metadata": {"labels": {"foo": "bar"}}})), n("foo", json!({"metadata": {"labels": {"foo": "baz"}}})), true),
        (n("foo", json!({})), n("foo", json!({"metadata": {"labels": {"foo": "baz"}}})), true),
        (n("foo", json!({"metadata": {"labels": {"bar": "foo"}}})), n("foo", json!({"metadata": {"labels": {"foo": "baz"}}})), true),
        (n("foo", json!({"spec": {"podCIDR": ""}})), n("foo", json!({"spec": {"podCIDR": "192.168.0.0/16"}})), true),
        (n("foo", json!({"spec": {"podCIDR": "192.123.0.0/16"}})), n("foo", json!({"spec": {"podCIDR": "192.168.0.0/16"}})), false),
        (n("foo", json!({"status": {"capacity": {"cpu": "10000", "memory": "100"}}})), n("foo", json!({"status": {"capacity": {"cpu": "100", "memory": "10000"}}})), true),
        (
            n("foo", json!({"metadata": {"labels": {"bar": "foo"}}, "status": {"capacity": {"cpu": "10000", "memory": "100"}}})),
            n("foo", json!({"metadata": {"labels": {"bar": "fooobaz"}}, "status": {"capacity": {"cpu": "100", "memory": "10000"}}})),
            true,
        ),
    ];
    let addresses = |a: Value| n("foo", json!({"status": {"addresses": a}}));
    let cases: Vec<(Object, Object, bool)> = cases
        .into_iter()
        .chain([
            (
                n("foo", json!({"metadata": {"labels": {"bar": "foo"}}, "status": {"addresses": [{"type": "ExternalIP", "address": "1.2.3.4"}]}})),
                n("foo", json!({"metadata": {"labels": {"bar": "fooobaz"}}})),
                true,
            ),
            (n("foo", json!({"metadata": {"labels": {"foo": "baz"}}})), n("foo", json!({"metadata": {"labels": {"Foo": "baz"}}})), true),
            (n("foo", json!({"spec": {"unschedulable": false}})), n("foo", json!({"spec": {"unschedulable": true}})), true),
            (n("foo", json!({})), addresses(json!([{"type": "ExternalIP", "address": "1.1.1.1"}, {"type": "ExternalIP", "address": "1.1.1.1"}])), false),
            (n("foo", json!({})), addresses(json!([{"type": "ExternalIP", "address": "1.1.1.1"}, {"type": "InternalIP", "address": "10.1.1.1"}])), true),
        ])
        .collect();
    for (i, (old, new, valid)) in cases.iter().enumerate() {
        let errs = texts(&validate_update(old, new));
        assert_eq!(errs.is_empty(), *valid, "case {i}: {errs:?}");
    }
    let old = n("foo", json!({"spec": {"podCIDR": "192.123.0.0/16"}}));
    let new = n("foo", json!({"spec": {"podCIDR": "192.168.0.0/16"}}));
    assert_eq!(texts(&validate_update(&old, &new)), vec!["spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid"]);
    let old = n("foo", json!({}));
    let new = n("foo", json!({"spec": {"podCIDR": "192.168.0.0"}}));
    assert_eq!(texts(&validate_update(&old, &new)), vec!["spec.podCIDRs[0]: Invalid value: \"192.168.0.0\": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"]);
}

fn namespace(meta: Value, spec: Value) -> Object {
    raw(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": meta, "spec": spec}))
}

// validation_test.go's TestValidateNamespace
#[test]
fn namespace_create() {
    for o in [namespace(json!({"name": "abc", "labels": {"a": "b"}}), json!({})), namespace(json!({"name": "abc-123"}), json!({"finalizers": ["example.com/something", "example.com/other"]}))] {
        assert_eq!(texts(&validate(&o)), Vec::<String>::new());
    }
    let errors = [
        ("zero-length name", namespace(json!({"name": ""}), json!({})), "metadata.name"),
        ("defined-namespace", namespace(json!({"name": "abc-123", "namespace": "makesnosense"}), json!({})), "metadata.namespace"),
        ("invalid-labels", namespace(json!({"name": "abc", "labels": {"NoUppercaseOrSpecialCharsLike=Equals": "bar"}}), json!({})), "metadata.labels"),
    ];
    for (name, o, field) in errors {
        let errs = validate(&o);
        assert!(!errs.is_empty() && errs.iter().all(|e| e.field == field), "{name}: {:?}", texts(&errs));
    }
    // A finalizer without a domain must be the built-in one.
    assert_eq!(
        texts(&validate(&namespace(json!({"name": "abc"}), json!({"finalizers": ["Foo"]})))),
        vec!["spec.finalizers: Invalid value: \"Foo\": name is neither a standard finalizer name nor is it fully qualified"]
    );
}
