//! Tables ported from apiextensions-apiserver's `pkg/apiserver/schema`
//! tests (v1.32): pruning and defaulting.

use super::prune::prune_with;
use super::*;
use serde_json::{json, Value};

fn schema(v: Value) -> JsonSchemaProps {
    serde_json::from_value(v).expect("test schema decodes")
}

// pruning/algorithm_test.go's TestPrune
#[test]
fn prune_table() {
    let embedded_doc = json!({
        "apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance", "unspecified": "bar"}, "unspecified": "bar",
        "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}},
        "preserving": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}},
        "nested": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"},
            "spec": {"unspecified": "bar", "embedded": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar",
                "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}}}}
    });
    let embedded_schema = json!({"type": "object", "properties": {
        "pruned": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object"}}},
        "preserving": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
        "nested": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object", "properties": {
            "embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object"}}}}}}}
    }});
    let embedded_kept = json!({
        "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {}},
        "preserving": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}},
        "nested": {"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance", "unspecified": "bar"},
            "spec": {"embedded": {"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {}}}}
    });
    let mut embedded_root_kept = embedded_kept.clone();
    embedded_root_kept["apiVersion"] = json!("foo/v1");
    embedded_root_kept["kind"] = json!("Foo");
    embedded_root_kept["metadata"] = json!({"name": "instance", "unspecified": "bar"});
    let embedded_pruned: &[&str] = &[
        "nested.spec.embedded.spec.unspecified",
        "nested.spec.embedded.unspecified",
        "nested.spec.unspecified",
        "nested.unspecified",
        "pruned.spec.unspecified",
        "pruned.unspecified",
        "unspecified",
    ];

    let preserve_doc = json!({
        "unspecified": "bar", "alpha": "abc", "beta": 42.0, "unspecifiedObject": {"unspecified": "bar"},
        "pruning": {"unspecified": "bar", "unspecifiedObject": {"unspecified": "bar"}, "pruning": {"unspecified": "bar"}, "apiVersion": "unknown", "preserving": {"unspecified": "bar"}},
        "preserving": {"unspecified": "bar", "unspecifiedObject": {"unspecified": "bar"}, "pruning": {"unspecified": "bar"}, "preserving": {"unspecified": "bar"}},
        "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {"foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}},
        "preservingAdditionalPropertiesKeyPruneValues": {"foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}}
    });
    let ap_specified = json!({"type": "object", "properties": {"specified": {"type": "object"}}});
    let preserve_schema = json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {
        "alpha": {"type": "string"}, "beta": {"type": "number"},
        "pruning": {"type": "object", "properties": {"preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}, "pruning": {"type": "object"}}},
        "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {
            "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}, "pruning": {"type": "object"}}},
        "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "additionalProperties": ap_specified},
        "preservingAdditionalPropertiesKeyPruneValues": {"type": "object", "additionalProperties": ap_specified}
    }});
    let preserve_kept = json!({
        "unspecified": "bar", "alpha": "abc", "beta": 42.0, "unspecifiedObject": {"unspecified": "bar"},
        "pruning": {"pruning": {}, "preserving": {"unspecified": "bar"}},
        "preserving": {"unspecified": "bar", "unspecifiedObject": {"unspecified": "bar"}, "pruning": {}, "preserving": {"unspecified": "bar"}},
        "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {"foo": {"specified": {}}},
        "preservingAdditionalPropertiesKeyPruneValues": {"foo": {"specified": {}}}
    });

    let array_ac = json!({"items": {"properties": {"a": {}, "c": {}}}});
    // (name, object, is a resource root, schema, object after, pruned paths)
    type Case<'a> = (&'a str, Value, bool, Option<Value>, Value, Vec<&'a str>);
    let cases: Vec<Case> = vec![
        ("empty", json!(null), false, None, json!(null), vec![]),
        ("scalar", json!(4), false, Some(json!({})), json!(4), vec![]),
        ("scalar array", json!([1, 2]), false, Some(json!({"items": {}})), json!([1, 2]), vec![]),
        ("object array", json!([{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}]), false, Some(array_ac.clone()), json!([{"a": 1}, {}, {"a": 1, "c": 3}]), vec!["[1].b", "[2].b"]),
        ("object array with nil schema", json!([{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}]), false, None, json!([{}, {}, {}]), vec!["[0].a", "[1].b", "[2].a", "[2].b", "[2].c"]),
        (
            "object array object",
            json!({"array": [{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}], "unspecified": {"a": 1}, "specified": {"a": 1, "b": 2, "c": 3}}),
            false,
            Some(json!({"properties": {"array": array_ac, "specified": {"properties": {"a": {}, "c": {}}}}})),
            json!({"array": [{"a": 1}, {}, {"a": 1, "c": 3}], "specified": {"a": 1, "c": 3}}),
            vec!["array[1].b", "array[2].b", "specified.b", "unspecified"],
        ),
        (
            "nested x-kubernetes-preserve-unknown-fields",
            preserve_doc,
            false,
            Some(preserve_schema),
            preserve_kept,
            vec![
                "preserving.pruning.unspecified",
                "preservingAdditionalPropertiesKeyPruneValues.foo.specified.unspecified",
                "preservingAdditionalPropertiesKeyPruneValues.foo.unspecified",
                "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.specified.unspecified",
                "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.unspecified",
                "pruning.apiVersion",
                "pruning.pruning.unspecified",
                "pruning.unspecified",
                "pruning.unspecifiedObject",
            ],
        ),
        (
            "additionalProperties with schema",
            json!({"a": 1, "b": 1, "c": {"a": 1, "b": 2, "c": {"a": 1}}}),
            false,
            Some(json!({"properties": {"a": {}, "c": {"additionalProperties": {"type": "integer"}}}})),
            json!({"a": 1, "c": {"a": 1, "b": 2, "c": {}}}),
            vec!["b", "c.c.a"],
        ),
        (
            "additionalProperties with bool",
            json!({"a": 1, "b": 1, "c": {"a": 1, "b": 2, "c": {"a": 1, "apiVersion": "unknown"}}}),
            false,
            Some(json!({"properties": {"a": {}, "c": {"additionalProperties": false}}})),
            json!({"a": 1, "c": {"a": 1, "b": 2, "c": {}}}),
            vec!["b", "c.c.a", "c.c.apiVersion"],
        ),
        ("x-kubernetes-embedded-resource", embedded_doc.clone(), false, Some(embedded_schema.clone()), embedded_kept, embedded_pruned.to_vec()),
        ("x-kubernetes-embedded-resource, with root=true", embedded_doc, true, Some(embedded_schema), embedded_root_kept, embedded_pruned.to_vec()),
    ];
    for (name, mut obj, is_root, s, kept, pruned) in cases {
        let s = s.map(schema);
        let got = prune_with(s.as_ref(), &mut obj, is_root);
        assert_eq!(obj, kept, "{name}");
        assert_eq!(got, pruned, "{name}");
    }
}

