//! The structural-schema rules (`pkg/apiserver/schema/validation.go` and
//! `complete.go`): every field typed, value validations (`allOf`, `anyOf`,
//! `oneOf`, `not`) only restricting what is declared outside them, and the
//! root's `metadata` left to the API server.

use super::{child, forbidden, invalid, key, required, type_str, Errs};
use crate::api::{JsonSchemaProps, SchemaOrBool};
use crate::validation::field::BadValue;

#[derive(Clone, Copy, PartialEq)]
enum Level {
    Root,
    Item,
    Field,
}

/// `ValidateStructural`: the invariants, then completeness, sorted by
/// message as upstream sorts them.
pub(super) fn structural(s: &JsonSchemaProps, p: &str) -> Errs {
    let mut errs = Vec::new();
    invariants(s, Level::Root, p, &mut errs);
    completeness_value(s, s, p, p, &mut errs);
    errs.sort_by_key(|e| e.to_string());
    errs
}

fn is_int_or_string_pair(list: &[JsonSchemaProps]) -> bool {
    let only = |t: &str| JsonSchemaProps {
        type_: Some(t.into()),
        ..Default::default()
    };
    list.len() == 2 && list[0] == only("integer") && list[1] == only("string")
}

fn invariants(s: &JsonSchemaProps, lvl: Level, p: &str, errs: &mut Errs) {
    let ty = s.type_.as_deref().unwrap_or_default();
    if ty == "array" && s.items.is_none() {
        errs.push(required(&child(p, "items"), "must be specified"));
    }
    if let Some(items) = s.item_schema() {
        invariants(items, Level::Item, &child(p, "items"), errs);
    }
    for (k, prop) in &s.properties {
        invariants(prop, Level::Field, &key(&child(p, "properties"), k), errs);
    }
    if let Some(ap) = &s.additional_properties {
        if lvl == Level::Root {
            errs.push(forbidden(
                &child(p, "additionalProperties"),
                "must not be used at the root",
            ));
        }
        if let SchemaOrBool::Schema(sub) = ap {
            invariants(sub, Level::Field, &child(p, "additionalProperties"), errs);
        }
    }
    let preserve = s.x_kubernetes_preserve_unknown_fields == Some(true);
    if s.x_kubernetes_int_or_string && preserve {
        errs.push(invalid(
            &child(p, "x-kubernetes-preserve-unknown-fields"),
            BadValue::bool(true),
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
    if s.x_kubernetes_int_or_string && s.x_kubernetes_embedded_resource {
        errs.push(invalid(
            &child(p, "x-kubernetes-embedded-resource"),
            BadValue::bool(true),
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
    let skip_any_of = is_int_or_string_pair(&s.any_of);
    let skip_first_all_of = s
        .all_of
        .first()
        .is_some_and(|a| is_int_or_string_pair(&a.any_of));
    value_validation(s, skip_any_of, skip_first_all_of, lvl, p, errs);
    let check_meta = lvl == Level::Root || s.x_kubernetes_embedded_resource;
    if s.x_kubernetes_embedded_resource && ty != "object" {
        let msg = "must be object if x-kubernetes-embedded-resource is true";
        errs.push(if ty.is_empty() {
            required(&child(p, "type"), msg)
        } else {
            invalid(&child(p, "type"), BadValue::str(ty), msg)
        });
    } else if ty.is_empty() && !s.x_kubernetes_int_or_string && !preserve {
        let msg = match lvl {
            Level::Root => "must not be empty at the root",
            Level::Item => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        errs.push(required(&child(p, "type"), msg));
    }
    if s.x_kubernetes_embedded_resource && s.additional_properties.is_some() {
        errs.push(forbidden(
            &child(p, "additionalProperties"),
            "must not be used if x-kubernetes-embedded-resource is set",
        ));
    }
    if lvl == Level::Root && !ty.is_empty() && ty != "object" {
        errs.push(invalid(
            &child(p, "type"),
            BadValue::str(ty),
            "must be object at the root",
        ));
    }
    for f in ["kind", "apiVersion"] {
        if let Some(prop) = s.properties.get(f).filter(|_| check_meta) {
            if prop.type_.as_deref() != Some("string") {
                errs.push(invalid(
                    &child(&key(&child(p, "properties"), f), "type"),
                    type_str(prop.type_.as_deref()),
                    "must be string",
                ));
            }
        }
    }
    if let Some(meta) = s.properties.get("metadata") {
        let mp = key(&child(p, "properties"), "metadata");
        if check_meta && meta.type_.as_deref() != Some("object") {
            errs.push(invalid(
                &child(&mp, "type"),
                type_str(meta.type_.as_deref()),
                "must be object",
            ));
        }
        if lvl == Level::Root && !plain_metadata(meta) {
            errs.push(forbidden(&mp, "must not specify anything other than name and generateName, but metadata is implicitly specified"));
        }
    }
    if s.x_kubernetes_embedded_resource && !preserve && s.properties.is_empty() {
        errs.push(required(&child(p, "properties"), "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"));
    }
}

/// The root's `metadata` schema restricts at most `name` and
/// `generateName` (its type and default aside; example and externalDocs
/// are not part of a structural schema).
fn plain_metadata(m: &JsonSchemaProps) -> bool {
    let names_only = {
        let keys: Vec<&str> = m.properties.keys().map(String::as_str).collect();
        matches!(
            keys[..],
            [] | ["name"] | ["generateName"] | ["generateName", "name"]
        )
    };
    let rest = JsonSchemaProps {
        type_: None,
        default: None,
        example: None,
        external_docs: None,
        properties: if names_only {
            Default::default()
        } else {
            m.properties.clone()
        },
        ..m.clone()
    };
    rest == JsonSchemaProps::default()
}

/// `validateValueValidation`: the logic junctors of a structural node.
fn value_validation(
    s: &JsonSchemaProps,
    skip_any_of: bool,
    skip_first_all_of: bool,
    lvl: Level,
    p: &str,
    errs: &mut Errs,
) {
    if !skip_any_of {
        for (i, v) in s.any_of.iter().enumerate() {
            nested(v, false, lvl, &format!("{p}.anyOf[{i}]"), errs);
        }
    }
    for (i, v) in s.all_of.iter().enumerate() {
        nested(
            v,
            skip_first_all_of && i == 0,
            lvl,
            &format!("{p}.allOf[{i}]"),
            errs,
        );
    }
    for (i, v) in s.one_of.iter().enumerate() {
        nested(v, false, lvl, &format!("{p}.oneOf[{i}]"), errs);
    }
    if let Some(not) = &s.not {
        nested(not, false, lvl, &child(p, "not"), errs);
    }
    if let Some(pattern) = s.pattern.as_deref().filter(|p| !p.is_empty()) {
        // Upstream compiles with Go's regexp, and words the error its way;
        // the playground's engine decides, in its own words.
        if let Err(e) = crate::regex::Regex::new(pattern, crate::regex::Syntax::Ecma) {
            errs.push(invalid(
                &child(p, "pattern"),
                BadValue::str(pattern),
                &format!("must be a valid regular expression, but isn't: {e}"),
            ));
        }
    }
}

/// `validateNestedValueValidation`: inside a junctor only value
/// validations may appear.
fn nested(v: &JsonSchemaProps, skip_any_of: bool, lvl: Level, p: &str, errs: &mut Errs) {
    value_validation(v, skip_any_of, false, lvl, p, errs);
    if let Some(items) = v.item_schema() {
        nested(items, false, lvl, &child(p, "items"), errs);
    }
    for (k, prop) in &v.properties {
        nested(
            prop,
            false,
            Level::Field,
            &key(&child(p, "properties"), k),
            errs,
        );
    }
    let empty = "must be empty to be structural";
    let undefined = "must be undefined to be structural";
    if v.type_.as_deref().is_some_and(|t| !t.is_empty()) {
        errs.push(forbidden(&child(p, "type"), empty));
    }
    if v.additional_properties.is_some() {
        errs.push(forbidden(&child(p, "additionalProperties"), undefined));
    }
    if v.default.is_some() {
        errs.push(forbidden(&child(p, "default"), undefined));
    }
    if v.title.as_deref().is_some_and(|t| !t.is_empty()) {
        errs.push(forbidden(&child(p, "title"), empty));
    }
    if v.description.as_deref().is_some_and(|t| !t.is_empty()) {
        errs.push(forbidden(&child(p, "description"), empty));
    }
    if v.nullable {
        errs.push(forbidden(
            &child(p, "nullable"),
            "must be false to be structural",
        ));
    }
    if v.x_kubernetes_preserve_unknown_fields == Some(true) {
        errs.push(forbidden(
            &child(p, "x-kubernetes-preserve-unknown-fields"),
            "must be false to be structural",
        ));
    }
    if v.x_kubernetes_embedded_resource {
        errs.push(forbidden(
            &child(p, "x-kubernetes-embedded-resource"),
            "must be false to be structural",
        ));
    }
    if v.x_kubernetes_int_or_string {
        errs.push(forbidden(
            &child(p, "x-kubernetes-int-or-string"),
            "must be false to be structural",
        ));
    }
    if v.x_kubernetes_list_map_keys
        .as_ref()
        .is_some_and(|k| !k.is_empty())
    {
        errs.push(forbidden(&child(p, "x-kubernetes-list-map-keys"), empty));
    }
    if v.x_kubernetes_list_type.is_some() {
        errs.push(forbidden(&child(p, "x-kubernetes-list-type"), undefined));
    }
    if v.x_kubernetes_map_type.is_some() {
        errs.push(forbidden(&child(p, "x-kubernetes-map-type"), undefined));
    }
    if v.x_kubernetes_validations
        .as_ref()
        .is_some_and(|r| !r.is_empty())
    {
        errs.push(forbidden(&child(p, "x-kubernetes-validations"), empty));
    }
    if v.properties.contains_key("metadata") {
        errs.push(forbidden(
            &key(&child(p, "properties"), "metadata"),
            "must not be specified in a nested context",
        ));
    }
}

/// `validateStructuralCompleteness`: a field or item a junctor of the root
/// speaks of is declared outside it too (upstream checks the root's
/// junctors only).
fn completeness_value(
    v: &JsonSchemaProps,
    s: &JsonSchemaProps,
    sp: &str,
    vp: &str,
    errs: &mut Errs,
) {
    if let Some(not) = &v.not {
        completeness_nested(not, Some(s), sp, &child(vp, "not"), errs);
    }
    for (field, list) in [
        ("allOf", &v.all_of),
        ("anyOf", &v.any_of),
        ("oneOf", &v.one_of),
    ] {
        for (i, sub) in list.iter().enumerate() {
            completeness_nested(sub, Some(s), sp, &format!("{vp}.{field}[{i}]"), errs);
        }
    }
}

fn completeness_nested(
    v: &JsonSchemaProps,
    s: Option<&JsonSchemaProps>,
    sp: &str,
    vp: &str,
    errs: &mut Errs,
) {
    let Some(s) = s else {
        errs.push(required(sp, &format!("because it is defined in {vp}")));
        return;
    };
    completeness_value(v, s, sp, vp, errs);
    if let Some(items) = v.item_schema() {
        completeness_nested(
            items,
            s.item_schema(),
            &child(sp, "items"),
            &child(vp, "items"),
            errs,
        );
    }
    for (k, sub) in &v.properties {
        let (skp, vkp) = (
            key(&child(sp, "properties"), k),
            key(&child(vp, "properties"), k),
        );
        match s.properties.get(k) {
            Some(sf) => completeness_nested(sub, Some(sf), &skp, &vkp, errs),
            None => errs.push(required(&skp, &format!("because it is defined in {vkp}"))),
        }
    }
}
