//! Field-level differences between two versions of an object, for the
//! step card and `sim trace`.

use kubeplay_model::Object;
use serde_json::Value;

#[derive(Clone, Debug, PartialEq)]
pub struct FieldChange {
    /// Dotted path, with list indexes in brackets: `spec.replicas`,
    /// `status.conditions[0].status`.
    pub path: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Leaf differences between two objects; server-managed metadata
/// (resourceVersion, managedFields) is left out as noise.
pub fn diff_objects(before: Option<&Object>, after: Option<&Object>) -> Vec<FieldChange> {
    let b = before.map(|o| o.to_json()).unwrap_or(Value::Null);
    let a = after.map(|o| o.to_json()).unwrap_or(Value::Null);
    let mut out = Vec::new();
    diff_values("", &b, &a, &mut out);
    out.retain(|c| c.path != "metadata.resourceVersion" && !c.path.starts_with("metadata.managedFields"));
    out
}

/// Paths that change on every status write without saying anything
/// (heartbeats, probe times, the generation counter): views leave them out.
pub fn is_noise(path: &str) -> bool {
    path == "metadata.generation" || path.ends_with("lastHeartbeatTime") || path.ends_with("lastProbeTime")
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

fn diff_values(path: &str, b: &Value, a: &Value, out: &mut Vec<FieldChange>) {
    if b == a {
        return;
    }
    match (b, a) {
        (Value::Object(bm), Value::Object(am)) => {
            for (k, bv) in bm {
                match am.get(k) {
                    Some(av) => diff_values(&join(path, k), bv, av, out),
                    None => out.push(FieldChange { path: join(path, k), before: Some(bv.clone()), after: None }),
                }
            }
            for (k, av) in am {
                if !bm.contains_key(k) {
                    out.push(FieldChange { path: join(path, k), before: None, after: Some(av.clone()) });
                }
            }
        }
        (Value::Array(ba), Value::Array(aa)) if ba.len() == aa.len() => {
            for (i, (bv, av)) in ba.iter().zip(aa).enumerate() {
                diff_values(&format!("{path}[{i}]"), bv, av, out);
            }
        }
        _ => out.push(FieldChange {
            path: path.to_string(),
            before: (!b.is_null()).then(|| b.clone()),
            after: (!a.is_null()).then(|| a.clone()),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reports_leaf_changes_with_paths() {
        let mut out = Vec::new();
        diff_values("", &json!({"spec":{"replicas":1,"x":[1,2]}}), &json!({"spec":{"replicas":3,"x":[1,5],"y":true}}), &mut out);
        let paths: Vec<_> = out.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["spec.replicas", "spec.x[1]", "spec.y"]);
        assert_eq!(out[0].before, Some(json!(1)));
        assert_eq!(out[0].after, Some(json!(3)));
        assert_eq!(out[2].before, None);
    }
}
