//! Pruning (`pkg/apiserver/schema/pruning`): fields a structural schema
//! does not declare are dropped, and their paths reported for kubectl's
//! `Warning: unknown field "spec.foo"`.

use super::additional;
use crate::api::JsonSchemaProps;
use serde_json::Value;

/// The fields kept, unchecked, at a resource's root and in embedded resources.
const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// Drops every field of `obj` that `schema` does not declare, honouring
/// `x-kubernetes-preserve-unknown-fields`, `additionalProperties` and
/// embedded resources; `apiVersion`, `kind` and `metadata` at the root are
/// kept. Returns the dropped paths, sorted as upstream sorts them.
///
/// ```
/// # use kubeplay_model::crd_schema::prune;
/// let schema = serde_json::from_value(serde_json::json!(
///     {"type": "object", "properties": {"spec": {"type": "object", "properties": {"size": {"type": "string"}}}}})).unwrap();
/// let mut obj = serde_json::json!({"kind": "Foo", "spec": {"size": "s", "colour": "red"}});
/// assert_eq!(prune(&schema, &mut obj), vec!["spec.colour"]);
/// assert_eq!(obj, serde_json::json!({"kind": "Foo", "spec": {"size": "s"}}));
/// ```
pub fn prune(schema: &JsonSchemaProps, obj: &mut Value) -> Vec<String> {
    prune_with(Some(schema), obj, true)
}

/// `PruneWithOptions`: `is_root` treats the top as a resource (its
/// `apiVersion`, `kind` and `metadata` kept, as in an embedded resource).
pub(crate) fn prune_with(
    schema: Option<&JsonSchemaProps>,
    obj: &mut Value,
    is_root: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut path = String::new();
    let embedded = is_root || schema.is_some_and(|s| s.x_kubernetes_embedded_resource);
    // A nil schema at the root prunes as an empty one.
    let empty = JsonSchemaProps::default();
    let schema = if is_root {
        Some(schema.unwrap_or(&empty))
    } else {
        schema
    };
    node(obj, schema, embedded, &mut path, &mut out);
    out.sort();
    out
}

fn preserves(s: &JsonSchemaProps) -> bool {
    s.x_kubernetes_preserve_unknown_fields == Some(true)
}

fn embedded(s: &JsonSchemaProps) -> bool {
    s.x_kubernetes_embedded_resource
}

fn push_key(path: &mut String, k: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(k);
}

fn record(path: &str, k: &str, out: &mut Vec<String>) {
    let mut p = path.to_string();
    push_key(&mut p, k);
    out.push(p);
}

/// Recurses into the value of key `k` with `s`, the path extended by it.
fn child(
    v: &mut Value,
    k: &str,
    s: Option<&JsonSchemaProps>,
    path: &mut String,
    out: &mut Vec<String>,
) {
    let len = path.len();
    push_key(path, k);
    node(v, s, s.is_some_and(embedded), path, out);
    path.truncate(len);
}

fn node(
    x: &mut Value,
    s: Option<&JsonSchemaProps>,
    is_embedded: bool,
    path: &mut String,
    out: &mut Vec<String>,
) {
    if let Some(s) = s.filter(|s| preserves(s)) {
        skip(x, s, is_embedded, path, out);
        return;
    }
    match x {
        Value::Object(map) => {
            let Some(s) = s else {
                for k in map.keys() {
                    record(path, k, out);
                }
                map.clear();
                return;
            };
            let mut dropped = Vec::new();
            for (k, v) in map.iter_mut() {
                if is_embedded && META_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                if let Some(prop) = s.properties.get(k) {
                    child(v, k, Some(prop), path, out);
                } else if let Some(ap) = additional(s) {
                    child(v, k, ap, path, out);
                } else {
                    // The root's own meta fields go silently (only a
                    // nested one is reported).
                    if !META_FIELDS.contains(&k.as_str()) || !path.is_empty() {
                        record(path, k, out);
                    }
                    dropped.push(k.clone());
                }
            }
            for k in dropped {
                map.remove(&k);
            }
        }
        Value::Array(items) => {
            let item_schema = s.and_then(|s| s.item_schema());
            for (i, v) in items.iter_mut().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                node(v, item_schema, item_schema.is_some_and(embedded), path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// Below `x-kubernetes-preserve-unknown-fields`: unknown fields stay, the
/// declared ones are still pruned inside.
fn skip(
    x: &mut Value,
    s: &JsonSchemaProps,
    is_embedded: bool,
    path: &mut String,
    out: &mut Vec<String>,
) {
    match x {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if is_embedded && META_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                if let Some(prop) = s.properties.get(k) {
                    child(v, k, Some(prop), path, out);
                } else if let Some(ap) = additional(s) {
                    child(v, k, ap, path, out);
                }
            }
        }
        Value::Array(items) => {
            let Some(item_schema) = s.item_schema() else {
                return;
            };
            for (i, v) in items.iter_mut().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                skip(v, item_schema, embedded(item_schema), path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}
