//! Cases ported from upstream's `pkg/apis/apps/validation/validation_test.go`
//! (v1.32) TestValidateReplicaSet, in the style of `upstream_apps`: each
//! case is a manifest defaulted as the API server defaults it. The
//! gcePersistentDisk cases are left out: the playground does not model that
//! volume source.

use super::upstream_apps::{defaulted, merge};
use super::*;
use serde_json::{json, Value};

/// `podtest.MakePodSpec` (which sets the grace period validation needs)
/// under a template with the given labels.
fn template(labels: Value, spec: Value) -> Value {
    let mut s = json!({"restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "terminationGracePeriodSeconds": 30, "containers": [{"name": "ctr", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]});
    merge(&mut s, &spec);
    json!({"metadata": {"labels": labels}, "spec": s})
}

fn rs(meta: Value, spec: Value) -> Object {
    defaulted(json!({"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": meta, "spec": spec}))
}

const ALLOWED_FIELDS: &[&str] =
    &["metadata.name", "metadata.namespace", "spec.selector", "spec.template", "spec.replicas", "spec.template.labels", "metadata.annotations", "metadata.labels", "status.replicas"];

// validation_test.go's TestValidateReplicaSet
#[test]
fn replica_set_create() {
    let valid = || template(json!({"a": "b"}), json!({}));
    let sel = || json!({"matchLabels": {"a": "b"}});
    let ns = |name: &str| json!({"name": name, "namespace": "default"});
    let hostnet = template(
        json!({"a": "b"}),
        json!({"hostNetwork": true, "containers": [{"name": "abc", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File", "ports": [{"containerPort": 12345, "protocol": "TCP"}]}]}),
    );
    for (name, o) in [
        ("abc", rs(ns("abc"), json!({"selector": sel(), "template": valid()}))),
        ("abc-123", rs(ns("abc-123"), json!({"selector": sel(), "template": valid()}))),
        ("hostnet", rs(ns("hostnet"), json!({"selector": sel(), "template": hostnet}))),
    ] {
        assert_eq!(validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(), Vec::<String>::new(), "{name}");
    }
    let bad_labels = json!({"NoUppercaseOrSpecialCharsLike=Equals": "bar"});
    let errors = [
        ("zero-length ID", rs(ns(""), json!({"selector": sel(), "template": valid()}))),
        ("missing-namespace", rs(json!({"name": "abc-123"}), json!({"selector": sel(), "template": valid()}))),
        ("empty selector", rs(ns("abc"), json!({"template": valid()}))),
        ("selector_doesnt_match", rs(ns("abc"), json!({"selector": {"matchLabels": {"foo": "bar"}}, "template": valid()}))),
        ("invalid manifest", rs(ns("abc"), json!({"selector": sel()}))),
        ("negative_replicas", rs(ns("abc"), json!({"replicas": -1, "selector": sel()}))),
        ("invalid_label", rs(json!({"name": "abc-123", "namespace": "default", "labels": bad_labels}), json!({"selector": sel(), "template": valid()}))),
        ("invalid_label 2", rs(json!({"name": "abc-123", "namespace": "default", "labels": bad_labels}), json!({"template": template(bad_labels.clone(), json!({}))}))),
        ("invalid_annotation", rs(json!({"name": "abc-123", "namespace": "default", "annotations": bad_labels}), json!({"selector": sel(), "template": valid()}))),
        ("invalid restart policy 1", rs(ns("abc-123"), json!({"selector": sel(), "template": template(json!({"a": "b"}), json!({"restartPolicy": "OnFailure"}))}))),
        ("invalid restart policy 2", rs(ns("abc-123"), json!({"selector": sel(), "template": template(json!({"a": "b"}), json!({"restartPolicy": "Never"}))}))),
    ];
    for (name, o) in errors {
        let errs = validate(&o);
        assert!(!errs.is_empty(), "{name}: expected failure");
        for e in &errs {
            assert!(e.field.starts_with("spec.template.") || ALLOWED_FIELDS.contains(&e.field.as_str()), "{name}: missing prefix for: {e}");
        }
    }
}

/// Not defaulted: an empty selector would default to the template's labels.
fn rc(meta: Value, spec: Value) -> Object {
    Object::from_json(&json!({"apiVersion": "v1", "kind": "ReplicationController", "metadata": meta, "spec": spec})).expect("test object decodes")
}

// core validation_test.go's TestValidateReplicationController
#[test]
fn replication_controller_create() {
    let labels = || json!({"a": "b"});
    let valid = || template(labels(), json!({"containers": [{"name": "abc", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]}));
    let ns = |name: &str| json!({"name": name, "namespace": "default"});
    for (name, o) in [("abc", rc(ns("abc"), json!({"selector": labels(), "template": valid()}))), ("abc-123", rc(ns("abc-123"), json!({"selector": labels(), "template": valid()})))] {
        assert_eq!(validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(), Vec::<String>::new(), "{name}");
    }
    let bad = json!({"NoUppercaseOrSpecialCharsLike=Equals": "bar"});
    let ctr = || json!({"containers": [{"name": "ctr", "image": "image", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]});
    let policy = |p: &str| {
        let mut s = ctr();
        s["restartPolicy"] = json!(p);
        template(labels(), s)
    };
    let errors = [
        ("zero-length ID", rc(ns(""), json!({"selector": labels(), "template": valid()}))),
        ("missing-namespace", rc(json!({"name": "abc-123"}), json!({"selector": labels(), "template": valid()}))),
        ("empty selector", rc(ns("abc"), json!({"template": valid()}))),
        ("selector_doesnt_match", rc(ns("abc"), json!({"selector": {"foo": "bar"}, "template": valid()}))),
        ("invalid manifest", rc(ns("abc"), json!({"selector": labels()}))),
        ("negative_replicas", rc(ns("abc"), json!({"replicas": -1, "selector": labels()}))),
        ("invalid_label", rc(json!({"name": "abc-123", "namespace": "default", "labels": bad}), json!({"selector": labels(), "template": valid()}))),
        ("invalid_label 2", rc(json!({"name": "abc-123", "namespace": "default", "labels": bad}), json!({"template": template(bad.clone(), json!({"containers": []}))}))),
        ("invalid_annotation", rc(json!({"name": "abc-123", "namespace": "default", "annotations": bad}), json!({"selector": labels(), "template": valid()}))),
        ("invalid restart policy 1", rc(ns("abc-123"), json!({"selector": labels(), "template": policy("OnFailure")}))),
        ("invalid restart policy 2", rc(ns("abc-123"), json!({"selector": labels(), "template": policy("Never")}))),
    ];
    for (name, o) in errors {
        let errs = validate(&o);
        assert!(!errs.is_empty(), "{name}: expected failure");
        for e in &errs {
            assert!(e.field.starts_with("spec.template.") || ALLOWED_FIELDS.contains(&e.field.as_str()), "{name}: missing prefix for: {e}");
        }
    }
}
