//! The OpenAPI value validation of a custom resource (kube-openapi's
//! `SchemaValidator`, as apiextensions-apiserver's `ValidateCustomResource`
//! turns its results into field errors), then the uniqueness rules of
//! `x-kubernetes-list-type: set` and `map` lists.
//!
//! Not checked here: CEL rules (`x-kubernetes-validations`, see `cel.rs`),
//! and the `apiVersion`/`kind`/`metadata` of embedded resources.

use super::{additional, format, goval};
use crate::api::JsonSchemaProps;
use crate::gofloat::format_g;
use crate::regex::{Regex, Syntax};
use crate::validation::{BadValue, ErrorType, FieldError};
use serde_json::{Map, Value};

/// Validates `obj` against `schema`, returning the errors the API server
/// reports (in its words) for a custom resource that does not fit.
///
/// ```
/// # use kubeplay_model::crd_schema::validate;
/// let schema = serde_json::from_value(serde_json::json!({"type": "object", "properties": {"spec": {"type": "object",
///     "properties": {"replicas": {"type": "integer"}}}}})).unwrap();
/// let errs = validate(&schema, &serde_json::json!({"spec": {"replicas": "two"}}));
/// assert_eq!(errs[0].to_string(), r#"spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string""#);
/// ```
pub fn validate(schema: &JsonSchemaProps, obj: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    node(schema, obj, "", &mut errs);
    list_types(schema, obj, "", &mut errs);
    errs
}

/// [`validate`] with every error's field below `base` (upstream's non-nil
/// field path), as CRD validation checks a schema's `default`s.
pub(crate) fn validate_under(schema: &JsonSchemaProps, obj: &Value, base: &str) -> Vec<FieldError> {
    let mut errs = validate(schema, obj);
    for e in &mut errs {
        e.field = if e.field == "<nil>" {
            base.to_string()
        } else if e.field.starts_with('[') {
            format!("{base}{}", e.field)
        } else {
            format!("{base}.{}", e.field)
        };
    }
    errs
}

/// The field an error names: kube-openapi's name below upstream's nil root.
fn field_of(name: &str) -> String {
    let name = name.strip_prefix('.').unwrap_or(name);
    if name.is_empty() {
        "<nil>".to_string()
    } else {
        name.to_string()
    }
}

fn err(type_: ErrorType, name: &str, bad_value: BadValue, detail: String) -> FieldError {
    FieldError {
        type_,
        field: field_of(name),
        bad_value,
        detail,
    }
}

/// A kube-openapi error without a code, reported at the nil path.
fn composite(detail: String) -> FieldError {
    err(ErrorType::Invalid, "", BadValue::str(""), detail)
}

fn child(name: &str, k: &str) -> String {
    if name.is_empty() {
        k.to_string()
    } else {
        format!("{name}.{k}")
    }
}

/// JSON Schema's type name for a decoded value (a whole float is a number).
pub(super) fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_whole(v: &Value) -> bool {
    v.as_f64()
        .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// The types a schema accepts; `x-kubernetes-int-or-string` stands for
/// `integer,string`, as the API server converts it.
fn types(s: &JsonSchemaProps) -> Vec<&str> {
    if s.x_kubernetes_int_or_string {
        vec!["integer", "string"]
    } else {
        s.type_
            .as_deref()
            .filter(|t| !t.is_empty())
            .into_iter()
            .collect()
    }
}

fn node(s: &JsonSchemaProps, v: &Value, name: &str, errs: &mut Vec<FieldError>) {
    type_check(s, v, name, errs);
    if !v.is_null() {
        composition(s, v, name, errs);
        match v {
            Value::String(text) => string(s, text, name, errs),
            Value::Number(_) => number(s, v, name, errs),
            Value::Array(items) => array(s, items, name, errs),
            _ => {}
        }
    }
    if let Some(allowed) = &s.enum_ {
        if !allowed.iter().any(|a| json_eq(a, v)) {
            let values: Vec<String> = allowed
                .iter()
                .map(|a| {
                    a.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| goval::go_json(a))
                })
                .collect();
            let refs: Vec<&str> = values.iter().map(String::as_str).collect();
            let field = field_of(name);
            let path = crate::validation::Path::new(&field);
            errs.push(FieldError::not_supported(&path, goval::bad_value(v), &refs));
        }
    }
    if let Value::Object(map) = v {
        object(s, map, name, errs);
    }
}

