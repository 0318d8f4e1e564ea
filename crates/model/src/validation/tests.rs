//! Whole-object validation through the public entry points; messages are
//! compared with what kubectl prints against a real API server.

use super::*;
use crate::kind::Kind;
use serde_json::json;

fn obj(v: serde_json::Value) -> Object {
    Object::from_json(&v).expect("test object decodes")
}

fn msgs(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn config_map_keys_and_names() {
    let cm = obj(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "Bad_Name", "namespace": "default"}, "data": {"a b": "x", "ok.key": "y"}}));
    let errs = validate(&cm);
    assert_eq!(
        msgs(&errs),
        vec![
            "metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "data[a b]: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        ]
    );
}

#[test]
fn namespace_names_are_labels() {
    let ns = obj(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a.b"}}));
    assert_eq!(
        invalid_error_message(Kind::Namespace, "a.b", &validate(&ns)),
        "The Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\": must not contain dots"
    );
}

#[test]
fn update_across_kinds_is_an_internal_error() {
    let a = obj(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "namespace": "default"}}));
    let b = obj(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "x", "namespace": "default"}}));
    assert_eq!(validate_update(&a, &b)[0].type_, ErrorType::Internal);
}

#[test]
fn generic_update_checks_metadata_immutability() {
    let old = obj(json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "x", "namespace": "default", "uid": "1"}}));
    let new = obj(json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "x", "namespace": "default", "uid": "2"}}));
    assert_eq!(msgs(&validate_update(&old, &new)), vec!["metadata.uid: Invalid value: \"2\": field is immutable"]);
}
