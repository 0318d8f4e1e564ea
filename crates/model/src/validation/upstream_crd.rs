//! Cases ported from apiextensions-apiserver's
//! `pkg/apis/apiextensions/validation/validation_test.go` (v1.32).
//!
//! Upstream builds internal objects; here each is the v1 manifest that
//! converts to it: a top-level `validation` becomes the same schema on
//! every version (which the conversion lifts back to the top). As upstream
//! checks, every expected (type, field) is matched by exactly one error
//! and no error is left over.

use crate::api::CustomResourceDefinition;
use crate::validation::field::{ErrorType, FieldError};
use serde_json::{json, Value};

use ErrorType::{Forbidden, Invalid, NotSupported as Unsupported, Required, TypeInvalid};

/// A valid cluster-scoped CRD with two served versions and no schema.
fn base() -> Value {
    json!({
        "metadata": {"name": "plural.group.com"},
        "spec": {
            "group": "group.com", "scope": "Cluster",
            "names": {"plural": "plural", "singular": "singular", "kind": "Plural", "listKind": "PluralList"},
            "versions": [{"name": "version", "served": true, "storage": true}, {"name": "version2", "served": true, "storage": false}],
            "conversion": {"strategy": "None"}
        },
        "status": {"storedVersions": ["version"]}
    })
}

/// Objects merge key by key; anything else replaces.
fn merge(base: &mut Value, patch: Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(&k) {
                    Some(slot) if v.is_object() => merge(slot, v),
                    _ => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, p) => *b = p,
    }
}

/// `base()` with `patch` merged in and `schema` (upstream's top-level
/// validation) given to every version.
fn build(patch: Value, schema: Option<Value>) -> CustomResourceDefinition {
    let mut v = base();
    merge(&mut v, patch);
    if let Some(s) = schema {
        for ver in v["spec"]["versions"].as_array_mut().into_iter().flatten() {
            ver["schema"] = json!({"openAPIV3Schema": s});
        }
    }
    serde_json::from_value(v).expect("test CRD decodes")
}

fn obj_schema() -> Option<Value> {
    Some(json!({"type": "object"}))
}

fn single() -> Value {
    json!([{"name": "version", "served": true, "storage": true}])
}

fn check(case: &str, errs: &[FieldError], want: &[(ErrorType, &str)]) {
    let mut seen = vec![false; errs.len()];
    for (t, f) in want {
        let found = errs
            .iter()
            .enumerate()
            .position(|(i, e)| !seen[i] && e.type_ == *t && e.field == *f);
        match found {
            Some(i) => seen[i] = true,
            None => panic!(
                "{case}: expected {t:?} at {f}, got {:#?}",
                errs.iter().map(|e| e.to_string()).collect::<Vec<_>>()
            ),
        }
    }
    for (i, e) in errs.iter().enumerate() {
        assert!(seen[i], "{case}: unexpected error: {e}");
    }
}

fn create(case: &str, c: CustomResourceDefinition, want: &[(ErrorType, &str)]) {
    check(case, &super::crd::crd(&c), want);
}

const ROOT: &str = "spec.validation.openAPIV3Schema";

// validation_test.go's TestValidateCustomResourceDefinition: conversion
#[test]
fn conversion() {
    let hook = |versions: Value| json!({"spec": {"conversion": {"strategy": "Webhook", "webhook": {"clientConfig": {"url": "https://example.com/webhook"}, "conversionReviewVersions": versions}}}});
    create(
        "invalid ConversionReviewVersion",
        build(hook(json!(["invalid-version"])), obj_schema()),
        &[(Invalid, "spec.conversion.conversionReviewVersions")],
    );
    create(
        "invalid ConversionReviewVersion version string",
        build(hook(json!(["0v"])), obj_schema()),
        &[
            (Invalid, "spec.conversion.conversionReviewVersions[0]"),
            (Invalid, "spec.conversion.conversionReviewVersions"),
        ],
    );
    create(
        "at least one valid ConversionReviewVersion",
        build(hook(json!(["invalid-version", "v1beta1"])), obj_schema()),
        &[],
    );
    create(
        "duplicate ConversionReviewVersion",
        build(hook(json!(["v1beta1", "v1beta1"])), obj_schema()),
        &[(Invalid, "spec.conversion.conversionReviewVersions[1]")],
    );
    create(
        "conversionReviewVersions=[v1]",
        build(hook(json!(["v1"])), obj_schema()),
        &[],
    );
    // Upstream's test defaults conversionReviewVersions to [v1beta1] first.
    let service = |svc: Value| json!({"spec": {"conversion": {"strategy": "Webhook", "webhook": {"clientConfig": svc, "conversionReviewVersions": ["v1beta1"]}}}});
    create(
        "webhookconfig: invalid port 0",
        build(
            service(json!({"service": {"name": "n", "namespace": "ns", "port": 0}})),
            obj_schema(),
        ),
        &[(Invalid, "spec.conversion.webhookClientConfig.service.port")],
    );
    create(
        "webhookconfig: invalid port 65536",
        build(
            service(json!({"service": {"name": "n", "namespace": "ns", "port": 65536}})),
            obj_schema(),
        ),
        &[(Invalid, "spec.conversion.webhookClientConfig.service.port")],
    );
    create(
        "webhookconfig: both service and URL provided",
        build(
            service(
                json!({"url": "https://example.com/webhook", "service": {"name": "n", "namespace": "ns", "port": 443}}),
            ),
            obj_schema(),
        ),
        &[(Required, "spec.conversion.webhookClientConfig")],
    );
    create(
        "missing_webhookconfig",
        build(
            json!({"spec": {"conversion": {"strategy": "Webhook", "webhook": {"conversionReviewVersions": ["v1beta1"]}}}}),
            obj_schema(),
        ),
        &[(Required, "spec.conversion.webhookClientConfig")],
    );
    create(
        "invalid_conversion_strategy",
        build(
            json!({"spec": {"conversion": {"strategy": "non_existing_conversion"}}}),
            obj_schema(),
        ),
        &[(Unsupported, "spec.conversion.strategy")],
    );
    create(
        "webhookconfig_should_not_be_set",
        build(
            json!({"spec": {"conversion": {"strategy": "None", "webhook": {"clientConfig": {"url": "https://example.com/webhook"}}}}}),
            obj_schema(),
        ),
        &[(Forbidden, "spec.conversion.webhookClientConfig")],
    );
    create(
        "ConversionReviewVersions_should_not_be_set",
        build(
            json!({"spec": {"conversion": {"strategy": "None", "webhook": {"conversionReviewVersions": ["v1beta1"]}}}}),
            obj_schema(),
        ),
        &[(Forbidden, "spec.conversion.conversionReviewVersions")],
    );
}