// defaulting/algorithm_test.go's TestDefault
#[test]
fn default_table() {
    let abc = json!({"items": {"properties": {"a": {"default": "A"}, "b": {"default": "B"}, "c": {"default": "C"}}}});
    let cases: Vec<(&str, Value, Option<Value>, Value)> = vec![
        ("empty", json!(null), None, json!(null)),
        (
            "scalar",
            json!(4),
            Some(json!({"default": "foo"})),
            json!(4),
        ),
        (
            "scalar array",
            json!([1, 2]),
            Some(json!({"items": {"default": "foo"}})),
            json!([1, 2]),
        ),
        (
            "object array",
            json!([{"a": 1}, {"b": 1}, {"c": 1}]),
            Some(abc),
            json!([{"a": 1, "b": "B", "c": "C"}, {"a": "A", "b": 1, "c": "C"}, {"a": "A", "b": "B", "c": 1}]),
        ),
        (
            "object array object",
            json!({"array": [{"a": 1}, {"b": 2}], "object": {"a": 1}, "additionalProperties": {"x": {"a": 1}, "y": {"b": 2}}}),
            Some(json!({"properties": {
                "array": {"items": {"properties": {"a": {"default": "A"}, "b": {"default": "B"}}}},
                "object": {"properties": {"a": {"default": "N"}, "b": {"default": "O"}}},
                "additionalProperties": {"additionalProperties": {"properties": {"a": {"default": "alpha"}, "b": {"default": "beta"}}}},
                "foo": {"default": "bar"}
            }})),
            json!({"array": [{"a": 1, "b": "B"}, {"a": "A", "b": 2}], "object": {"a": 1, "b": "O"}, "additionalProperties": {"x": {"a": 1, "b": "beta"}, "y": {"a": "alpha", "b": 2}}, "foo": "bar"}),
        ),
        (
            "empty and null",
            json!([{}, {"a": 1}, {"a": 0}, {"a": 0.0}, {"a": ""}, {"a": null}, {"a": []}, {"a": {}}]),
            Some(json!({"items": {"properties": {"a": {"default": "A"}}}})),
            json!([{"a": "A"}, {"a": 1}, {"a": 0}, {"a": 0.0}, {"a": ""}, {"a": "A"}, {"a": []}, {"a": {}}]),
        ),
        (
            "null in nullable list",
            json!([null]),
            Some(json!({"nullable": true, "items": {"properties": {"a": {"default": "A"}}}})),
            json!([null]),
        ),
        (
            "null in non-nullable list",
            json!([null]),
            Some(json!({"items": {"default": "A"}})),
            json!(["A"]),
        ),
        (
            "null in nullable object",
            json!({"a": null}),
            Some(json!({"properties": {"a": {"nullable": true, "default": "A"}}})),
            json!({"a": null}),
        ),
        (
            "null in non-nullable object",
            json!({"a": null}),
            Some(json!({"properties": {"a": {"default": "A"}}})),
            json!({"a": "A"}),
        ),
        (
            "null in nullable object with additionalProperties",
            json!({"a": null}),
            Some(json!({"additionalProperties": {"nullable": true, "default": "A"}})),
            json!({"a": null}),
        ),
        (
            "null in non-nullable object with additionalProperties",
            json!({"a": null}),
            Some(json!({"additionalProperties": {"default": "A"}})),
            json!({"a": "A"}),
        ),
        (
            "null unknown field",
            json!({"a": null}),
            Some(json!({"additionalProperties": true})),
            json!({"a": null}),
        ),
    ];
    for (name, mut obj, s, want) in cases {
        let s = s.map(schema);
        default::node(&mut obj, s.as_ref());
        assert_eq!(obj, want, "{name}");
    }
}