fn type_check(s: &JsonSchemaProps, v: &Value, name: &str, errs: &mut Vec<FieldError>) {
    let types = types(s);
    if types.is_empty() {
        return;
    }
    let actual = type_of(v);
    let ok = match v {
        Value::Null => s.nullable,
        Value::Number(_) => {
            types.contains(&actual)
                || types.contains(&"number")
                || (types.contains(&"integer") && is_whole(v))
        }
        _ => types.contains(&actual),
    };
    if !ok {
        let want = types.join(",");
        errs.push(err(
            ErrorType::TypeInvalid,
            name,
            BadValue::str(actual),
            format!(
                "{name} in body must be of type {want}: {}",
                crate::goquote::quote(actual)
            ),
        ));
    }
}

/// `allOf`, `anyOf`, `oneOf` and `not`, in kube-openapi's order.
fn composition(s: &JsonSchemaProps, v: &Value, name: &str, errs: &mut Vec<FieldError>) {
    let quoted = crate::goquote::quote(name);
    // A failed anyOf or oneOf also reports why its first branch failed
    // (upstream keeps the failures of the best-matching branch; the first
    // stands for it).
    if !s.any_of.is_empty() {
        let results: Vec<Vec<FieldError>> = s.any_of.iter().map(|b| branch(b, v, name)).collect();
        if results.iter().all(|r| !r.is_empty()) {
            errs.push(composite(format!(
                "{quoted} must validate at least one schema (anyOf)"
            )));
            errs.extend(results.into_iter().next().unwrap_or_default());
        }
    }
    if !s.one_of.is_empty() {
        let results: Vec<Vec<FieldError>> = s.one_of.iter().map(|b| branch(b, v, name)).collect();
        match results.iter().filter(|r| r.is_empty()).count() {
            1 => {}
            0 => {
                errs.push(composite(format!("{quoted} must validate one and only one schema (oneOf). Found none valid")));
                errs.extend(results.into_iter().next().unwrap_or_default());
            }
            n => errs.push(composite(format!("{quoted} must validate one and only one schema (oneOf). Found {n} valid alternatives"))),
        }
    }
    if !s.all_of.is_empty() {
        let mut validated = 0;
        for b in &s.all_of {
            let before = errs.len();
            node(b, v, name, errs);
            if errs.len() == before {
                validated += 1;
            }
        }
        if validated != s.all_of.len() {
            let extra = if validated == 0 {
                ". None validated"
            } else {
                ""
            };
            errs.push(composite(format!(
                "{quoted} must validate all the schemas (allOf){extra}"
            )));
        }
    }
    if let Some(not) = &s.not {
        if branch(not, v, name).is_empty() {
            errs.push(composite(format!(
                "{quoted} must not validate the schema (not)"
            )));
        }
    }
}

fn branch(s: &JsonSchemaProps, v: &Value, name: &str) -> Vec<FieldError> {
    let mut found = Vec::new();
    node(s, v, name, &mut found);
    found
}

fn string(s: &JsonSchemaProps, text: &str, name: &str, errs: &mut Vec<FieldError>) {
    let len = text.chars().count() as i64;
    // Upstream passes no limit on (kube-openapi does not hand it over), so
    // the messages of this and of maxItems and maxProperties say less.
    if s.max_length.is_some_and(|m| len > m) {
        errs.push(err(
            ErrorType::TooLong,
            name,
            BadValue::Omit,
            "value is too long".into(),
        ));
    }
    if let Some(min) = s.min_length.filter(|&m| len < m) {
        errs.push(err(
            ErrorType::Invalid,
            name,
            BadValue::str(text),
            format!("{name} in body should be at least {min} chars long"),
        ));
    }
    if let Some(p) = s.pattern.as_deref() {
        if pattern_fails(p, text) {
            errs.push(err(
                ErrorType::Invalid,
                name,
                BadValue::str(text),
                format!("{name} in body should match '{p}'"),
            ));
        }
    }
    if let Some(valid) = s
        .format
        .as_deref()
        .and_then(|f| format::check(f, text).map(|ok| (f, ok)))
    {
        if !valid.1 {
            errs.push(err(
                ErrorType::TypeInvalid,
                name,
                BadValue::str(text),
                format!(
                    "{name} in body must be of type {}: {}",
                    valid.0,
                    crate::goquote::quote(text)
                ),
            ));
        }
    }
}