// validation_test.go's TestValidateCustomResourceDefinition: versions and names
#[test]
fn versions_and_names() {
    let versions = |a: bool, b: bool| json!({"spec": {"versions": [{"name": "version", "served": true, "storage": a}, {"name": "version2", "served": true, "storage": b}]}});
    create(
        "no_storage_version",
        build(versions(false, false), obj_schema()),
        &[(Invalid, "spec.versions")],
    );
    create(
        "multiple_storage_version",
        build(versions(true, true), obj_schema()),
        &[
            (Invalid, "spec.versions"),
            (Invalid, "status.storedVersions"),
        ],
    );
    let mut stored_v2 = versions(false, true);
    stored_v2["status"] = json!({"storedVersions": ["version"]});
    create(
        "missing_storage_version_in_stored_versions",
        build(stored_v2, obj_schema()),
        &[(Invalid, "status.storedVersions")],
    );
    create(
        "empty_stored_version",
        build(
            json!({"spec": {"versions": single()}, "status": {"storedVersions": []}}),
            obj_schema(),
        ),
        &[(Invalid, "status.storedVersions")],
    );

    let mismatched: CustomResourceDefinition =
        serde_json::from_value(json!({"metadata": {"name": "plural.not.group.com"}, "spec": {"group": "group.com", "names": {"plural": "plural"}}})).expect("decodes");
    create(
        "mismatched name",
        mismatched,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.versions"),
            (Required, "spec.scope"),
            (Required, "spec.names.singular"),
            (Required, "spec.names.kind"),
            (Required, "spec.names.listKind"),
        ],
    );
    let missing: CustomResourceDefinition =
        serde_json::from_value(json!({"metadata": {"name": "plural.group.com"}})).expect("decodes");
    create(
        "missing values",
        missing,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.versions"),
            (Required, "spec.group"),
            (Required, "spec.scope"),
            (Required, "spec.names.plural"),
            (Required, "spec.names.singular"),
            (Required, "spec.names.kind"),
            (Required, "spec.names.listKind"),
        ],
    );
    // Upstream also sets the internal spec.version, which v1 cannot; its
    // error is left out.
    let bad = json!({"plural": "pl()*ural", "singular": "value()*a", "kind": "value()*a", "listKind": "value()*a"});
    let bad01: CustomResourceDefinition = serde_json::from_value(json!({
        "metadata": {"name": "plural.group"},
        "spec": {"group": "group", "scope": "foo", "names": bad},
        "status": {"acceptedNames": bad}
    }))
    .expect("decodes");
    create(
        "bad names 01",
        bad01,
        &[
            (Invalid, "status.storedVersions"),
            (Invalid, "metadata.name"),
            (Invalid, "spec.group"),
            (Unsupported, "spec.scope"),
            (Invalid, "spec.names.plural"),
            (Invalid, "spec.names.singular"),
            (Invalid, "spec.names.kind"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "status.acceptedNames.plural"),
            (Invalid, "status.acceptedNames.singular"),
            (Invalid, "status.acceptedNames.kind"),
            (Invalid, "status.acceptedNames.listKind"),
            (Invalid, "status.acceptedNames.listKind"),
            (Invalid, "spec.versions"),
        ],
    );
    let matching = json!({"plural": "plural", "singular": "singular", "kind": "matching", "listKind": "matching"});
    create(
        "bad names 02",
        build(
            json!({"metadata": {"name": "plural.group"}, "spec": {"group": "group.c(*&om", "scope": "", "versions": single(), "names": matching}, "status": {"acceptedNames": matching}}),
            obj_schema(),
        ),
        &[
            (Invalid, "metadata.name"),
            (Invalid, "spec.group"),
            (Required, "spec.scope"),
            (Invalid, "spec.names.listKind"),
            (Invalid, "status.acceptedNames.listKind"),
        ],
    );
}

/// Upstream's `validValidationSchema` and `validUnstructuralValidationSchema`.
fn valid_schema(structural: bool) -> Value {
    let mut s = json!({
        "description": "This is a description", "type": "object", "format": "date-time", "title": "This is a title",
        "maximum": 10, "exclusiveMaximum": true, "minimum": 5, "exclusiveMinimum": true, "maxLength": 10, "minLength": 5,
        "pattern": "^[a-z]$", "maxItems": 10, "minItems": 5, "multipleOf": 3, "required": ["spec", "status"],
        "externalDocs": {"description": "This is an external documentation description"}, "example": "This is an example"
    });
    if structural {
        s["properties"] = json!({"spec": {"type": "object", "items": {"description": "This is a schema nested under Items", "type": "string"}}, "status": {"type": "object"}});
    } else {
        s["items"] = json!({"description": "This is a schema nested under Items"});
        s["properties"] = json!({"spec": {}, "status": {}});
    }
    s
}