/// Every object validates cleanly; each failing one gets exactly the
/// expected messages (compared as sets, as upstream does).
fn check_validation(name: &str, s: Value, ok: &[Value], failing: &[(Value, &[&str])]) {
    let s = schema(s);
    for obj in ok {
        let errs: Vec<String> = validate(&s, obj).iter().map(|e| e.to_string()).collect();
        assert!(errs.is_empty(), "{name}: {obj}: {errs:?}");
    }
    for (obj, want) in failing {
        let mut got: Vec<String> = validate(&s, obj).iter().map(|e| e.to_string()).collect();
        got.sort();
        got.dedup();
        let mut want: Vec<String> = want.iter().map(|w| w.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{name}: {obj}");
    }
}

fn type_errors(want: &str) -> Vec<(Value, String)> {
    [
        ("string", json!("foo")),
        ("integer", json!(42)),
        ("boolean", json!(true)),
        ("number", json!(1.2)),
        ("array", json!([])),
        ("object", json!({})),
        ("null", json!(null)),
    ]
    .into_iter()
    .map(|(t, v)| {
        (
            json!({"field": v}),
            format!(r#"field: Invalid value: "{t}": field in body must be of type {want}: "{t}""#),
        )
    })
    .collect()
}

// apiserver/validation/validation_test.go's TestValidateCustomResource
#[test]
fn validate_custom_resource() {
    let field = |f: Value| json!({"properties": {"field": f}});
    let failing = |want: &str, skip: &[&str]| -> Vec<(Value, Vec<String>)> {
        type_errors(want)
            .into_iter()
            .filter(|(v, _)| !skip.iter().any(|t| super::validate::type_of(&v["field"]) == *t))
            .map(|(v, m)| (v, vec![m]))
            .collect()
    };
    let run = |name: &str, s: Value, ok: Vec<Value>, bad: Vec<(Value, Vec<String>)>| {
        let bad: Vec<(Value, Vec<&str>)> = bad
            .iter()
            .map(|(v, m)| (v.clone(), m.iter().map(String::as_str).collect()))
            .collect();
        let bad: Vec<(Value, &[&str])> =
            bad.iter().map(|(v, m)| (v.clone(), m.as_slice())).collect();
        check_validation(name, s, &ok, &bad);
    };
    run(
        "!nullable",
        field(json!({"type": "object"})),
        vec![json!({}), json!({"field": {}})],
        failing("object", &["object"]),
    );
    run(
        "nullable",
        field(json!({"type": "object", "nullable": true})),
        vec![json!({}), json!({"field": {}}), json!({"field": null})],
        failing("object", &["object", "null"]),
    );
    run(
        "nullable and no type",
        field(json!({"nullable": true})),
        [
            json!({}),
            json!({"field": {}}),
            json!({"field": null}),
            json!({"field": "foo"}),
            json!({"field": 42}),
            json!({"field": true}),
            json!({"field": 1.2}),
            json!({"field": []}),
        ]
        .to_vec(),
        vec![],
    );
    run(
        "x-kubernetes-int-or-string",
        field(json!({"x-kubernetes-int-or-string": true})),
        vec![json!({}), json!({"field": 42}), json!({"field": "foo"})],
        failing("integer,string", &["integer", "string"]),
    );
    run(
        "nullable and x-kubernetes-int-or-string",
        field(json!({"nullable": true, "x-kubernetes-int-or-string": true})),
        vec![
            json!({}),
            json!({"field": 42}),
            json!({"field": "foo"}),
            json!({"field": null}),
        ],
        failing("integer,string", &["integer", "string", "null"]),
    );
    let with_branch = |t: &str, extra: &[&str]| -> Vec<String> {
        let mut m = vec![
            format!(
                r#"<nil>: Invalid value: "": "field" must validate at least one schema (anyOf)"#
            ),
            format!(
                r#"field: Invalid value: "{t}": field in body must be of type integer,string: "{t}""#
            ),
            format!(r#"field: Invalid value: "{t}": field in body must be of type integer: "{t}""#),
        ];
        m.extend(extra.iter().map(|s| s.to_string()));
        m
    };
    let int_or_string_values = [
        ("boolean", json!(true)),
        ("number", json!(1.2)),
        ("object", json!({})),
        ("array", json!([])),
    ];
    let ok = vec![
        json!({}),
        json!({"field": null}),
        json!({"field": 42}),
        json!({"field": "foo"}),
    ];
    run(
        "nullable, x-kubernetes-int-or-string and user-provided anyOf",
        field(
            json!({"nullable": true, "x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]}),
        ),
        ok.clone(),
        int_or_string_values
            .iter()
            .map(|(t, v)| (json!({"field": v}), with_branch(t, &[])))
            .collect(),
    );
    let all_of = r#"<nil>: Invalid value: "": "field" must validate all the schemas (allOf). None validated"#;
    run(
        "nullable, x-kubernetes-int-or-string and user-provider allOf",
        field(
            json!({"nullable": true, "x-kubernetes-int-or-string": true, "allOf": [{"anyOf": [{"type": "integer"}, {"type": "string"}]}]}),
        ),
        ok,
        int_or_string_values
            .iter()
            .map(|(t, v)| (json!({"field": v}), with_branch(t, &[all_of])))
            .collect(),
    );
    run(
        "required field",
        json!({"required": ["field"], "properties": {"field": {"type": "object", "required": ["nested"], "properties": {"nested": {}}}}}),
        vec![],
        vec![
            (json!({"test": "a"}), vec!["field: Required value".into()]),
            (
                json!({"field": {}}),
                vec!["field.nested: Required value".into()],
            ),
        ],
    );
    run(
        "enum",
        field(json!({"type": "object", "required": ["nestedint", "nestedstring"], "properties": {
            "nestedint": {"type": "integer", "enum": [1, 2]}, "nestedstring": {"type": "string", "enum": ["a", "b"]}}})),
        vec![],
        vec![
            (json!({"field": {}}), vec!["field.nestedint: Required value".into(), "field.nestedstring: Required value".into()]),
            (
                json!({"field": {"nestedint": "x", "nestedstring": true}}),
                vec![
                    r#"field.nestedint: Invalid value: "string": field.nestedint in body must be of type integer: "string""#.into(),
                    r#"field.nestedint: Unsupported value: "x": supported values: "1", "2""#.into(),
                    r#"field.nestedstring: Invalid value: "boolean": field.nestedstring in body must be of type string: "boolean""#.into(),
                    r#"field.nestedstring: Unsupported value: true: supported values: "a", "b""#.into(),
                ],
            ),
        ],
    );
    run(
        "maxProperties",
        json!({"properties": {"fieldX": {"type": "object", "maxProperties": 2}}}),
        vec![],
        vec![(
            json!({"fieldX": {"a": true, "b": true, "c": true}}),
            vec!["fieldX: Too many: must have at most 2 items".into()],
        )],
    );
    run(
        "maxItems",
        json!({"properties": {"fieldX": {"type": "array", "maxItems": 2}}}),
        vec![],
        vec![(
            json!({"fieldX": ["a", "b", "c"]}),
            vec!["fieldX: Too many: 3: has too many items".into()],
        )],
    );
    run(
        "maxLength",
        json!({"properties": {"fieldX": {"type": "string", "maxLength": 2}}}),
        vec![],
        vec![(
            json!({"fieldX": "abc"}),
            vec!["fieldX: Too long: value is too long".into()],
        )],
    );
}

// apiserver/validation/validation_test.go's TestItemsProperty
#[test]
fn items_property() {
    let s =
        schema(json!({"properties": {"spec": {"properties": {"replicas": {"type": "integer"}}}}}));
    assert!(validate(&s, &json!({"spec": {"replicas": 1, "items": ["1", "2"]}})).is_empty());
    let s =
        schema(json!({"properties": {"secrets": {"type": "array", "items": {"type": "string"}}}}));
    assert!(validate(&s, &json!({"secrets": ["1", "2"]})).is_empty());
}

// defaulting/prunenulls_test.go's TestPruneNonNullableNullsWithoutDefaults
#[test]
fn prune_nulls_table() {
    let items = json!({"items": {"properties": {"a": {"default": "A"}, "b": {"nullable": true}, "c": {"default": "C", "nullable": true}, "d": {}}}});
    let cases: Vec<(&str, Value, Option<Value>, Value)> = vec![
        ("empty", json!(null), None, json!(null)),
        (
            "scalar",
            json!(4),
            Some(json!({"default": "foo"})),
            json!(4),
        ),
        ("scalar array", json!([1, null]), None, json!([1, null])),
        (
            "object array",
            json!([{"a": null}, {"b": null}, {"c": null}, {"d": null}, {"e": null}]),
            Some(items),
            json!([{"a": null}, {"b": null}, {"c": null}, {}, {"e": null}]),
        ),
    ];
    for (name, mut obj, s, want) in cases {
        let s = s.map(schema);
        default::prune_nulls(&mut obj, s.as_ref());
        assert_eq!(obj, want, "{name}");
    }
}
