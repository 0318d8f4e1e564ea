//! The validator's messages, checked against the API server's wording.

use super::*;
use serde_json::{json, Value};

fn schema(v: Value) -> JsonSchemaProps {
    serde_json::from_value(v).expect("test schema decodes")
}

fn messages(s: Value, obj: Value) -> Vec<String> {
    validate(&schema(s), &obj)
        .iter()
        .map(|e| e.to_string())
        .collect()
}

fn spec(props: Value) -> Value {
    json!({"type": "object", "properties": {"spec": {"type": "object", "properties": props}}})
}

#[test]
fn types_and_nulls() {
    let s = spec(
        json!({"replicas": {"type": "integer"}, "ratio": {"type": "number"}, "on": {"type": "boolean", "nullable": true}}),
    );
    assert_eq!(
        messages(s.clone(), json!({"spec": {"replicas": "3"}})),
        [
            r#"spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string""#
        ]
    );
    assert_eq!(
        messages(s.clone(), json!({"spec": {"replicas": null}})),
        [
            r#"spec.replicas: Invalid value: "null": spec.replicas in body must be of type integer: "null""#
        ]
    );
    assert_eq!(
        messages(s.clone(), json!({"spec": {"replicas": 1.5}})),
        [
            r#"spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number""#
        ]
    );
    // A whole float is an integer, and an integer a number.
    assert!(messages(
        s.clone(),
        json!({"spec": {"replicas": 2.0, "ratio": 3, "on": null}})
    )
    .is_empty());
    assert_eq!(
        messages(s, json!({"spec": []})),
        [r#"spec: Invalid value: "array": spec in body must be of type object: "array""#]
    );
}

#[test]
fn required_enum_and_bounds() {
    let s = json!({"type": "object", "properties": {"spec": {"type": "object", "required": ["cronSpec"], "properties": {
        "cronSpec": {"type": "string", "minLength": 3, "maxLength": 5},
        "size": {"type": "string", "enum": ["small", "large"]},
        "replicas": {"type": "integer", "minimum": 1, "maximum": 10, "multipleOf": 2},
        "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 1}
    }}}});
    assert_eq!(
        messages(s.clone(), json!({"spec": {}})),
        ["spec.cronSpec: Required value"]
    );
    assert_eq!(
        messages(
            s.clone(),
            json!({"spec": {"cronSpec": "ab", "size": "huge", "replicas": 11}})
        ),
        [
            r#"spec.cronSpec: Invalid value: "ab": spec.cronSpec in body should be at least 3 chars long"#,
            r#"spec.replicas: Invalid value: 11: spec.replicas in body should be a multiple of 2"#,
            r#"spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10"#,
            r#"spec.size: Unsupported value: "huge": supported values: "small", "large""#,
        ]
    );
    assert_eq!(
        messages(
            s.clone(),
            json!({"spec": {"cronSpec": "abcdef", "replicas": 0, "tags": [], "labels": {"a": "1", "b": 2}}})
        ),
        [
            "spec.cronSpec: Too long: value is too long",
            "spec.labels: Too many: must have at most 1 item",
            r#"spec.labels.b: Invalid value: "integer": spec.labels.b in body must be of type string: "integer""#,
            r#"spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1"#,
            "spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items",
        ]
    );
    assert_eq!(
        messages(
            s,
            json!({"spec": {"cronSpec": "abc", "tags": ["a", 1, "c"]}})
        ),
        [
            r#"spec.tags[1]: Invalid value: "integer": spec.tags[1] in body must be of type string: "integer""#,
            "spec.tags: Too many: 3: has too many items",
        ]
    );
}

#[test]
fn int_or_string_and_formats() {
    let s = spec(
        json!({"port": {"x-kubernetes-int-or-string": true}, "at": {"type": "string", "format": "date-time"}, "day": {"type": "string", "format": "date"}}),
    );
    assert!(messages(
        s.clone(),
        json!({"spec": {"port": 80, "at": "2024-01-02T03:04:05Z", "day": "2024-02-29"}})
    )
    .is_empty());
    assert!(messages(s.clone(), json!({"spec": {"port": "http"}})).is_empty());
    assert_eq!(
        messages(
            s,
            json!({"spec": {"port": true, "at": "yesterday", "day": "2023-02-29"}})
        ),
        [
            r#"spec.at: Invalid value: "yesterday": spec.at in body must be of type date-time: "yesterday""#,
            r#"spec.day: Invalid value: "2023-02-29": spec.day in body must be of type date: "2023-02-29""#,
            r#"spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean""#,
        ]
    );
}

#[test]
fn list_types_are_unique() {
    let s = spec(json!({
        "set": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
        "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
            "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}}
    }));
    assert_eq!(
        messages(
            s,
            json!({"spec": {"set": ["a", "b", "a", "a"], "ports": [{"name": "http", "port": 80}, {"name": "http", "port": 81}]}})
        ),
        [
            r#"spec.ports[1]: Duplicate value: map[string]interface {}{"name":"http"}"#,
            r#"spec.set[2]: Duplicate value: "a""#
        ]
    );
}

#[test]
fn composition_is_reported_at_the_nil_path() {
    let s = spec(json!({"x": {"type": "integer", "oneOf": [{"minimum": 5}, {"maximum": 1}]}}));
    assert_eq!(
        messages(s, json!({"spec": {"x": 3}})),
        [
            r#"<nil>: Invalid value: "": "spec.x" must validate one and only one schema (oneOf). Found none valid"#,
            "spec.x: Invalid value: 3: spec.x in body should be greater than or equal to 5",
        ]
    );
}

proptest::proptest! {
    // Whatever the schema and the value, the engine returns: no panics.
    #[test]
    fn never_panics(s in arb_json(3), v in arb_json(4)) {
        if let Ok(schema) = serde_json::from_value::<JsonSchemaProps>(s) {
            let mut v1 = v.clone();
            let _ = prune(&schema, &mut v1);
            apply_defaults(&schema, &mut v1);
            let _ = validate(&schema, &v);
            // The CRD checks walk the same schema.
            let crd = crate::api::CustomResourceDefinition {
                spec: crate::api::CustomResourceDefinitionSpec {
                    versions: vec![crate::api::CustomResourceDefinitionVersion {
                        name: "v1".into(),
                        schema: Some(crate::api::CustomResourceValidation { open_api_v3_schema: Some(Box::new(schema)) }),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                ..Default::default()
            };
            let obj = crate::object::Object::CustomResourceDefinition(Box::new(crd));
            let _ = crate::validation::validate(&obj);
            let _ = crate::validation::validate_update(&obj, &obj);
        }
    }
}

/// Random JSON biased towards schema keywords, so many values decode as schemas.
fn arb_json(depth: u32) -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let key = prop_oneof![
        Just("type".to_string()),
        Just("properties".to_string()),
        Just("items".to_string()),
        Just("additionalProperties".to_string()),
        Just("default".to_string()),
        Just("enum".to_string()),
        Just("nullable".to_string()),
        Just("required".to_string()),
        Just("x-kubernetes-preserve-unknown-fields".to_string()),
        Just("x-kubernetes-list-type".to_string()),
        Just("anyOf".to_string()),
        Just("minimum".to_string()),
        Just("multipleOf".to_string()),
        Just("format".to_string()),
        "[a-c]{1,2}",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        prop_oneof![
            Just("object"),
            Just("array"),
            Just("string"),
            Just("integer"),
            Just("set"),
            Just("map"),
            Just("date"),
            Just("a")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(depth, 48, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map(key.clone(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn patterns_are_ecma_regular_expressions() {
    let s = spec(json!({"name": {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"}}));
    assert!(messages(s.clone(), json!({"spec": {"name": "web-front"}})).is_empty());
    assert_eq!(
        messages(s, json!({"spec": {"name": "Web"}})),
        [r#"spec.name: Invalid value: "Web": spec.name in body should match '^[a-z]+(-[a-z]+)*$'"#]
    );
}

#[test]
fn items_decode_errors_keep_their_words() {
    let err =
        serde_json::from_value::<JsonSchemaProps>(json!({"type": "array", "items": {"type": 5}}))
            .unwrap_err();
    assert!(
        err.to_string()
            .contains("invalid type: integer `5`, expected a string"),
        "{err}"
    );
    let list = serde_json::from_value::<JsonSchemaProps>(json!({"items": [{"type": "string"}]}))
        .expect("a list decodes");
    assert!(list.item_schema().is_none());
    assert_eq!(
        serde_json::to_value(&list).expect("encodes"),
        json!({"items": [{"type": "string"}]})
    );
}

#[test]
fn enum_values_print_as_go_marshals_them() {
    let s = spec(json!({"ratio": {"type": "number", "enum": [1.0, 2.5, {"b": 1, "a": [true]}]}}));
    assert_eq!(
        messages(s, json!({"spec": {"ratio": 3}})),
        [
            r#"spec.ratio: Unsupported value: 3: supported values: "1", "2.5", "{\"a\":[true],\"b\":1}""#
        ]
    );
}