// validation_test.go's TestValidateCustomResourceDefinition: schemas
#[test]
fn schemas() {
    create(
        "invalid types disallowed",
        build(
            json!({"spec": {"versions": single()}}),
            Some(json!({"type": "object", "properties": {"foo": {"type": "bogus"}}})),
        ),
        &[(
            Unsupported,
            "spec.validation.openAPIV3Schema.properties[foo].type",
        )],
    );
    let ns = json!({"spec": {"versions": single(), "scope": "Namespaced"}});
    create(
        "additionalProperties and properties forbidden",
        build(
            ns.clone(),
            Some(
                json!({"type": "object", "properties": {"foo": {"type": "object", "properties": {"bar": {"type": "object"}}, "additionalProperties": false}}}),
            ),
        ),
        &[(
            Forbidden,
            "spec.validation.openAPIV3Schema.properties[foo].additionalProperties",
        )],
    );
    create(
        "additionalProperties without properties allowed (map[string]string)",
        build(
            ns.clone(),
            Some(
                json!({"type": "object", "properties": {"foo": {"type": "object", "additionalProperties": {"type": "string"}}}}),
            ),
        ),
        &[],
    );
    create(
        "x-kubernetes-preserve-unknown-field: false",
        build(
            ns.clone(),
            Some(json!({"x-kubernetes-preserve-unknown-fields": false})),
        ),
        &[(
            Invalid,
            "spec.validation.openAPIV3Schema.x-kubernetes-preserve-unknown-fields",
        )],
    );
    let two = json!({"spec": {"scope": "Namespaced"}});
    create(
        "preserveUnknownFields with unstructural global schema",
        build(two.clone(), Some(valid_schema(false))),
        &[
            (Required, &format!("{ROOT}.properties[spec].type")),
            (Required, &format!("{ROOT}.properties[status].type")),
            (Required, &format!("{ROOT}.items.type")),
        ],
    );
    let mut per_version = two.clone();
    per_version["spec"]["versions"] = json!([
        {"name": "version", "served": true, "storage": true, "schema": {"openAPIV3Schema": valid_schema(true)}},
        {"name": "version2", "served": true, "storage": false, "schema": {"openAPIV3Schema": valid_schema(false)}}
    ]);
    let v1 = "spec.versions[1].schema.openAPIV3Schema";
    create(
        "preserveUnknownFields with unstructural schema in one version",
        build(per_version, None),
        &[
            (Required, &format!("{v1}.properties[spec].type")),
            (Required, &format!("{v1}.properties[status].type")),
            (Required, &format!("{v1}.items.type")),
        ],
    );
    let mut missing_one = two.clone();
    missing_one["spec"]["versions"] = json!([
        {"name": "version", "served": true, "storage": true, "schema": {"openAPIV3Schema": valid_schema(true)}},
        {"name": "version2", "served": true, "storage": false, "schema": {}}
    ]);
    create(
        "preserveUnknownFields with no schema in one version",
        build(missing_one, None),
        &[(Required, v1)],
    );
}

// validation_test.go's Test_validateDeprecationWarning (a non-UTF-8
// string cannot be a Rust string, so that case is left out)
#[test]
fn deprecation_warning() {
    let cases: [(bool, Option<&str>, &[&str]); 9] = [
        (false, None, &[]),
        (false, Some(""), &["can only be set for deprecated versions"]),
        (false, Some("foo"), &["can only be set for deprecated versions"]),
        (true, Some("Iñtërnâtiônàlizætiøn,💝🐹🌇⛔"), &[]),
        (true, Some(&"x".repeat(256)), &[]),
        (true, Some(&"x".repeat(257)), &["must be <= 256 characters long"]),
        (true, Some("Test message\nfoo"), &["must only contain printable UTF-8 characters; non-printable character found at index 12"]),
        (true, Some("Test message\u{0008}"), &["must only contain printable UTF-8 characters; non-printable character found at index 12"]),
        (true, Some("Test message\u{0000}"), &["must only contain printable UTF-8 characters; non-printable character found at index 12"]),
    ];
    for (deprecated, warning, want) in cases {
        assert_eq!(
            super::crd::deprecation_warning(deprecated, warning),
            want,
            "{warning:?}"
        );
    }
}

fn at(rest: &str) -> String {
    format!("{ROOT}.{rest}")
}

fn ns_single(schema: Value) -> CustomResourceDefinition {
    build(
        json!({"spec": {"versions": single(), "scope": "Namespaced"}}),
        Some(schema),
    )
}