/// Whether `text` fails `pattern` (ECMA-262, matched anywhere). A pattern
/// the engine cannot compile passes: CRD validation refuses those.
fn pattern_fails(pattern: &str, text: &str) -> bool {
    Regex::new(pattern, Syntax::Ecma).is_ok_and(|re| !re.is_match(text))
}

/// A bound as Go prints it: an integer for integer data, else `%g`.
fn bound(b: f64, v: &Value) -> String {
    if !v.as_f64().is_some_and(|_| v.is_i64() || v.is_u64())
        || b.fract() != 0.0
        || b.abs() >= 9.2e18
    {
        format_g(b, false)
    } else {
        (b as i64).to_string()
    }
}

fn number(s: &JsonSchemaProps, v: &Value, name: &str, errs: &mut Vec<FieldError>) {
    let Some(x) = v.as_f64() else { return };
    let bad = || goval::bad_value(v);
    if let Some(m) = s.multiple_of {
        if m <= 0.0 {
            errs.push(err(
                ErrorType::Invalid,
                name,
                BadValue::Plain(format_g(m, false)),
                format!(
                    "factor MultipleOf declared for {name} must be positive: {}",
                    format_g(m, false)
                ),
            ));
        } else {
            let q = x / m;
            if !q.is_finite() || (q - q.round()).abs() > 1e-9 {
                errs.push(err(
                    ErrorType::Invalid,
                    name,
                    bad(),
                    format!("{name} in body should be a multiple of {}", bound(m, v)),
                ));
            }
        }
    }
    if let Some(max) = s.maximum {
        let over = if s.exclusive_maximum {
            x >= max
        } else {
            x > max
        };
        if over {
            let rel = if s.exclusive_maximum {
                "less than"
            } else {
                "less than or equal to"
            };
            errs.push(err(
                ErrorType::Invalid,
                name,
                bad(),
                format!("{name} in body should be {rel} {}", bound(max, v)),
            ));
        }
    }
    if let Some(min) = s.minimum {
        let under = if s.exclusive_minimum {
            x <= min
        } else {
            x < min
        };
        if under {
            let rel = if s.exclusive_minimum {
                "greater than"
            } else {
                "greater than or equal to"
            };
            errs.push(err(
                ErrorType::Invalid,
                name,
                bad(),
                format!("{name} in body should be {rel} {}", bound(min, v)),
            ));
        }
    }
}

fn array(s: &JsonSchemaProps, items: &[Value], name: &str, errs: &mut Vec<FieldError>) {
    if let Some(item_schema) = s.item_schema() {
        for (i, item) in items.iter().enumerate() {
            node(item_schema, item, &format!("{name}[{i}]"), errs);
        }
    }
    let size = items.len() as i64;
    if let Some(min) = s.min_items.filter(|&m| size < m) {
        errs.push(err(
            ErrorType::Invalid,
            name,
            BadValue::int(size),
            format!("{name} in body should have at least {min} items"),
        ));
    }
    if s.max_items.is_some_and(|m| size > m) {
        errs.push(err(
            ErrorType::TooMany,
            name,
            BadValue::int(size),
            "has too many items".into(),
        ));
    }
    if s.unique_items
        && items
            .iter()
            .enumerate()
            .any(|(i, a)| items[..i].iter().any(|b| json_eq(a, b)))
    {
        errs.push(err(
            ErrorType::Invalid,
            name,
            BadValue::str(""),
            format!("{name} in body shouldn't contain duplicates"),
        ));
    }
}

