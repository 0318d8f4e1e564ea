//! Structural defaulting (`pkg/apiserver/schema/defaulting`): a missing
//! field, or a `null` one its schema does not allow, takes the schema's
//! `default`.

use super::additional;
use crate::api::JsonSchemaProps;
use serde_json::Value;

/// Fills in the `default` of every declared field missing from `obj` (or
/// `null` where the field is not `nullable`), then recurses into the
/// fields, map values and list items, so nested defaults apply too.
///
/// As the API server decodes a custom resource, a `null` that is neither
/// allowed (`nullable`) nor defaulted is dropped first, so it reads as
/// absent rather than failing validation.
///
/// ```
/// # use kubeplay_model::crd_schema::apply_defaults;
/// let schema = serde_json::from_value(serde_json::json!(
///     {"type": "object", "properties": {"replicas": {"type": "integer", "default": 1}}})).unwrap();
/// let mut obj = serde_json::json!({});
/// apply_defaults(&schema, &mut obj);
/// assert_eq!(obj, serde_json::json!({"replicas": 1}));
/// ```
pub fn apply_defaults(schema: &JsonSchemaProps, obj: &mut Value) {
    prune_nulls(obj, Some(schema));
    node(obj, Some(schema));
}

/// `PruneNonNullableNullsWithoutDefaults`.
pub(super) fn prune_nulls(x: &mut Value, s: Option<&JsonSchemaProps>) {
    let droppable = |v: &Value, s: Option<&JsonSchemaProps>| {
        v.is_null() && s.is_some_and(|s| !s.nullable && s.default.is_none())
    };
    match x {
        Value::Object(map) => {
            let field =
                |k: &str| s.and_then(|s| s.properties.get(k).or_else(|| additional(s).flatten()));
            map.retain(|k, v| !droppable(v, field(k)));
            for (k, v) in map.iter_mut() {
                prune_nulls(v, field(k));
            }
        }
        Value::Array(items) => {
            let item_schema = s.and_then(|s| s.item_schema());
            for v in items.iter_mut() {
                prune_nulls(v, item_schema);
            }
        }
        _ => {}
    }
}

fn null_not_allowed(v: &Value, s: Option<&JsonSchemaProps>) -> bool {
    v.is_null() && s.is_some_and(|s| !s.nullable)
}

pub(super) fn node(x: &mut Value, s: Option<&JsonSchemaProps>) {
    let Some(s) = s else { return };
    match x {
        Value::Object(map) => {
            for (k, prop) in &s.properties {
                let Some(d) = &prop.default else { continue };
                match map.get_mut(k) {
                    None => {
                        map.insert(k.clone(), d.clone());
                    }
                    Some(v) if null_not_allowed(v, Some(prop)) => *v = d.clone(),
                    Some(_) => {}
                }
            }
            for (k, v) in map.iter_mut() {
                if let Some(prop) = s.properties.get(k) {
                    node(v, Some(prop));
                } else if let Some(ap) = additional(s) {
                    fill_null(v, ap);
                    node(v, ap);
                }
            }
        }
        Value::Array(items) => {
            let item_schema = s.item_schema();
            for v in items.iter_mut() {
                fill_null(v, item_schema);
                node(v, item_schema);
            }
        }
        _ => {}
    }
}

/// A disallowed `null` takes the default, if there is one.
fn fill_null(v: &mut Value, s: Option<&JsonSchemaProps>) {
    if null_not_allowed(v, s) {
        if let Some(d) = s.and_then(|s| s.default.as_ref()) {
            *v = d.clone();
        }
    }
}