// validation_test.go's TestValidateCustomResourceDefinition: schemas,
// subresources and defaults
#[test]
fn schemas_and_defaults() {
    let two = json!({"spec": {"scope": "Namespaced", "versions": [
        {"name": "version", "served": true, "storage": true}, {"name": "version2", "served": true, "storage": false, "schema": {}}]}});
    create(
        "schema is required",
        build(two, None),
        &[
            (Required, "spec.versions[0].schema.openAPIV3Schema"),
            (Required, "spec.versions[1].schema.openAPIV3Schema"),
        ],
    );
    create(
        "preserveUnknownFields: true",
        build(
            json!({"spec": {"versions": single(), "scope": "Namespaced", "preserveUnknownFields": true}}),
            obj_schema(),
        ),
        &[(Invalid, "spec.preserveUnknownFields")],
    );
    let scale = |selector: Option<&str>| {
        let mut s =
            json!({"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"});
        if let Some(sel) = selector {
            s["labelSelectorPath"] = json!(sel);
        }
        json!({"scale": s})
    };
    let versions: Vec<Value> = [None, Some(".status.labelSelector"), Some(".spec.labelSelector"), Some(".labelSelector")]
        .iter()
        .enumerate()
        .map(|(i, sel)| json!({"name": format!("version{i}"), "served": true, "storage": i == 0, "subresources": scale(*sel)}))
        .collect();
    create(
        "labelSelectorPath outside of .spec and .status",
        build(
            json!({"spec": {"scope": "Namespaced", "versions": versions}, "status": {"storedVersions": ["version0"]}}),
            obj_schema(),
        ),
        &[(
            Invalid,
            "spec.versions[3].subresources.scale.labelSelectorPath",
        )],
    );
    create(
        "defaults with enabled feature gate",
        ns_single(
            json!({"type": "object", "properties": {"a": {"type": "number", "default": 42.0}}}),
        ),
        &[],
    );
    create(
        "x-kubernetes-embedded-resource with pruning and empty properties",
        ns_single(
            json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {
            "nil": {"type": "object", "x-kubernetes-embedded-resource": true}, "empty": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {}}}}),
        ),
        &[
            (Required, &at("properties[nil].properties")),
            (Required, &at("properties[empty].properties")),
        ],
    );
    let foo = json!({"foo": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}});
    create(
        "x-kubernetes-embedded-resource inside resource meta",
        ns_single(json!({"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {
            "metadata": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
            "apiVersion": {"type": "string", "properties": foo}, "kind": {"type": "string", "properties": foo}}}}})),
        &[
            (Forbidden, &at("properties[embedded].properties[metadata].x-kubernetes-embedded-resource")),
            (Forbidden, &at("properties[embedded].properties[apiVersion].properties[foo].x-kubernetes-embedded-resource")),
            (Forbidden, &at("properties[embedded].properties[kind].properties[foo].x-kubernetes-embedded-resource")),
        ],
    );
    create(
        "x-kubernetes-validations access metadata name",
        build(
            json!({"spec": {"scope": "Namespaced", "versions": [{"name": "version", "served": true, "storage": true, "subresources": {"status": {}}}]}}),
            Some(
                json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-validations": [{"rule": "size(self.metadata.name) > 3"}],
                "properties": {"metadata": {"type": "object", "properties": {"name": {"type": "string"}}}}}),
            ),
        ),
        &[],
    );
    create(
        "defaults with enabled feature gate, unstructural schema",
        ns_single(json!({"properties": {"a": {"default": 42.0}}})),
        &[
            (Required, &at("properties[a].type")),
            (Required, &at("type")),
        ],
    );
    create(
        "defaults with enabled feature gate, structural schema",
        ns_single(
            json!({"type": "object", "properties": {"a": {"type": "number", "default": 42.0}}}),
        ),
        &[],
    );
    let d = json!({"default": 42.0});
    create(
        "defaults in value validation with enabled feature gate, structural schema",
        ns_single(
            json!({"type": "object", "properties": {"a": {"type": "number", "not": d, "anyOf": [d], "allOf": [d], "oneOf": [d]}}}),
        ),
        &[
            (Forbidden, &at("properties[a].not.default")),
            (Forbidden, &at("properties[a].allOf[0].default")),
            (Forbidden, &at("properties[a].anyOf[0].default")),
            (Forbidden, &at("properties[a].oneOf[0].default")),
        ],
    );
    let foo_string = json!({"foo": {"type": "string"}});
    let meta_default =
        json!({"foo": "abc", "apiVersion": "foo/v1", "kind": "v1", "metadata": {"name": "foo"}});
    let mut preserve_default = meta_default.clone();
    preserve_default["bar"] = json!(42);
    let mut unpruned_meta = preserve_default.clone();
    unpruned_meta["metadata"]["unspecified"] = json!("bar");
    create(
        "invalid defaults with enabled feature gate, structural schema",
        ns_single(json!({"type": "object", "properties": {
            "a": {"type": "object", "properties": foo_string, "default": {"foo": "abc", "bar": 42}},
            "b": {"type": "object", "properties": foo_string, "default": {"foo": "abc"}},
            "c": {"type": "object", "properties": foo_string, "default": {"foo": 42}},
            "d": {"type": "object", "properties": {"good": {"type": "string", "pattern": "a"}, "bad": {"type": "string", "pattern": "b"}}, "default": {"good": "a", "bad": "a"}},
            "e": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {
                "preserveUnknownFields": {"type": "object", "default": {"foo": "abc", "bar": 42}},
                "nestedProperties": {"type": "object", "properties": foo_string, "default": {"foo": "abc", "bar": 42}}}},
            "embedded-fine": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": foo_string, "default": meta_default},
            "embedded-preserve": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "properties": foo_string, "default": preserve_default},
            "embedded-preserve-unpruned-objectmeta": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "properties": foo_string, "default": unpruned_meta}
        }})),
        &[
            (Invalid, &at("properties[a].default")),
            (TypeInvalid, &at("properties[c].default.foo")),
            (Invalid, &at("properties[d].default.bad")),
            (
                Invalid,
                &at("properties[e].properties[preserveUnknownFields].default"),
            ),
            (
                Invalid,
                &at("properties[e].properties[nestedProperties].default"),
            ),
        ],
    );
    let string_map = json!({"schema": {"type": "string"}});
    create(
        "additionalProperties at resource root",
        ns_single(json!({"type": "object", "properties": {
            "embedded1": {"type": "object", "x-kubernetes-embedded-resource": true, "additionalProperties": string_map["schema"]},
            "embedded2": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true, "additionalProperties": string_map["schema"]}}})),
        &[
            (Forbidden, &at("properties[embedded1].additionalProperties")),
            (Required, &at("properties[embedded1].properties")),
            (Forbidden, &at("properties[embedded2].additionalProperties")),
        ],
    );
    create(
        "default inside additionalSchema",
        ns_single(json!({"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"metadata": {"type": "object", "properties": {
            "annotations": {"type": "object", "additionalProperties": {"type": "string", "default": "abc"}}}}}}}})),
        &[(Forbidden, &at("properties[embedded].properties[metadata].properties[annotations].additionalProperties.default"))],
    );
}