fn object(s: &JsonSchemaProps, map: &Map<String, Value>, name: &str, errs: &mut Vec<FieldError>) {
    let n = map.len() as i64;
    if let Some(min) = s.min_properties.filter(|&m| n < m) {
        errs.push(err(
            ErrorType::Invalid,
            name,
            BadValue::int(min),
            format!("{name} in body should have at least {min} properties"),
        ));
    }
    if let Some(max) = s.max_properties.filter(|&m| n > m) {
        errs.push(err(
            ErrorType::TooMany,
            name,
            BadValue::Omit,
            format!(
                "must have at most {max} {}",
                if max == 1 { "item" } else { "items" }
            ),
        ));
    }
    let forbids_extra = matches!(
        s.additional_properties,
        Some(crate::api::SchemaOrBool::Bool(false))
    );
    for (k, v) in map {
        if s.properties.contains_key(k) {
            continue;
        }
        if forbids_extra {
            if k != "$schema" && k != "id" {
                errs.push(err(
                    ErrorType::Invalid,
                    name,
                    BadValue::str(k.as_str()),
                    format!("{name}.{k} in body is a forbidden property"),
                ));
            }
        } else if let Some(Some(ap)) = additional(s) {
            node(ap, v, &format!("{name}.{k}"), errs);
        }
    }
    for (k, prop) in &s.properties {
        if let Some(v) = map.get(k) {
            node(prop, v, &child(name, k), errs);
        }
    }
    for k in &s.required {
        if !map.contains_key(k) {
            errs.push(err(
                ErrorType::Required,
                &format!("{name}.{k}"),
                BadValue::Omit,
                String::new(),
            ));
        }
    }
}

/// JSON equality with numbers compared by value (`1` equals `1.0`).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// `listtype.ValidateListSetsAndMaps`: field paths here are upstream's
/// `field.Path`s (`spec.ports[1]`, map values as `spec.m[key]`).
fn list_types(s: &JsonSchemaProps, v: &Value, path: &str, errs: &mut Vec<FieldError>) {
    match v {
        Value::Object(map) => {
            if let Some(Some(ap)) = additional(s) {
                for (k, item) in map {
                    list_types(ap, item, &format!("{path}[{k}]"), errs);
                }
            }
            for (k, prop) in &s.properties {
                if let Some(item) = map.get(k) {
                    list_types(prop, item, &child(path, k), errs);
                }
            }
        }
        Value::Array(items) => {
            match s.x_kubernetes_list_type.as_deref() {
                Some("set") => {
                    for i in first_repeats(items) {
                        errs.push(FieldError {
                            type_: ErrorType::Duplicate,
                            field: format!("{path}[{i}]"),
                            bad_value: goval::bad_value(&items[i]),
                            detail: String::new(),
                        });
                    }
                }
                Some("map") => list_map(s, items, path, errs),
                _ => {}
            }
            if let Some(item_schema) = s.item_schema() {
                for (i, item) in items.iter().enumerate() {
                    list_types(item_schema, item, &format!("{path}[{i}]"), errs);
                }
            }
        }
        _ => {}
    }
}

/// The index of each value's second appearance.
fn first_repeats(items: &[Value]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, a) in items.iter().enumerate() {
        let earlier = items[..i].iter().filter(|b| json_eq(a, b)).count();
        if earlier == 1 {
            out.push(i);
        }
    }
    out
}

fn list_map(s: &JsonSchemaProps, items: &[Value], path: &str, errs: &mut Vec<FieldError>) {
    if let Some(i) = items.iter().position(|x| !x.is_null() && !x.is_object()) {
        errs.push(FieldError {
            type_: ErrorType::Invalid,
            field: format!("{path}[{i}]"),
            bad_value: goval::bad_value(&items[i]),
            detail: "must be an object for an array of list-type map".into(),
        });
        return;
    }
    let key_fields = s.x_kubernetes_list_map_keys.as_deref().unwrap_or_default();
    // Each item's key: the listed key fields it has (a missing one is
    // absent, which differs from an explicit null).
    let keys: Vec<Value> = items
        .iter()
        .map(|x| {
            let mut key = Map::new();
            if let Some(obj) = x.as_object() {
                for f in key_fields {
                    if let Some(kv) = obj.get(f) {
                        key.insert(f.clone(), kv.clone());
                    }
                }
            }
            Value::Object(key)
        })
        .collect();
    for i in first_repeats(&keys) {
        errs.push(FieldError {
            type_: ErrorType::Duplicate,
            field: format!("{path}[{i}]"),
            bad_value: BadValue::GoSyntax(goval::go_syntax(&keys[i])),
            detail: String::new(),
        });
    }
}