// validation_test.go's TestValidateCustomResourceDefinition: meta fields and CEL rule shapes
#[test]
fn meta_fields_and_rules() {
    create(
        "top-level metadata default",
        ns_single(
            json!({"type": "object", "properties": {"metadata": {"type": "object", "default": {"name": "foo"}}}}),
        ),
        &[(Forbidden, &at("properties[metadata].default"))],
    );
    let bad_meta = || {
        json!({"apiVersion": {"type": "number"}, "kind": {"type": "number"}, "metadata": {"type": "number", "properties": {
        "name": {"type": "string", "pattern": "abc"}, "generateName": {"type": "string", "pattern": "abc"}, "generation": {"type": "integer", "minimum": 42.0}}}})
    };
    let mut valid = bad_meta();
    valid["apiVersion"]["type"] = json!("string");
    valid["kind"]["type"] = json!("string");
    valid["metadata"]["type"] = json!("object");
    create(
        "contradicting meta field types",
        ns_single(json!({"type": "object", "properties": {
            "apiVersion": {"type": "number"}, "kind": {"type": "number"},
            "metadata": {"type": "number", "properties": {"name": {"type": "string", "pattern": "abc"}, "generateName": {"type": "string", "pattern": "abc"}, "generation": {"type": "integer"}}},
            "valid": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": valid},
            "invalid": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": bad_meta()},
            "nested": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"invalid": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": bad_meta()}}},
            "noEmbeddedObject": {"type": "object", "properties": {"apiVersion": {"type": "number"}, "kind": {"type": "number"}, "metadata": {"type": "number"}}}
        }})),
        &[
            (Forbidden, &at("properties[metadata]")),
            (Invalid, &at("properties[apiVersion].type")),
            (Invalid, &at("properties[kind].type")),
            (Invalid, &at("properties[metadata].type")),
            (
                Invalid,
                &at("properties[invalid].properties[apiVersion].type"),
            ),
            (Invalid, &at("properties[invalid].properties[kind].type")),
            (
                Invalid,
                &at("properties[invalid].properties[metadata].type"),
            ),
            (
                Invalid,
                &at("properties[nested].properties[invalid].properties[apiVersion].type"),
            ),
            (
                Invalid,
                &at("properties[nested].properties[invalid].properties[kind].type"),
            ),
            (
                Invalid,
                &at("properties[nested].properties[invalid].properties[metadata].type"),
            ),
        ],
    );
    let rule = json!({"x-kubernetes-validations": [{"rule": "should be forbidden"}]});
    create(
        "x-kubernetes-validations should be forbidden under oneOf/anyOf/allOf/not, structural schema",
        ns_single(json!({"type": "object", "properties": {"a": {"type": "number", "not": rule, "anyOf": [rule], "allOf": [rule], "oneOf": [rule]}}})),
        &[
            (Forbidden, &at("properties[a].not.x-kubernetes-validations")),
            (Forbidden, &at("properties[a].allOf[0].x-kubernetes-validations")),
            (Forbidden, &at("properties[a].anyOf[0].x-kubernetes-validations")),
            (Forbidden, &at("properties[a].oneOf[0].x-kubernetes-validations")),
        ],
    );
    let reason = |r: &str| json!({"rule": "true", "reason": r});
    create(
        "x-kubernetes-validations should have valid reason",
        ns_single(
            json!({"type": "object", "x-kubernetes-validations": [{"rule": "self.a > 0", "reason": "InternalError"}], "properties": {"a": {"type": "number",
            "x-kubernetes-validations": [reason("FieldValueRequired"), reason("FieldValueInvalid"), reason("FieldValueDuplicate"), reason("FieldValueForbidden")]}}}),
        ),
        &[(Unsupported, &at("x-kubernetes-validations[0].reason"))],
    );
}

fn update(
    case: &str,
    old: CustomResourceDefinition,
    new: CustomResourceDefinition,
    want: &[(ErrorType, &str)],
) {
    check(case, &super::crd::crd_update(&new, &old), want);
}

/// A CRD as the update cases write it: lower-case kinds, one version.
fn legacy(patch: Value, schema: Option<Value>) -> CustomResourceDefinition {
    let mut p = json!({"metadata": {"resourceVersion": "42"}, "spec": {
        "versions": single(), "names": {"plural": "plural", "singular": "singular", "kind": "kind", "listKind": "listkind"}, "preserveUnknownFields": true},
        "status": {"acceptedNames": {"plural": "plural", "singular": "singular", "kind": "kind", "listKind": "listkind"}}});
    merge(&mut p, patch);
    build(p, schema)
}

// validation_test.go's TestValidateCustomResourceDefinitionUpdate
#[test]
fn updates() {
    let established = |status: &str| json!({"status": {"conditions": [{"type": "Established", "status": status}]}});
    update(
        "unchanged",
        legacy(json!({"status": {"storedVersions": []}}), None),
        legacy(json!({}), None),
        &[],
    );
    update(
        "unchanged-established",
        legacy(established("True"), None),
        legacy(json!({}), None),
        &[],
    );
    let mut two = established("True");
    two["spec"] = json!({"versions": [{"name": "version", "served": true, "storage": true}, {"name": "version2", "served": true, "storage": false}]});
    two["status"]["storedVersions"] = json!(["version", "version2"]);
    update(
        "version-deleted",
        legacy(two, None),
        legacy(
            json!({"status": {"storedVersions": ["version", "version2"]}}),
            None,
        ),
        &[(Invalid, "status.storedVersions[1]")],
    );
    let changed = || {
        let names = json!({"plural": "plural2", "singular": "singular2", "kind": "kind2", "listKind": "listkind2"});
        legacy(
            json!({"spec": {"group": "abc.com", "scope": "Namespaced", "versions": [{"name": "version2", "served": true, "storage": true}], "names": names},
                "status": {"acceptedNames": names, "storedVersions": ["version2"]}}),
            None,
        )
    };
    update(
        "changes",
        legacy(established("False"), None),
        changed(),
        &[(Invalid, "spec.group"), (Invalid, "spec.names.plural")],
    );
    update(
        "changes-established",
        legacy(established("True"), None),
        changed(),
        &[
            (Invalid, "spec.group"),
            (Invalid, "spec.scope"),
            (Invalid, "spec.names.kind"),
            (Invalid, "spec.names.plural"),
        ],
    );
    let ns = json!({"spec": {"scope": "Namespaced", "names": {"plural": "plural", "singular": "singular", "kind": "Plural", "listKind": "PluralList"}}});
    let mut off = ns.clone();
    off["spec"]["preserveUnknownFields"] = json!(false);
    update(
        "switch off preserveUnknownFields with structural schema before and after",
        legacy(ns.clone(), Some(valid_schema(true))),
        legacy(off.clone(), Some(valid_schema(false))),
        &[
            (Required, &at("properties[spec].type")),
            (Required, &at("properties[status].type")),
            (Required, &at("items.type")),
        ],
    );
    update(
        "switch off preserveUnknownFields without structural schema before, but with after",
        legacy(ns.clone(), Some(valid_schema(false))),
        legacy(off.clone(), Some(valid_schema(true))),
        &[],
    );
    update(
        "switch to preserveUnknownFields: true is forbidden",
        legacy(off, obj_schema()),
        legacy(ns.clone(), obj_schema()),
        &[(Invalid, "spec.preserveUnknownFields")],
    );
    update(
        "keep preserveUnknownFields: true is allowed",
        legacy(ns.clone(), obj_schema()),
        legacy(ns, obj_schema()),
        &[],
    );

    let hook = |versions: Option<Value>| {
        let mut w = json!({"clientConfig": {"url": "https://example.com/webhook"}});
        if let Some(v) = versions {
            w["conversionReviewVersions"] = v;
        }
        build(
            json!({"metadata": {"resourceVersion": "42"}, "spec": {"conversion": {"strategy": "Webhook", "webhook": w}}}),
            obj_schema(),
        )
    };
    update(
        "webhookconfig: should pass on invalid ConversionReviewVersion with old invalid versions",
        hook(Some(json!(["invalid-version_0, invalid-version"]))),
        hook(Some(json!(["invalid-version"]))),
        &[],
    );
    update(
        "webhookconfig: should fail on invalid ConversionReviewVersion with old valid versions",
        hook(Some(json!(["v1beta1", "invalid-version"]))),
        hook(Some(json!(["invalid-version"]))),
        &[(Invalid, "spec.conversion.conversionReviewVersions")],
    );
    update(
        "webhookconfig: should fail on invalid ConversionReviewVersion with missing old versions",
        hook(None),
        hook(Some(json!(["invalid-version"]))),
        &[(Invalid, "spec.conversion.conversionReviewVersions")],
    );
}

// validation_test.go's TestValidateCustomResourceDefinitionUpdate: defaults and map lists
#[test]
fn update_ratchets() {
    let ns = |preserve: bool| json!({"metadata": {"resourceVersion": "42"}, "spec": {"versions": single(), "scope": "Namespaced", "preserveUnknownFields": preserve}});
    update(
        "add default with enabled feature gate, structural schema, without pruning",
        build(
            ns(true),
            Some(json!({"type": "object", "properties": {"a": {"type": "number"}}})),
        ),
        build(
            ns(true),
            Some(
                json!({"type": "object", "properties": {"a": {"type": "number", "default": 42.0}}}),
            ),
        ),
        &[(Invalid, "spec.preserveUnknownFields")],
    );
    let list = |field: &str, key: Value, required: bool| {
        let mut items = json!({"type": "object", "properties": {"key": key}});
        if required {
            items["required"] = json!(["key"]);
        }
        build(
            json!({"metadata": {"resourceVersion": "1"}, "spec": {"versions": single()}}),
            Some(
                json!({"type": "object", "properties": {field: {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": items}}}),
            ),
        )
    };
    let string = json!({"type": "string"});
    let nullable = json!({"type": "string", "nullable": true});
    update(
        "allow non-required key with no default in list of type map if pre-existing",
        list("foo", string.clone(), false),
        list("bar", string.clone(), false),
        &[],
    );
    update(
        "reject non-required key with no default in list of type map if not pre-existing",
        list("foo", json!({"type": "string", "default": "stuff"}), false),
        list("bar", string.clone(), false),
        &[(
            Required,
            &at("properties[bar].items.properties[key].default"),
        )],
    );
    update(
        "allow nullable key in list of type map if pre-existing",
        list("foo", nullable.clone(), true),
        list("bar", nullable.clone(), true),
        &[],
    );
    update(
        "reject nullable key in list of type map if not pre-existing",
        list("foo", string, true),
        list("bar", nullable, true),
        &[(
            Forbidden,
            &at("properties[bar].items.properties[key].nullable"),
        )],
    );
}

use super::crd::Opts;

fn schema_case(case: &str, schema: Value, status: bool, opts: Opts, want: &[(ErrorType, &str)]) {
    let s = serde_json::from_value(schema).expect("test schema decodes");
    check(case, &super::crd::schema_validation(s, status, opts), want);
}

// validation_test.go's TestValidateCustomResourceDefinitionValidation
#[test]
fn openapi_schemas() {
    let none = Opts::default();
    let structural = Opts {
        require_structural: true,
        ..Opts::default()
    };
    let types = Opts {
        require_valid_property_type: true,
        require_structural: true,
        ..Opts::default()
    };
    let atomic = Opts {
        require_atomic_set_type: true,
        ..Opts::default()
    };
    let map_keys = Opts {
        require_map_list_keys: true,
        ..Opts::default()
    };
    let t = |s: &str| format!("spec.validation.openAPIV3Schema{s}");
    // (name, schema, status subresource on, options, expected errors)
    type Case<'a> = (&'a str, Value, bool, Opts, Vec<(ErrorType, String)>);
    let cases: Vec<Case> = vec![
        (
            "root type without status",
            json!({"type": "string"}),
            false,
            none,
            vec![],
        ),
        (
            "root type having invalid value, with status",
            json!({"type": "string"}),
            true,
            none,
            vec![(Invalid, t(".type"))],
        ),
        (
            "non-allowed root field with status",
            json!({"anyOf": [{"description": "First schema"}, {"description": "Second schema"}]}),
            true,
            none,
            vec![(Invalid, t(""))],
        ),
        (
            "all allowed fields at the root of the schema with status",
            valid_schema(true),
            true,
            none,
            vec![],
        ),
        (
            "null type",
            json!({"properties": {"null": {"type": "null"}}}),
            false,
            none,
            vec![(Forbidden, t(".properties[null].type"))],
        ),
        (
            "nullable at the root",
            json!({"type": "object", "nullable": true}),
            false,
            none,
            vec![(Forbidden, t(".nullable"))],
        ),
        (
            "nullable without type",
            json!({"properties": {"nullable": {"nullable": true}}}),
            false,
            none,
            vec![],
        ),
        (
            "nullable with types",
            json!({"properties": {"object": {"type": "object", "nullable": true}, "array": {"type": "array", "nullable": true}, "number": {"type": "number", "nullable": true}, "string": {"type": "string", "nullable": true}}}),
            false,
            none,
            vec![],
        ),
        (
            "must be structural, but isn't",
            json!({}),
            false,
            structural,
            vec![(Required, t(".type"))],
        ),
        (
            "must be structural",
            json!({"type": "object"}),
            false,
            structural,
            vec![],
        ),
        (
            "require valid types, valid",
            json!({"type": "object"}),
            false,
            types,
            vec![],
        ),
        (
            "require valid types, invalid null",
            json!({"type": "null"}),
            false,
            types,
            vec![
                (Unsupported, t(".type")),
                (Forbidden, t(".type")),
                (Invalid, t(".type")),
            ],
        ),
        (
            "require valid types, invalid bogus",
            json!({"type": "bogus"}),
            false,
            types,
            vec![(Unsupported, t(".type")), (Invalid, t(".type"))],
        ),
        (
            "invalid type with list type extension set",
            json!({"type": "object", "x-kubernetes-list-type": "set"}),
            false,
            none,
            vec![(Invalid, t(".type"))],
        ),
        (
            "unset type with list type extension set",
            json!({"x-kubernetes-list-type": "set"}),
            false,
            none,
            vec![(Required, t(".type"))],
        ),
        (
            "invalid list type extension",
            json!({"type": "array", "x-kubernetes-list-type": "invalid"}),
            false,
            none,
            vec![(Unsupported, t(".x-kubernetes-list-type"))],
        ),
        (
            "invalid list type extension with list map keys extension non-empty",
            json!({"type": "array", "x-kubernetes-list-type": "set", "x-kubernetes-list-map-keys": ["key"]}),
            false,
            none,
            vec![(Invalid, t(".x-kubernetes-list-type"))],
        ),
        (
            "unset list type extension with list map keys extension non-empty",
            json!({"x-kubernetes-list-map-keys": ["key"]}),
            false,
            none,
            vec![(Required, t(".x-kubernetes-list-type"))],
        ),
        (
            "empty list map keys extension with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map"}),
            false,
            none,
            vec![
                (Required, t(".x-kubernetes-list-map-keys")),
                (Required, t(".items")),
            ],
        ),
        (
            "no items schema with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"]}),
            false,
            none,
            vec![(Required, t(".items"))],
        ),
        (
            "multiple schema items with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": [{"type": "string"}, {"type": "integer"}]}),
            false,
            none,
            vec![(Forbidden, t(".items")), (Invalid, t(".items"))],
        ),
        (
            "non object item with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "string"}}),
            false,
            none,
            vec![(Invalid, t(".items.type"))],
        ),
        (
            "items with key missing from properties with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object"}}),
            false,
            none,
            vec![(Invalid, t(".x-kubernetes-list-map-keys"))],
        ),
        (
            "items with non scalar key property type with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "properties": {"key": {"type": "object"}}}}),
            false,
            none,
            vec![(Invalid, t(".items.properties[key].type"))],
        ),
        (
            "duplicate map keys with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key", "key"], "items": {"type": "object", "properties": {"key": {"type": "string"}}}}),
            false,
            none,
            vec![(Invalid, t(".x-kubernetes-list-map-keys"))],
        ),
        (
            "allowed schema with list type extension map",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["keyA", "keyB"], "items": {"type": "object", "properties": {"keyA": {"type": "string"}, "keyB": {"type": "integer"}}}}),
            false,
            none,
            vec![],
        ),
        (
            "allowed list-type atomic",
            json!({"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}),
            false,
            none,
            vec![],
        ),
        (
            "allowed list-type atomic with non-atomic items",
            json!({"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {}}}),
            false,
            none,
            vec![],
        ),
        (
            "allowed list-type set with scalar items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}),
            false,
            none,
            vec![],
        ),
        (
            "allowed list-type set with atomic map items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object", "x-kubernetes-map-type": "atomic", "properties": {"foo": {"type": "string"}}}}),
            false,
            none,
            vec![],
        ),
        (
            "invalid list-type set with non-atomic map items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object", "x-kubernetes-map-type": "granular", "properties": {"foo": {"type": "string"}}}}),
            false,
            atomic,
            vec![(Invalid, t(".items.x-kubernetes-map-type"))],
        ),
        (
            "invalid list-type set with unspecified map-type for map items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object", "properties": {"foo": {"type": "string"}}}}),
            false,
            atomic,
            vec![(Invalid, t(".items.x-kubernetes-map-type"))],
        ),
        (
            "allowed list-type set with atomic list items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}),
            false,
            none,
            vec![],
        ),
        (
            "allowed list-type set with unspecified list-type in list items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "array", "items": {"type": "string"}}}),
            false,
            none,
            vec![],
        ),
        (
            "invalid list-type set with with non-atomic list items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}),
            false,
            atomic,
            vec![(Invalid, t(".items.x-kubernetes-list-type"))],
        ),
        (
            "invalid type with map type extension (granular)",
            json!({"type": "array", "x-kubernetes-map-type": "granular"}),
            false,
            none,
            vec![(Invalid, t(".type"))],
        ),
        (
            "unset type with map type extension (granular)",
            json!({"x-kubernetes-map-type": "granular"}),
            false,
            none,
            vec![(Required, t(".type"))],
        ),
        (
            "invalid type with map type extension (atomic)",
            json!({"type": "array", "x-kubernetes-map-type": "atomic"}),
            false,
            none,
            vec![(Invalid, t(".type"))],
        ),
        (
            "unset type with map type extension (atomic)",
            json!({"x-kubernetes-map-type": "atomic"}),
            false,
            none,
            vec![(Required, t(".type"))],
        ),
        (
            "invalid map type",
            json!({"type": "object", "x-kubernetes-map-type": "badMapType"}),
            false,
            none,
            vec![(Unsupported, t(".x-kubernetes-map-type"))],
        ),
        (
            "allowed type with map type extension (granular)",
            json!({"type": "object", "x-kubernetes-map-type": "granular"}),
            false,
            none,
            vec![],
        ),
        (
            "allowed type with map type extension (atomic)",
            json!({"type": "object", "x-kubernetes-map-type": "atomic"}),
            false,
            none,
            vec![],
        ),
        (
            "invalid map with non-required key and no default",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "properties": {"key": {"type": "string"}}}}),
            false,
            map_keys,
            vec![(Required, t(".items.properties[key].default"))],
        ),
        (
            "allowed map with required key and no default",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "required": ["key"], "properties": {"key": {"type": "string"}}}}),
            false,
            map_keys,
            vec![],
        ),
        (
            "allowed map with non-required key and default",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "properties": {"key": {"type": "string", "default": "stuff"}}}}),
            false,
            Opts {
                allow_defaults: true,
                ..map_keys
            },
            vec![],
        ),
        (
            "invalid map with nullable key",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "properties": {"key": {"type": "string", "nullable": true}}}}),
            false,
            map_keys,
            vec![
                (Required, t(".items.properties[key].default")),
                (Forbidden, t(".items.properties[key].nullable")),
            ],
        ),
        (
            "invalid map with nullable items",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": {"type": "object", "nullable": true, "properties": {"key": {"type": "string"}}}}),
            false,
            map_keys,
            vec![
                (Forbidden, t(".items.nullable")),
                (Required, t(".items.properties[key].default")),
            ],
        ),
        (
            "valid map with some required, some defaulted, and non-key fields",
            json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"], "items": {"type": "object", "required": ["a", "c"],
                "properties": {"key": {"type": "string"}, "a": {"type": "string"}, "b": {"type": "string", "default": "stuff"}, "c": {"type": "int"}}}}),
            false,
            map_keys,
            vec![(Forbidden, t(".items.properties[b].default"))],
        ),
        (
            "invalid set with nullable items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"nullable": true}}),
            false,
            map_keys,
            vec![(Forbidden, t(".items.nullable"))],
        ),
        (
            "allowed set with non-nullable items",
            json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"nullable": false}}),
            false,
            map_keys,
            vec![],
        ),
        (
            "invalid x-kubernetes-validations with empty rule",
            json!({"type": "object", "x-kubernetes-validations": [{"message": "empty rule"}]}),
            false,
            structural,
            vec![(Required, t(".x-kubernetes-validations[0].rule"))],
        ),
        (
            "valid x-kubernetes-validations with empty validators",
            json!({"type": "object", "x-kubernetes-validations": []}),
            false,
            structural,
            vec![],
        ),
        (
            "rule is empty or not specified",
            json!({"type": "object", "properties": {"value": {"type": "integer", "x-kubernetes-validations": [{"message": "something"}, {"rule": "   ", "message": "something"}]}}}),
            false,
            none,
            vec![
                (
                    Required,
                    t(".properties[value].x-kubernetes-validations[0].rule"),
                ),
                (
                    Required,
                    t(".properties[value].x-kubernetes-validations[1].rule"),
                ),
            ],
        ),
        (
            "multiline rule with message",
            json!({"type": "object", "properties": {"value": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= 0 &&\nself <= 100", "message": "value must be between 0 and 100 (inclusive)"}]}}}),
            false,
            none,
            vec![],
        ),
        (
            "invalid and required messages",
            json!({"type": "object", "properties": {"value": {"type": "integer", "x-kubernetes-validations": [
                {"rule": "self >= 0 &&\nself <= 100"}, {"rule": "self == 50", "message": "value requirements:\nmust be >= 0\nmust be <= 100 "}, {"rule": "self == 50", "message": " "}]}}}),
            false,
            none,
            vec![
                (
                    Required,
                    t(".properties[value].x-kubernetes-validations[0].message"),
                ),
                (
                    Invalid,
                    t(".properties[value].x-kubernetes-validations[1].message"),
                ),
                (
                    Invalid,
                    t(".properties[value].x-kubernetes-validations[2].message"),
                ),
            ],
        ),
    ];
    for (case, schema, status, opts, want) in cases {
        let want: Vec<(ErrorType, &str)> = want.iter().map(|(t, f)| (*t, f.as_str())).collect();
        schema_case(case, schema, status, opts, &want);
    }
}
